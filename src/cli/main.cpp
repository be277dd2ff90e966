// texsort's entry point: parses the command line (CLI11) and turns every failure into one line.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "cli/commands.h"
#include "error.h"

namespace {

int fail(texsort::ExitCode code, const std::string& message) {
  std::fprintf(stderr, "texsort: error: %s\n", message.c_str());
  return static_cast<int>(code);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace texsort;
  CLI::App app{"texsort: sorts the pixels of an image by luminance with a bitonic sorting network,\n"
               "one OpenGL fragment-shader pass per step over ping-ponged RGBA32F textures."};
  app.require_subcommand(0, 1);
  app.footer("Exit codes: 0 ok, 1 bad input file, 2 usage, 3 output not writable, 4 GPU/EGL failure, "
             "5 --verify mismatch.\n");

  SortOptions sort;
  std::string order = "asc";
  CLI::App* sortCommand = app.add_subcommand("sort", "Sort an image's pixels on the GPU (headless) and write a PNG");
  sortCommand->add_option("input", sort.input, "Image to sort (PNG, JPEG, BMP, TGA, GIF, PSD, HDR, PNM)")
      ->required();
  sortCommand->add_option("-o,--output", sort.output, "PNG to write (written to a temporary file, then renamed)")
      ->required();
  sortCommand->add_option("--order", order, "asc: darkest first; desc: brightest first (ties keep file order)")
      ->check(CLI::IsMember({"asc", "desc"}))
      ->capture_default_str();
  sortCommand->add_flag("--verify", sort.verify, "Check the GPU result against the CPU model; exit 5 on a difference");
  sortCommand->add_flag("-q,--quiet", sort.quiet, "Print nothing on success");

  CLI::App* infoCommand = app.add_subcommand("info", "Show the headless OpenGL renderer, version and limits");

  app.allow_extras();  // after the subcommands, so they still reject unknown flags; see below
  try {
    app.parse(argc, argv);
    if (!app.remaining().empty()) throw CLI::ExtrasError("unknown command '" + app.remaining().front() + "'", CLI::ExitCodes::ExtrasError);
    if (app.get_subcommands().empty()) throw CLI::CallForHelp();
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(ExitCode::Usage, std::string(e.what()) + " (see texsort --help)");
  }

  try {
    if (*sortCommand) {
      sort.order = order == "desc" ? SortOrder::Descending : SortOrder::Ascending;
      return runSort(sort);
    }
    if (*infoCommand) return runInfo();
  } catch (const Error& e) {
    return fail(e.code(), e.what());
  } catch (const std::exception& e) {
    return fail(ExitCode::Gpu, std::string("internal error: ") + e.what());
  }
  return 0;
}
