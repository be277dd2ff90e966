// The compute runner: one dispatch per pass, a storage-buffer barrier after each.
#include "sort/compute_runner.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <type_traits>

#include "error.h"
#include "fault.h"
#include "gl/capabilities.h"
#include "shaders/embedded.h"
#include "sort/bits.h"

namespace texsort {
namespace {

// The pass kinds only the fragment runner runs; every other kind has its own branch here.
template <typename Kind>
constexpr bool kFragmentOnly =
    std::is_same_v<Kind, BitonicStep> || std::is_same_v<Kind, BitonicLegacyStep> ||
    std::is_same_v<Kind, OddEvenMergeStep> || std::is_same_v<Kind, TranspositionRound> ||
    std::is_same_v<Kind, RadixFlags> || std::is_same_v<Kind, RadixScanStep> || std::is_same_v<Kind, RadixGather> ||
    std::is_same_v<Kind, FusedBitonicSteps> || std::is_same_v<Kind, WideBitonicSteps> ||
    std::is_same_v<Kind, WideGather> || std::is_same_v<Kind, ImageOrder>;

// Whether a pass reads or writes the (key, index) pairs (Buffer::Compact).
bool touchesPairs(const Pass& pass) {
  return ((passReads(pass) | bufferBit(passWrites(pass))) & bufferBit(Buffer::Compact)) != 0;
}

}  // namespace

ComputeRunner::ComputeRunner(std::uint64_t elementCount) {
  if (!gl::computeAvailable()) {
    throw Error(ExitCode::Gpu, "GPU sorter: compute shaders need OpenGL 4.3; this context offers " +
                                   std::to_string(gl::contextVersion() / 10) + "." +
                                   std::to_string(gl::contextVersion() % 10) + " without them");
  }
  if (!isPowerOfTwo(elementCount) || elementCount > kMaxElements) {
    throw Error(ExitCode::Gpu, "GPU sorter: " + std::to_string(elementCount) + " elements is not a power of two up to 2^28");
  }
  layout_ = TextureLayout::forCount(elementCount);  // the element buffers come with their first use
  checkStorageBlock(elementCount * kPairBytes);     // the pairs, which every schedule here sorts
  program(PackCompact{});  // compile errors surface here, not mid-sort
}

void ComputeRunner::checkStorageBlock(std::uint64_t bytes) const {
  const gl::ComputeLimits limits = gl::computeLimits();
  if (bytes > static_cast<std::uint64_t>(limits.storageBlockBytes)) {
    throw Error(ExitCode::Gpu, "GPU sorter: " + std::to_string(elementCount()) + " elements need a storage buffer of " +
                                   std::to_string(bytes >> 20) + " MiB, more than GL_MAX_SHADER_STORAGE_BLOCK_SIZE " +
                                   std::to_string(limits.storageBlockBytes >> 20) + " MiB; --algo auto or " +
                                   algorithmName(fragmentSortHere()) + " sorts them");
  }
}

const gl::StorageBuffer& ComputeRunner::elementBuffer() {
  if (!elements_[current_]) {
    checkStorageBlock(elementCount() * sizeof(Element));  // a pixel sort into pairs needs none: it may go further
    elements_[current_] = gl::StorageBuffer(elementCount() * sizeof(Element), nullptr, "elements");
  }
  return elements_[current_];
}

const gl::StorageBuffer& ComputeRunner::pairs() {
  if (!pairs_) {
    if (elementCount() < 2) throw Error(ExitCode::Gpu, "GPU sorter: the compute path needs at least 2 elements");
    pairs_ = gl::StorageBuffer(elementCount() * 8, nullptr, "pairs");
  }
  return pairs_;
}

PassBlocks ComputeRunner::blocksOf(const Pass& pass) const {
  PassBlocks blocks = passBlocks(pass, elementCount(), sourceShape_);
  blocks.run = computePixelPass(pass) ? pixelRunBlock(pass, elementCount()) : runBlock(elementCount());
  return blocks;
}

const gl::Program& ComputeRunner::program(const char* shader, const std::string& defines, const Pass* pass) {
  gl::Program& p = programs_[std::string(shader) + "\n" + defines];
  if (!p) {
    const char* source = shaders::source(shader);
    if (source == nullptr) throw Error(ExitCode::Gpu, std::string("GPU runner: no embedded shader ") + shader);
    p = gl::Program::compute(shader, {shaders::kShader_compute_common_glsl, defines.c_str(), source});
    gl::bindBlocks(p, {&runBlockLayout(), pass ? stepBlock(*pass, elementCount()).layout : nullptr});
  }
  return p;
}

const gl::Program& ComputeRunner::program(const Pass& pass) {
  ++programLookups_;
  return std::visit(
      Overloaded{
          [&](const PackCompact&) -> const gl::Program& { return program("compute_pack.comp", "", &pass); },
          [&](const GatherByIndex& g) -> const gl::Program& {
            if (g.positionBits != 0 || g.pixels != 0) {  // the pixel sort's last sort dispatch writes the image instead
              throw Error(ExitCode::Gpu, "GPU sorter: the compute runner gathers by original index only");
            }
            return program("compute_gather.comp", "", &pass);
          },
          [&](const SpanStarts&) -> const gl::Program& { return pixelProgram(pass); },
          [&](const SpanScanStep&) -> const gl::Program& { return pixelProgram(pass); },
          [&](const PixelOrder&) -> const gl::Program& { return pixelProgram(pass); },
          [&](const ComputeBitonicSteps& p) -> const gl::Program& {
            if (p.pixels != 0) return pixelProgram(pass);
            return program(traitsOf(pass).shader, computeStepsDefines(p), &pass);
          },
          [&](const SharedBitonicSteps& p) -> const gl::Program& {
            if (p.pixels != 0) return pixelProgram(pass);
            return program(traitsOf(pass).shader, sharedStepsDefines(p, elementCount()), &pass);
          },
          [&](const RadixTileCounts&) -> const gl::Program& { return program(traitsOf(pass).shader, radixDefines(pass), &pass); },
          [&](const RadixCountScan&) -> const gl::Program& { return program(traitsOf(pass).shader, radixDefines(pass), &pass); },
          [&](const RadixScatter& p) -> const gl::Program& {
            if (p.pixels != 0) return pixelProgram(pass);  // the pixel sort's last digit, into the image
            return program(traitsOf(pass).shader, radixDefines(pass), &pass);
          },
          // The fragment kinds: refused (the compute schedules never hold them). A new kind stops the
          // build here until it is listed in kFragmentOnly or given its own branch.
          [&](const auto& kind) -> const gl::Program& {
            static_assert(kFragmentOnly<std::decay_t<decltype(kind)>>, "a pass kind the compute runner does not know");
            throw Error(ExitCode::Gpu, std::string("GPU sorter: ") + traitsOf(pass).kind +
                                           " is a fragment pass; the compute runner does not run it");
          },
      },
      pass);
}

void ComputeRunner::bind(const gl::StorageBuffer& elements, const gl::StorageBuffer& target) const {
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindElements, elements.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindPairs, pairs_.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindTarget, target.id());
}

void ComputeRunner::dispatch(const gl::Program&, std::uint64_t workgroups) {
  const std::uint32_t zero = 0;
  if (boundsCheck()) {
    if (!faults_) faults_ = gl::StorageBuffer(sizeof zero, &zero, "bounds-check faults");
    faults_.write(&zero, sizeof zero);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kBindFaults, faults_.id());
  }
  // More than 65535 workgroups (the least GL allows on an axis) go as rows of 32768.
  const std::uint64_t width = workgroups > 65535 ? 32768 : workgroups;
  glDispatchCompute(static_cast<GLuint>(width), static_cast<GLuint>(workgroups / width), 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  if (boundsCheck()) {
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::uint32_t faults = 0;
    faults_.read(&faults, sizeof faults);
    if (faults != 0) {
      throw Error(ExitCode::Mismatch, "compute bounds check: " + std::to_string(faults) + " invocation" +
                                          (faults == 1 ? "" : "s") + " would have touched pairs past the end of the " +
                                          std::to_string(elementCount()) + " in one dispatch");
    }
  }
}

bool& boundsCheck() {
  static bool on = false;
  return on;
}

void ComputeRunner::upload(const std::vector<Element>& elements) {
  if (elements.size() != elementCount()) throw Error(ExitCode::Gpu, "GPU sorter: upload of the wrong size");
  current_ = 0;
  hasPrevious_ = false;
  skippedScatters_ = 0;
  prepared_.restart();
  elementBuffer().write(elements.data(), elements.size() * sizeof(Element));
  written_ = bufferBit(Buffer::Elements);
  shown_ = Buffer::Elements;
  TEXSORT_GL_CHECK("upload");
}

void ComputeRunner::prepare(const PassSchedule& schedule, const SourceShape& source) {
  if (schedule.shape.count() != elementCount()) throw Error(ExitCode::Gpu, "GPU sorter: the schedule is for another size");
  sourceShape_ = source;  // uploadSource() sets it again
  prepared_.clear();  // nothing is prepared until all below has succeeded
  blocks_.clear();
  for (const Pass& pass : schedule) {
    if (const auto* scatter = std::get_if<RadixScatter>(&pass)) {
      radixBuffers(scatter->d);  // the counts, and the elements' or pairs' scatter target
    } else if (touchesPairs(pass)) {
      pairs();
    }
  }
  blocks_.prepare(schedule, [&](const Pass& pass) { return blocksOf(pass); });
  prepared_.prepare(schedule, source, [&](const Pass& pass) -> const gl::Program& { return program(pass); });
  programLookups_ = 0;
}

void ComputeRunner::runPass(const Pass& pass) {
  const PassTraits& t = traitsOf(pass);
  scattered_ = false;  // dispatchRadixPass() sets it
  // As the fragment runner: a pass that rewrites the pairs in place, on pairs already shown.
  hasPrevious_ = passWrites(pass) == Buffer::Compact && (t.reads & bufferBit(Buffer::Compact)) && shown_ == Buffer::Compact;
  if (hasPrevious_) {
    if (!previousPairs_) previousPairs_ = gl::StorageBuffer(pairs().bytes(), nullptr, "previous pairs");
    glBindBuffer(GL_COPY_READ_BUFFER, pairs_.id());
    glBindBuffer(GL_COPY_WRITE_BUFFER, previousPairs_.id());
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, static_cast<GLsizeiptr>(pairs_.bytes()));
  }
  dispatchPass(pass);
}

void ComputeRunner::dispatchPass(const Pass& pass) {
  const std::optional<std::size_t> position = prepared_.next(pass, sourceShape_);
  const gl::Program& p = position ? prepared_.program(*position) : program(pass);
  glUseProgram(p.id());
  blocks_.bind(position, [&] { return blocksOf(pass); });
  if (radixCallOf(pass).phase != 0) {  // compute-radix's dispatches (compute_radix.cpp): no pair buffer
    dispatchRadixPass(pass, p);
    return;
  }
  if (touchesPairs(pass)) pairs();  // made at their first use: a sort that moves elements has none
  if (computePixelPass(pass)) {
    dispatchPixelPass(pass, p);
    return;
  }
  const std::uint64_t n = elementCount();
  const auto groupsOf = [](std::uint64_t invocations) { return (invocations + kLocalSize - 1) / kLocalSize; };
  std::visit(Overloaded{
                 [&](const PackCompact&) {
                   bind(elementBuffer(), elements_[1 - current_]);
                   dispatch(p, groupsOf(n));
                 },
                 [&](const GatherByIndex&) {
                   gl::StorageBuffer& target = elements_[1 - current_];
                   if (!target) target = gl::StorageBuffer(elementBuffer().bytes(), nullptr, "gathered elements");
                   bind(elements_[current_], target);
                   dispatch(p, groupsOf(n));
                   current_ = 1 - current_;
                 },
                 [&](const ComputeBitonicSteps&) {
                   bind(elements_[current_], elements_[1 - current_]);
                   dispatchSortSteps(p, pass);
                 },
                 [&](const SharedBitonicSteps&) {
                   bind(elements_[current_], elements_[1 - current_]);
                   dispatchSortSteps(p, pass);
                 },
                 [](const auto& kind) {  // refused by program(), the pixel sort's or compute-radix's
                   using Kind = std::decay_t<decltype(kind)>;
                   static_assert(kFragmentOnly<Kind> || std::is_same_v<Kind, SpanStarts> ||
                                     std::is_same_v<Kind, SpanScanStep> || std::is_same_v<Kind, PixelOrder> ||
                                     std::is_same_v<Kind, RadixTileCounts> || std::is_same_v<Kind, RadixCountScan> ||
                                     std::is_same_v<Kind, RadixScatter>,
                                 "a pass kind the compute runner does not know");
                 },
             },
             pass);
  const PassTraits& t = traitsOf(pass);
  written_ |= bufferBit(t.writes);
  shown_ = t.writes;
  TEXSORT_GL_CHECK("compute pass");
}

double ComputeRunner::run(const PassSchedule& schedule) {
  if (schedule.shape.count() != elementCount()) throw Error(ExitCode::Gpu, "GPU sorter: the schedule is for another size");
  timer_.begin();
  for (const Pass& pass : schedule) dispatchPass(pass);
  timer_.end();
  hasPrevious_ = scattered_ = false;
  return timer_.milliseconds();
}

double ComputeRunner::copyPassMs() {
  if (!copyTarget_) copyTarget_ = gl::StorageBuffer(elementCount() * sizeof(Element), nullptr, "copy target");
  const gl::Program& p = program("compute_copy.comp", "", nullptr);
  glUseProgram(p.id());
  blocks_.bind(std::nullopt, [&] {
    PassBlocks run;
    run.run = runBlock(elementCount());
    return run;
  });
  bind(elementBuffer(), copyTarget_);
  // Timed on the CPU clock between two glFinish calls, as the fragment runner's copy.
  glFinish();
  const auto start = std::chrono::steady_clock::now();
  dispatch(p, (elementCount() + kLocalSize - 1) / kLocalSize);
  glFinish();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

std::vector<Element> ComputeRunner::readElements() const {
  if (!elements_[current_]) throw Error(ExitCode::Gpu, "GPU sorter: no elements uploaded");
  std::vector<Element> elements(elementCount());
  elements_[current_].read(elements.data(), elements.size() * sizeof(Element));
  return elements;
}

SortState ComputeRunner::readState() const {
  SortState state;
  if (written_ & bufferBit(Buffer::Elements)) state.elements = readElements();
  if (written_ & bufferBit(Buffer::Compact)) {
    state.compact.resize(2 * elementCount());
    pairs_.read(state.compact.data(), state.compact.size() * sizeof(float));
  }
  if (written_ & bufferBit(Buffer::Source)) state.source = readSource();
  state.spans = readSpanWords();
  if (written_ & bufferBit(Buffer::Pixels)) {
    state.pixels.resize(elementCount() * 4);
    pixels_.read(state.pixels.data(), state.pixels.size());
  }
  if (written_ & bufferBit(Buffer::Counts)) {
    state.counts.resize(counts_.bytes() / sizeof(std::uint32_t));
    counts_.read(state.counts.data(), counts_.bytes());
  }
  return state;
}

StateView ComputeRunner::view() const {
  // The same bytes as the fragment runner's textures: an element per RGBA32F texel, two pairs per
  // compact texel. Copied through the pixel-unpack binding, on the GPU.
  const auto copy = [](const gl::StorageBuffer& from, gl::Texture& to, const TextureLayout& l, const char* label) {
    from.copyInto(to, l.width, l.height, gl::TextureFormat::Rgba32f, label);
  };
  StateView v;
  v.layout = layout_;
  if (elements_[current_]) {  // a pixel sort into pairs never makes them
    copy(elements_[current_], elementTexture_, layout_, "elements (view)");
    v.elements = &elementTexture_;
  }
  v.form = shown_;
  v.current = v.elements;
  if (shown_ == Buffer::Compact) {
    v.compactLayout = TextureLayout::forCount(elementCount() / 2);
    copy(pairs_, compactTexture_, v.compactLayout, "pairs (view)");
    v.current = &compactTexture_;
  }
  if (hasPrevious_) {
    copy(previousPairs_, previousTexture_, v.compactLayout, "previous pairs (view)");
    v.previous = &previousTexture_;
  }
  if (scattered_ && shown_ == Buffer::Elements) {  // compute-radix: the scatter's source
    copy(elements_[1 - current_], previousElementsTexture_, layout_, "previous elements (view)");
    v.previous = &previousElementsTexture_;
  }
  viewPixels(v);
  return v;
}

}  // namespace texsort
