// What every pass kind declares beside its parameters: the state buffers it reads and writes
// (Buffer), its traits (PassTraits), and field-by-field comparison. Included by pass.h.
#pragma once

#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

namespace texsort {

// The state buffers a runner keeps between passes: on the GPU a ping-pong pair of textures each,
// in the CPU model a vector each (SortState).
enum class Buffer : std::uint8_t {
  Elements,  // one RGBA32F texel per element: key, original index, packed RGB, alpha
  Scan,      // radix sort: an RGBA float per element, the digit flags and then their prefix sums
  Compact,   // fast path: (key, index) of elements 2t and 2t + 1 in RGBA32F texel t
  Wide,      // wide path: (key, index) pairs in an 8-layer RGBA32F array texture, in a permuted
             // layout (wide_layout.h) that each pass chooses for the next
  Source,    // pixel sort: the image, uploaded once, never written by a pass: pixel p's 8-bit
             // R, G, B, A in RGBA8UI texel p (SourceShape, cpu_model.h)
  Spans,     // pixel sort: the span starts of 32 element positions to an RG32UI texel (word
             // j / 32): r has bit j % 32 set where position j starts a span, g is the latest start
             // (a position in the line) at or before the word's last position, within the word and
             // then, after the scan, along the line. Any position's span start is one or two fetches.
  Pixels,    // pixel sort: the result, pixel i's 8-bit R, G, B, A in RGBA8UI texel i (of the element
             // layout; texels past the image are zero), written by the sort's last pass
  Maps,      // pixel sort, lines listed or a mask given: RG32UI texel j = (the pixel at element j,
             // the element holding pixel j + 2^30 where the mask lets it be sorted; ~0 for none),
             // uploaded with the source and read wherever it is (rows and columns compute them)
  Groups,    // pixel sort of rows on the wide path: the result in line order, written by the last
             // wide pass: element 16t + 4k + c's 8-bit R, G, B, A as uint c of texel t of layer k
             // of a 4-layer RGBA32UI array (kGroupLayers); read back as the image
  Counts,    // compute-radix: a uint for each (digit value, tile), digit value major, then one total
             // a digit value (radixCountsSize)
};
constexpr std::size_t kBufferCount = 10;
constexpr std::uint32_t kGroupLayers = 4;
constexpr unsigned bufferBit(Buffer b) { return 1u << static_cast<unsigned>(b); }
// A buffer beside the positions (radix's scan and counts, the span words): a pass writing it leaves
// what the positions show as it was.
constexpr bool sideBuffer(Buffer b) { return b == Buffer::Scan || b == Buffer::Spans || b == Buffer::Counts; }

// What a runner needs to know of a pass kind besides its parameters.
struct PassTraits {
  const char* kind;    // a short name for messages: "bitonic step"
  const char* shader;  // its fragment shader in shaders/ (sort_common.glsl is compiled in front)
  unsigned reads;      // bufferBit()s of the buffers the pass samples
  Buffer writes;       // the one buffer it renders into: the back half of that pair, then swapped
  bool network;        // carries compare-exchange steps of a sorting network
  bool compute = false;  // a compute dispatch (GL 4.3): `shader` is a compute shader, and only the
                         // compute runner runs it; other kinds are fragment passes (pack and gather
                         // also run on the compute runner, which has compute shaders of its own for them)
};

// Lets the passes compare field by field (C++17 has no defaulted ==): fields() lists them.
template <typename T, typename = decltype(std::declval<const T&>().fields())>
bool operator==(const T& a, const T& b) {
  return a.fields() == b.fields();
}
template <typename T, typename = decltype(std::declval<const T&>().fields())>
bool operator!=(const T& a, const T& b) {
  return !(a == b);
}

}  // namespace texsort
