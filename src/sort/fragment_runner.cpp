// The fragment runner: one program per pass kind (and fused shape), one draw per pass; the pixel
// source is fragment_source.cpp, reading back and views fragment_readback.cpp.
#include "sort/fragment_runner.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <string>

#include "error.h"
#include "gl/capabilities.h"
#include "shaders/embedded.h"
#include "sort/bits.h"
#include "sort/fragment_buffers.h"
#include "sort/runner.h"
#include "sort/wide_layout.h"

namespace texsort {
using fragment::BufferSpec;
using fragment::kBufferSpecs;
using fragment::spec;

namespace {

// The wide pass's program: its steps as calls of wide_bitonic.frag's step0 .. step3 (the window's
// lowest bit .. its highest), each with the stepno of its merge, and where it reads from.
std::string wideDefines(const WideBitonicSteps& pass) {
  std::string steps;
  for (const BitonicStep& s : wideSteps(pass)) {
    const std::uint32_t bit = s.rank - s.step;
    if (bit >= 32 || !((pass.window >> bit) & 1u) || s.rank - pass.firstRank >= 4) {
      throw Error(ExitCode::Gpu, "GPU sorter: wide bitonic steps outside their window: " + describe(Pass{pass}));
    }
    const auto below = popCount(pass.window & ((1u << bit) - 1));
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

// The fragment shader `shader` after sort_common.glsl, the defines and, for the passes that read
// the pixel sort's source (SOURCE_AXIS defined), pixel_source.glsl, and for those that make its
// elements (PIXEL_KEY defined), pixel_order.glsl.
gl::Program FragmentRunner::makeProgram(const char* shader, const std::string& defines, const gl::BlockLayout* step) {
  const char* source = shaders::source(shader);
  if (source == nullptr) throw Error(ExitCode::Gpu, std::string("GPU runner: no embedded shader ") + shader);
  const bool pixelSource = defines.find("#define SOURCE_AXIS ") != std::string::npos;
  const bool pixelOrder = defines.find("#define PIXEL_KEY ") != std::string::npos;
  gl::Program program("fullscreen.vert", shaders::kShader_fullscreen_vert, shader,
                      {shaders::kShader_sort_common_glsl, defines.c_str(),
                       pixelSource ? shaders::kShader_pixel_source_glsl : "",
                       pixelOrder ? shaders::kShader_pixel_order_glsl : "", source});
  glUseProgram(program.id());
  for (const BufferSpec& b : kBufferSpecs) glUniform1i(program.uniformIfDeclared(b.sampler), static_cast<GLint>(b.buffer));
  gl::bindBlocks(program, {&commonBlockLayout(), step, &orderBlockLayout()});
  return program;
}

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
      TextureLayout::forCount(spanWordCount(elementCount));
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
  // The wide path draws into all its layers at once; GL 3.3 promises 8 draw buffers, WebGL2 only 4.
  const int drawBuffers = gl::drawBuffers();
  if (layers > 0 && static_cast<std::uint32_t>(drawBuffers) < layers) {
    if (buffer == Buffer::Wide) requireAvailable(Algorithm::BitonicWide);  // says why, in its words
    throw Error(ExitCode::Gpu, "GPU sorter: a pass draws into " + std::to_string(layers) +
                                   " targets at once and this GPU offers " + std::to_string(drawBuffers));
  }
  p = gl::PingPong();  // a single half that now needs two: freed first
  p = gl::PingPong(l.width, l.height, spec(buffer).format, spec(buffer).textureLabel, spec(buffer).targetLabel, layers,
                   halves);
}

const gl::Program& FragmentRunner::program(const Pass& pass) {
  if (traitsOf(pass).compute) {
    throw Error(ExitCode::Gpu, std::string("GPU sorter: ") + traitsOf(pass).kind +
                                   " is a compute dispatch; the fragment runner does not run it");
  }
  ++programLookups_;
  // Fused and wide steps get one program per shape: llvmpipe runs every side of a branch, uniform or not.
  std::string defines;
  if (const auto* fused = std::get_if<FusedBitonicSteps>(&pass)) {
    const int shape = static_cast<int>(fusedShape(*fused));
    if (shape == 0) throw Error(ExitCode::Gpu, "GPU sorter: fused bitonic steps of an unknown shape: " + describe(pass));
    defines = "#define FAST_SHAPE " + std::to_string(shape) + "\n";
  }
  if (const auto* wide = std::get_if<WideBitonicSteps>(&pass)) defines = wideDefines(*wide);
  if (const auto* starts = std::get_if<SpanStarts>(&pass)) {
    defines = spanStartsDefines(*starts);
  }
  if (const auto* order = std::get_if<PixelOrder>(&pass)) defines = pixelOrderDefines(*order);
  if (passWrites(pass) == Buffer::Pixels) defines += "#define INTO_IMAGE\n";  // the pixel sort's bytes: a uvec4 output
  if (passWrites(pass) == Buffer::Groups) defines += "#define INTO_GROUPS\n";
  if (passReads(pass) & bufferBit(Buffer::Source)) defines += sourceDefines(sourceShape_);
#ifdef __EMSCRIPTEN__
  // The page keeps one WebGL2 context for all its runs, so the programs are kept too: the browser
  // compiles a program at its first draw, which every re-sort would otherwise pay again.
  static std::map<std::pair<std::size_t, std::string>, gl::Program> kept;
  gl::Program& p = kept[{pass.index(), defines}];
#else
  gl::Program& p = programs_[{pass.index(), defines}];
#endif
  if (!p) p = makeProgram(traitsOf(pass).shader, defines, stepBlock(pass, elementCount()).layout);
  return p;
}

void FragmentRunner::resetState(unsigned uploaded) {
  written_ = uploaded;
  lastPass_.reset();
  prepared_.restart();
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

void FragmentRunner::prepare(const PassSchedule& schedule, const SourceShape& source) {
  if (schedule.shape.count() != elementCount()) throw Error(ExitCode::Gpu, "GPU sorter: the schedule is for another size");
  sourceShape_ = source;  // uploadSource() sets it again; programs for another shape are made then
  // A buffer that no pass reads while writing it gets one half (the pixel sort's elements on the
  // fast path: written by the key pass, read by the pack; the pixel sort's result).
  unsigned readWhileWritten = 0;
  for (const Pass& pass : schedule) readWhileWritten |= passReads(pass) & bufferBit(passWrites(pass));
  prepared_.clear();  // nothing is prepared until all below has succeeded
  blocks_.clear();
  unsigned used = 0;
  for (const Pass& pass : schedule) used |= passReads(pass) | bufferBit(passWrites(pass));
  for (std::size_t b = 0; b < kBufferCount; ++b) {  // in Buffer order; the source comes with uploadSource() alone
    const bool uploaded = static_cast<Buffer>(b) == Buffer::Source || static_cast<Buffer>(b) == Buffer::Maps;
    if (!(used & (1u << b)) || uploaded) continue;
    allocate(static_cast<Buffer>(b), readWhileWritten & (1u << b) ? gl::Halves::Two : gl::Halves::One);
  }
  blocks_.prepare(schedule, [&](const Pass& pass) { return passBlocks(pass, elementCount(), source); });
  prepared_.prepare(schedule, source, [&](const Pass& pass) -> const gl::Program& { return program(pass); });
  programLookups_ = 0;
}

void FragmentRunner::runPass(const Pass& pass) {
  const PassTraits& t = traitsOf(pass);
  const Buffer writes = passWrites(pass);
  const std::optional<std::size_t> position = prepared_.next(pass, sourceShape_);
  const gl::Program& p = position ? prepared_.program(*position) : program(pass);
  allocate(writes);  // the first radix or fast pass brings its buffers (a no-op afterwards)
  if ((passReads(pass) & bufferBit(writes)) && pair(writes).halves() == gl::Halves::One) {
    throw Error(ExitCode::Gpu, std::string("GPU sorter: ") + t.kind + " reads the buffer it writes, prepared with one half " +
                                   "for another schedule; prepare() this one");
  }
  glUseProgram(p.id());
  blocks_.bind(position, [&] { return passBlocks(pass, elementCount(), sourceShape_); });
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
  if (const auto* wide = writes == Buffer::Wide ? std::get_if<WideBitonicSteps>(&pass) : nullptr) wideWindow_ = wide->window;
  written_ |= bufferBit(writes);
  lastPass_ = pass;
  if (!sideBuffer(writes)) {  // what positions show stays
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
    copyProgram_ = makeProgram("copy.frag", "", nullptr);
  }
  allocate(Buffer::Elements);
  glUseProgram(copyProgram_.id());
  blocks_.bind(std::nullopt, [&] {  // copy.frag declares the Common block and reads none of it
    PassBlocks common;
    common.common = commonBlock(elementCount(), sourceShape_);
    return common;
  });
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

}  // namespace texsort
