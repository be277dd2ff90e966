// The pixel sort on the compute runner (src/sort/compute_pixels.cpp): compiled after the #version
// line and in front of sort_common.glsl (less its own #version line), so that the fragment passes'
// functions (span_starts.frag's spanStartsWord, span_scan.frag's spanScanWord, pixel_order.glsl,
// pixel_source.glsl) read these storage buffers instead of textures (TEXSORT_COMPUTE). Each buffer
// holds the same bytes as the fragment runner's texture of that Buffer, texel j at index j.
// Bindings stay below 8, the least GL 4.3 offers; 3 is the bounds check's (compute_steps.comp).
#define TEXSORT_COMPUTE

#ifndef COUNTS_AT_ELEMENTS  // compute_radix.comp's scatter into the image keeps its counts at 0
layout(std430, binding = 0) writeonly buffer Elements { vec4 elements[]; };       // PixelOrder writes them
#endif
layout(std430, binding = 1) buffer Pairs { vec2 pairs[]; };  // (key, index): the key pass writes them, the sort orders them
layout(std430, binding = 2) writeonly buffer PixelsOut { uint pixelsOut[]; };     // the image's RGBA, R lowest (INTO_IMAGE)
layout(std430, binding = 4) readonly buffer SourcePixels { uint sourcePixels[]; };  // pixel p's RGBA, R lowest
layout(std430, binding = 5) readonly buffer PixelMaps { uvec2 pixelMaps[]; };     // Buffer::Maps
layout(std430, binding = 6) readonly buffer SpanWordsIn { uvec2 spanWordsIn[]; };  // Buffer::Spans as it stands
layout(std430, binding = 7) writeonly buffer SpanWordsOut { uvec2 spanWordsOut[]; };  // and as this pass leaves it

layout(std140) uniform PixelRun {  // PixelRunBlock (src/sort/pass_blocks.cpp), as compute_common.glsl's Run
  uint u_count;         // elements: the sort kernels' (compute_steps.comp, compute_radix.comp)
  int u_invocations;    // how many invocations do work: the words or elements
};

// As compute_common.glsl's (which this program does not include: sort_common.glsl declares the
// same names for the fragment passes), for compute_pixel.comp and compute_shared.comp.
#define invocationIndex() (gl_GlobalInvocationID.y * (gl_NumWorkGroups.x * gl_WorkGroupSize.x) + gl_GlobalInvocationID.x)
bool pairPrecedes(vec2 a, vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }
uint packedBytes(uvec4 b) { return b.r | (b.g << 8) | (b.b << 16) | (b.a << 24); }  // a PixelsOut word
