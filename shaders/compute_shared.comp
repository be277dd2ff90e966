// Article 000's shared-memory kernels C2 and C4: every step whose partners lie in one block of
// 2^BLOCK_LOG2 elements, for merges u_firstRank .. u_lastRank (the first from step u_firstStep),
// in workgroup shared memory. The workgroup loads its block once (coalesced), runs the steps with
// a barrier after each (PER_BARRIER 1: an invocation owns two elements) or after each pair of
// steps (PER_BARRIER 2: it owns four), and stores the block once.
// Compiled after compute_common.glsl, with BLOCK_LOG2, PER_BARRIER and THREADS (block >> PER_BARRIER);
// with INTO_IMAGE (the pixel sort's last pass) after compute_pixel.glsl, sort_common.glsl and
// pixel_source.glsl instead, storing the image's bytes rather than the pairs.
layout(local_size_x = THREADS) in;

uniform uint u_firstRank;
uniform uint u_firstStep;
uniform uint u_lastRank;
uniform uint u_stepno;  // the last merge's block (a line's last merge carries the element count)

const uint kBlock = 1u << BLOCK_LOG2;
shared vec2 s_pairs[kBlock];
uint blockBase;

// Every invocation's shared-memory writes are done and visible before any goes on.
void sync() {
  memoryBarrierShared();
  barrier();
}

// Orders slots i < j of the block for the merge whose block is `stepno`.
void compareExchange(uint i, uint j, uint stepno) {
  vec2 a = s_pairs[i], b = s_pairs[j];
  if (pairPrecedes(b, a) == (((blockBase + i) & stepno) == 0u)) {
    s_pairs[i] = b;
    s_pairs[j] = a;
  }
}

// Pair p (0 .. kBlock / 2 - 1) of a step of distance d: slot p with a zero bit inserted at log2 d.
void singleStep(uint p, uint d, uint stepno) {
  uint low = p & (d - 1u);
  uint i = ((p - low) << 1) | low;
  compareExchange(i, i + d, stepno);
}

void main() {
  blockBase = (gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x) << BLOCK_LOG2;
  uint tid = gl_LocalInvocationID.x;
  for (uint j = tid; j < kBlock; j += uint(THREADS)) s_pairs[j] = pairs[blockBase + j];
  sync();
  for (uint rank = u_firstRank; rank <= u_lastRank; ++rank) {
    uint stepno = rank == u_lastRank ? u_stepno : 2u << rank;
    uint step = rank == u_firstRank ? u_firstStep : 0u;
    while (step <= rank) {
      uint d = 1u << (rank - step);
#if PER_BARRIER == 2
      if (d >= 2u) {  // steps d and d / 2 on slots base + {0, q, 2q, 3q}, q = d / 2
        uint q = d >> 1;
        uint low = tid & (q - 1u);
        uint base = ((tid - low) << 2) | low;
        compareExchange(base, base + d, stepno);
        compareExchange(base + q, base + d + q, stepno);
        compareExchange(base, base + q, stepno);
        compareExchange(base + d, base + d + q, stepno);
        sync();
        step += 2u;
        continue;
      }
      singleStep(tid, d, stepno);  // the odd one out (distance 1): two pairs per invocation
      singleStep(tid + uint(THREADS), d, stepno);
#else
      singleStep(tid, d, stepno);
#endif
      sync();
      step += 1u;
    }
  }
#ifdef INTO_IMAGE
  // The pixel sort's last pass: each position's pixel takes the bytes of the pixel whose element
  // the sort put there (GatherByIndex's rule, from the position's side).
  for (uint j = tid; j < kBlock; j += uint(THREADS)) {
    int e = int(blockBase + j), pixel = pixelAtElement(e);
    if (pixel < 0) continue;  // padding
    pixelsOut[pixel] = packedBytes(pixelSortBytes(s_pairs[j], e));
  }
#else
  for (uint j = tid; j < kBlock; j += uint(THREADS)) pairs[blockBase + j] = s_pairs[j];
#endif
}
