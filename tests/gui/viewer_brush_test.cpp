// The mask brush, driven as a user drives it (demo --input under Xvfb): a stroke painted and a stroke
// erased on the picture are exactly the round strokes of the pointer's path in image pixels, the
// sort follows the painted mask live, and the mask saved as PNG gives the same picture through
// `texsort pixelsort --mask`.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "image/image_io.h"
#include "test_support.h"

namespace texsort {
namespace {

// Distance from (px, py) to the segment (x0, y0)-(x1, y1).
double segmentDistance(double px, double py, double x0, double y0, double x1, double y1) {
  const double lx = x1 - x0, ly = y1 - y0, length2 = lx * lx + ly * ly;
  const double t = length2 > 0 ? std::clamp(((px - x0) * lx + (py - y0) * ly) / length2, 0.0, 1.0) : 0.0;
  return std::hypot(px - x0 - t * lx, py - y0 - t * ly);
}

// `texsort demo --pixelsort ARGS --input SCRIPT` under Xvfb for `frames` frames; `zoom` is the
// picture's screen pixels per image pixel (the screenshot line says where it was drawn), 0 if unknown.
struct Painted {
  test::RunResult run;
  double zoom = 0;
};
Painted paint(const test::TempFolder& dir, const std::string& script, int frames, std::vector<std::string> args = {}) {
  std::vector<std::string> all = {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--pixelsort",
                                  "--frames", std::to_string(frames), "--input", script, "--screenshot", dir.path("shot.png")};
  all.insert(all.end(), args.begin(), args.end());
  Painted p;
  p.run = test::runXvfb(all);
  unsigned left = 0, top = 0, width = 0, height = 0;
  const std::size_t at = p.run.out.find("image at (");
  if (at != std::string::npos &&
      std::sscanf(p.run.out.c_str() + at, "image at (%u, %u) size (%u x %u)", &left, &top, &width, &height) == 4) {
    p.zoom = width / 512.0;
  }
  return p;
}

TEST(GuiBrush, PaintedAndErasedStrokesDriveTheSortAndSaveAsTheMask) {
  test::TempFolder dir;
  const std::string mask = dir.path("mask.png"), viewer = dir.path("viewer.png"), astronaut = test::assetPath("astronaut.png");
  // Paint from 100 screen pixels left of the picture's centre to 100 right, then erase from 40 above
  // to 40 below it; the brush's radius is its default, 12 image pixels.
  const std::string script =
      "3: click @Mask; 6: click @brush; 9: move @picture -100 +0; 11: press; 13: move @picture +100 +0; 15: release; "
      "18: click @brush erase; 21: move @picture +0 -40; 23: press; 25: move @picture +0 +40; 27: release; "
      "30: click @mask save path; 32: key ctrl+a; 34: type " + mask + "; 37: click @Save mask";
  const Painted p = paint(dir, script, 45, {"--export-state", viewer});
  ASSERT_EQ(p.run.exitCode, 0) << p.run.err << p.run.out;
  ASSERT_GT(p.zoom, 0) << p.run.out;

  // The pointer's points in image pixels: the picture's centre is the image's, 512 pixels across.
  const Image painted = loadImage(mask, kMaxElements);
  ASSERT_EQ(painted.width, 512u);
  ASSERT_EQ(painted.height, 512u);
  const double r = 12.0, c = 256.0, reach = 100 / p.zoom, rise = 40 / p.zoom;
  std::size_t white = 0, checked = 0;
  for (std::uint32_t y = 0; y < 512; ++y) {
    for (std::uint32_t x = 0; x < 512; ++x) {
      const double dPaint = segmentDistance(x + 0.5, y + 0.5, c - reach, c, c + reach, c);
      const double dErase = segmentDistance(x + 0.5, y + 0.5, c, c - rise, c, c + rise);
      if (std::abs(dPaint - r) < 0.05 || std::abs(dErase - r) < 0.05) continue;  // on a stroke's rim: float rounding
      const bool want = dPaint <= r && dErase > r;
      const std::uint8_t* px = &painted.rgba[4 * (std::size_t{y} * 512 + x)];
      ASSERT_EQ(px[0] == 255 && px[1] == 255 && px[2] == 255, want) << "mask pixel " << x << "," << y;
      if (!want) {
        ASSERT_EQ(px[0] + px[1] + px[2], 0) << "mask pixel " << x << "," << y;
      }
      white += want;
      ++checked;
    }
  }
  EXPECT_GT(white, 2000u) << "the painted stroke, less the erased one";
  EXPECT_GT(checked, 512u * 500u);

  // The picture the viewer sorted with that mask is the command line's with the saved mask.
  ASSERT_EQ(test::runTexsort({"pixelsort", astronaut, "--mask", mask, "-o", dir.path("cli.png"), "-q"}).exitCode, 0);
  EXPECT_EQ(test::readFile(viewer), test::readFile(dir.path("cli.png")));
  const Image sorted = loadImage(viewer, kMaxElements), original = loadImage(astronaut, kMaxElements);
  EXPECT_NE(sorted.rgba, original.rgba) << "the painted part was sorted";
}

// The keys: B turns the brush on, ] twice makes it 1.25 x 1.25 times larger, X then erases: a dab
// painted, then erased 20 screen pixels right of its centre after [ once, leaves exactly the
// pixels within the painted radius and outside the erased one.
TEST(GuiBrush, KeysTurnItOnSizeItAndSwapToErase) {
  test::TempFolder dir;
  const std::string mask = dir.path("mask.png");
  const std::string script =
      "3: click @Mask; 6: move @picture +0 +0; 8: key b; 10: key ]; 12: key ]; 14: press; 16: release; 18: key x; "
      "20: key [; 22: move @picture +20 +0; 24: press; 26: release; 29: click @mask save path; 31: key ctrl+a; "
      "33: type " + mask + "; 36: click @Save mask";
  const Painted p = paint(dir, script, 42);
  ASSERT_EQ(p.run.exitCode, 0) << p.run.err << p.run.out;
  EXPECT_EQ(p.run.err.find("no widget named"), std::string::npos) << p.run.err;
  ASSERT_GT(p.zoom, 0) << p.run.out;
  const Image painted = loadImage(mask, kMaxElements);
  const double radius = 12.0 * 1.25 * 1.25, erase = radius * 0.8, shift = 20 / p.zoom;
  std::size_t white = 0;
  for (std::uint32_t y = 0; y < 512; ++y) {
    for (std::uint32_t x = 0; x < 512; ++x) {
      const double dPaint = std::hypot(x + 0.5 - 256, y + 0.5 - 256), dErase = std::hypot(x + 0.5 - 256 - shift, y + 0.5 - 256);
      if (std::abs(dPaint - radius) < 0.05 || std::abs(dErase - erase) < 0.05) continue;
      const bool want = dPaint <= radius && dErase > erase;
      ASSERT_EQ(painted.rgba[4 * (std::size_t{y} * 512 + x)] == 255, want) << "mask pixel " << x << "," << y;
      white += want;
    }
  }
  EXPECT_GT(white, 100u);
}

// Ctrl+Z takes back a whole stroke, Ctrl+Shift+Z puts it back: saved after each, the masks are the
// first stroke alone and both strokes.
TEST(GuiBrush, UndoTakesBackAStrokeAndRedoPutsItBack) {
  test::TempFolder dir;
  const std::string undone = dir.path("undone.png"), redone = dir.path("redone.png");
  const std::string script =
      "3: click @Mask; 6: click @brush; 9: move @picture -60 +0; 11: press; 13: move @picture +60 +0; 15: release; "
      "18: move @picture +0 -60; 20: press; 22: move @picture +0 +60; 24: release; 27: key ctrl+z; "
      "30: click @mask save path; 32: key ctrl+a; 34: type " + undone + "; 37: click @Save mask; 40: key ctrl+shift+z; "
      "43: click @mask save path; 45: key ctrl+a; 47: type " + redone + "; 50: click @Save mask";
  const Painted p = paint(dir, script, 56);
  ASSERT_EQ(p.run.exitCode, 0) << p.run.err << p.run.out;
  EXPECT_EQ(p.run.err.find("no widget named"), std::string::npos) << p.run.err;
  ASSERT_GT(p.zoom, 0) << p.run.out;
  const double reach = 60 / p.zoom, r = 12.0, c = 256.0;
  for (const auto& [file, both] : {std::pair<std::string, bool>{undone, false}, {redone, true}}) {
    SCOPED_TRACE(file);
    const Image mask = loadImage(file, kMaxElements);
    for (std::uint32_t y = 0; y < 512; ++y) {
      for (std::uint32_t x = 0; x < 512; ++x) {
        const double across = segmentDistance(x + 0.5, y + 0.5, c - reach, c, c + reach, c);
        const double down = segmentDistance(x + 0.5, y + 0.5, c, c - reach, c, c + reach);
        if (std::abs(across - r) < 0.05 || std::abs(down - r) < 0.05) continue;
        const bool want = across <= r || (both && down <= r);
        ASSERT_EQ(mask.rgba[4 * (std::size_t{y} * 512 + x)] == 255, want) << "mask pixel " << x << "," << y;
      }
    }
  }
}

// The undo history keeps 32 strokes: after 33 dots and 33 undos the first dot is still there (the
// mask before it fell off the list), the second is gone, and nothing else is painted.
TEST(GuiBrush, UndoReachesBackThirtyTwoStrokes) {
  test::TempFolder dir;
  const std::string saved = dir.path("after.png");
  std::string script = "3: click @Mask; 6: click @brush";
  int frame = 8;
  const auto dot = [](int k) { return std::pair<int, int>{-160 + (k % 9) * 40, -96 + (k / 9) * 48}; };  // apart
  for (int k = 0; k < 33; ++k, frame += 4) {
    const auto [dx, dy] = dot(k);
    script += "; " + std::to_string(frame) + ": move @picture " + (dx < 0 ? "-" : "+") + std::to_string(std::abs(dx)) + " " +
              (dy < 0 ? "-" : "+") + std::to_string(std::abs(dy)) + "; " + std::to_string(frame + 1) + ": press; " +
              std::to_string(frame + 2) + ": release";
  }
  for (int k = 0; k < 33; ++k, frame += 3) script += "; " + std::to_string(frame) + ": key ctrl+z";
  script += "; " + std::to_string(frame + 2) + ": click @mask save path; " + std::to_string(frame + 4) + ": key ctrl+a; " +
            std::to_string(frame + 6) + ": type " + saved + "; " + std::to_string(frame + 9) + ": click @Save mask";
  const Painted p = paint(dir, script, frame + 14);
  ASSERT_EQ(p.run.exitCode, 0) << p.run.err << p.run.out;
  EXPECT_EQ(p.run.err.find("no widget named"), std::string::npos) << p.run.err;
  ASSERT_GT(p.zoom, 0) << p.run.out;
  ASSERT_TRUE(test::fileExists(saved)) << p.run.out << p.run.err;
  const Image mask = loadImage(saved, kMaxElements);
  const auto whiteNear = [&](int k) {  // white pixels within the brush's 12 of dot k's centre
    const double cx = 256 + dot(k).first / p.zoom, cy = 256 + dot(k).second / p.zoom;
    std::size_t white = 0;
    for (std::uint32_t y = 0; y < 512; ++y)
      for (std::uint32_t x = 0; x < 512; ++x)
        white += std::hypot(x + 0.5 - cx, y + 0.5 - cy) < 11.5 && mask.rgba[4 * (std::size_t{y} * 512 + x)] == 255;
    return white;
  };
  std::size_t all = 0;
  for (std::size_t i = 0; i < mask.pixelCount(); ++i) all += mask.rgba[4 * i] == 255;
  EXPECT_GT(whiteNear(0), 300u) << "the first stroke stays";
  EXPECT_EQ(whiteNear(1), 0u) << "the second is undone";
  EXPECT_LT(all, 600u) << "one dot of radius 12, nothing else";
}

// Save mask keeps the output rule: over the image shown it is refused in one line, exit 2, the
// image untouched; a full device is exit 3.
TEST(GuiBrush, SaveMaskNeverReplacesTheImageShown) {
  test::TempFolder dir;
  const std::string image = dir.path("in.png");
  test::writeFile(image, test::readFile(test::assetPath("coffee.png")));
  const std::vector<std::uint8_t> before = test::readFile(image);
  for (const auto& [target, code] : {std::pair<std::string, int>{image, 2}, {"/dev/full", 3}}) {
    SCOPED_TRACE(target);
    const std::string script = "3: click @Mask; 6: click @brush; 9: move @picture +0 +0; 11: press; 13: release; "
                               "16: click @mask save path; 18: key ctrl+a; 20: type " + target + "; 23: click @Save mask";
    const test::RunResult run = test::runXvfb({"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", image,
                                               "--pixelsort", "--frames", "28", "--input", script});
    EXPECT_EQ(run.exitCode, code) << run.err << run.out;
    EXPECT_NE(run.err.find("texsort: error: " + target), std::string::npos) << run.err;
    EXPECT_EQ(test::readFile(image), before);
    EXPECT_EQ(test::listFolder(dir.root()), std::vector<std::string>{"in.png"});
  }
}

}  // namespace
}  // namespace texsort
