// Article 000's global kernels B2, B4, B8, B16 (and texsort's B32): STEPS (1-5) consecutive steps
// of one bitonic merge, distances u_offset, u_offset / 2, ..., in place on the pairs. The steps
// connect groups of 2^STEPS elements spaced by the smallest distance; an invocation loads one group
// into registers, runs the steps there and stores it, so each step costs no global traffic of its own.
// Compiled after compute_common.glsl, with STEPS and the group's code written out by the runner
// (compute_runner.cpp, stepsProgram): LOADS (LOAD(0) ... ), NETWORK (EXCHANGE(i, k) for every pair
// of every step, in order) and STORES. Written out, every slot is a constant: with loops, llvmpipe
// keeps the group in scratch memory for 4 steps and more (B16's dispatch took 4.8x as long).
layout(local_size_x = 64) in;

#ifdef INTO_IMAGE  // after compute_pixel.glsl, sort_common.glsl and pixel_source.glsl instead of compute_common.glsl
uniform uint u_count;
#endif
uniform uint u_stepno;  // the merge's block: ascending where (element & stepno) == 0
uniform uint u_offset;  // the first (largest) distance

const uint kGroup = 1u << STEPS;

#ifdef TEXSORT_BOUNDS_CHECK
// texsort check: an invocation that would touch a pair past the end counts itself here. On a GPU
// with robust buffer access (llvmpipe) such an access is silently dropped, so only this sees it.
layout(std430, binding = 3) buffer Faults { uint outOfBounds; };
#endif

void main() {
  uint t = invocationIndex();
#ifdef TEXSORT_FORCED_OVERRUN
  if (t > (u_count >> STEPS)) return;  // TEXSORT_FORCE_FAILURE=compute-overrun: the guard off by one
#else
  if (t >= (u_count >> STEPS)) return;
#endif
  uint spacing = u_offset >> (STEPS - 1);               // the last step's distance
  uint low = t & (spacing - 1u);
  uint base = ((t - low) << STEPS) | low;                // t with STEPS zero bits at log2(spacing)
#ifdef TEXSORT_BOUNDS_CHECK
  if (base + (kGroup - 1u) * spacing >= u_count) {
    atomicAdd(outOfBounds, 1u);
    return;
  }
#endif
  bool ascending = (base & u_stepno) == 0u;              // the same for the whole group
  vec2 v[kGroup];
#define LOAD(j) v[j] = pairs[base + uint(j) * spacing];
  LOADS
  // The lower slot keeps the min when ascending. Selects, not a branch around two stores: llvmpipe
  // (Mesa 22.3) lost one of the two stores in the branching form.
#define EXCHANGE(i, k)                                   \
  {                                                      \
    vec2 a = v[i], b = v[k];                             \
    bool swap = pairPrecedes(b, a) == ascending;         \
    v[i] = swap ? b : a;                                 \
    v[k] = swap ? a : b;                                 \
  }
  NETWORK
#ifdef INTO_IMAGE  // the pixel sort's last pass: each position's pixel bytes, as GatherByIndex's would be
#define STORE(j)                                                       \
  {                                                                    \
    int e = int(base + uint(j) * spacing), pixel = pixelAtElement(e); \
    if (pixel >= 0) pixelsOut[pixel] = packedBytes(pixelSortBytes(v[j], e)); \
  }
#else
#define STORE(j) pairs[base + uint(j) * spacing] = v[j];
#endif
  STORES
}
