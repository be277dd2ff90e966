// The fragment runner: one program per pass kind (and fused shape), one draw per pass.
#include "sort/fragment_runner.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <string>

#include "error.h"
#include "shaders/embedded.h"
#include "sort/bits.h"
#include "sort/wide_layout.h"

namespace texsort {
namespace {

// Each buffer's texture: its texture unit is its Buffer value, bound to the sampler named here.
struct BufferSpec {
  Buffer buffer;
  const char* sampler;
  gl::TextureFormat format;
  GLenum readFormat;
  const char* textureLabel;
  const char* targetLabel;
  gl::Halves halves;  // One: only uploaded and read, never a pass's target
};
constexpr BufferSpec kBufferSpecs[] = {
    {Buffer::Elements, "u_source", gl::TextureFormat::Rgba32f, GL_RGBA, "sort state", "sort target", gl::Halves::Two},
    {Buffer::Scan, "u_scan", gl::TextureFormat::R32f, GL_RED, "radix scan", "radix scan target", gl::Halves::Two},
    {Buffer::Compact, "u_compact", gl::TextureFormat::Rgba32f, GL_RGBA, "compact state", "compact target", gl::Halves::Two},
    {Buffer::Wide, "u_wide", gl::TextureFormat::Rgba32f, GL_RGBA, "wide state", "wide target", gl::Halves::Two},
    {Buffer::Source, "u_pixels", gl::TextureFormat::Rgba8ui, GL_RGBA_INTEGER, "pixel source", "pixel source read-back",
     gl::Halves::One},
    {Buffer::Spans, "u_spans", gl::TextureFormat::Rg32ui, GL_RG_INTEGER, "span words", "span words target", gl::Halves::Two},
    {Buffer::Pixels, "u_bytes", gl::TextureFormat::Rgba8ui, GL_RGBA_INTEGER, "pixel-sorted image", "its target",
     gl::Halves::One},
    {Buffer::Maps, "u_pixelMaps", gl::TextureFormat::Rg32ui, GL_RG_INTEGER, "pixel maps", "pixel maps read-back",
     gl::Halves::One},
    {Buffer::Groups, "u_groups", gl::TextureFormat::Rgba32ui, GL_RGBA_INTEGER, "pixel-sorted lines", "their targets",
     gl::Halves::One},
};
constexpr bool specsInBufferOrder() {
  for (std::size_t b = 0; b < std::size(kBufferSpecs); ++b)
    if (static_cast<std::size_t>(kBufferSpecs[b].buffer) != b) return false;
  return std::size(kBufferSpecs) == kBufferCount;
}
static_assert(specsInBufferOrder(), "one spec per Buffer, in the enumerators' order");
const BufferSpec& spec(Buffer b) { return kBufferSpecs[static_cast<std::size_t>(b)]; }

// The fragment shader `shader` after sort_common.glsl, the defines and, for the passes that read
// the pixel sort's source (SOURCE_AXIS defined), pixel_source.glsl, and for those that make its
// elements (PIXEL_KEY defined), pixel_order.glsl.
gl::Program makeProgram(const char* shader, const std::string& defines) {
  const char* source = shaders::source(shader);
  if (source == nullptr) throw Error(ExitCode::Gpu, std::string("GPU runner: no embedded shader ") + shader);
  const bool pixelSource = defines.find("#define SOURCE_AXIS ") != std::string::npos;
  const bool pixelOrder = defines.find("#define PIXEL_KEY ") != std::string::npos;
  gl::Program program("fullscreen.vert", shaders::kShader_fullscreen_vert, shader,
                      {shaders::kShader_sort_common_glsl, defines.c_str(),
                       pixelSource ? shaders::kShader_pixel_source_glsl : "",
                       pixelOrder ? shaders::kShader_pixel_order_glsl : "", source});
  glUseProgram(program.id());
  for (const BufferSpec& b : kBufferSpecs) glUniform1i(program.uniform(b.sampler), static_cast<GLint>(b.buffer));
  return program;
}

// pixel_order.glsl's choices, one program each: the key, and whether spans are cut into pieces or
// some left whole (an integer division and a hash per element that llvmpipe would pay for always).
std::string pixelOrderDefines(const PixelOrder& order) {
  return "#define PIXEL_KEY " + std::to_string(order.key) + "\n" + (order.maxSpan > 0 ? "#define PIXEL_PIECES\n" : "") +
         (order.skipPercent > 0 ? "#define PIXEL_SKIP\n" : "");
}

// The wide pass's program: its steps as calls of wide_bitonic.frag's step0 .. step3 (the window's
// lowest bit .. its highest), each with the stepno of its merge, and where it reads from.
std::string wideDefines(const WideBitonicSteps& pass) {
  std::string steps;
  for (const BitonicStep& s : wideSteps(pass)) {
    const std::uint32_t bit = s.rank - s.step;
    if (bit >= 32 || !((pass.window >> bit) & 1u) || s.rank - pass.firstRank >= 4) {
      throw Error(ExitCode::Gpu, "GPU sorter: wide bitonic steps outside their window: " + describe(Pass{pass}));
    }
    const auto below = __builtin_popcount(pass.window & ((1u << bit) - 1));
    steps += "step" + std::to_string(below) + "(u_stepnos[" + std::to_string(s.rank - pass.firstRank) + "]); ";
  }
  std::string from;
  if (pass.source == kWideFromElements) from = "#define WIDE_FROM_ELEMENTS\n";
  if (pass.source == kWideFromPixels) {
    if (pass.window != kWideLowWindow) {  // pixelOrderElements16 makes 16 consecutive elements
      throw Error(ExitCode::Gpu, "GPU sorter: wide steps from the pixels need window bits 0-3: " + describe(Pass{pass}));
    }
    from = "#define WIDE_FROM_PIXELS\n" + pixelOrderDefines(pass.order);
  }
  return from + "#define WIDE_STEPS " + steps + "\n";
}

}  // namespace

FragmentRunner::FragmentRunner(std::uint64_t elementCount) {
  if (!isPowerOfTwo(elementCount) || elementCount > kMaxElements) {
    throw Error(ExitCode::Gpu, "GPU sorter: " + std::to_string(elementCount) + " elements is not a power of two up to 2^28");
  }
  const TextureLayout layout = TextureLayout::forCount(elementCount);
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  if (layout.width > static_cast<std::uint32_t>(maxSize)) {
    throw Error(ExitCode::Gpu, "GPU sorter: " + std::to_string(elementCount) + " elements need a " +
                                   std::to_string(layout.width) + "x" + std::to_string(layout.height) +
                                   " texture, larger than GL_MAX_TEXTURE_SIZE " + std::to_string(maxSize));
  }
  layouts_[static_cast<std::size_t>(Buffer::Elements)] = layout;
  layouts_[static_cast<std::size_t>(Buffer::Scan)] = layout;
  layouts_[static_cast<std::size_t>(Buffer::Source)] = layout;
  layouts_[static_cast<std::size_t>(Buffer::Pixels)] = layout;
  layouts_[static_cast<std::size_t>(Buffer::Maps)] = layout;
  layouts_[static_cast<std::size_t>(Buffer::Spans)] =
      TextureLayout::forCount(std::max<std::uint64_t>(1, elementCount / kSpanWordBits));
  program(BitonicStep{});  // compile errors surface here, not mid-sort
}

void FragmentRunner::allocate(Buffer buffer, gl::Halves halves) {
  gl::PingPong& p = pair(buffer);
  if (spec(buffer).halves == gl::Halves::One) halves = gl::Halves::One;
  if (p && (p.halves() == gl::Halves::Two || halves == gl::Halves::One)) return;
  if (buffer == Buffer::Compact) {
    if (elementCount() < 2) throw Error(ExitCode::Gpu, "GPU sorter: the fast path needs at least 2 elements");
    layouts_[static_cast<std::size_t>(Buffer::Compact)] = TextureLayout::forCount(elementCount() / 2);
  }
  if (buffer == Buffer::Wide || buffer == Buffer::Groups) {
    if (elementCount() < (1u << kWideGroupLog2)) throw Error(ExitCode::Gpu, "GPU sorter: the wide path needs at least 16 elements");
    layouts_[static_cast<std::size_t>(buffer)] = TextureLayout::forCount(elementCount() >> kWideGroupLog2);
  }
  const TextureLayout& l = layoutOf(buffer);
  const std::uint32_t layers = buffer == Buffer::Wide ? kWideLayers : buffer == Buffer::Groups ? kGroupLayers : 0;
  p = gl::PingPong();  // a single half that now needs two: freed first
  p = gl::PingPong(l.width, l.height, spec(buffer).format, spec(buffer).textureLabel, spec(buffer).targetLabel, layers,
                   halves);
}

const gl::Program& FragmentRunner::program(const Pass& pass) {
  if (traitsOf(pass).compute) {
    throw Error(ExitCode::Gpu, std::string("GPU sorter: ") + traitsOf(pass).kind +
                                   " is a compute dispatch; the fragment runner does not run it");
  }
  // Fused and wide steps get one program per shape: llvmpipe runs every side of a branch, uniform or not.
  std::string defines;
  if (const auto* fused = std::get_if<FusedBitonicSteps>(&pass)) {
    const int shape = static_cast<int>(fusedShape(*fused));
    if (shape == 0) throw Error(ExitCode::Gpu, "GPU sorter: fused bitonic steps of an unknown shape: " + describe(pass));
    defines = "#define FAST_SHAPE " + std::to_string(shape) + "\n";
  }
  if (const auto* wide = std::get_if<WideBitonicSteps>(&pass)) defines = wideDefines(*wide);
  if (const auto* starts = std::get_if<SpanStarts>(&pass)) defines = "#define INTERVALS " + std::to_string(starts->intervals) + "\n";
  if (const auto* order = std::get_if<PixelOrder>(&pass)) defines = pixelOrderDefines(*order);
  if (passWrites(pass) == Buffer::Pixels) defines += "#define INTO_IMAGE\n";  // the pixel sort's bytes: a uvec4 output
  if (passWrites(pass) == Buffer::Groups) defines += "#define INTO_GROUPS\n";
  if (passReads(pass) & bufferBit(Buffer::Source)) defines += sourceDefines(sourceShape_);
  gl::Program& p = programs_[{pass.index(), defines}];
  if (!p) p = makeProgram(traitsOf(pass).shader, defines);
  return p;
}

void FragmentRunner::resetState(unsigned uploaded) {
  written_ = uploaded;
  lastReads_ = lastWrites_ = 0;
  lastPassWide_ = false;
  shown_ = shownBefore_ = Buffer::Elements;
}

void FragmentRunner::uploadInto(Buffer buffer, const void* texels) {
  gl::PingPong& p = pair(buffer);
  p.resetFront();
  glBindTexture(GL_TEXTURE_2D, p.front().id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, static_cast<GLsizei>(layout().width), static_cast<GLsizei>(layout().height),
                  GL_RGBA, GL_FLOAT, texels);
  TEXSORT_GL_CHECK("upload");
}

void FragmentRunner::upload(const std::vector<Element>& elements) {
  if (elements.size() != elementCount()) throw Error(ExitCode::Gpu, "GPU sorter: upload of the wrong size");
  allocate(Buffer::Elements);
  resetState(bufferBit(Buffer::Elements));
  uploadInto(Buffer::Elements, elements.data());
}

void FragmentRunner::restartFromSource() {
  if (!pair(Buffer::Source)) throw Error(ExitCode::Gpu, "GPU sorter: no pixel source uploaded");
  // The elements, if a pass makes them (not on the wide path), come with prepare() or that pass.
  if (pair(Buffer::Elements)) pair(Buffer::Elements).resetFront();
  resetState(bufferBit(Buffer::Source));
}

void FragmentRunner::uploadSource(const std::vector<PixelTexel>& texels, const SourceShape& shape) {
  if (texels.size() != elementCount()) throw Error(ExitCode::Gpu, "GPU sorter: pixel source of the wrong size");
  uploadSource([&](std::uint64_t first, std::uint64_t count, PixelTexel* out) {
    std::copy_n(texels.begin() + static_cast<std::ptrdiff_t>(first), count, out);
  }, shape);
}

void FragmentRunner::startSource(const SourceShape& shape) {
  const bool fits = shape.axis == LineAxis::None || log2Exact(elementCount()) >= shape.lineBits;
  if (shape.pixelCount() > elementCount() || !fits) {
    throw Error(ExitCode::Gpu, "GPU sorter: a pixel source of another shape");
  }
  sourceShape_ = shape;
  allocate(Buffer::Source);
  if (shape.maps()) allocate(Buffer::Maps);
  else pair(Buffer::Maps) = gl::PingPong();
}

void FragmentRunner::uploadSourceBytes(const std::uint8_t* rgba, const SourceShape& shape) {
  if (shape.maps()) throw Error(ExitCode::Gpu, "GPU sorter: a pixel source with maps needs its texels");
  startSource(shape);
  // Whole texture rows straight from the pixels; the row they end in and the rows after it, zero
  // past the last pixel, a part at a time.
  const std::uint32_t width = layout().width, height = layout().height;
  const auto fullRows = static_cast<std::uint32_t>(shape.pixelCount() / width);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D, pair(Buffer::Source).front().id());
  if (fullRows > 0) {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, static_cast<GLsizei>(width), static_cast<GLsizei>(fullRows),
                    GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, rgba);
  }
  if (fullRows < height) {
    const std::uint32_t rows = std::max<std::uint32_t>(1, std::min(height - fullRows, (std::uint32_t{1} << 18) / width));
    std::vector<std::uint8_t> part(std::uint64_t{rows} * width * 4, 0);
    const std::uint64_t rest = shape.pixelCount() - std::uint64_t{fullRows} * width;
    std::copy_n(rgba + std::uint64_t{fullRows} * width * 4, rest * 4, part.begin());
    for (std::uint32_t y = fullRows; y < height; y += rows) {
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, static_cast<GLint>(y), static_cast<GLsizei>(width),
                      static_cast<GLsizei>(std::min(rows, height - y)), GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, part.data());
      if (y == fullRows) std::fill_n(part.begin(), rest * 4, std::uint8_t{0});
    }
  }
  TEXSORT_GL_CHECK("upload");
  restartFromSource();
}

void FragmentRunner::uploadSource(const SourceFill& fill, const SourceShape& shape) {
  startSource(shape);
  // Parts of whole texture rows, about 4 MiB of texels each: the host never holds the whole source.
  // Each texel's colour and alpha go to the bytes; the rest, where kept, to the maps.
  const std::uint32_t width = layout().width, height = layout().height;
  const std::uint32_t rows = std::max<std::uint32_t>(1, std::min(height, (std::uint32_t{1} << 18) / width));
  std::vector<PixelTexel> part(std::uint64_t{rows} * width);
  std::vector<std::uint8_t> bytes(part.size() * 4);
  std::vector<std::uint32_t> maps(shape.maps() ? part.size() * 2 : 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  for (std::uint32_t y = 0; y < height; y += rows) {
    const std::uint32_t n = std::min(rows, height - y);
    const std::uint64_t first = std::uint64_t{y} * width, count = std::uint64_t{n} * width;
    fill(first, count, part.data());
    for (std::uint64_t t = 0; t < count; ++t) {
      const PixelTexel& texel = part[t];
      const auto rgb = static_cast<std::uint32_t>(texel.rgb), alphaMask = static_cast<std::uint32_t>(texel.alphaMask);
      bytes[4 * t] = static_cast<std::uint8_t>(rgb >> 16);
      bytes[4 * t + 1] = static_cast<std::uint8_t>(rgb >> 8);
      bytes[4 * t + 2] = static_cast<std::uint8_t>(rgb);
      bytes[4 * t + 3] = static_cast<std::uint8_t>(alphaMask);
      if (!maps.empty()) {
        maps[2 * t] = static_cast<std::uint32_t>(texel.pixel);
        const bool pixel = first + t < shape.pixelCount();
        maps[2 * t + 1] = static_cast<std::uint32_t>(texel.element) |
                          (pixel && (alphaMask & kMaskAllowsFlag) ? kMapsMaskBit : 0) |
                          (pixel && (alphaMask & kLineStartFlag) ? kMapsLineStartBit : 0);
      }
    }
    glBindTexture(GL_TEXTURE_2D, pair(Buffer::Source).front().id());
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, static_cast<GLint>(y), static_cast<GLsizei>(width), static_cast<GLsizei>(n),
                    GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, bytes.data());
    if (!maps.empty()) {
      glBindTexture(GL_TEXTURE_2D, pair(Buffer::Maps).front().id());
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, static_cast<GLint>(y), static_cast<GLsizei>(width), static_cast<GLsizei>(n),
                      GL_RG_INTEGER, GL_UNSIGNED_INT, maps.data());
    }
  }
  TEXSORT_GL_CHECK("upload");
  restartFromSource();
}

void FragmentRunner::setUniforms(const Pass& pass, const gl::Program& p) const {
  const auto set = [&](const char* name, std::uint64_t value) { glUniform1i(p.uniform(name), static_cast<GLint>(value)); };
  const auto setFloat = [&](const char* name, std::uint64_t value) { glUniform1f(p.uniform(name), float(value)); };
  const auto setWindow = [&](const char* name, std::uint32_t window) {  // a wide window's bits, an ivec4
    const std::array<int, kWideGroupLog2> bits = wideWindowBits(window);
    glUniform4i(p.uniform(name), bits[0], bits[1], bits[2], bits[3]);
  };
  set("u_widthLog2", log2Exact(layout().width));
  set("u_spansWidthLog2", log2Exact(layoutOf(Buffer::Spans).width));
  set("u_compactWidthLog2", log2Exact(layoutOf(Buffer::Compact).width));
  set("u_wideWidthLog2", log2Exact(layoutOf(Buffer::Wide).width));
  set("u_count", elementCount());
  set("u_countLog2", log2Exact(elementCount()));
  set("u_indexHighBits", indexHighBits(elementCount()));
  setSourceUniforms(p, sourceShape_);  // the pixel source's maps (passes that read no source have none)
  const auto setPixelOrder = [&](const PixelOrder& s) {  // pixel_order.glsl's uniforms
    glUniform1ui(p.uniform("u_maxKey"), s.maxKey);
    set("u_keyBits", s.keyBits);
    set("u_descending", s.descending);
    glUniform1ui(p.uniform("u_maxSpan"), s.maxSpan);
    glUniform1ui(p.uniform("u_skipPercent"), s.skipPercent);
    glUniform1ui(p.uniform("u_seed"), s.seed);
    set("u_lineBits", s.lineBits);
  };
  // The kind's own uniforms carry its fields' names.
  std::visit(Overloaded{
                 [&](const BitonicStep& s) {
                   set("u_stepno", s.stepno);
                   set("u_offset", s.offset);
                   set("u_stage", s.stage());
                 },
                 [&](const BitonicLegacyStep& legacy) {  // the seed passes floats, and the buffer size
                   glUniform2f(p.uniform("u_bufInfo"), float(layout().width), float(layout().height));
                   setFloat("u_stepno", legacy.step.stepno);
                   setFloat("u_offset", legacy.step.offset);
                   setFloat("u_stage", legacy.step.stage());
                 },
                 [&](const OddEvenMergeStep& s) {
                   set("u_runLength", s.runLength);
                   set("u_distance", s.distance);
                 },
                 [&](const TranspositionRound& s) { set("u_parity", s.parity); },
                 [&](const RadixFlags& s) { set("u_bit", s.bit); },
                 [&](const RadixScanStep& s) { set("u_distance", s.distance); },
                 [&](const RadixGather&) {},
                 [&](const PackCompact&) {},
                 [&](const FusedBitonicSteps& s) {
                   set("u_stepno", s.stepno);
                   set("u_offset", s.offset);
                 },
                 [&](const GatherByIndex& s) {
                   set("u_positionBits", s.positionBits);
                   set("u_pixelCount", s.pixels);
                 },
                 [&](const ComputeBitonicSteps&) {},  // refused by program(): compute dispatches
                 [&](const SharedBitonicSteps&) {},
                 [&](const WideBitonicSteps& s) {
                   set("u_positionBits", s.positionBits);
                   setWindow("u_window", s.window);
                   const bool fromLayers = s.source != kWideFromElements && s.source != kWideFromPixels;
                   setWindow("u_sourceWindow", fromLayers ? s.source : kWideLowWindow);
                   if (s.source == kWideFromPixels) setPixelOrder(s.order);
                   for (std::uint32_t rank = s.firstRank; rank <= s.lastRank; ++rank) {
                     const std::string name = "u_stepnos[" + std::to_string(rank - s.firstRank) + "]";
                     set(name.c_str(), rank == s.lastRank ? s.stepno : 2u << rank);
                   }
                 },
                 [&](const WideGather& s) {
                   setWindow("u_window", s.window);
                   set("u_positionBits", s.positionBits);
                   set("u_pixelCount", s.pixels);
                 },
                 [&](const SpanStarts& s) {
                   set("u_lowest", s.lowest);
                   set("u_highest", s.highest);
                   glUniform1ui(p.uniform("u_spanLength"), s.spanLength);
                   glUniform1ui(p.uniform("u_seed"), s.seed);
                   set("u_imageWidth", s.width);
                   set("u_imageHeight", s.height);
                   set("u_lineBits", s.lineBits);
                 },
                 [&](const SpanScanStep& s) {
                   set("u_distance", s.distance);
                   set("u_lineBits", s.lineBits);
                 },
                 [&](const PixelOrder& s) { setPixelOrder(s); },
                 [&](const ImageOrder& s) { set("u_pixelCount", s.pixels); },
             },
             pass);
}

void FragmentRunner::prepare(const PassSchedule& schedule, const SourceShape& source) {
  if (schedule.shape.count() != elementCount()) throw Error(ExitCode::Gpu, "GPU sorter: the schedule is for another size");
  sourceShape_ = source;  // uploadSource() sets it again; programs for another shape are made then
  // A buffer that no pass reads while writing it gets one half (the pixel sort's elements on the
  // fast path: written by the key pass, read by the pack; the pixel sort's result).
  unsigned readWhileWritten = 0;
  for (const Pass& pass : schedule) readWhileWritten |= passReads(pass) & bufferBit(passWrites(pass));
  unsigned used = 0;
  for (const Pass& pass : schedule) {
    program(pass);
    used |= passReads(pass) | bufferBit(passWrites(pass));
  }
  for (std::size_t b = 0; b < kBufferCount; ++b) {  // in Buffer order; the source comes with uploadSource() alone
    const bool uploaded = static_cast<Buffer>(b) == Buffer::Source || static_cast<Buffer>(b) == Buffer::Maps;
    if (!(used & (1u << b)) || uploaded) continue;
    allocate(static_cast<Buffer>(b), readWhileWritten & (1u << b) ? gl::Halves::Two : gl::Halves::One);
  }
}

void FragmentRunner::runPass(const Pass& pass) {
  const PassTraits& t = traitsOf(pass);
  const Buffer writes = passWrites(pass);
  const gl::Program& p = program(pass);
  allocate(writes);  // the first radix or fast pass brings its buffers (a no-op afterwards)
  if ((passReads(pass) & bufferBit(writes)) && pair(writes).halves() == gl::Halves::One) {
    throw Error(ExitCode::Gpu, std::string("GPU sorter: ") + t.kind + " reads the buffer it writes, prepared with one half " +
                                   "for another schedule; prepare() this one");
  }
  glUseProgram(p.id());
  setUniforms(pass, p);
  unsigned reads = passReads(pass);
  if (reads & bufferBit(Buffer::Source)) reads |= bufferBit(Buffer::Maps);  // where it has them
  for (std::size_t b = kBufferCount; b-- > 0;) {  // unit 0 last: it stays the active one
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(b));
    const bool bound = (reads & (1u << b)) && buffers_[b];
    glBindTexture(b == static_cast<std::size_t>(Buffer::Wide) ? GL_TEXTURE_2D_ARRAY : GL_TEXTURE_2D,
                  bound ? buffers_[b].front().id() : 0);
  }
  gl::PingPong& target = pair(writes);
  const TextureLayout& l = layoutOf(writes);
  triangle_.draw(target.backTarget(), l.width, l.height);
  target.swap();
  const auto* wide = writes == Buffer::Wide ? std::get_if<WideBitonicSteps>(&pass) : nullptr;
  if (wide) {
    wideWindowBefore_ = wide->source;
    wideWindow_ = wide->window;
  }
  lastPassWide_ = wide != nullptr;
  written_ |= bufferBit(writes);
  lastReads_ = passReads(pass);
  lastWrites_ = bufferBit(writes);
  if (writes != Buffer::Scan && writes != Buffer::Spans) {  // side buffers: what positions show stays
    shownBefore_ = shown_;
    shown_ = writes;
  }
  TEXSORT_GL_CHECK("sort pass");
}

double FragmentRunner::run(const PassSchedule& schedule) {
  if (schedule.shape.count() != elementCount()) throw Error(ExitCode::Gpu, "GPU sorter: the schedule is for another size");
  timer_.begin();
  for (const Pass& pass : schedule) runPass(pass);
  timer_.end();
  return timer_.milliseconds();
}

double FragmentRunner::copyPassMs() {
  if (!copyTarget_) {
    copyTarget_ = gl::Texture(layout().width, layout().height, nullptr, "copy target");
    copyFramebuffer_ = gl::Framebuffer(copyTarget_, "copy target");
    copyProgram_ = makeProgram("copy.frag", "");
  }
  allocate(Buffer::Elements);
  glUseProgram(copyProgram_.id());
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, pair(Buffer::Elements).front().id());
  // Timed on the CPU clock between two glFinish calls: llvmpipe's timestamp queries do not bracket
  // a lone draw (it bins the draw and rasterises it at a later flush), so a GPU timer reads ~0.
  glFinish();
  const auto start = std::chrono::steady_clock::now();
  triangle_.draw(copyFramebuffer_, layout().width, layout().height);
  glFinish();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

std::vector<Element> FragmentRunner::readElements() const {
  if (!pair(Buffer::Elements)) throw Error(ExitCode::Gpu, "GPU sorter: no elements uploaded");
  std::vector<Element> elements(elementCount());
  gl::readTexels(pair(Buffer::Elements).frontTarget(), layout().width, layout().height, GL_RGBA, GL_FLOAT, elements.data());
  return elements;
}

std::vector<std::uint8_t> FragmentRunner::readPixelBytes(std::uint64_t count, std::vector<std::uint8_t> bytes) {
  if (count > elementCount()) throw Error(ExitCode::Gpu, "GPU sorter: more pixels asked for than there are elements");
  if (written_ & bufferBit(Buffer::Groups)) {
    bytes.resize(sourceShape_.pixelCount() * 4);
    imageOfGroups(bytes.data());
    bytes.resize(count * 4);
    return bytes;
  }
  if (!(written_ & bufferBit(Buffer::Pixels))) throw Error(ExitCode::Gpu, "GPU sorter: no pixel sort has run to its end");
  // Only the rows that hold the first `count` pixels are read.
  const auto rows = static_cast<std::uint32_t>((count + layout().width - 1) / layout().width);
  bytes.resize(std::uint64_t{rows} * layout().width * 4);
  gl::readTexels(pair(Buffer::Pixels).frontTarget(), layout().width, rows, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE,
                 bytes.data());
  bytes.resize(count * 4);
  return bytes;
}

// The pixel sort of rows after its last pass (Buffer::Groups, in line order): the image's bytes into
// `bytes` (the image's pixels, each written once), pixel (x, y) from element y * 2^lineBits + x.
// Layer k's texel t holds elements 16t + 4k .. 16t + 4k + 3: read a layer at a time, each texel
// goes to its row (lines of 4 or more: four pixels of one row).
void FragmentRunner::imageOfGroups(std::uint8_t* bytes) const {
  const SourceShape& s = sourceShape_;
  if (s.axis != LineAxis::Rows) throw Error(ExitCode::Gpu, "GPU sorter: pixel groups of lines other than rows");
  const TextureLayout& l = layoutOf(Buffer::Groups);
  std::vector<std::uint8_t> layer(l.count() * 16);
  const std::uint64_t run = s.lineBits >= 2 ? 4 : 1, lineMask = (std::uint64_t{1} << s.lineBits) - 1;
  for (std::uint32_t k = 0; k < kGroupLayers; ++k) {
    gl::readLayer(pair(Buffer::Groups).front(), k, GL_RGBA_INTEGER, GL_UNSIGNED_INT, layer.data());
    for (std::uint64_t t = 0; t < l.count(); ++t) {
      for (std::uint64_t c = 0; c < 4; c += run) {
        const std::uint64_t e = 16 * t + 4 * k + c, x = e & lineMask, y = e >> s.lineBits;
        if (x >= s.width || y >= s.height) continue;  // padding
        std::copy_n(layer.data() + 16 * t + 4 * c, std::min(run, s.width - x) * 4, bytes + (y * s.width + x) * 4);
      }
    }
  }
}

// The source as the CPU model keeps it (PixelTexel), from the bytes and the maps or, for rows and
// columns, their arithmetic: what the passes read.
std::vector<PixelTexel> FragmentRunner::readSource() const {
  const std::uint64_t n = elementCount();
  std::vector<std::uint8_t> bytes(n * 4);
  gl::readTexels(pair(Buffer::Source).frontTarget(), layout().width, layout().height, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE,
                 bytes.data());
  std::vector<std::uint32_t> maps(pair(Buffer::Maps) ? n * 2 : 0);
  if (!maps.empty()) {
    gl::readTexels(pair(Buffer::Maps).frontTarget(), layout().width, layout().height, GL_RG_INTEGER, GL_UNSIGNED_INT,
                   maps.data());
  }
  const SourceShape& s = sourceShape_;
  std::vector<PixelTexel> texels(n);
  for (std::uint64_t j = 0; j < n; ++j) {
    PixelTexel& t = texels[j];
    const bool pixel = j < s.pixelCount();
    const std::uint32_t element = maps.empty() ? 0 : maps[2 * j + 1] & ~(kMapsMaskBit | kMapsLineStartBit);
    const bool allowed = !s.masked || (maps[2 * j + 1] & kMapsMaskBit) != 0;
    const bool lineStart = pixel && !maps.empty() && (maps[2 * j + 1] & kMapsLineStartBit) != 0;
    t.rgb = float((std::uint32_t{bytes[4 * j]} << 16) | (std::uint32_t{bytes[4 * j + 1]} << 8) | bytes[4 * j + 2]);
    t.alphaMask = float(bytes[4 * j + 3] + (pixel && allowed ? kMaskAllowsFlag : 0) + (lineStart ? kLineStartFlag : 0));
    if (s.axis == LineAxis::None) {
      t.pixel = static_cast<std::int32_t>(maps[2 * j]);
      t.element = pixel ? static_cast<std::int32_t>(element) : -1;
    } else {
      t.pixel = static_cast<std::int32_t>(sourcePixelOf(s, j));
      t.element = pixel ? static_cast<std::int32_t>(sourceElementOf(s, j)) : -1;
    }
  }
  return texels;
}

std::vector<std::uint32_t> FragmentRunner::readSpanWords() const {
  if (!(written_ & bufferBit(Buffer::Spans))) return {};
  const TextureLayout& l = layoutOf(Buffer::Spans);  // a word to a texel, in word order: read straight
  std::vector<std::uint32_t> words(l.count() * 2);
  gl::readTexels(pair(Buffer::Spans).frontTarget(), l.width, l.height, GL_RG_INTEGER, GL_UNSIGNED_INT, words.data());
  return words;
}

SortState FragmentRunner::readState() const {
  SortState state;
  if (written_ & bufferBit(Buffer::Elements)) state.elements = readElements();
  const auto read = [&](Buffer b, std::vector<float>& out, std::size_t floatsPerElement) {
    if (!(written_ & bufferBit(b))) return;
    const TextureLayout& l = layoutOf(b);
    out.resize(elementCount() * floatsPerElement);
    gl::readTexels(pair(b).frontTarget(), l.width, l.height, spec(b).readFormat, GL_FLOAT, out.data());
  };
  read(Buffer::Scan, state.scan, 1);
  read(Buffer::Compact, state.compact, 2);  // two (key, index) pairs per RGBA texel
  if (written_ & bufferBit(Buffer::Source)) state.source = readSource();
  state.spans = readSpanWords();
  if (written_ & bufferBit(Buffer::Groups)) {  // as Buffer::Pixels would hold them: zero past the image
    state.pixels.assign(elementCount() * 4, 0);
    imageOfGroups(state.pixels.data());
  }
  if (written_ & bufferBit(Buffer::Pixels)) {
    state.pixels.resize(elementCount() * 4);
    gl::readTexels(pair(Buffer::Pixels).frontTarget(), layout().width, layout().height, GL_RGBA_INTEGER,
                   GL_UNSIGNED_BYTE, state.pixels.data());
  }
  if (written_ & bufferBit(Buffer::Wide)) {  // layer by layer, as SortState::wide keeps them
    const TextureLayout& l = layoutOf(Buffer::Wide);
    state.wide.resize(elementCount() * 2);
    for (std::uint32_t layer = 0; layer < kWideLayers; ++layer)
      gl::readLayer(pair(Buffer::Wide).front(), layer, GL_RGBA, GL_FLOAT, state.wide.data() + std::size_t{layer} * l.count() * 4);
  }
  return state;
}

StateView FragmentRunner::view() const {
  StateView v;
  v.form = shown_;
  v.current = &pair(shown_).front();
  // The pair's back half is the state before the last pass only when that pass read and wrote it
  // and positions held the same form before it (pack and gather change the form, moving nothing).
  const bool changed = (lastWrites_ & bufferBit(shown_)) && shownBefore_ == shown_ && (lastReads_ & bufferBit(shown_));
  v.previous = changed ? &pair(shown_).back() : nullptr;
  if (pair(Buffer::Elements)) v.elements = &pair(Buffer::Elements).front();
  v.layout = layout();
  v.compactLayout = layoutOf(Buffer::Compact);
  if (written_ & bufferBit(Buffer::Source)) {
    v.pixels = &pair(Buffer::Source).front();
    if (pair(Buffer::Maps)) v.pixelMaps = &pair(Buffer::Maps).front();
    v.sourceShape = sourceShape_;
  }
  if (written_ & bufferBit(Buffer::Scan)) v.scan = &pair(Buffer::Scan).front();
  if (written_ & bufferBit(Buffer::Spans)) v.spans = &pair(Buffer::Spans).front();
  v.spansLayout = layoutOf(Buffer::Spans);
  if (shown_ == Buffer::Groups) {  // shown as the image's bytes (Buffer::Pixels' layout)
    v.form = Buffer::Pixels;
    v.current = &decodeGroups();
    v.previous = nullptr;
  }
  if (shown_ == Buffer::Wide) {  // shown as the compact form: the layers decoded into index order
    v.form = Buffer::Compact;
    v.compactLayout = TextureLayout::forCount(elementCount() / 2);
    v.current = &decodeWide(pair(Buffer::Wide).front(), wideWindow_, decoded_[0]);
    // Before a wide pass: the back half in the previous pass's layout, or, before the first (which
    // folds the pack in), the elements as uploaded.
    if (lastPassWide_ && wideWindowBefore_ != kWideFromPixels) {  // from the pixels: nothing to show before it
      v.previous = &decodeWide(pair(Buffer::Wide).back(), wideWindowBefore_, decoded_[1]);
    }
  }
  return v;
}

const gl::Texture& FragmentRunner::decodeGroups() const {
  DecodedView& into = decodedGroups_;
  if (!into.texture) {
    into.texture = gl::Texture(layout().width, layout().height, gl::TextureFormat::Rgba8ui, nullptr, "pixel-sorted image (view)");
    into.target = gl::Framebuffer(into.texture, "pixel-sorted image (view)");
  }
  GLint callersProgram = 0;  // as decodeWide: leave the caller's program in use
  glGetIntegerv(GL_CURRENT_PROGRAM, &callersProgram);
  if (!groupsProgram_) groupsProgram_ = makeProgram("groups_decode.frag", "");
  glUseProgram(groupsProgram_.id());
  const auto set = [&](const char* name, std::uint64_t v) { glUniform1i(groupsProgram_.uniform(name), static_cast<GLint>(v)); };
  set("u_widthLog2", log2Exact(layout().width));
  set("u_wideWidthLog2", log2Exact(layoutOf(Buffer::Groups).width));
  set("u_lineBits", sourceShape_.lineBits);
  set("u_imageWidth", sourceShape_.width);
  set("u_pixelCount", sourceShape_.pixelCount());
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(Buffer::Groups));
  glBindTexture(GL_TEXTURE_2D_ARRAY, pair(Buffer::Groups).front().id());
  glActiveTexture(GL_TEXTURE0);
  triangle_.draw(into.target, layout().width, layout().height);
  glUseProgram(static_cast<GLuint>(callersProgram));
  TEXSORT_GL_CHECK("pixel-sorted image view");
  return into.texture;
}

const gl::Texture& FragmentRunner::decodeWide(const gl::Texture& layers, std::uint32_t window, DecodedView& into) const {
  const TextureLayout compact = TextureLayout::forCount(elementCount() / 2);
  if (!into.texture) {
    into.texture = gl::Texture(compact.width, compact.height, nullptr, "wide state (view)");
    into.target = gl::Framebuffer(into.texture, "wide state (view)");
  }
  // view() is called between a caller's glUseProgram and its uniforms: leave its program in use.
  GLint callersProgram = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &callersProgram);
  if (!decodeProgram_) decodeProgram_ = makeProgram("wide_decode.frag", "");
  glUseProgram(decodeProgram_.id());
  const std::array<int, kWideGroupLog2> bits = wideWindowBits(window == kWideFromElements ? kWideLowWindow : window);
  glUniform4i(decodeProgram_.uniform("u_window"), bits[0], bits[1], bits[2], bits[3]);
  glUniform1i(decodeProgram_.uniform("u_fromElements"), window == kWideFromElements);
  glUniform1i(decodeProgram_.uniform("u_widthLog2"), static_cast<GLint>(log2Exact(layout().width)));
  glUniform1i(decodeProgram_.uniform("u_wideWidthLog2"), static_cast<GLint>(log2Exact(layoutOf(Buffer::Wide).width)));
  glUniform1i(decodeProgram_.uniform("u_compactWidthLog2"), static_cast<GLint>(log2Exact(compact.width)));
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(Buffer::Wide));
  glBindTexture(GL_TEXTURE_2D_ARRAY, layers.id());
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(Buffer::Elements));
  glBindTexture(GL_TEXTURE_2D, pair(Buffer::Elements) ? pair(Buffer::Elements).front().id() : 0);
  triangle_.draw(into.target, compact.width, compact.height);
  glUseProgram(static_cast<GLuint>(callersProgram));
  TEXSORT_GL_CHECK("wide state view");
  return into.texture;
}

}  // namespace texsort
