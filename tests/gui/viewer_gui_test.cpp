// The viewer in a real window under Xvfb: it plays the sort to the end, and what the window shows
// is exactly the sorted image (and, mid-sort, exactly the CPU model's state at the pass shown).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "sort/packing.h"
#include "pixelsort/pixel_sort.h"
#include "sort/cpu_model.h"
#include "viewer/generated.h"
#include "test_support.h"

namespace texsort {
namespace {

struct Shot {
  Image window;
  int x = 0, y = 0, w = 0, h = 0;
  unsigned pass = 0, passCount = 0;
};

using test::runXvfb;

// Runs `texsort demo ARGS --zoom 1 --screenshot` in a fresh Xvfb server and reads what it saw.
Shot runViewer(const test::TempFolder& dir, std::vector<std::string> args) {
  const std::string shot = dir.path("shot.png");
  std::vector<std::string> all = {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--zoom", "1",
                                  "--screenshot", shot};
  all.insert(all.end(), args.begin(), args.end());
  const test::RunResult r = runXvfb(all);
  Shot s;
  EXPECT_EQ(r.exitCode, 0) << "xvfb-run texsort demo failed (is xvfb installed?): " << r.err << r.out;
  const std::size_t at = r.out.find("image at");
  EXPECT_NE(at, std::string::npos) << r.out;
  if (at == std::string::npos || r.exitCode != 0) return s;
  EXPECT_EQ(std::sscanf(r.out.c_str() + at, "image at (%d, %d) size (%d x %d), pass %u of %u", &s.x, &s.y, &s.w, &s.h,
                        &s.pass, &s.passCount),
            6)
      << r.out;
  s.window = loadImage(shot, kMaxElements);
  return s;
}

// The w x h region of the screenshot at (x, y), as RGBA with opaque alpha.
Image crop(const Shot& s, std::uint32_t w, std::uint32_t h) {
  Image out;
  out.width = w;
  out.height = h;
  out.rgba.resize(std::size_t{w} * h * 4);
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x)
      std::copy_n(&s.window.rgba[((std::size_t(s.y) + y) * s.window.width + std::size_t(s.x) + x) * 4], 4,
                  &out.rgba[(std::size_t{y} * w + x) * 4]);
  return out;
}

class GuiAlgorithm : public ::testing::TestWithParam<const char*> {};

TEST_P(GuiAlgorithm, AutoplaySortsTheAstronautInARealWindow) {
  test::TempFolder dir;
  // At full speed every frame runs at least one pass: 400 frames cover 171 (or radix's 180: 9 digits
  // of 2 bits, each a flags pass, 18 scan steps and a gather).
  const Shot s = runViewer(dir, {"--algo", GetParam(), "--autoplay", "--frames", "400"});
  ASSERT_FALSE(s.window.rgba.empty());
  EXPECT_EQ(s.pass, s.passCount);
  const std::string algo = GetParam();
  EXPECT_EQ(s.passCount, algo == "radix" ? 180u : algo == "bitonic-fast" ? 84u : 171u);
  ASSERT_EQ(s.w, 512);
  ASSERT_EQ(s.h, 512);
  const Image shown = crop(s, 512, 512);
  Image astronaut = loadImage(test::assetPath("astronaut.png"), kMaxElements);
  EXPECT_EQ(shown.rgba, test::referenceSorted(astronaut, SortOrder::Ascending).rgba);
  std::uint32_t previous = 0;
  std::size_t descents = 0;
  for (std::size_t i = 0; i < shown.pixelCount(); ++i) {
    const std::uint32_t y = lumaKey(shown.rgba[i * 4], shown.rgba[i * 4 + 1], shown.rgba[i * 4 + 2]);
    descents += y < previous;
    previous = y;
  }
  EXPECT_EQ(descents, 0u) << "luma must not decrease along the rows";

  // The controls are drawn: the left panel holds text (bright pixels) in several colours.
  std::size_t bright = 0;
  for (std::uint32_t y = 0; y < s.window.height; ++y)
    for (std::uint32_t x = 0; x < 380; ++x) bright += s.window.rgba[(std::size_t{y} * s.window.width + x) * 4 + 1] > 180;
  EXPECT_GT(bright, 2000u);
}

INSTANTIATE_TEST_SUITE_P(Algorithms, GuiAlgorithm, ::testing::Values("bitonic", "radix", "bitonic-fast"),
                         [](const ::testing::TestParamInfo<const char*>& param) {
                           std::string name = param.param;
                           name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
                           return name;
                         });

TEST(Gui, MidSortPictureIsTheCpuModelsState) {
  test::TempFolder dir;
  const Shot s = runViewer(dir, {"--autoplay", "--speed", "40", "--frames", "30"});
  ASSERT_FALSE(s.window.rgba.empty());
  ASSERT_GT(s.pass, 0u);
  ASSERT_LT(s.pass, 171u);
  const Image astronaut = loadImage(test::assetPath("astronaut.png"), kMaxElements);
  std::vector<Element> state = packElements(astronaut, SortOrder::Ascending);
  const PassSchedule schedule = bitonicSchedule(state.size());
  for (unsigned p = 0; p < s.pass; ++p) state = runPass(schedule[p], state);
  Image expected = unpackElements(state, 512, 512, 3);
  EXPECT_EQ(crop(s, 512, 512).rgba, expected.rgba) << "at pass " << s.pass;
}

TEST(Gui, BenchmarkWindowMeasuresInTheViewer) {
  test::TempFolder dir;
  // One cell per frame: every algorithm at 3 sizes, then a few frames to draw the last.
  const std::string frames = std::to_string(3 * kAlgorithmCount + 4);
  const Shot s = runViewer(dir, {"--bench", "--frames", frames});
  ASSERT_FALSE(s.window.rgba.empty());
  for (const AlgorithmInfo& row : kAlgorithmRegistry) {  // each line and legend in its registry colour
    std::size_t lit = 0;
    for (std::size_t i = 0; i < s.window.rgba.size(); i += 4)
      lit += s.window.rgba[i] == row.colour.r && s.window.rgba[i + 1] == row.colour.g && s.window.rgba[i + 2] == row.colour.b;
    EXPECT_GT(lit, 20u) << row.name;
  }
}

// Thousands of frames of random stepping, scrubbing, playing, good and bad loads, size, algorithm,
// order and overlay changes: no GL error, the same GL objects held in the same state, and resident
// memory steady. The soak hands free heap back to the system before each reading, and at its first
// frame runs every algorithm at every size it loads, so every program exists before the warm-up
// reading (playback runs by the clock, so which programs a given frame had reached varied, and
// under ASan the growth read 34-75 MiB against this bound; with the tour -21 to +15 MiB, release
// +4 MiB). A leak of ours grows with the ~320 loads after the warm-up: a sort texture pair is
// 8 MiB per astronaut load, and a leak of 256 KiB per generated load read 81 MiB (release, with
// the tour), so the bound is 64 MiB.
TEST(Gui, SoakKeepsGlObjectsAndMemorySteady) {
  // Under the asan preset, freed memory waits in ASan's quarantine (256 MiB by default), which
  // would still be filling after the warm-up measurement and read as growth. A 16 MiB quarantine
  // fills during the warm-up, so the same bound holds; the release build ignores ASAN_OPTIONS.
  test::RunOptions options;
  options.setEnv = {{"ASAN_OPTIONS", "detect_leaks=0:quarantine_size_mb=16"}};
  const test::RunResult r = runXvfb(
      {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--soak", "3000"}, options);
  ASSERT_EQ(r.exitCode, 0) << r.err;
  unsigned frames = 0;
  unsigned long long actions = 0, loads = 0, bad = 0, errors = 0;
  long long objectsWarm = 0, objectsEnd = 0, rssWarm = 0, rssEnd = 0;
  const std::size_t at = r.out.find("soak: ");
  ASSERT_NE(at, std::string::npos) << r.out;
  ASSERT_EQ(std::sscanf(r.out.c_str() + at,
                        "soak: %u frames, %llu actions, %llu loads, %llu bad loads, GL errors %llu, GL objects %lld -> "
                        "%lld, resident %lld KiB -> %lld KiB",
                        &frames, &actions, &loads, &bad, &errors, &objectsWarm, &objectsEnd, &rssWarm, &rssEnd),
            9)
      << r.out;
  EXPECT_EQ(frames, 3000u);
  EXPECT_GT(loads, 100u);
  EXPECT_GT(bad, 50u);
  EXPECT_EQ(errors, 0u);
  EXPECT_GT(objectsWarm, 0);
  EXPECT_EQ(objectsEnd, objectsWarm);
  EXPECT_LT(rssEnd - rssWarm, 64 * 1024) << "resident memory grew from " << rssWarm << " to " << rssEnd << " KiB";
}

TEST(Gui, ExportWritesTheStateAndAContactSheet) {
  test::TempFolder dir;
  const Shot s = runViewer(dir, {"--generate", "16", "--order", "desc", "--autoplay", "--frames", "60", "--export-state",
                                 dir.path("state.png"), "--export-sheet", dir.path("sheet.png")});
  ASSERT_FALSE(s.window.rgba.empty());
  ASSERT_EQ(s.pass, s.passCount);
  // The generated input is the viewer's (random pattern, seed 2024); its sorted state is exported.
  Image input = generateImage(Pattern::Random, 16, 2024);
  const Image state = loadImage(dir.path("state.png"), kMaxElements);
  EXPECT_EQ(state.width, 16u);
  EXPECT_EQ(state.height, 16u);
  EXPECT_EQ(state.rgba, test::referenceSorted(input, SortOrder::Descending).rgba);
  const Image sheet = loadImage(dir.path("sheet.png"), kMaxElements);
  EXPECT_GT(sheet.width, 4u * 16u);  // 12 tiles in 4 columns, with labels
  EXPECT_GT(sheet.height, 3u * 16u);
}

// An export that fails while it is written (a full device) is one line with texsort's prefix and
// exit 3, as texsort sort gives; the other exports of the run still happen.
TEST(Gui, AFailedExportIsOneLineAndExitThree) {
  test::TempFolder dir;
  const test::RunResult r = runXvfb({"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--generate",
                                     "16", "--frames", "3", "--export-state", "/dev/full", "--export-sheet",
                                     dir.path("sheet.png")});
  EXPECT_EQ(r.exitCode, 3) << r.err << r.out;
  EXPECT_NE(r.err.find("texsort: error: /dev/full: write error: No space left on device"), std::string::npos) << r.err;
  // One line of texsort's (under the sanitizers, UBSan's suppressed report on Debian's ImGui loader
  // prints a line of its own).
  std::size_t lines = 0;
  for (std::size_t at = r.err.find("texsort: "); at != std::string::npos; at = r.err.find("texsort: ", at + 1)) ++lines;
  EXPECT_EQ(lines, 1u) << r.err;
  EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"sheet.png"});
}

// A line sort the context cannot run, or a first picture that cannot be set up, is one line and
// exit 4 (each was said twice: by the viewer's message line, then again on the way out).
TEST(Gui, AFirstSortThatCannotStartIsOneLineAndExitFour) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--algo", "bitonic-wide", "four-draw-buffers"}, "bitonic-wide draws into 8 targets at once and this GPU offers 4"},
      {{"--algo", "compute-b32", "no-compute"}, "compute-b32 needs compute shaders"},
      {{"--algo", "bitonic", "oom"}, "GL: cannot allocate sort state A (512x512): GL_OUT_OF_MEMORY"}};
  for (const auto& [given, message] : cases) {
    SCOPED_TRACE(message);
    const test::RunResult r = runXvfb({"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", given[0],
                                       given[1], "--frames", "3"},
                                      test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", given[2]}}});
    EXPECT_EQ(r.exitCode, 4) << r.err << r.out;
    EXPECT_NE(r.err.find("texsort: error: " + message), std::string::npos) << r.err;
    std::size_t lines = 0;
    for (std::size_t at = r.err.find("texsort: "); at != std::string::npos; at = r.err.find("texsort: ", at + 1)) ++lines;
    EXPECT_EQ(lines, 1u) << r.err;
  }
}

TEST(Gui, NetworkDiagramOpensForSmallInputs) {
  test::TempFolder dir;
  const Shot s = runViewer(dir, {"--generate", "8", "--diagram", "--overlay", "roles,changed", "--autoplay",
                                 "--frames", "40"});
  ASSERT_FALSE(s.window.rgba.empty());
  EXPECT_EQ(s.passCount, 21u);  // 8x8 = 64 elements: 6 * 7 / 2 passes
  EXPECT_EQ(s.pass, 21u);
  // The diagram draws: at the end, the columns in view are passes already run, their comparator
  // lines, end dots and arrowheads in the "done" blue, and none is left in the "pending" grey.
  std::size_t done = 0, pending = 0;
  for (std::size_t i = 0; i < s.window.rgba.size(); i += 4) {
    const std::uint8_t* p = &s.window.rgba[i];
    done += p[0] == 140 && p[1] == 180 && p[2] == 255;
    pending += p[0] == 90 && p[1] == 90 && p[2] == 110;
  }
  EXPECT_GT(done, 500u) << "columns of comparators drawn";
  EXPECT_EQ(pending, 0u) << "every pass has run";

  // Fitted to its window, the picture stays whole beside the diagram (the diagram covered it): every
  // texel's centre on screen shows the generated input's pixel.
  const std::string shot = dir.path("fit.png");
  const test::RunResult r = runXvfb({"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--generate",
                                     "8", "--diagram", "--frames", "5", "--screenshot", shot});
  ASSERT_EQ(r.exitCode, 0) << r.err;
  int x = 0, y = 0, w = 0, h = 0;
  ASSERT_EQ(std::sscanf(r.out.c_str() + r.out.find("image at"), "image at (%d, %d) size (%d x %d)", &x, &y, &w, &h), 4);
  EXPECT_GT(w, 150) << "fitted, not 1:1";
  const Image window = loadImage(shot, kMaxElements), input = generateImage(Pattern::Random, 8, 2024);
  for (std::uint32_t ty = 0; ty < 8; ++ty) {
    for (std::uint32_t tx = 0; tx < 8; ++tx) {
      const std::size_t px = std::size_t(x + (2 * int(tx) + 1) * w / 16), py = std::size_t(y + (2 * int(ty) + 1) * h / 16);
      const std::uint8_t* shown = &window.rgba[(py * window.width + px) * 4];
      const std::uint8_t* texel = &input.rgba[(std::size_t{ty} * 8 + tx) * 4];
      EXPECT_TRUE(std::equal(shown, shown + 3, texel)) << "texel " << tx << ", " << ty;
    }
  }
}

}  // namespace
}  // namespace texsort

namespace texsort {
namespace {

// `texsort demo --record FILE` plays the whole sort into a video and quits; the video's frames are
// what the viewer shows: the unsorted picture first, the exact sorted picture last.
TEST(GuiRecord, RecordFlagWritesTheWholeSortAndQuits) {
  test::TempFolder dir;
  const std::string video = dir.path("viewer.mkv");
  const test::RunResult r = runXvfb(
      {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--generate", "16", "--algo",
                   "oddeven-merge", "--record", video});
  ASSERT_EQ(r.exitCode, 0) << r.err << r.out;
  const std::size_t frames = 30 + 35 + 30;  // 256 elements: 36 passes; 1 s held at 30 fps at each end
  EXPECT_NE(r.out.find("saved " + std::to_string(frames) + " frames"), std::string::npos) << r.out;

  const test::RunResult decoded =
      test::runProgram("ffmpeg", {"-v", "error", "-i", video, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"});
  ASSERT_EQ(decoded.exitCode, 0) << decoded.err;
  ASSERT_EQ(decoded.out.size() % frames, 0u);
  const std::size_t frameBytes = decoded.out.size() / frames;
  const std::size_t width = frameBytes / 3 / (16 + 2 * 11 + 4);  // 16 rows of picture, 2 caption lines
  ASSERT_EQ(width, 16u);
  const Image image = generateImage(Pattern::Random, 16, 2024);
  const Image sorted = test::referenceSorted(image, SortOrder::Ascending);
  for (std::size_t i = 0; i < 256; ++i) {
    for (int c = 0; c < 3; ++c) {
      ASSERT_EQ(std::uint8_t(decoded.out[i * 3 + c]), image.rgba[i * 4 + c]) << "first frame, pixel " << i;
      ASSERT_EQ(std::uint8_t(decoded.out[(frames - 1) * frameBytes + i * 3 + c]), sorted.rgba[i * 4 + c])
          << "last frame, pixel " << i;
    }
  }
}

TEST(GuiRecord, ABadRecordPathFailsAtOnceWithItsReason) {
  test::TempFolder dir;
  const test::RunResult r = runXvfb(
      {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--generate", "16", "--record",
                   dir.path("viewer.avi")});
  EXPECT_EQ(r.exitCode, 2) << r.err << r.out;
  EXPECT_NE(r.err.find("viewer.avi: end the name in .gif, .mp4, .webm or .mkv"), std::string::npos) << r.err;
  EXPECT_TRUE(test::listFolder(dir.root()).empty());
}

// The Pixel sort mode shows, and exports, exactly what `texsort pixelsort` writes; its span overlay
// darkens every pixel outside a span to 0.3 of its colour.
TEST(GuiPixelSort, ShowsAndExportsWhatThePixelsortCommandWrites) {
  test::TempFolder dir;
  const std::string astronaut = test::assetPath("astronaut.png");
  const test::RunResult cli = test::runTexsort({"pixelsort", astronaut, "-o", dir.path("cli.png"), "-q"});
  ASSERT_EQ(cli.exitCode, 0) << cli.err;
  const Image expected = loadImage(dir.path("cli.png"), kMaxElements);

  const Shot plain = runViewer(dir, {"--pixelsort", "--frames", "5", "--export-state", dir.path("viewer.png")});
  ASSERT_EQ(plain.w, 512);
  ASSERT_EQ(plain.h, 512);
  EXPECT_EQ(test::readFile(dir.path("viewer.png")), test::readFile(dir.path("cli.png"))) << "the same bytes";
  EXPECT_EQ(crop(plain, 512, 512).rgba, expected.rgba) << "the window shows the sorted image";

  const Shot spans = runViewer(dir, {"--pixelsort", "--spans", "--frames", "5"});
  ASSERT_EQ(spans.w, 512);
  const Image shown = crop(spans, 512, 512);
  const Image original = loadImage(astronaut, kMaxElements);
  const PixelSortOptions defaults;
  const LineLayout layout = lineLayout(512, 512, 0.0);
  const std::vector<std::uint32_t> span = spanNumbers(original, defaults, layout);
  std::size_t outside = 0, tinted = 0;
  for (std::uint32_t i = 0; i < 512 * 512; ++i) {
    const std::uint32_t p = i % 512;
    const bool alone = span[i] == p && (p == 511 || span[i + 1] != p);
    for (int c = 0; c < 3; ++c) {
      const int want = int(std::lround(0.3 * expected.rgba[4 * i + c]));
      if (alone) {
        ASSERT_LE(std::abs(int(shown.rgba[4 * i + c]) - want), 1) << "pixel " << i << " is outside every span";
      }
    }
    outside += alone;
    tinted += !alone && shown.rgba[4 * i] != expected.rgba[4 * i];
  }
  EXPECT_GT(outside, 10000u);
  EXPECT_GT(tinted, 10000u) << "span pixels carry their span's tint";
}

// A compute line sort in the viewer (a recipe's --algo): its span, key and image-order dispatches
// feed the same picture, on screen and exported, as the command line writes.
TEST(GuiPixelSort, AComputeLineSortShowsAndExportsWhatThePixelsortCommandWrites) {
  test::TempFolder dir;
  const std::string recipe = dir.path("compute.txt"), text = "--algo compute-b32c4 --angle 30\n";
  test::writeFile(recipe, std::vector<std::uint8_t>(text.begin(), text.end()));
  const test::RunResult cli =
      test::runTexsort({"pixelsort", test::assetPath("astronaut.png"), "-o", dir.path("cli.png"), "--preset", recipe, "-q"});
  ASSERT_EQ(cli.exitCode, 0) << cli.err;
  const Shot shot = runViewer(dir, {"--preset", recipe, "--frames", "5", "--export-state", dir.path("viewer.png")});
  ASSERT_EQ(shot.w, 512);
  EXPECT_EQ(test::readFile(dir.path("viewer.png")), test::readFile(dir.path("cli.png"))) << "the same bytes";
  EXPECT_EQ(crop(shot, 512, 512).rgba, loadImage(dir.path("cli.png"), kMaxElements).rgba) << "the window shows them";
}

TEST(GuiPixelSort, DraggingAThresholdReportsItsFrameRate) {
  const test::RunResult r = runXvfb(
      {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--drag-threshold", "--frames", "12"});
  EXPECT_EQ(r.exitCode, 0) << r.err;
  EXPECT_NE(r.out.find("frames while dragging --lower in"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("a re-sort takes"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace texsort
