// The fragment runner on a real GL context (llvmpipe in CI): after every pass, the textures hold
// exactly what the CPU model computes. A machine without a context fails these tests; nothing is
// skipped.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <thread>

#include "context/egl_context.h"
#include "error.h"
#include "sort/packing.h"
#include "sort/cpu_model.h"
#include "pixelsort/pixel_sort.h"
#include "sort/compute_runner.h"
#include "sort/fragment_runner.h"
#include "gl/capabilities.h"
#include "gl/objects.h"
#include "gpu_fixture.h"
#include "same_state.h"
#include "test_support.h"

namespace texsort {
namespace {

using Gpu = test::GpuTest;
using test::sameBits;
using test::sameStateEveryPass;

TEST_F(Gpu, ContextIsOpenGL33CoreOrNewer) {
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  EXPECT_GE(major * 10 + minor, 33);
  EXPECT_FALSE(context_->renderer().empty());
  EXPECT_TRUE(context_->platform() == "device" || context_->platform() == "surfaceless" ||
              context_->platform() == "default");
}

// A uniform name no shader declares (a misspelling GL would ignore) is an error naming the program
// and the name; one the program declares but does not use, or one another shader declares (set on
// every program), is -1 and quiet, as are an array's elements.
TEST_F(Gpu, AMisspeltUniformIsAnErrorNamingTheProgram) {
  EXPECT_EQ(gl::declaredUniforms("uniform int u_a;\nlayout(location = 0) uniform highp usampler2D u_b;\n"
                                 "uniform uint u_c[5]; // a uniform in a comment\nuniform Block { int u_d; };"),
            (std::vector<std::string>{"u_a", "u_b", "u_c"}));
  const gl::Program program("test.vert",
                            "#version 330 core\nuniform float u_used;\nuniform float u_unused;\nuniform int u_list[2];\n"
                            "void main() { gl_Position = vec4(u_used + float(u_list[1]), 0.0, 0.0, 1.0); }\n",
                            "test.frag", "#version 330 core\nout vec4 colour;\nvoid main() { colour = vec4(1.0); }\n");
  EXPECT_GE(program.uniform("u_used"), 0);
  EXPECT_EQ(program.uniform("u_unused"), -1) << "declared, dropped by the linker";
  EXPECT_GE(program.uniform("u_list[1]"), 0);
  EXPECT_EQ(program.uniform("u_stepno"), -1) << "the bitonic shaders declare it";
  EXPECT_EQ(program.uniformIfDeclared("u_usde"), -1) << "a table's name this program lacks: no check";
  EXPECT_EQ(program.uniformIfDeclared("u_used"), program.uniform("u_used"));
  try {
    program.uniform("u_usde");
    ADD_FAILURE() << "a misspelt uniform was taken";
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(e.what(), "GL: test.frag: no shader declares the uniform u_usde");
  }
}

// The pixel sort opens its context on a thread of its own while it reads the file, then uses it on
// the main thread. (Outside the Gpu suite: the suite's context and this one share one EGL display,
// which each ends when it goes.)
TEST(ContextThreads, AContextOpenedOnAnotherThreadSortsHereOnceMadeCurrent) {
  std::unique_ptr<HeadlessContext> context;
  std::string failure;
  std::thread([&] {
    try {
      context = std::make_unique<HeadlessContext>();
      context->releaseThread();
    } catch (const Error& e) {
      failure = e.what();
    }
  }).join();
  ASSERT_TRUE(context) << "no headless GL context (GPU tests never skip): " << failure;
  context->makeCurrent();
  std::mt19937 rng(5);
  const std::vector<Element> elements = packElements(test::randomImage(16, 8, rng), SortOrder::Ascending);
  FragmentRunner runner(elements.size());
  runner.upload(elements);
  EXPECT_TRUE(sameBits(runner.readElements(), elements));
}

TEST_F(Gpu, UploadAndReadBackAreExact) {
  std::mt19937 rng(3);
  const std::vector<Element> elements = packElements(test::randomImage(16, 8, rng), SortOrder::Ascending);
  FragmentRunner runner(elements.size());
  runner.upload(elements);
  EXPECT_TRUE(sameBits(runner.readElements(), elements));
}

class GpuAlgorithm : public Gpu, public ::testing::WithParamInterface<Algorithm> {};

TEST_P(GpuAlgorithm, EveryPassEqualsTheCpuModel) {
  // Long schedules (transposition: N passes; radix: 18 (log2 N + 2)) get the smaller sizes.
  const bool longSchedule = GetParam() == Algorithm::Transposition || GetParam() == Algorithm::Radix;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> sizes = {{1, 1}, {2, 1}, {1, 2}, {3, 1}, {1, 7},
                                                                {5, 3}, {8, 8}, {13, 17}, {1, 64}, {64, 1}};
  if (!longSchedule) sizes.insert(sizes.end(), {{37, 50}, {64, 64}, {1, 1000}});
  std::mt19937 rng(2024);
  for (auto [w, h] : sizes) {
    for (SortOrder order : {SortOrder::Ascending, SortOrder::Descending}) {
      SCOPED_TRACE(std::string(algorithmName(GetParam())) + " " + std::to_string(w) + "x" + std::to_string(h) +
                   (order == SortOrder::Ascending ? " asc" : " desc"));
      const Image image = test::randomImage(w, h, rng, 9);  // 9 colours: many ties
      SortState cpu{packElements(image, order), {}, {}, {}, {}, {}, {}, {}};
      const PassSchedule schedule = scheduleFor(GetParam(), cpu.elements.size());
      const std::unique_ptr<Runner> runner = makeRunner(GetParam(), cpu.elements.size());
      ASSERT_TRUE(sameStateEveryPass(*runner, schedule, cpu));
      EXPECT_EQ(unpackElements(cpu.elements, w, h, 4).rgba, test::referenceSorted(image, order).rgba);
    }
  }
}

// A prepared schedule runs on the programs prepare() found, whole or pass by pass after an upload,
// with no look-up; a pass out of its order looks its program up and still runs right.
TEST_P(GpuAlgorithm, APreparedScheduleRunsOnTheProgramsFoundWhenPrepared) {
  std::mt19937 rng(5);
  const std::vector<Element> elements = packElements(test::randomImage(32, 16, rng, 9), SortOrder::Ascending);
  const PassSchedule schedule = scheduleFor(GetParam(), elements.size());
  const std::unique_ptr<Runner> runner = makeRunner(GetParam(), elements.size());
  runner->prepare(schedule);
  runner->upload(elements);
  runner->run(schedule);
  EXPECT_EQ(runner->programLookups(), 0u);
  runner->upload(elements);
  for (const Pass& pass : schedule) runner->runPass(pass);
  EXPECT_EQ(runner->programLookups(), 0u) << "the viewer's steps";
  const std::vector<Element> sorted = runner->readElements();
  EXPECT_TRUE(sameBits(sorted, runSchedule(schedule, elements))) << "each pass on its prepared uniform blocks";
  // The first pass twice: the second is out of order, looked up, and so is the pass after it.
  const PassSchedule replay{schedule.shape, {schedule[0], schedule[0], schedule[1]}};
  SortState cpu{elements, {}, {}, {}, {}, {}, {}, {}};
  EXPECT_TRUE(sameStateEveryPass(*runner, replay, cpu));
  EXPECT_EQ(runner->programLookups(), 2u);
  runner->upload(elements);
  runner->run(schedule);
  EXPECT_EQ(runner->programLookups(), 2u);
  EXPECT_TRUE(sameBits(runner->readElements(), sorted));
}

TEST_P(GpuAlgorithm, SortsTheBundledImagesExactly) {
  // Transposition needs N passes: 262144 on the bundled images, minutes on llvmpipe, so it sorts a
  // 64x64 crop of each here (texsort sort --algo transposition does the whole images).
  const bool crop = GetParam() == Algorithm::Transposition;
  for (const char* name : {"astronaut.png", "coffee.png"}) {
    Image image = loadImage(test::assetPath(name), kMaxElements);
    if (crop) {
      Image part;
      part.width = part.height = 64;
      part.channels = image.channels;
      for (std::uint32_t y = 200; y < 264; ++y)
        part.rgba.insert(part.rgba.end(), &image.rgba[(std::size_t{y} * image.width + 200) * 4],
                         &image.rgba[(std::size_t{y} * image.width + 264) * 4]);
      image = part;
    }
    for (SortOrder order : {SortOrder::Ascending, SortOrder::Descending}) {
      SCOPED_TRACE(std::string(algorithmName(GetParam())) + " " + name + (order == SortOrder::Ascending ? " asc" : " desc"));
      const std::vector<Element> elements = packElements(image, order);
      const std::unique_ptr<Runner> runner = makeRunner(GetParam(), elements.size());
      runner->upload(elements);
      runner->run(scheduleFor(GetParam(), elements.size()));
      const std::vector<Element> gpu = runner->readElements();
      std::vector<Element> reference = elements;
      std::stable_sort(reference.begin(), reference.end(), elementLess);
      EXPECT_TRUE(sameBits(gpu, reference));
      EXPECT_EQ(unpackElements(gpu, image.width, image.height, image.channels).rgba,
                test::referenceSorted(image, order).rgba);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Algorithms, GpuAlgorithm, ::testing::ValuesIn(kAlgorithms),
                         test::algorithmTestName<::testing::TestParamInfo<Algorithm>>);

TEST_F(Gpu, CopyPassLeavesTheState) {
  std::mt19937 rng(4);
  const std::vector<Element> elements = packElements(test::randomImage(32, 32, rng), SortOrder::Ascending);
  FragmentRunner runner(elements.size());
  runner.upload(elements);
  runner.runPass(bitonicPassFromCounter(0));
  const SortState before = runner.readState();
  runner.copyPassMs();
  EXPECT_EQ(runner.readState(), before);
}

// Every fused shape at 2^k for k odd and even (2^5 .. 2^10): a direction mistake in one shape can
// hide at one parity. Both orders, few colours for many ties.
TEST_F(Gpu, EveryFusedShapeEqualsTheCpuModelAtOddAndEvenLog2) {
  std::mt19937 rng(31);
  for (unsigned k = 5; k <= 10; ++k) {
    for (SortOrder order : {SortOrder::Ascending, SortOrder::Descending}) {
      SCOPED_TRACE("n = 2^" + std::to_string(k));
      const Image image = test::randomImage(1u << (k / 2), 1u << (k - k / 2), rng, 7);
      SortState cpu{packElements(image, order), {}, {}, {}, {}, {}, {}, {}};
      ASSERT_TRUE(sameStateEveryPass(fastBitonicSchedule(SortShape::whole(cpu.elements.size())), cpu));
    }
  }
}

// The wide path from 2^4 (one pass from the elements, then the gather) to 2^11 (windows at bits
// 0-7, sources from the elements and from every window): odd and even log2, both orders, few
// colours for many ties; every pass's layered state as the CPU model lays it out.
TEST_F(Gpu, EveryWideWindowEqualsTheCpuModelAtOddAndEvenLog2) {
  std::mt19937 rng(37);
  for (unsigned k = 4; k <= 11; ++k) {
    for (SortOrder order : {SortOrder::Ascending, SortOrder::Descending}) {
      SCOPED_TRACE("n = 2^" + std::to_string(k));
      const Image image = test::randomImage(1u << (k / 2), 1u << (k - k / 2), rng, 7);
      SortState cpu{packElements(image, order), {}, {}, {}, {}, {}, {}, {}};
      const PassSchedule schedule = wideBitonicSchedule(SortShape::whole(cpu.elements.size()));
      ASSERT_TRUE(std::holds_alternative<WideBitonicSteps>(schedule.front()));
      ASSERT_TRUE(sameStateEveryPass(schedule, cpu));
      EXPECT_EQ(unpackElements(cpu.elements, image.width, image.height, 4).rgba, test::referenceSorted(image, order).rgba);
    }
  }
}

// Schedules for many lines: each line's network in the same passes, every pass as the CPU model has it.
TEST_F(Gpu, LineShapesEqualTheCpuModelEveryPass) {
  std::mt19937 rng(41);
  for (Algorithm a : test::lineAlgorithms()) {
    for (const SortShape shape : {SortShape{32, 16}, SortShape{8, 64}, SortShape{128, 2}}) {
      SCOPED_TRACE(std::string(algorithmName(a)) + " lines of " + std::to_string(shape.lineLength));
      const Image image = test::randomImage(static_cast<std::uint32_t>(shape.lineLength),
                                            static_cast<std::uint32_t>(shape.lineCount), rng, 6);
      SortState cpu{packElements(image, SortOrder::Ascending), {}, {}, {}, {}, {}, {}, {}};
      ASSERT_TRUE(sameStateEveryPass(*makeRunner(a, shape.count()), scheduleFor(a, shape), cpu));
      for (std::uint64_t line = 0; line < shape.lineCount; ++line) {
        const auto first = cpu.elements.begin() + static_cast<std::ptrdiff_t>(line * shape.lineLength);
        EXPECT_TRUE(std::is_sorted(first, first + static_cast<std::ptrdiff_t>(shape.lineLength), elementLess));
      }
    }
  }
}

TEST_F(Gpu, TimesTheSortWithTheGpuClock) {
  std::mt19937 rng(11);
  const std::vector<Element> elements = packElements(test::randomImage(128, 128, rng), SortOrder::Ascending);
  FragmentRunner runner(elements.size());
  runner.upload(elements);
  const double ms = runner.run(bitonicSchedule(elements.size()));
  EXPECT_GT(ms, 0.0);
  EXPECT_LT(ms, 60'000.0);  // sanity of the units only, not a speed requirement
}

TEST_F(Gpu, RefusesCountsItCannotHold) {
  EXPECT_THROW(FragmentRunner(3), Error);
  EXPECT_THROW(FragmentRunner(kMaxElements * 2), Error);
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  EXPECT_GE(maxSize, 4096);  // so every count up to 2^24 fits a square-ish texture
  if (static_cast<std::uint64_t>(maxSize) * std::uint64_t(maxSize) / 2 < kMaxElements) {
    EXPECT_THROW(FragmentRunner(std::uint64_t(maxSize) * std::uint64_t(maxSize) * 2), Error);  // refused before allocating
  }
}

// The compute runner needs one storage block for its 8-byte pairs, and one of 16-byte elements only
// where a schedule uses elements: a count whose pairs fit and elements do not pixel-sorts (no
// elements) but refuses an element upload, naming the limit, before allocating.
TEST_F(Gpu, ComputeRunnerRefusesOnlyTheBuffersThatDoNotFit) {
  const std::uint64_t block = static_cast<std::uint64_t>(gl::computeLimits().storageBlockBytes);
  std::uint64_t n = 2;
  while (n * 2 * 8 <= block && n * 2 <= kMaxElements) n *= 2;  // the most pairs one block holds
  if (n * 16 <= block) GTEST_SKIP() << "this GL's storage block holds the elements of every count";
  EXPECT_THROW(ComputeRunner(n * 2), Error) << "its pairs do not fit";
  ComputeRunner runner(n);
  try {
    runner.copyPassMs();  // needs the elements
    ADD_FAILURE() << "elements past the storage block were allocated";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ExitCode::Gpu);
    EXPECT_NE(std::string(e.what()).find("more than GL_MAX_SHADER_STORAGE_BLOCK_SIZE"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace texsort
