// The viewer's compute side on a real context: stepping, going back and scrubbing land on exactly
// the texture a direct run produces; the GPU statistics and the picture agree with the CPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <random>

#include "context/egl_context.h"
#include "error.h"
#include "sort/cpu_model.h"
#include "sort/wide_layout.h"
#include "gpu_fixture.h"
#include "test_support.h"
#include "pixelsort/pixel_sort.h"
#include "playback/pixel_sort_view.h"
#include "playback/sort_session.h"
#include "playback/state_display.h"

namespace texsort {
namespace {

using Session = test::GpuTest;

// The CPU model's whole state after the first `passes` passes.
SortState modelAt(const std::vector<Element>& elements, const PassSchedule& schedule, std::uint32_t passes) {
  PassSchedule first{schedule.shape, {schedule.begin(), schedule.begin() + passes}};
  return runScheduleState(first, elements);
}

// The element order positions hold in a CPU-model state: through the compact pairs when the last
// pass that moved anything wrote those (the fast path), through the layered pairs in that pass's
// layout when it wrote those (the wide path), else the elements themselves.
std::vector<Element> modelOrder(const SortState& state, const PassSchedule& schedule, std::uint32_t passes) {
  Buffer shown = Buffer::Elements;
  std::uint32_t window = kWideLowWindow;
  for (std::uint32_t p = 0; p < passes; ++p) {
    const Buffer written = traitsOf(schedule[p]).writes;
    if (!sideBuffer(written)) shown = written;
    if (const auto* wide = std::get_if<WideBitonicSteps>(&schedule[p])) window = wide->window;
  }
  if (shown == Buffer::Elements) return state.elements;
  std::vector<Element> order;
  const std::size_t n = state.elements.size();
  for (std::size_t i = 0; i < n; ++i) {
    const float index = shown == Buffer::Compact ? state.compact[2 * i + 1] : state.wide[wideOffset(i, window, n) + 1];
    order.push_back(state.elements[std::size_t(index)]);
  }
  return order;
}

// The picture the display should show for a CPU-model state: position i's colour.
std::vector<std::uint8_t> modelPicture(const SortState& state, const PassSchedule& schedule, std::uint32_t passes,
                                       std::size_t pixels) {
  const std::vector<Element> order = modelOrder(state, schedule, passes);
  std::vector<std::uint8_t> rgba;
  for (std::size_t i = 0; i < pixels; ++i) {
    const auto rgb = static_cast<std::uint32_t>(order[i].rgb);
    rgba.insert(rgba.end(), {std::uint8_t(rgb >> 16), std::uint8_t(rgb >> 8), std::uint8_t(rgb), 255});
  }
  return rgba;
}

class SessionAlgorithm : public Session, public ::testing::WithParamInterface<Algorithm> {};

// Forward, back one pass at a time, and jumps both ways: every buffer the runner holds, and the
// picture shown, equal the CPU model's at exactly that pass.
TEST_P(SessionAlgorithm, StepBackAndScrubLandOnTheCpuModelsStateAtThatPass) {
  std::mt19937 rng(17);
  Image image = test::randomImage(16, 32, rng, 11);  // 512 pixels: no padding rows in the picture
  for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
  SortSession session(image, SortOrder::Descending, GetParam(), "random");
  StateDisplay display;
  const std::uint32_t last = session.passCount();
  ASSERT_EQ(last, scheduleFor(GetParam(), 512).size());
  ASSERT_GE(last, 3u);
  const std::uint32_t visits[] = {1, 2, 3, 10, 9, 8, 7, last, last - 1, last - 2, 0, last / 2, last / 2 - 1, 12, last, 1, 0};
  for (std::uint32_t target : visits) {
    if (target > last) continue;  // short schedules (the compute ladder's shared-memory rows: 3 passes)
    if (target == session.pass() + 1) session.stepForward();
    else if (target + 1 == session.pass()) session.seek(session.pass() - 1);  // the Back button
    else session.seek(target);
    ASSERT_EQ(session.pass(), target);
    const SortState model = modelAt(session.elements(), session.schedule(), target);
    EXPECT_EQ(session.runner().readState(), model) << algorithmName(GetParam()) << " at pass " << target;
    display.render(session, DisplayOptions{});
    EXPECT_EQ(display.readBack(32).rgba, modelPicture(model, session.schedule(), target, 512))
        << algorithmName(GetParam()) << " picture at pass " << target;
  }
}

// Transposition has a pass per element: seeks go from checkpoints of the elements kept on the way,
// so a seek within the passes reached replays no more than the spacing, and each lands on the CPU
// model's state at exactly that pass.
TEST_F(Session, LongNetworksSeekFromCheckpointsToTheCpuModelsState) {
  std::mt19937 rng(23);
  const Image image = test::randomImage(32, 48, rng, 9);  // 1536 pixels + 512 padding: 2048 passes
  SortSession session(image, SortOrder::Ascending, Algorithm::Transposition, "random");
  ASSERT_EQ(session.passCount(), 2048u);
  ASSERT_EQ(session.checkpointSpacing(), 256u);
  const std::uint32_t visits[] = {1000, 300, 1999, 257, 256, 2048, 10, 1800, 1799, 513};
  std::uint32_t furthest = 0, bounded = 0;
  for (std::uint32_t target : visits) {
    const std::uint64_t before = session.passesRun(), from = session.pass();
    session.seek(target);
    ASSERT_EQ(session.pass(), target);
    const std::uint64_t ran = session.passesRun() - before;
    if (target <= furthest && (target < from || target - from > 256)) {  // where checkpoints were kept
      EXPECT_LE(ran, 256u) << "seek " << from << " -> " << target;
      ++bounded;
    }
    furthest = std::max(furthest, target);
    EXPECT_EQ(session.runner().readState(), modelAt(session.elements(), session.schedule(), target)) << "at pass " << target;
  }
  EXPECT_EQ(bounded, 7u);
  // A short network keeps none: its replays are short anyway.
  SortSession bitonic(image, SortOrder::Ascending, Algorithm::Bitonic, "random");
  EXPECT_EQ(bitonic.checkpointSpacing(), 0u);
}

// Every statistic after every pass (and before the first), against the CPU model's state: in-order
// pairs, moved positions, elements at their final position and their mean distance from it.
TEST_P(SessionAlgorithm, StatisticsMatchTheCpuModel) {
  std::mt19937 rng(5);
  const Image image = test::randomImage(16, 12, rng, 5);  // 192 pixels + 64 padding
  SortSession session(image, SortOrder::Ascending, GetParam(), "random");
  const std::vector<Element>& elements = session.elements();
  std::vector<Element> sorted = elements;
  std::stable_sort(sorted.begin(), sorted.end(), elementLess);
  std::vector<double> finalPosition(elements.size());
  for (std::size_t p = 0; p < sorted.size(); ++p) finalPosition[std::size_t(sorted[p].index)] = double(p);
  const double n = double(elements.size());

  std::vector<Element> before;
  for (std::uint32_t k = 0; k <= session.passCount(); ++k) {
    session.seek(k);
    const std::vector<Element> now = modelOrder(modelAt(elements, session.schedule(), k), session.schedule(), k);
    std::size_t moved = 0, inOrder = 0, settled = 0, turns = 0;
    double distance = 0;
    for (std::size_t i = 0; i < now.size(); ++i) {
      const bool changed = !before.empty() && now[i].index != before[i].index;
      moved += changed;
      if (i + 1 < now.size()) inOrder += elementLess(now[i], now[i + 1]);
      if (i > 0 && i + 1 < now.size()) turns += elementLess(now[i - 1], now[i]) != elementLess(now[i], now[i + 1]);
      settled += finalPosition[std::size_t(now[i].index)] == double(i);
      distance += std::abs(finalPosition[std::size_t(now[i].index)] - double(i));
    }
    const PassStats& s = session.stats(k);
    ASSERT_TRUE(s.known);
    if (k == 0 || !sideBuffer(traitsOf(session.schedule()[k - 1]).writes)) {
      EXPECT_DOUBLE_EQ(s.movedPercent, 100.0 * double(moved) / n) << "pass " << k;
      EXPECT_EQ(s.moved, moved) << "pass " << k;
    } else {
      EXPECT_EQ(s.moved, 0u) << "pass " << k << " writes a side buffer: positions hold what they held";
    }
    EXPECT_DOUBLE_EQ(s.inOrderPercent, 100.0 * double(inOrder) / (n - 1)) << "pass " << k;
    EXPECT_DOUBLE_EQ(s.runLengthLog2, std::log2(n / double(turns + 1))) << "pass " << k;
    EXPECT_DOUBLE_EQ(s.settledPercent, 100.0 * double(settled) / n) << "pass " << k;
    EXPECT_DOUBLE_EQ(s.distancePercent, 100.0 * distance / (n * n)) << "pass " << k;
    if (k == 0 || !sideBuffer(traitsOf(session.schedule()[k - 1]).writes)) before = now;
  }
  // The counters in all: moved positions summed, and compare-exchanges summed over the passes.
  std::uint64_t moves = 0, comparators = 0;
  for (std::uint32_t k = 1; k <= session.passCount(); ++k) {
    moves += session.stats(k).moved;
    comparators += compareExchangeCount(session.schedule()[k - 1], elements.size());
  }
  EXPECT_EQ(session.totalMoved(), moves);
  EXPECT_EQ(session.totalCompareExchanges(), comparators);
  EXPECT_LT(session.stats(0).settledPercent, 50.0);
  EXPECT_GT(session.stats(0).distancePercent, 10.0);
  EXPECT_DOUBLE_EQ(session.stats(session.passCount()).inOrderPercent, 100.0);
  EXPECT_DOUBLE_EQ(session.stats(session.passCount()).settledPercent, 100.0);
  EXPECT_DOUBLE_EQ(session.stats(session.passCount()).distancePercent, 0.0);
  EXPECT_DOUBLE_EQ(session.stats(session.passCount()).runLengthLog2, 8.0);  // one run of 256
}

// Monotone runs rise by one power of two per completed bitonic merge: after rank r every block of
// 2^r is sorted (alternately up and down), and the turns are exactly the block boundaries.
TEST_F(Session, MonotoneRunsDoublePerBitonicMerge) {
  std::mt19937 rng(8);
  const Image image = test::randomImage(32, 32, rng, 1000);
  SortSession session(image, SortOrder::Ascending, Algorithm::Bitonic, "random");
  const std::vector<std::uint32_t> ends = stageEnds(session.schedule());
  for (std::uint32_t rank = 1; rank <= ends.size(); ++rank) {
    session.seek(ends[rank - 1]);
    EXPECT_NEAR(session.stats(ends[rank - 1]).runLengthLog2, double(rank), 0.02) << "after rank " << rank;
  }
}

INSTANTIATE_TEST_SUITE_P(Algorithms, SessionAlgorithm, ::testing::ValuesIn(kAlgorithms),
                         test::algorithmTestName<::testing::TestParamInfo<Algorithm>>);

TEST_F(Session, PictureShowsTheImageThenTheSortedImage) {
  std::mt19937 rng(9);
  Image image = test::randomImage(12, 10, rng, 30);
  for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;  // the picture is opaque
  SortSession session(image, SortOrder::Ascending, Algorithm::Bitonic, "random");
  StateDisplay display;
  display.render(session, DisplayOptions{});
  EXPECT_EQ(display.width(), 12u);
  EXPECT_EQ(display.height(), 11u);  // 128 elements in rows of 12: one extra row holds the padding
  EXPECT_EQ(display.readBack(10).rgba, image.rgba);
  session.seek(session.passCount());
  display.render(session, DisplayOptions{true, true});  // overlays change colours...
  EXPECT_NE(display.readBack(10).rgba, test::referenceSorted(image, SortOrder::Ascending).rgba);
  display.render(session, DisplayOptions{});  // ...and without them the picture is the result
  EXPECT_EQ(display.readBack(10).rgba, test::referenceSorted(image, SortOrder::Ascending).rgba);
}

// The role overlay tints only the roles it is asked to, as strongly as its opacity says: at
// opacity 0 the picture is the plain state, and with "takes min" alone the max side is untouched.
TEST_F(Session, RoleOverlayTintsTheChosenRolesAtTheChosenOpacity) {
  std::mt19937 rng(3);
  Image image = test::randomImage(16, 16, rng, 200);
  for (std::size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
  SortSession session(image, SortOrder::Ascending, Algorithm::Bitonic, "random");
  StateDisplay display;
  session.seek(4);  // rank 3 step 1: partners 1 apart, blocks of 8 alternating direction
  display.render(session, DisplayOptions{});
  const std::vector<std::uint8_t> plain = display.readBack(16).rgba;

  DisplayOptions invisible{true, true};
  invisible.opacity = 0.0f;
  display.render(session, invisible);
  EXPECT_EQ(display.readBack(16).rgba, plain);

  DisplayOptions minOnly{true, false};
  minOnly.tintMax = minOnly.tintIdle = false;
  minOnly.opacity = 0.5f;
  display.render(session, minOnly);
  const std::vector<std::uint8_t> tinted = display.readBack(16).rgba;
  std::size_t minSide = 0, maxSide = 0;
  for (const CompareExchange& c : compareExchanges(session.schedule()[3], 256)) {
    const std::uint32_t takesMin = c.ascending ? c.low : c.high, takesMax = c.ascending ? c.high : c.low;
    minSide += !std::equal(&tinted[takesMin * 4], &tinted[takesMin * 4 + 4], &plain[takesMin * 4]);
    maxSide += !std::equal(&tinted[takesMax * 4], &tinted[takesMax * 4 + 4], &plain[takesMax * 4]);
  }
  EXPECT_EQ(minSide, 128u);
  EXPECT_EQ(maxSide, 0u);
}

// The Pixel sort mode at an angle: lines share rows where the options let them, and a change of
// options that decides that (random intervals, --skip) lays the lines out again; after each
// change the result is the plain reference's.
TEST_F(Session, PixelSortViewLaysOutTheLinesAgainWhenPackingChanges) {
  std::mt19937 rng(61);
  const Image image = test::randomImage(37, 23, rng, 8);
  PixelSortOptions o;
  o.angle = 30.0;
  o.lower = 0.1;
  o.upper = 0.7;
  PixelSortView view(image, o, Algorithm::BitonicWide);
  PixelSortOptions random = o, skip = o, whole = o;
  random.intervals = Intervals::Random;
  random.spanLength = 5;
  skip.skipPercent = 50;
  whole.intervals = Intervals::None;
  whole.maxSpan = 7;
  for (const PixelSortOptions* next : {&o, &random, &o, &skip, &whole}) {
    SCOPED_TRACE(std::string(intervalsInfo(next->intervals).name) + " skip " + std::to_string(next->skipPercent));
    view.seek(1);  // a change made mid-way shows its own result at once
    view.setOptions(*next, Algorithm::BitonicWide);
    EXPECT_EQ(view.pass(), view.passCount());
    EXPECT_EQ(view.layout().packed, packsLines(*next));
    EXPECT_EQ(view.result().rgba, pixelSortReference(image, *next).rgba);
  }
}

// --mix in the viewer: the picture at the last pass and the export are the sorted result blended
// with the original exactly as texsort pixelsort blends it, a new mix without a pass run; a new
// flow field lays the lines again.
TEST_F(Session, PixelSortViewShowsTheMixAndTakesANewField) {
  std::mt19937 rng(67);
  const Image image = test::randomImage(29, 17, rng, 8);
  PixelSortOptions o;
  o.intervals = Intervals::None;
  o.mix = 0.3;
  PixelSortView view(image, o, Algorithm::BitonicWide);
  Image want = pixelSortReference(image, o);
  mixWithOriginal(want.rgba, image.rgba, o.mix);
  ASSERT_NE(want.rgba, pixelSortReference(image, o).rgba);
  EXPECT_EQ(view.result().rgba, want.rgba);
  view.render(false);
  std::vector<std::uint8_t> shown(4 * image.pixelCount());
  glBindTexture(GL_TEXTURE_2D, view.texture());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, shown.data());
  for (std::size_t i = 0; i < image.pixelCount(); ++i) {
    for (int c = 0; c < 3; ++c) ASSERT_EQ(shown[4 * i + c], want.rgba[4 * i + c]) << "pixel " << i << " channel " << c;
  }
  // A new --mix alone runs no pass (the page's slider): the view stays at the pass it was at.
  view.seek(2);
  o.mix = 0.8;
  view.setOptions(o, Algorithm::BitonicWide, false);
  EXPECT_EQ(view.pass(), 2u);
  want = pixelSortReference(image, o);
  mixWithOriginal(want.rgba, image.rgba, o.mix);
  EXPECT_EQ(view.result().rgba, want.rgba);
  for (int k = 0; k < 2; ++k) {
    o.path = PixelPath::Flow;
    o.field = std::make_shared<const Image>(test::randomImage(29, 17, rng, 8));
    view.setOptions(o, Algorithm::BitonicWide);
    want = pixelSortReference(image, o);
    mixWithOriginal(want.rgba, image.rgba, o.mix);
    EXPECT_EQ(view.result().rgba, want.rgba) << "field " << k;
  }
}

// A clip's frame drawn in a framebuffer (the page's decoded video frame): the view sorts it from
// where it was, with --mix blending the frame's own pixels, and new lines made after it (another
// angle) start from the frame, not the picture before; a frame given as bytes after it stands.
TEST_F(Session, PixelSortViewTakesAFrameFromAFramebuffer) {
  std::mt19937 rng(73);
  const Image image = test::randomImage(31, 19, rng, 8), frame = test::randomImage(31, 19, rng, 8);
  const Image last = test::randomImage(31, 19, rng, 8);
  const gl::Texture texture(31, 19, gl::TextureFormat::Rgba8, frame.rgba.data(), "frame");
  const gl::Framebuffer target(texture, "frame target");
  PixelSortOptions o;
  o.lower = 0.2;
  o.mix = 0.6;
  const auto want = [](const Image& picture, const PixelSortOptions& options) {
    Image sorted = pixelSortReference(picture, options);
    mixWithOriginal(sorted.rgba, picture.rgba, options.mix);
    return sorted.rgba;
  };
  PixelSortView view(image, o, Algorithm::BitonicWide);
  view.seek(3);
  view.setFrame(target.id());
  EXPECT_EQ(view.pass(), 3u);
  EXPECT_EQ(view.result().rgba, want(frame, o));
  o.angle = 60.0;
  view.setOptions(o, Algorithm::BitonicWide);
  EXPECT_EQ(view.result().rgba, want(frame, o)) << "new lines after the frame";
  view.setFrame(target.id());
  view.setImage(last);
  o.angle = 0.0;
  view.setOptions(o, Algorithm::BitonicWide);
  EXPECT_EQ(view.result().rgba, want(last, o)) << "bytes after a frame";
}

}  // namespace
}  // namespace texsort

namespace texsort {
namespace {

// The path overlay: every pixel of a line has that line's hue (the channels in one ratio), dark at
// the line's first pixel and brightest at its last; neighbouring lines differ.
TEST(PathOverlay, EachLineItsHueDarkToBright) {
  for (const LineLayout& layout : {lineLayout(9, 4, 0.0), lineLayout(9, 4, 30.0), pathLayout(9, 7, [] {
                                     PixelSortOptions o;
                                     o.path = PixelPath::Circles;
                                     return o;
                                   }())}) {
    const std::vector<std::uint8_t> rgba = lineColours(layout);
    ASSERT_EQ(rgba.size(), layout.pixelCount() * 4);
    const auto brightest = [&](std::uint64_t pixel) { return std::max({rgba[4 * pixel], rgba[4 * pixel + 1], rgba[4 * pixel + 2]}); };
    for (std::uint32_t line = 0; line < layout.count; ++line) {
      const std::uint32_t length = layout.lengthOf(line);
      for (std::uint32_t p = 1; p < length; ++p) {
        EXPECT_GT(brightest(layout.pixelOf(line, p)), brightest(layout.pixelOf(line, p - 1))) << "line " << line;
      }
      EXPECT_EQ(brightest(layout.pixelOf(line, length - 1)), 255) << "line " << line;
      if (line > 0) {
        const std::uint8_t* a = &rgba[4 * layout.pixelOf(line, length - 1)];
        const std::uint8_t* b = &rgba[4 * layout.pixelOf(line - 1, layout.lengthOf(line - 1) - 1)];
        EXPECT_FALSE(a[0] == b[0] && a[1] == b[1] && a[2] == b[2]) << "lines " << line - 1 << " and " << line;
      }
    }
  }
}

}  // namespace
}  // namespace texsort
