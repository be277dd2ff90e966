// The command-line contract, generated from the command line's own definition: every option of
// every subcommand is fed hostile values (nan, inf, -1, 0, 1e300, "", junk, ...). Each value the
// option's type refuses must give one line naming the option, exit 2 and nothing written; an option
// added later is covered by this test without anyone listing it here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

#include "cli/command_line.h"
#include "test_support.h"

namespace texsort {
namespace {

const std::vector<std::string> kHostile = {"nan", "inf", "-inf", "-1", "0", "1.5", "1e300", "", "junk", "--help", "1e1"};

// Whether `value` is one `spec` must refuse, decided here from the spec's range, independently of
// the program's validators.
bool refused(const OptionSpec& spec, const std::string& value) {
  if (std::find(spec.choices.begin(), spec.choices.end(), value) != spec.choices.end()) return false;
  switch (spec.kind) {
    case OptionSpec::Kind::Choice:
      return true;
    case OptionSpec::Kind::Path:  // an option's value "--help" is the next option, taken as a name
      return value.empty() || (!spec.positional && value.rfind("--", 0) == 0 && value.size() > 2);
    case OptionSpec::Kind::Text:
      return true;
    case OptionSpec::Kind::Integer:
    case OptionSpec::Kind::Real: {
      if (value.empty()) return true;
      char* end = nullptr;
      const double v = std::strtod(value.c_str(), &end);
      if (*end != '\0' || !std::isfinite(v)) return true;
      // A whole number is written as digits: 1e1 is ten, but not as a count is written.
      if (spec.kind == OptionSpec::Kind::Integer && (v != std::floor(v) || value.find_first_of("eE") != std::string::npos)) return true;
      return v < spec.min || v > spec.max;
    }
    default:
      return false;
  }
}

// A value `spec` accepts, for the options a tested one needs.
std::string acceptedValue(const OptionSpec& spec, const std::string& image) {
  switch (spec.kind) {
    case OptionSpec::Kind::Integer:
    case OptionSpec::Kind::Real: {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%.10g", spec.min);
      return buf;
    }
    case OptionSpec::Kind::Choice:
      return spec.choices.front();
    default:
      return image;
  }
}

TEST(Contract, EveryOptionHasATypeAndEverySubcommandABaseLine) {
  const std::vector<OptionSpec> specs = commandLineOptions();
  ASSERT_GT(specs.size(), 50u);
  for (const OptionSpec& spec : specs) {
    EXPECT_NE(spec.kind, OptionSpec::Kind::Untyped)
        << spec.command << " " << spec.name << " was added without a type (use Options::number, path, choice, ...)";
  }
}

TEST(Contract, EveryRefusedValueOfEveryOptionIsOneLineExitTwoAndNothingWritten) {
  test::TempFolder dir;
  const std::string image = dir.path("in.png");
  test::writeFile(image, test::readFile(test::assetPath("coffee.png")));
  // The smallest valid line of each subcommand; a tested option replaces its own entry. Cheap
  // values, so that a broken validator costs seconds, not a benchmark's minutes.
  const std::map<std::string, std::vector<std::pair<std::string, std::string>>> base = {
      {"sort", {{"input", image}, {"--output", dir.path("out.png")}}},
      {"pixelsort", {{"input", image}, {"--output", dir.path("out.png")}}},
      {"record", {{"input", image}, {"--output", dir.path("out.gif")}, {"--every", "50"}}},
      {"bench", {{"--algos", "bitonic"}, {"--sizes", "256"}, {"--runs", "1"}}},
      {"check", {{"--algos", "bitonic"}}},
      {"info", {}},
      {"demo", {{"--frames", "1"}}},
  };
  const std::vector<OptionSpec> specs = commandLineOptions();
  test::RunOptions options;
  options.unsetEnv = {"DISPLAY", "WAYLAND_DISPLAY"};  // a value let through fails fast, never opens a window
  std::size_t cases = 0;
  for (const OptionSpec& spec : specs) {
    if (spec.kind == OptionSpec::Kind::Flag) continue;
    ASSERT_TRUE(base.count(spec.command)) << "no base line for the subcommand " << spec.command;
    for (const std::string& value : kHostile) {
      if (!refused(spec, value)) continue;
      std::vector<std::pair<std::string, std::string>> line;
      for (const auto& entry : base.at(spec.command))
        if (entry.first != spec.name) line.push_back(entry);
      line.emplace_back(spec.name, value);
      for (const std::string& needed : spec.needs) {
        const auto found = std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) {
          return s.command == spec.command && s.name == needed;
        });
        ASSERT_NE(found, specs.end()) << needed;
        if (std::none_of(line.begin(), line.end(), [&](const auto& e) { return e.first == needed; }))
          line.emplace_back(needed, acceptedValue(*found, image));
      }
      std::vector<std::string> args = {spec.command}, positionals;
      for (const auto& [name, v] : line) {
        const bool positional = std::any_of(specs.begin(), specs.end(), [&](const OptionSpec& s) {
          return s.command == spec.command && s.name == name && s.positional;
        });
        if (positional) {
          positionals.push_back(v);
        } else if (!v.empty() && v[0] == '-') {
          args.push_back(name + "=" + v);  // --name=VALUE: "-1" stays a value, never a flag
        } else {
          args.insert(args.end(), {name, v});  // "" as an argument of its own, as a shell's '' gives it
        }
      }
      if (!positionals.empty()) args.push_back("--");
      args.insert(args.end(), positionals.begin(), positionals.end());
      const test::RunResult r = test::runTexsort(args, options);
      std::string shown;
      for (const std::string& a : args) shown += " '" + a + "'";
      EXPECT_EQ(r.exitCode, 2) << "texsort" << shown << ": " << r.err;
      EXPECT_EQ(r.err.rfind("texsort: error: ", 0), 0u) << shown << ": " << r.err;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << shown << ": " << r.err;
      EXPECT_NE(r.err.find(spec.name), std::string::npos) << shown << ": the message names the option: " << r.err;
      EXPECT_TRUE(r.out.empty()) << shown << ": " << r.out;
      ++cases;
    }
  }
  // `--name=` with nothing after it: CLI11 alone would take the next argument as the value.
  for (const std::string option : {"--output=", "--mask="}) {
    const test::RunResult r = test::runTexsort({"pixelsort", option, "--", image}, options);
    EXPECT_EQ(r.exitCode, 2) << option << ": " << r.err;
    EXPECT_NE(r.err.find(option.substr(0, option.size() - 1) + ": an empty value"), std::string::npos) << r.err;
  }
  EXPECT_GT(cases, 250u);
  EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"in.png"}) << "nothing written";
}

}  // namespace
}  // namespace texsort
