// The global kernels B2, B4, B8, B16 (article 000) and B32: consecutive steps of the network in
// place on the pairs, their distances all bits of a window of BITS (1-5) index bits. An invocation
// loads the 2^BITS pairs whose indices differ only in the window into registers, runs the steps
// there and stores them, so each step costs no global traffic of its own. The article's kernels
// take steps of one merge (adjacent bits); compute-b32 also takes a merge's last steps with the next
// merge's first (bits 1, 0 and r + 1, r, ...), each compare-exchange then taking its own merge's
// direction. Compiled after compute_common.glsl, with BITS and the group's code written out by the
// runner (compute_runner.cpp, computeStepsDefines): INDICES (e0 ... : each slot's element, and the
// group's direction for each merge whose stepno is no window bit), LOADS (LOAD(j, ej) ...), NETWORK
// (EXCHANGE(i, k, ascending) for every pair of every step in order: the group's direction, or the
// pair's own) and STORES. Written out, every slot is a constant: with loops, llvmpipe keeps the
// group in scratch memory for 4 steps and more (B16's dispatch took 4.8x as long).
layout(local_size_x = 64) in;

// u_count: compute_common.glsl's Run block, or with INTO_IMAGE (after compute_pixel.glsl,
// sort_common.glsl and pixel_source.glsl instead) compute_pixel.glsl's PixelRun.
layout(std140) uniform Step {  // ComputeStepsBlock (src/sort/pass_blocks.cpp)
  uint u_bits[5];     // the window's bits, lowest first (BITS of them)
  uint u_stepnos[5];  // each merge's block, from the pass's first: ascending where (element & stepno) == 0
};

const uint kGroup = 1u << BITS;

#ifdef TEXSORT_BOUNDS_CHECK
// texsort check: an invocation that would touch a pair past the end counts itself here. On a GPU
// with robust buffer access (llvmpipe) such an access is silently dropped, so only this sees it.
layout(std430, binding = 3) buffer Faults { uint outOfBounds; };
#endif

void main() {
  uint t = invocationIndex();
#ifdef TEXSORT_FORCED_OVERRUN
  if (t > (u_count >> BITS)) return;  // TEXSORT_FORCE_FAILURE=compute-overrun: the guard off by one
#else
  if (t >= (u_count >> BITS)) return;
#endif
  uint base = t;  // t with a zero inserted at every window bit, lowest first: the group's first element
  for (int b = 0; b < BITS; ++b) {
    uint low = base & (u_bits[b] - 1u);
    base = ((base - low) << 1) | low;
  }
  INDICES
#ifdef TEXSORT_BOUNDS_CHECK
  if (LAST_INDEX >= u_count) {
    atomicAdd(outOfBounds, 1u);
    return;
  }
#endif
  vec2 v[kGroup];
#define LOAD(j, e) v[j] = pairs[e];
  LOADS
  // The lower slot keeps the min when its merge ascends there. Selects, not a branch around two
  // stores: llvmpipe (Mesa 22.3) lost one of the two stores in the branching form.
#define EXCHANGE(i, k, ascending)                    \
  {                                                  \
    vec2 a = v[i], b = v[k];                         \
    bool swap = pairPrecedes(b, a) == (ascending);   \
    v[i] = swap ? b : a;                             \
    v[k] = swap ? a : b;                             \
  }
  NETWORK
#ifdef INTO_IMAGE  // the pixel sort's last pass: each position's pixel bytes, as GatherByIndex's would be
#define STORE(j, e)                                                    \
  {                                                                    \
    int element = int(e), pixel = pixelAtElement(element);             \
    if (pixel >= 0) pixelsOut[pixel] = packedBytes(pixelSortBytes(v[j], element)); \
  }
#else
#define STORE(j, e) pairs[e] = v[j];
#endif
  STORES
}
