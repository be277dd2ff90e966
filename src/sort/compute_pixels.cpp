// The compute runner's pixel sort: the source kept in storage buffers (the same bytes as the
// fragment runner's textures), the span, scan and key passes as dispatches of compute_pixel.comp,
// each calling the very function its fragment pass calls, and their state read back and shown.
// The key pass writes the pairs (PixelOrder::intoPairs); the sort is the compute schedule's own
// (ComputeBitonicSteps, SharedBitonicSteps), whose last dispatch writes the image's bytes itself.
// compute-radix's digits sort the same pairs, and its last scatter writes the image's bytes.
#include <algorithm>
#include <cstring>
#include <string>

#include "error.h"
#include "shaders/embedded.h"
#include "sort/bits.h"
#include "sort/compute_runner.h"

namespace texsort {
namespace {

constexpr std::uint64_t kPartTexels = std::uint64_t{1} << 18;  // uploads go a part at a time (4 MiB of texels)

// Zeroes texels first .. end - 1 of a buffer of 4-byte texels, a part at a time.
void zeroTexels(const gl::StorageBuffer& buffer, std::uint64_t first, std::uint64_t end) {
  if (first >= end) return;
  const std::vector<std::uint8_t> zeros(std::min(end - first, kPartTexels) * 4, 0);
  for (; first < end; first += kPartTexels) buffer.write(zeros.data(), std::min(end - first, kPartTexels) * 4, first * 4);
}

// The pixel sort's kernels: compute_pixel.comp's (its KERNEL define: span starts 1, span scan 2,
// key pass 3), and the last sort dispatch into the image (compute_shared.comp, compute_steps.comp
// or compute_radix.comp's scatter with INTO_IMAGE).
enum Kernel : int {
  kNoPixelKernel = 0,
  kSpanStarts = 1,
  kSpanScan = 2,
  kPixelOrder = 3,
  kSharedIntoImage,
  kStepsIntoImage,
  kRadixIntoImage
};

Kernel kernelOf(const Pass& pass) {
  if (std::holds_alternative<SpanStarts>(pass)) return kSpanStarts;
  if (std::holds_alternative<SpanScanStep>(pass)) return kSpanScan;
  if (std::holds_alternative<PixelOrder>(pass)) return kPixelOrder;
  const auto* shared = std::get_if<SharedBitonicSteps>(&pass);
  if (shared != nullptr && shared->pixels != 0) return kSharedIntoImage;
  const auto* steps = std::get_if<ComputeBitonicSteps>(&pass);
  if (steps != nullptr && steps->pixels != 0) return kStepsIntoImage;
  const auto* scatter = std::get_if<RadixScatter>(&pass);
  return scatter != nullptr && scatter->pixels != 0 ? kRadixIntoImage : kNoPixelKernel;
}

// sort_common.glsl without its #version line: compute_pixel.glsl's version and buffers come first.
const char* withoutVersionLine(const char* source) {
  const char* end = std::strchr(source, '\n');
  return end ? end + 1 : source;
}

}  // namespace

bool computePixelPass(const Pass& pass) { return kernelOf(pass) != 0; }

const gl::Program& ComputeRunner::pixelProgram(const Pass& pass) {
  const Kernel kernel = kernelOf(pass);
  if (kernel == kNoPixelKernel) throw Error(ExitCode::Gpu, std::string("GPU sorter: ") + traitsOf(pass).kind + " is no pixel pass");
  std::string defines = "#define KERNEL " + std::to_string(kernel) + "\n";
  if (const auto* starts = std::get_if<SpanStarts>(&pass)) defines += spanStartsDefines(*starts);
  if (const auto* order = std::get_if<PixelOrder>(&pass)) defines += pixelOrderDefines(*order);
  if (const auto* shared = std::get_if<SharedBitonicSteps>(&pass)) {
    defines += sharedStepsDefines(*shared, elementCount()) + "#define INTO_IMAGE\n";
  }
  if (const auto* steps = std::get_if<ComputeBitonicSteps>(&pass)) defines += computeStepsDefines(*steps) + "#define INTO_IMAGE\n";
  if (kernel == kRadixIntoImage) defines += radixDefines(pass) + "#define INTO_IMAGE\n";
  const bool readsSource = passReads(pass) & bufferBit(Buffer::Source);
  if (readsSource) defines += sourceDefines(sourceShape_);
  gl::Program& p = programs_["compute_pixel.comp\n" + defines];
  if (!p) {
    const char* passShader = kernel == kSpanStarts ? shaders::kShader_span_starts_frag
                             : kernel == kSpanScan ? shaders::kShader_span_scan_frag
                                                   : "";
    p = gl::Program::compute("compute_pixel.comp",
                             {"#version 430 core\n", kernel == kRadixIntoImage ? "#define COUNTS_AT_ELEMENTS\n" : "",
                              shaders::kShader_compute_pixel_glsl,
                              withoutVersionLine(shaders::kShader_sort_common_glsl), defines.c_str(),
                              readsSource ? shaders::kShader_pixel_source_glsl : "",
                              kernel == kPixelOrder ? shaders::kShader_pixel_order_glsl : "", passShader,
                              kernel == kSharedIntoImage  ? shaders::kShader_compute_shared_comp
                              : kernel == kStepsIntoImage ? shaders::kShader_compute_steps_comp
                              : kernel == kRadixIntoImage ? shaders::kShader_compute_radix_comp
                                                          : shaders::kShader_compute_pixel_comp});
    gl::bindBlocks(p, {&commonBlockLayout(), &pixelRunBlockLayout(), stepBlock(pass, elementCount()).layout,
                       &orderBlockLayout()});
  }
  return p;
}

void ComputeRunner::dispatchPixelPass(const Pass& pass, const gl::Program& p) {
  if (!source_) throw Error(ExitCode::Gpu, "GPU sorter: no pixel source uploaded");
  const std::uint64_t n = elementCount();
  const Kernel kernel = kernelOf(pass);
  const bool intoImage = kernel == kSharedIntoImage || kernel == kStepsIntoImage;
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindSource, source_.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindMaps, (maps_ ? maps_ : source_).id());  // unread without maps
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindSpansIn, spans_[currentSpans_].id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindSpansOut, spans_[1 - currentSpans_].id());
  if (intoImage && !pixels_) {  // zero past the image, where no pass writes
    pixels_ = gl::StorageBuffer(n * 4, nullptr, "sorted pixels");
    zeroTexels(pixels_, 0, n);
  }
  if (kernel == kPixelOrder && passWrites(pass) == Buffer::Elements) {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindElements, elementBuffer().id());
  }
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindPairs, (pairs_ ? pairs_ : source_).id());  // unread without pairs
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindTarget, (intoImage ? pixels_ : source_).id());
  if (intoImage) {
    dispatchSortSteps(p, pass);
  } else {
    dispatch(p, (pixelInvocations(pass, n) + 63) / 64);  // compute_pixel.comp's 64 invocations a workgroup
  }
  if (kernel == kSpanStarts || kernel == kSpanScan) currentSpans_ = 1 - currentSpans_;
  const Buffer writes = passWrites(pass);
  written_ |= bufferBit(writes);
  shown_ = writes;
  hasPrevious_ = false;
  TEXSORT_GL_CHECK("compute pixel pass");
}

// compute-radix's last scatter of the pixel sort (RadixScatter with pixels): the pairs' pixel bytes
// into the picture, with the counts at the Elements binding (compute_radix.comp, INTO_IMAGE).
void ComputeRunner::dispatchRadixIntoImage(const gl::Program& p, std::uint64_t workgroups) {
  if (!source_) throw Error(ExitCode::Gpu, "GPU sorter: no pixel source uploaded");
  const std::uint64_t n = elementCount();
  if (!pixels_) {  // zero past the image, where no pass writes
    pixels_ = gl::StorageBuffer(n * 4, nullptr, "sorted pixels");
    zeroTexels(pixels_, 0, n);
  }
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindElements, counts_.id());  // COUNTS_AT_ELEMENTS
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindPairs, pairs().id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindTarget, pixels_.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindSource, source_.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindMaps, (maps_ ? maps_ : source_).id());  // unread without maps
  dispatch(p, workgroups);
  written_ |= bufferBit(Buffer::Pixels);
  shown_ = Buffer::Pixels;
  hasPrevious_ = false;
  TEXSORT_GL_CHECK("compute radix into the image");
}

void ComputeRunner::startSource(const SourceShape& shape) {
  const bool fits = shape.axis == LineAxis::None || log2Exact(elementCount()) >= shape.lineBits;
  if (shape.pixelCount() > elementCount() || !fits) throw Error(ExitCode::Gpu, "GPU sorter: a pixel source of another shape");
  sourceShape_ = shape;
  const std::uint64_t n = elementCount();
  if (!source_) source_ = gl::StorageBuffer(n * 4, nullptr, "pixel source");
  if (shape.maps() && !maps_) maps_ = gl::StorageBuffer(n * 8, nullptr, "pixel maps");
  if (!shape.maps()) maps_ = gl::StorageBuffer();
  for (gl::StorageBuffer& words : spans_) {
    if (!words) words = gl::StorageBuffer(spanWordCount(n) * 8, nullptr, "span words");
  }
}

void ComputeRunner::uploadSource(const std::vector<PixelTexel>& texels, const SourceShape& shape) {
  if (texels.size() != elementCount()) throw Error(ExitCode::Gpu, "GPU sorter: pixel source of the wrong size");
  uploadSource([&](std::uint64_t first, std::uint64_t count, PixelTexel* out) {
    std::copy_n(texels.begin() + static_cast<std::ptrdiff_t>(first), count, out);
  }, shape);
}

void ComputeRunner::uploadSource(const SourceFill& fill, const SourceShape& shape) {
  startSource(shape);
  const std::uint64_t n = elementCount(), partSize = std::min(n, kPartTexels);
  std::vector<PixelTexel> part(partSize);
  std::vector<std::uint8_t> bytes(partSize * 4);
  std::vector<std::uint32_t> maps(shape.maps() ? partSize * 2 : 0);
  for (std::uint64_t first = 0; first < n; first += partSize) {
    const std::uint64_t count = std::min(partSize, n - first);
    fill(first, count, part.data());
    encodeSourceTexels(part.data(), first, count, shape, bytes.data(), maps.empty() ? nullptr : maps.data());
    source_.write(bytes.data(), count * 4, first * 4);
    if (!maps.empty()) maps_.write(maps.data(), count * 8, first * 8);
  }
  TEXSORT_GL_CHECK("upload");
  restartFromSource();
}

void ComputeRunner::uploadSourceBytes(const std::uint8_t* rgba, const SourceShape& shape) {
  if (shape.maps()) throw Error(ExitCode::Gpu, "GPU sorter: a pixel source with maps needs its texels");
  startSource(shape);
  const std::uint64_t n = elementCount(), pixels = shape.pixelCount();
  source_.write(rgba, pixels * 4);
  zeroTexels(source_, pixels, n);  // the padding's bytes
  TEXSORT_GL_CHECK("upload");
  restartFromSource();
}

void ComputeRunner::uploadSourcePixels(GLuint framebuffer) {
  if (!source_) throw Error(ExitCode::Gpu, "GPU sorter: no pixel source uploaded to replace");
  gl::packPixels(framebuffer, sourceShape_.width, sourceShape_.height, source_.id());  // the padding stays zero
  TEXSORT_GL_CHECK("upload");
  restartFromSource();
}

void ComputeRunner::restartFromSource() {
  if (!source_) throw Error(ExitCode::Gpu, "GPU sorter: no pixel source uploaded");
  written_ = bufferBit(Buffer::Source);
  current_ = 0;
  currentSpans_ = 0;
  hasPrevious_ = false;
  shown_ = Buffer::Elements;
  prepared_.restart();
}

std::vector<PixelTexel> ComputeRunner::readSource() const {
  const std::uint64_t n = elementCount();
  std::vector<std::uint8_t> bytes(n * 4);
  source_.read(bytes.data(), bytes.size());
  std::vector<std::uint32_t> maps(maps_ ? n * 2 : 0);
  if (maps_) maps_.read(maps.data(), maps.size() * 4);
  return decodeSourceTexels(bytes.data(), maps.empty() ? nullptr : maps.data(), n, sourceShape_);
}

std::vector<std::uint8_t> ComputeRunner::readPixelBytes(std::uint64_t count, std::vector<std::uint8_t> bytes) {
  if (count > elementCount()) throw Error(ExitCode::Gpu, "GPU sorter: more pixels asked for than there are elements");
  if (!(written_ & bufferBit(Buffer::Pixels))) throw Error(ExitCode::Gpu, "GPU sorter: no pixel sort has run to its end");
  bytes.resize(count * 4);
  pixels_.read(bytes.data(), bytes.size());
  return bytes;
}

std::vector<std::uint32_t> ComputeRunner::readSpanWords() const {
  if (!(written_ & bufferBit(Buffer::Spans))) return {};
  std::vector<std::uint32_t> words(spanWordCount(elementCount()) * 2);
  spans_[currentSpans_].read(words.data(), words.size() * 4);
  return words;
}

// The pixel sort's buffers as the fragment runner's textures, for the viewer.
void ComputeRunner::viewPixels(StateView& v) const {
  v.spansLayout = TextureLayout::forCount(spanWordCount(elementCount()));
  if (!(written_ & bufferBit(Buffer::Source))) return;
  source_.copyInto(sourceTexture_, layout_.width, layout_.height, gl::TextureFormat::Rgba8ui, "pixel source (view)");
  v.pixels = &sourceTexture_;
  if (maps_) {
    maps_.copyInto(mapsTexture_, layout_.width, layout_.height, gl::TextureFormat::Rg32ui, "pixel maps (view)");
    v.pixelMaps = &mapsTexture_;
  }
  v.sourceShape = sourceShape_;
  if (written_ & bufferBit(Buffer::Spans)) {
    spans_[currentSpans_].copyInto(spansTexture_, v.spansLayout.width, v.spansLayout.height, gl::TextureFormat::Rg32ui,
                                   "span words (view)");
    v.spans = &spansTexture_;
  }
  if (shown_ == Buffer::Spans || v.current == nullptr) v.current = v.spans ? v.spans : v.pixels;
  if (shown_ == Buffer::Pixels) {
    pixels_.copyInto(pixelsTexture_, layout_.width, layout_.height, gl::TextureFormat::Rgba8ui, "sorted pixels (view)");
    v.current = &pixelsTexture_;
  }
}

}  // namespace texsort
