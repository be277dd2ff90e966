// The GPU side of a sort: one program per pass kind, one draw per pass, ping-ponged textures.
#include "sort/gpu_sorter.h"

#include <chrono>

#include "error.h"
#include "shaders/embedded.h"

namespace texsort {
namespace {

constexpr std::size_t kCopyProgram = 10;

// By PassKind, then the copy program.
const char* fragmentName(std::size_t kind) {
  static const char* names[] = {"bitonic.frag",      "bitonic_legacy.frag", "oddeven_merge.frag", "transposition.frag",
                                "radix_flags.frag",  "radix_scan.frag",     "radix_gather.frag",  "fast_pack.frag",
                                "fast_bitonic.frag", "fast_gather.frag",    "copy.frag"};
  return names[kind];
}

const char* fragmentSource(std::size_t kind) {
  static const char* const* sources[] = {
      &shaders::kShader_bitonic_frag,       &shaders::kShader_bitonic_legacy_frag, &shaders::kShader_oddeven_merge_frag,
      &shaders::kShader_transposition_frag, &shaders::kShader_radix_flags_frag,    &shaders::kShader_radix_scan_frag,
      &shaders::kShader_radix_gather_frag,  &shaders::kShader_fast_pack_frag,      &shaders::kShader_fast_bitonic_frag,
      &shaders::kShader_fast_gather_frag,   &shaders::kShader_copy_frag};
  return *sources[kind];
}

bool writesScan(PassKind kind) { return kind == PassKind::RadixFlags || kind == PassKind::RadixScanStep; }
bool usesScan(PassKind kind) { return writesScan(kind) || kind == PassKind::RadixGather; }
bool writesCompact(PassKind kind) { return kind == PassKind::FastPack || kind == PassKind::FastBitonic; }
bool readsCompact(PassKind kind) { return kind == PassKind::FastBitonic || kind == PassKind::FastGather; }

}  // namespace

GpuSorter::GpuSorter(std::uint64_t elementCount) {
  if (!isPowerOfTwo(elementCount) || elementCount > kMaxElements) {
    throw Error(ExitCode::Gpu, "GPU sorter: " + std::to_string(elementCount) +
                                   " elements is not a power of two up to 2^24");
  }
  layout_ = TextureLayout::forCount(elementCount);
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  if (layout_.width > static_cast<std::uint32_t>(maxSize)) {
    throw Error(ExitCode::Gpu, "GPU sorter: " + std::to_string(elementCount) + " elements need a " +
                                   std::to_string(layout_.width) + "x" + std::to_string(layout_.height) +
                                   " texture, larger than GL_MAX_TEXTURE_SIZE " + std::to_string(maxSize));
  }
  textures_[0] = gl::Texture(layout_.width, layout_.height, nullptr, "sort state A");
  textures_[1] = gl::Texture(layout_.width, layout_.height, nullptr, "sort state B");
  framebuffers_[0] = gl::Framebuffer(textures_[0], "sort target A", true);
  framebuffers_[1] = gl::Framebuffer(textures_[1], "sort target B", true);
  program(Pass{});  // the bitonic program: compile errors surface here, not mid-sort
}

const gl::Program& GpuSorter::program(const Pass& pass) {
  if (pass.kind == PassKind::FastBitonic) {
    const int shape = fastShape(pass);
    if (shape == 0) throw Error(ExitCode::Gpu, "GPU sorter: fast bitonic pass of an unknown shape: " + describe(pass));
    if (!fastPrograms_[shape]) {
      const std::string define = "#define FAST_SHAPE " + std::to_string(shape) + "\n";
      fastPrograms_[shape] = gl::Program("fullscreen.vert", shaders::kShader_fullscreen_vert, "fast_bitonic.frag",
                                         {shaders::kShader_sort_common_glsl, define.c_str(), shaders::kShader_fast_bitonic_frag});
    }
    return fastPrograms_[shape];
  }
  const auto k = static_cast<std::size_t>(pass.kind);
  if (!programs_[k]) {
    programs_[k] = gl::Program("fullscreen.vert", shaders::kShader_fullscreen_vert, fragmentName(k),
                               {shaders::kShader_sort_common_glsl, fragmentSource(k)});
  }
  return programs_[k];
}

void GpuSorter::upload(const std::vector<Element>& elements) {
  if (elements.size() != layout_.count()) throw Error(ExitCode::Gpu, "GPU sorter: upload of the wrong size");
  current_ = 0;
  lastPassMovedElements_ = false;
  lastPassWroteCompact_ = false;
  glBindTexture(GL_TEXTURE_2D, textures_[0].id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, static_cast<GLsizei>(layout_.width), static_cast<GLsizei>(layout_.height),
                  GL_RGBA, GL_FLOAT, elements.data());
  TEXSORT_GL_CHECK("upload");
}

void GpuSorter::setUniforms(const Pass& pass, const gl::Program& p) const {
  const auto set = [&](const char* name, std::uint64_t value) {
    glUniform1i(p.uniform(name), static_cast<GLint>(value));
  };
  set("u_widthLog2", log2Exact(layout_.width));
  set("u_compactWidthLog2", log2Exact(compactLayout_.width));
  set("u_source", 0);
  set("u_scan", 1);
  set("u_compact", 2);
  switch (pass.kind) {
    case PassKind::BitonicStep:
      set("u_stepno", pass.stepno);
      set("u_offset", pass.offset);
      set("u_stage", pass.stage);
      return;
    case PassKind::BitonicLegacyStep:  // the seed passes floats
      glUniform2f(p.uniform("u_bufInfo"), float(layout_.width), float(layout_.height));
      glUniform1f(p.uniform("u_stepno"), float(pass.stepno));
      glUniform1f(p.uniform("u_offset"), float(pass.offset));
      glUniform1f(p.uniform("u_stage"), float(pass.stage));
      return;
    case PassKind::OddEvenMergeStep:
      set("u_p", pass.stepno);
      set("u_k", pass.offset);
      set("u_count", layout_.count());
      return;
    case PassKind::TranspositionStep:
      set("u_parity", pass.parity);
      set("u_count", layout_.count());
      return;
    case PassKind::RadixFlags: set("u_bit", pass.bit); return;
    case PassKind::RadixScanStep: set("u_distance", pass.offset); return;
    case PassKind::RadixGather:
      set("u_count", layout_.count());
      set("u_countLog2", log2Exact(layout_.count()));
      return;
    case PassKind::FastBitonic:
      set("u_stepno", pass.stepno);
      set("u_offset", pass.offset);
      return;
    case PassKind::FastPack:
    case PassKind::FastGather: return;
  }
}

void GpuSorter::draw(const gl::Framebuffer& target, const TextureLayout& layout) {
  glBindFramebuffer(GL_FRAMEBUFFER, target.id());
  glViewport(0, 0, static_cast<GLsizei>(layout.width), static_cast<GLsizei>(layout.height));
  glBindVertexArray(vertexArray_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
}

void GpuSorter::allocateFor(const Pass& pass) {
  if (usesScan(pass.kind) && !scan_[0]) {
    scan_[0] = gl::Texture(layout_.width, layout_.height, gl::TextureFormat::R32f, nullptr, "radix scan A");
    scan_[1] = gl::Texture(layout_.width, layout_.height, gl::TextureFormat::R32f, nullptr, "radix scan B");
    scanFramebuffers_[0] = gl::Framebuffer(scan_[0], "radix scan target A");
    scanFramebuffers_[1] = gl::Framebuffer(scan_[1], "radix scan target B");
  }
  if (pass.kind == PassKind::FastPack && !compact_[0]) {
    if (layout_.count() < 2) throw Error(ExitCode::Gpu, "GPU sorter: the fast path needs at least 2 elements");
    compactLayout_ = TextureLayout::forCount(layout_.count() / 2);
    compact_[0] = gl::Texture(compactLayout_.width, compactLayout_.height, nullptr, "compact state A");
    compact_[1] = gl::Texture(compactLayout_.width, compactLayout_.height, nullptr, "compact state B");
    compactFramebuffers_[0] = gl::Framebuffer(compact_[0], "compact target A", true);
    compactFramebuffers_[1] = gl::Framebuffer(compact_[1], "compact target B", true);
  }
}

void GpuSorter::prepare(const PassSchedule& schedule) {
  for (const Pass& pass : schedule) {
    program(pass);
    allocateFor(pass);
  }
}

void GpuSorter::runPass(const Pass& pass) {
  const gl::Program& p = program(pass);
  allocateFor(pass);  // the first radix or fast pass brings its buffers (a no-op afterwards)
  glUseProgram(p.id());
  setUniforms(pass, p);
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D, readsCompact(pass.kind) ? compact_[currentCompact_].id() : 0);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, usesScan(pass.kind) ? scan_[currentScan_].id() : 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, textures_[current_].id());
  lastPassMovedElements_ = false;
  lastPassWroteCompact_ = false;
  lastPassReadCompact_ = readsCompact(pass.kind);
  if (writesScan(pass.kind)) {
    draw(scanFramebuffers_[1 - currentScan_], layout_);
    currentScan_ = 1 - currentScan_;
  } else if (writesCompact(pass.kind)) {
    draw(compactFramebuffers_[1 - currentCompact_], compactLayout_);
    currentCompact_ = 1 - currentCompact_;
    lastPassWroteCompact_ = true;
  } else {
    draw(framebuffers_[1 - current_], layout_);
    current_ = 1 - current_;
    lastPassMovedElements_ = true;
  }
  TEXSORT_GL_CHECK("sort pass");
}

double GpuSorter::run(const PassSchedule& schedule) {
  timer_.begin();
  for (const Pass& pass : schedule) runPass(pass);
  timer_.end();
  return timer_.milliseconds();
}

double GpuSorter::copyPass() {
  if (!copyTarget_) {
    copyTarget_ = gl::Texture(layout_.width, layout_.height, nullptr, "copy target");
    copyFramebuffer_ = gl::Framebuffer(copyTarget_, "copy target");
    programs_[kCopyProgram] = gl::Program("fullscreen.vert", shaders::kShader_fullscreen_vert, fragmentName(kCopyProgram),
                                          {shaders::kShader_sort_common_glsl, fragmentSource(kCopyProgram)});
  }
  glUseProgram(programs_[kCopyProgram].id());
  glUniform1i(programs_[kCopyProgram].uniform("u_source"), 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, textures_[current_].id());
  // Timed on the CPU clock between two glFinish calls: llvmpipe's timestamp queries do not bracket
  // a lone draw (it bins the draw and rasterises it at a later flush), so a GPU timer reads ~0.
  glFinish();
  const auto start = std::chrono::steady_clock::now();
  draw(copyFramebuffer_, layout_);
  glFinish();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

namespace {

// Reads a whole framebuffer's texels into `out` (width x height x the format's floats).
void readFramebuffer(const gl::Framebuffer& source, const TextureLayout& layout, GLenum format, float* out) {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, source.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glReadPixels(0, 0, static_cast<GLsizei>(layout.width), static_cast<GLsizei>(layout.height), format, GL_FLOAT, out);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  TEXSORT_GL_CHECK("read back");
}

}  // namespace

std::vector<Element> GpuSorter::readBack() const {
  std::vector<Element> elements(layout_.count());
  readFramebuffer(framebuffers_[current_], layout_, GL_RGBA, reinterpret_cast<float*>(elements.data()));
  return elements;
}

std::vector<float> GpuSorter::readBackCompact() const {
  if (!compact_[0]) return {};
  std::vector<float> compact(layout_.count() * 2);  // two (key, index) pairs per RGBA texel
  readFramebuffer(compactFramebuffers_[currentCompact_], compactLayout_, GL_RGBA, compact.data());
  return compact;
}

std::vector<float> GpuSorter::readBackScan() const {
  if (!scan_[0]) return {};
  std::vector<float> scan(layout_.count());
  readFramebuffer(scanFramebuffers_[currentScan_], layout_, GL_RED, scan.data());
  return scan;
}

}  // namespace texsort
