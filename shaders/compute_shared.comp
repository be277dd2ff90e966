// The shared-memory kernels: every step whose partners lie in one block of 2^BLOCK_LOG2 elements,
// for merges u_firstRank .. u_lastRank (the first from step u_firstStep), in workgroup shared
// memory. The workgroup loads its block once (coalesced), runs the steps PER_BARRIER at a time with
// a barrier after each such chunk, and stores the block once. For a chunk of c steps an invocation
// takes groups of 2^c slots spaced by the chunk's smallest distance into registers, as a B kernel
// takes them from global memory: 2^(PER_BARRIER - c) groups, 2^PER_BARRIER slots an invocation.
// PER_BARRIER 1 is article 000's C2, 2 its C4; 4 texsort's C16 (16 pairs an invocation).
// Compiled after compute_common.glsl, with BLOCK_LOG2, PER_BARRIER, THREADS (block >> PER_BARRIER)
// and GROUPS (the runner's code for each chunk size c: `case c: LOAD(0) ... EXCHANGE(i, k) ...
// STORE(0) ... break;`, every slot a constant); with INTO_IMAGE (the pixel sort's last pass) after
// compute_pixel.glsl, sort_common.glsl and pixel_source.glsl instead, storing the image's bytes.
layout(local_size_x = THREADS) in;

layout(std140) uniform Step {  // SharedStepsBlock (src/sort/pass_blocks.cpp)
  uint u_firstRank;
  uint u_firstStep;
  uint u_lastRank;
  uint u_stepno;  // the last merge's block (a line's last merge carries the element count)
};

const uint kBlock = 1u << BLOCK_LOG2;
shared vec2 s_pairs[kBlock];

// Where slot i lives in s_pairs. From 8 slots an invocation on, a chunk's groups are 2^c slots
// apart, so a warp's invocations would hit one shared-memory bank at once; XOR-ing the slot's low
// five bits with the next five spreads them over the banks (a permutation of every aligned 1024).
// C2 and C4 keep the article's plain layout.
uint slot(uint i) {
#if PER_BARRIER >= 3
  return i ^ ((i >> 5) & 31u);
#else
  return i;
#endif
}

// Every invocation's shared-memory writes are done and visible before any goes on.
void sync() {
  memoryBarrierShared();
  barrier();
}

void main() {
  uint blockBase = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) << BLOCK_LOG2;
  uint tid = gl_LocalInvocationID.x;
  for (uint j = tid; j < kBlock; j += uint(THREADS)) s_pairs[slot(j)] = pairs[blockBase + j];
  sync();
  for (uint rank = u_firstRank; rank <= u_lastRank; ++rank) {
    uint stepno = rank == u_lastRank ? u_stepno : 2u << rank;
    for (uint step = rank == u_firstRank ? u_firstStep : 0u; step <= rank;) {
      uint c = min(uint(PER_BARRIER), rank + 1u - step);  // this chunk's steps, largest distances first
      uint spacing = 1u << (rank + 1u - step - c);        // its last step's distance
      for (uint g = tid; g < (kBlock >> c); g += uint(THREADS)) {
        uint low = g & (spacing - 1u);
        uint base = ((g - low) << c) | low;  // g with c zero bits at log2(spacing)
        bool ascending = ((blockBase + base) & stepno) == 0u;  // the same for the whole group
#define LOAD(j) v[j] = s_pairs[slot(base + uint(j) * spacing)];
#define STORE(j) s_pairs[slot(base + uint(j) * spacing)] = v[j];
        // The lower slot keeps the min when ascending (selects: compute_steps.comp says why).
#define EXCHANGE(i, k)                             \
  {                                                \
    vec2 a = v[i], b = v[k];                       \
    bool swap = pairPrecedes(b, a) == ascending;   \
    v[i] = swap ? b : a;                           \
    v[k] = swap ? a : b;                           \
  }
        switch (c) { GROUPS }
      }
      sync();
      step += c;
    }
  }
#ifdef INTO_IMAGE
  // The pixel sort's last pass: each position's pixel takes the bytes of the pixel whose element
  // the sort put there (GatherByIndex's rule, from the position's side).
  for (uint j = tid; j < kBlock; j += uint(THREADS)) {
    int e = int(blockBase + j), pixel = pixelAtElement(e);
    if (pixel < 0) continue;  // padding
    pixelsOut[pixel] = packedBytes(pixelSortBytes(s_pairs[slot(j)], e));
  }
#else
  for (uint j = tid; j < kBlock; j += uint(THREADS)) pairs[blockBase + j] = s_pairs[slot(j)];
#endif
}
