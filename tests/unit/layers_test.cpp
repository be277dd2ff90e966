// Includes run down the layers (docs/design.md): a file in src/ includes its own folder's headers
// and those of the folders below it, never one above. A header that moves up a layer, or an include
// that points back up, fails here with the file and the line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <string>

namespace {

// Each folder's layer; a folder may include folders of a lower layer (equal layers: not each other).
// shaders/ (the embedded GLSL text, generated) is data under everything.
const std::map<std::string, int> kLayers = {
    {"shaders", -1}, {"io", 0},  {"gl", 0},       {"image", 1},    {"context", 1}, {"sort", 2},  {"pixelsort", 3},
    {"playback", 4}, {"record", 5}, {"bench", 6}, {"viewer", 7}, {"plugin", 8}, {"cli", 9}, {"web", 10},
};

TEST(Layers, IncludesRunDown) {
  const std::filesystem::path src = std::filesystem::path(TEXSORT_SOURCE_DIR) / "src";
  const std::regex include(R"re(^\s*#\s*include\s+"([a-z_]+)/)re");
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(src)) {
    const std::filesystem::path& path = entry.path();
    if (!entry.is_regular_file() || path.parent_path() == src) continue;
    const std::string folder = path.parent_path().filename().string();
    ASSERT_TRUE(kLayers.count(folder)) << folder << "/ has no layer: give it one here and in docs/design.md";
    ++files;
    std::ifstream in(path);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      std::smatch m;
      if (!std::regex_search(line, m, include) || m[1] == folder) continue;
      const auto to = kLayers.find(m[1]);
      ASSERT_NE(to, kLayers.end()) << path << ":" << number << " includes an unknown folder " << m[1];
      EXPECT_LT(to->second, kLayers.at(folder)) << path << ":" << number << " includes " << m[1] << "/, which is not below "
                                                << folder << "/";
    }
  }
  EXPECT_GT(files, 100u) << "the walk found the sources";
}

// The page's live view and Watch run on the pixel-sort interface below (pixelsort/, playback/):
// only the entry behind texsort.run (web_main.cpp) calls the command line; nothing in web/ reaches
// sideways into the viewer.
TEST(Layers, ThePageReachesTheCommandLineOnlyThroughItsEntry) {
  const std::filesystem::path web = std::filesystem::path(TEXSORT_SOURCE_DIR) / "src" / "web";
  const std::regex sideways(R"re(^\s*#\s*include\s+"(cli|viewer)/)re");
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(web)) {
    const bool entryPoint = entry.path().filename() == "web_main.cpp";
    std::ifstream in(entry.path());
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      std::smatch m;
      if (!std::regex_search(line, m, sideways)) continue;
      EXPECT_TRUE(entryPoint && m[1] == "cli") << entry.path() << ":" << number << " includes " << m[1] << "/";
    }
    ++files;
  }
  EXPECT_GE(files, 3u) << "the walk found src/web/";
}

// The WebAssembly links none of the desktop's ffmpeg, child-process or window code: the browser
// runs no recorder, decoder or input queue (web_main.cpp says in one line where clips are made).
TEST(Layers, TheWebAssemblyLinksNoDesktopOnlyCode) {
  std::ifstream in(std::filesystem::path(TEXSORT_SOURCE_DIR) / "cmake" / "web.cmake");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::regex source(R"re(src/[a-z_]+/[a-z_0-9]+\.c(pp)?)re");
  std::size_t sources = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), source); it != std::sregex_iterator(); ++it) {
    const std::string file = it->str();
    for (const char* desktop : {"src/record/encoder.cpp", "src/record/decoder.cpp", "src/record/child_process.cpp",
                                "src/record/recording.cpp", "src/record/clip_frames.cpp", "src/viewer/input_queue.cpp",
                                "src/cli/pixelsort_video.cpp", "src/cli/bench_video.cpp"}) {
      EXPECT_NE(file, desktop) << "cmake/web.cmake links " << file << ", which the page never runs";
    }
    ++sources;
  }
  EXPECT_GT(sources, 40u) << "the scan found web.cmake's link list";
}

}  // namespace

namespace {

std::string fileText(const std::filesystem::path& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace

// The module's interface is its embind bindings (src/web/bindings.cpp): no list of C exports kept
// by hand in cmake/web.cmake, none called from web/texsort.js, and no error said on standard error
// for the page to collect, but by the command line behind texsort.run (web_main.cpp).
TEST(Layers, ThePageTalksToTheModuleThroughItsBindings) {
  const std::filesystem::path root(TEXSORT_SOURCE_DIR);
  const std::string cmake = fileText(root / "cmake" / "web.cmake");
  EXPECT_EQ(cmake.find("EXPORTED_FUNCTIONS"), std::string::npos) << "cmake/web.cmake keeps a list of exports";
  EXPECT_NE(cmake.find("-lembind"), std::string::npos) << "cmake/web.cmake links no embind";
  EXPECT_NE(cmake.find("src/web/bindings.cpp"), std::string::npos);
  const std::string page = fileText(root / "web" / "texsort.js");
  EXPECT_EQ(page.find("Module._"), std::string::npos) << "web/texsort.js calls a C export";
  EXPECT_NE(page.find("new Module.LivePixelSort()"), std::string::npos);
  const std::regex sink(R"re(stderr|std::cerr|EMSCRIPTEN_KEEPALIVE)re");
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(root / "src" / "web")) {
    if (entry.path().filename() == "web_main.cpp") continue;
    const std::string text = fileText(entry.path());
    std::smatch m;
    EXPECT_FALSE(std::regex_search(text, m, sink)) << entry.path() << " uses " << m.str();
    ++files;
  }
  EXPECT_GE(files, 6u) << "the walk found src/web/";
}
