// compute-radix: one digit of an LSD radix sort of the elements by r (src/sort/pass.h:
// RadixTileCounts, RadixCountScan, RadixScatter), reduce then scan, so no workgroup waits on
// another (no forward-progress promise needed). Compiled after compute_common.glsl, with:
//   RADIX_PHASE  1 tile counts, 2 count scan, 3 scatter
//   RADIX_BITS   the counts' rows: 2^RADIX_BITS digit values (VALUES)
//   TILE_LOG2    elements a tile: a workgroup a tile in phases 1 and 3
//   THREADS      invocations a workgroup; in phases 1 and 3 invocation t owns the t-th run of
//                TILE / THREADS consecutive elements of its tile, so runs in invocation order are the
//                tile in order, and counting run by run keeps the sort stable
// Counts: row v (digit value v), column t (tile t) at v * u_tiles + t; the totals after the rows.
// The elements move whole (the scatter writes `target`, which the runner then takes as the
// elements), so no pack and no gather by index are needed.
#define VALUES (1u << RADIX_BITS)
#define TILE (1u << TILE_LOG2)
#define ITEMS ((TILE + THREADS - 1u) / THREADS)
layout(local_size_x = THREADS) in;

layout(std430, binding = 4) buffer Counts { uint counts[]; };

uniform uint u_shift;  // the digit: bits u_shift .. of r, under u_mask
uniform uint u_mask;
uniform uint u_tiles;

uint digitOf(vec4 element) { return (uint(element.x) >> u_shift) & u_mask; }
uint workgroupIndex() { return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x; }

#if RADIX_PHASE == 1 || RADIX_PHASE == 3
// Invocation t's count of value v at v * (THREADS + 1) + t: a row a value, padded by one so an
// invocation a row walks the banks.
shared uint hist[VALUES * (THREADS + 1u)];
#define HIST(v, t) hist[(v) * (THREADS + 1u) + (t)]

// This invocation's run of its tile: [begin, end).
void runOf(uint tile, uint t, out uint begin, out uint end) {
  uint tileEnd = min(tile * TILE + TILE, u_count);
  begin = min(tile * TILE + t * ITEMS, tileEnd);
  end = min(begin + ITEMS, tileEnd);
}

// Counts this invocation's run into its column of hist.
void countRun(uint t, uint begin, uint end) {
  for (uint v = 0u; v < VALUES; ++v) HIST(v, t) = 0u;
  for (uint i = begin; i < end; ++i) HIST(digitOf(elements[i]), t) += 1u;
}
#endif

#if RADIX_PHASE == 1
void main() {
  uint tile = workgroupIndex(), t = gl_LocalInvocationID.x;
  if (tile >= u_tiles) return;  // the whole workgroup: no barrier is left waiting
  uint begin, end;
  runOf(tile, t, begin, end);
  countRun(t, begin, end);
  barrier();
  for (uint v = t; v < VALUES; v += THREADS) {
    uint sum = 0u;
    for (uint k = 0u; k < THREADS; ++k) sum += HIST(v, k);
    counts[v * u_tiles + tile] = sum;
    if (tile == 0u) counts[VALUES * u_tiles + v] = 0u;  // the totals: the scan's, none yet
  }
}

#elif RADIX_PHASE == 2
shared uint partial[THREADS];

void main() {
  uint v = workgroupIndex(), t = gl_LocalInvocationID.x;
  if (v >= VALUES) return;
  uint chunk = (u_tiles + THREADS - 1u) / THREADS;
  uint first = v * u_tiles + min(t * chunk, u_tiles), last = v * u_tiles + min(t * chunk + chunk, u_tiles);
  uint sum = 0u;
  for (uint i = first; i < last; ++i) sum += counts[i];
  partial[t] = sum;
  barrier();
  uint before = 0u;  // the chunks before this one
  for (uint k = 0u; k < t; ++k) before += partial[k];
  for (uint i = first; i < last; ++i) {
    uint count = counts[i];
    counts[i] = before;
    before += count;
  }
  if (t == THREADS - 1u) counts[VALUES * u_tiles + v] = before;
}

#elif RADIX_PHASE == 3
shared uint below[VALUES];  // the elements of every smaller value, over all tiles

void main() {
  uint tile = workgroupIndex(), t = gl_LocalInvocationID.x;
  if (tile >= u_tiles) return;
  if (t == 0u) {
    uint sum = 0u;
    for (uint v = 0u; v < VALUES; ++v) {
      below[v] = sum;
      sum += counts[VALUES * u_tiles + v];
    }
  }
  uint begin, end;
  runOf(tile, t, begin, end);
  countRun(t, begin, end);
  barrier();
  // Row v: where its elements in this tile start (the smaller values' totals, then the tile's start in
  // the row), and each run's start after the runs before it.
  for (uint v = t; v < VALUES; v += THREADS) {
    uint at = below[v] + counts[v * u_tiles + tile];
    for (uint k = 0u; k < THREADS; ++k) {
      uint count = HIST(v, k);
      HIST(v, k) = at;
      at += count;
    }
  }
  barrier();
  for (uint i = begin; i < end; ++i) {
    vec4 element = elements[i];
    uint v = digitOf(element);
    uint at = HIST(v, t);
    HIST(v, t) = at + 1u;
    target[at] = element;
  }
}
#endif
