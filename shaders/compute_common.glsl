#version 430 core
// Compiled in front of every compute shader (the optional GL 4.3 backend, src/sort/compute_runner).
// It provides the storage buffers and:
//   invocationIndex()        the invocation's number over a 1D or 2D dispatch
//   pairPrecedes(a, b)       the order on (key, index) pairs: by key, ties by original index
//   originalIndex(pair)      the element's original index (its high bits ride under the key)
// The runner binds the buffers below and the Run block (RunBlock, src/sort/pass_blocks.cpp); a
// kernel's own uniforms are its Step block.
// Elements are the sort texture's texels (src/sort/element.h): key, original index, packed RGB,
// alpha; pairs are their (key, index), the same bytes as the fast path's compact texture.

layout(std430, binding = 0) buffer Elements { vec4 elements[]; };  // the elements as they stand
layout(std430, binding = 1) buffer Pairs { vec2 pairs[]; };        // (key, index), sorted in place
layout(std430, binding = 2) buffer Target { vec4 target[]; };      // where gather and copy write

layout(std140) uniform Run {
  uint u_count;  // elements (a power of two)
  uint u_indexHighBits;
};

// Dispatches of more than 65535 workgroups come as rows of equal width. A macro: gl_WorkGroupSize
// is declared only by the shader's own layout line, after this file.
#define invocationIndex() (gl_GlobalInvocationID.y * (gl_NumWorkGroups.x * gl_WorkGroupSize.x) + gl_GlobalInvocationID.x)

bool pairPrecedes(vec2 a, vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

uint originalIndex(vec2 pair) {
  return ((uint(pair.x) & ((1u << u_indexHighBits) - 1u)) << 24) | uint(pair.y);
}
