// StateDisplay: one full-screen draw of display.frag into a picture sized to the image.
#include "playback/state_display.h"

#include <algorithm>
#include <string>

#include "shaders/embedded.h"
#include "sort/pass_blocks.h"

namespace texsort {
namespace {

// Whose comparators the role overlay draws. display.frag gets the names as #defines made here, so
// the shader and this file cannot disagree on a number.
enum class RoleRule : int { None, Bitonic, OddEvenMerge, Transposition };
constexpr const char* kRoleRuleNames[] = {"ROLE_NONE", "ROLE_BITONIC", "ROLE_ODDEVEN_MERGE", "ROLE_TRANSPOSITION"};

std::string roleRuleDefines() {
  std::string defines;
  for (int rule = 0; rule < int(std::size(kRoleRuleNames)); ++rule)
    defines += "#define " + std::string(kRoleRuleNames[rule]) + " " + std::to_string(rule) + "\n";
  return defines;
}

// The overlay's rule and its uniforms, named after the pass's fields.
struct Roles {
  RoleRule rule = RoleRule::None;
  std::uint32_t stepno = 2, offset = 1, runLength = 1, distance = 1, parity = 0;
};

Roles rolesOf(const Pass& pass) {
  Roles r;
  std::visit(Overloaded{
                 [&](const BitonicStep& p) { r = Roles{RoleRule::Bitonic, p.stepno, p.offset}; },
                 [&](const BitonicLegacyStep& p) { r = Roles{RoleRule::Bitonic, p.step.stepno, p.step.offset}; },
                 [&](const OddEvenMergeStep& p) {
                   r.rule = RoleRule::OddEvenMerge;
                   r.runLength = p.runLength;
                   r.distance = p.distance;
                 },
                 [&](const TranspositionRound& p) {
                   r.rule = RoleRule::Transposition;
                   r.parity = p.parity;
                 },
                 // Not one comparator layer on the elements: no roles to draw.
                 [](const RadixFlags&) {}, [](const RadixScanStep&) {}, [](const RadixGather&) {},
                 [](const PackCompact&) {}, [](const FusedBitonicSteps&) {}, [](const GatherByIndex&) {},
                 [](const ComputeBitonicSteps&) {}, [](const SharedBitonicSteps&) {},
                 [](const WideBitonicSteps&) {}, [](const WideGather&) {}, [](const SpanStarts&) {},
                 [](const SpanScanStep&) {}, [](const PixelOrder&) {}, [](const ImageOrder&) {},
                 [](const RadixTileCounts&) {}, [](const RadixCountScan&) {}, [](const RadixScatter&) {},
             },
             pass);
  return r;
}

}  // namespace

StateDisplay::StateDisplay()
    : program_("fullscreen.vert", shaders::kShader_fullscreen_vert, "display.frag",
               {shaders::kShader_sort_common_glsl, shaders::kShader_state_view_glsl, roleRuleDefines().c_str(),
                shaders::kShader_display_frag}) {
  gl::bindBlocks(program_, {&commonBlockLayout()});
}

void StateDisplay::render(const SortSession& session, DisplayOptions options) {
  const StateView view = session.view();
  const TextureLayout& layout = view.layout;
  // Rows of the image's width, so pass 0 is the picture itself; a very tall, thin image whose rows
  // would exceed the texture limit falls back to the sort texture's own rows.
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  std::uint32_t w = session.image().width;
  if ((layout.count() + w - 1) / w > static_cast<std::uint64_t>(maxSize)) w = layout.width;
  const auto h = static_cast<std::uint32_t>((layout.count() + w - 1) / w);
  if (picture_.width() != w || picture_.height() != h) {
    picture_ = gl::Texture(w, h, gl::TextureFormat::Rgba8, nullptr, "state picture");
    target_ = gl::Framebuffer(picture_, "state picture target");
  }
  const Pass* pass = session.shownPass();
  const Roles roles = pass && options.showRoles ? rolesOf(*pass) : Roles{};

  glUseProgram(program_.id());
  bindStateView(program_, view, common_);
  glUniform1i(program_.uniform("u_imageWidth"), static_cast<GLint>(w));
  glUniform1i(program_.uniform("u_sentinelKey"), static_cast<GLint>(kSentinelKey));
  glUniform1i(program_.uniform("u_showRoles"), roles.rule != RoleRule::None);
  glUniform1i(program_.uniform("u_showChanged"), options.showChanged);
  glUniform1i(program_.uniform("u_roleRule"), static_cast<GLint>(roles.rule));
  glUniform1i(program_.uniform("u_stepno"), static_cast<GLint>(roles.stepno));
  glUniform1i(program_.uniform("u_offset"), static_cast<GLint>(roles.offset));
  glUniform1i(program_.uniform("u_runLength"), static_cast<GLint>(roles.runLength));
  glUniform1i(program_.uniform("u_distance"), static_cast<GLint>(roles.distance));
  glUniform1i(program_.uniform("u_parity"), static_cast<GLint>(roles.parity));
  glUniform3i(program_.uniform("u_tint"), options.tintMin, options.tintMax, options.tintIdle);
  glUniform1f(program_.uniform("u_opacity"), std::clamp(options.opacity, 0.0f, 1.0f));
  triangle_.draw(target_, w, h);
}

Image StateDisplay::readBack(std::uint32_t rows) const {
  Image image;
  image.width = picture_.width();
  image.height = std::min(rows, picture_.height());
  image.channels = 4;
  image.rgba.resize(image.pixelCount() * 4);
  gl::readTexels(target_, image.width, image.height, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
  return image;
}

}  // namespace texsort
