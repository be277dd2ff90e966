// std140 uniform blocks against their C++ mirrors: gl::bindBlocks refuses a block whose members,
// offsets, types or size differ from the struct's layout, or that has no layout at all; and a
// pass's blocks (pass_blocks.h) carry the values its kind's uniforms used to.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "gl/objects.h"
#include "gl/uniform_block.h"
#include "gpu_fixture.h"
#include "same_state.h"
#include "test_support.h"
#include "shaders/embedded.h"
#include "sort/algorithms.h"
#include "sort/cpu_model.h"
#include "sort/packing.h"
#include "sort/pass_blocks.h"
#include "sort/runner.h"
#include "sort/schedule.h"

namespace texsort {
namespace {

using UniformBlocks = test::GpuTest;

struct alignas(16) Slot {  // a uint array's element: 16 bytes under std140
  std::uint32_t value;
};
struct alignas(16) TestBlock {
  std::int32_t count;
  gl::IVec4 window;
  float weight;
  std::uint32_t flag;  // a bool
  gl::Vec2 size;
  Slot list[2];
};

gl::BlockLayout testLayout() {
  return {"Test",
          5,
          sizeof(TestBlock),
          {{"u_count", offsetof(TestBlock, count), GL_INT},
           {"u_window", offsetof(TestBlock, window), GL_INT_VEC4},
           {"u_weight", offsetof(TestBlock, weight), GL_FLOAT},
           {"u_flag", offsetof(TestBlock, flag), GL_BOOL},
           {"u_size", offsetof(TestBlock, size), GL_FLOAT_VEC2},
           {"u_list[0]", offsetof(TestBlock, list), GL_UNSIGNED_INT, sizeof(Slot)}}};
}

gl::Program testProgram() {
  return gl::Program("fullscreen.vert", shaders::kShader_fullscreen_vert, "test.frag",
                     "#version 330 core\nlayout(std140) uniform Test { int u_count; ivec4 u_window; float u_weight;"
                     " bool u_flag; vec2 u_size; uint u_list[2]; };\nout vec4 o;\n"
                     "void main() { o = vec4(float(u_count + u_window.w) * u_weight, u_flag ? 1.0 : 0.0, u_size + "
                     "vec2(u_list[1])); }\n");
}

std::string refusal(const gl::Program& program, const gl::BlockLayout& layout) {
  try {
    gl::bindBlocks(program, {&layout});
  } catch (const std::logic_error& e) {
    return e.what();
  }
  return "";
}

TEST_F(UniformBlocks, ABlockThatMatchesItsStructIsBoundToItsBinding) {
  const gl::Program program = testProgram();
  const gl::BlockLayout layout = testLayout();
  gl::bindBlocks(program, {&layout});
  GLint binding = -1;
  glGetActiveUniformBlockiv(program.id(), glGetUniformBlockIndex(program.id(), "Test"), GL_UNIFORM_BLOCK_BINDING, &binding);
  EXPECT_EQ(binding, 5);
}

TEST_F(UniformBlocks, ABlockThatDiffersFromItsStructIsRefusedByName) {
  const gl::Program program = testProgram();
  gl::BlockLayout moved = testLayout();
  moved.members[2].offset = 36;  // the float after the ivec4 is at 32
  EXPECT_EQ(refusal(program, moved),
            "GL: test.frag: uniform block Test: u_weight is at byte 32 (stride 0, GL enum 0x1406); its C++ struct has "
            "it at 36 (stride 0, GL enum 0x1406)");
  gl::BlockLayout retyped = testLayout();
  retyped.members[3].type = GL_UNSIGNED_INT;
  EXPECT_NE(refusal(program, retyped).find("u_flag is at byte 36"), std::string::npos);
  gl::BlockLayout missing = testLayout();
  missing.members.pop_back();
  EXPECT_EQ(refusal(program, missing), "GL: test.frag: uniform block Test has 6 members; its C++ struct 5");
  gl::BlockLayout packed = testLayout();
  packed.members[5].arrayStride = 4;  // a C array of uint32_t
  EXPECT_NE(refusal(program, packed).find("u_list[0] is at byte 48 (stride 16,"), std::string::npos);
  gl::BlockLayout renamed = testLayout();
  renamed.members[0].name = "u_total";
  EXPECT_EQ(refusal(program, renamed), "GL: test.frag: uniform block Test: u_count is not in its C++ struct");
  gl::BlockLayout smaller = testLayout();
  smaller.bytes = 48;
  EXPECT_EQ(refusal(program, smaller), "GL: test.frag: uniform block Test is 80 bytes; its C++ struct 48");
  gl::BlockLayout other = testLayout();
  other.name = "Other";
  EXPECT_EQ(refusal(program, other), "GL: test.frag: uniform block Test has no C++ struct given");
}

// Every pass kind's program is checked when it is made (every GPU test makes them); what goes into
// its blocks is the kind's values.
TEST_F(UniformBlocks, APassesBlocksCarryItsKindsValues) {
  const Pass wide = WideBitonicSteps{2, 0, 4, 2, 32, 0b111100u, 0b1111u, PixelOrder{}, 0, 0};
  const PassBlocks blocks = passBlocks(wide, 64, SourceShape{});
  ASSERT_NE(blocks.step.layout, nullptr);
  EXPECT_STREQ(blocks.step.layout->name, "Step");
  std::int32_t step[12] = {};
  std::memcpy(step, blocks.step.bytes.data(), sizeof step);
  EXPECT_EQ(std::vector<int>(step, step + 12), (std::vector<int>{2, 3, 4, 5, 0, 1, 2, 3, 8, 16, 32, 0}))
      << "window bits, source window bits, the stepno of each merge";
  EXPECT_EQ(blocks.order.layout, nullptr) << "wide steps from the elements have no pixel order";

  const Pass gather = GatherByIndex{7, 100};
  const PassBlocks g = passBlocks(gather, 256, SourceShape{LineAxis::Rows, 10, 10, 4, false});
  std::int32_t common[9] = {};
  std::memcpy(common, g.common.bytes.data(), sizeof common);
  EXPECT_EQ(std::vector<int>(common, common + 9), (std::vector<int>{4, 4, 2, 2, 0, 7, 4, 10, 10}))
      << "layouts 16, 16, 4 and 4 texels wide (256, 128, 16, 8 texels); no high index bits; the gather's lines; "
         "the source's";
  std::int32_t pixels = 0;
  std::memcpy(&pixels, g.step.bytes.data(), 4);
  EXPECT_EQ(pixels, 100);

  // A pass that carries its lines' length gives it, whatever source is bound.
  const PassBlocks scan = passBlocks(SpanScanStep{0, 1, 6}, 256, SourceShape{LineAxis::Rows, 10, 10, 4, false});
  std::memcpy(common, scan.common.bytes.data(), sizeof common);
  EXPECT_EQ(common[6], 6);
  EXPECT_EQ(common[5], 0) << "a scan gathers nothing";
  PixelOrder order;
  order.lineBits = 7;
  SpanStarts starts;
  starts.lineBits = 5;
  for (const auto& [pass, lineBits] : {std::pair<Pass, int>{order, 7}, {starts, 5}, {gather, 4}}) {
    std::memcpy(common, passBlocks(pass, 256, SourceShape{LineAxis::Rows, 10, 10, 4, false}).common.bytes.data(),
                sizeof common);
    EXPECT_EQ(common[6], lineBits) << "the pass's lines, else the source's";
  }
  std::uint32_t run[2] = {};
  std::memcpy(run, runBlock(std::uint64_t{1} << 26).bytes.data(), sizeof run);
  EXPECT_EQ(run[0], 1u << 26);
  EXPECT_EQ(run[1], 2u) << "two index bits under the key beyond 2^24 elements";

  // compute_steps.comp's arrays: an element every 16 bytes (std140), the window's bits as masks.
  const Pass steps = ComputeBitonicSteps{3, 0, 4, 1, 1u << 20, 0b11000u, 0, 0};
  std::uint32_t words[40] = {};
  std::memcpy(words, stepBlock(steps, 1u << 20).bytes.data(), sizeof words);
  EXPECT_EQ(std::vector<std::uint32_t>({words[0], words[4], words[8], words[20], words[24], words[28]}),
            (std::vector<std::uint32_t>{8, 16, 0, 16, 1u << 20, 0}))
      << "bits 3 and 4; merge 3's block 16, the last merge's the stepno given";
}

// Transposition's N passes outrun the records a prepared schedule keeps (kMaxRecords): the passes
// past them run on the loose record, and the sort still equals the CPU model's.
TEST_F(UniformBlocks, ASchedulePastTheRecordsRunsOnTheLooseRecord) {
  std::mt19937 rng(11);
  const std::vector<Element> elements = packElements(test::randomImage(128, 64, rng, 50), SortOrder::Ascending);
  const PassSchedule schedule = scheduleFor(Algorithm::Transposition, elements.size());
  ASSERT_GT(schedule.size(), PassBlockBuffer::kMaxRecords);
  const std::unique_ptr<Runner> runner = makeRunner(Algorithm::Transposition, elements.size());
  runner->prepare(schedule);
  const std::vector<Element> sorted = runSchedule(schedule, elements);
  for (int run = 0; run < 2; ++run) {  // the second on the records the first left, the loose one written
    runner->upload(elements);
    runner->run(schedule);
    EXPECT_TRUE(test::sameBits(runner->readElements(), sorted)) << "run " << run;
  }
  // The first passes again, each on its own record, equal the model's pass by pass.
  runner->upload(elements);
  SortState cpu{elements, {}, {}, {}, {}, {}, {}, {}};
  EXPECT_TRUE(test::sameStateEveryPass(*runner, PassSchedule{schedule.shape, {schedule[0], schedule[1], schedule[2]}}, cpu));
}

}  // namespace
}  // namespace texsort
