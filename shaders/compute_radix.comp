// compute-radix: one digit of an LSD radix sort of the elements by r (src/sort/pass.h:
// RadixTileCounts, RadixCountScan, RadixScatter), reduce then scan, so no workgroup waits on
// another (no forward-progress promise needed). Compiled after compute_common.glsl, with:
//   RADIX_PHASE  1 tile counts, 2 count scan, 3 scatter
//   RADIX_BITS   the counts' rows: 2^RADIX_BITS digit values (VALUES)
//   TILE_LOG2    elements a tile: in phases 1 and 3 an invocation owns a tile of consecutive
//                elements (a run it walks in order, which keeps the sort stable)
//   THREADS      invocations a workgroup: in phases 1 and 3, THREADS consecutive tiles
// Counts: row v (digit value v), column t (tile t) at v * u_tiles + t; the totals after the rows.
// The elements move whole (the scatter writes `target`, which the runner then takes as the
// elements), so no pack and no gather by index are needed.
#define VALUES (1u << RADIX_BITS)
#define TILE (1u << TILE_LOG2)
layout(local_size_x = THREADS) in;

layout(std430, binding = 4) buffer Counts { uint counts[]; };

uniform uint u_shift;  // the digit: bits u_shift .. of r, under u_mask
uniform uint u_mask;
uniform uint u_tiles;

uint digitOf(vec4 element) { return (uint(element.x) >> u_shift) & u_mask; }
uint workgroupIndex() { return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x; }

#if RADIX_PHASE == 1 || RADIX_PHASE == 3
// Invocation t's count of value v (then its next place) at v * (THREADS + 1) + t: a column an
// invocation, a row padded by one so an invocation a row would walk the banks.
shared uint hist[VALUES * (THREADS + 1u)];
#define HIST(v, t) hist[(v) * (THREADS + 1u) + (t)]
#endif

#if RADIX_PHASE == 1
void main() {
  uint t = gl_LocalInvocationID.x, tile = workgroupIndex() * THREADS + t;
  if (tile >= u_tiles) return;  // no barrier follows
  for (uint v = 0u; v < VALUES; ++v) HIST(v, t) = 0u;
  uint end = min(tile * TILE + TILE, u_count);
  for (uint i = tile * TILE; i < end; ++i) HIST(digitOf(elements[i]), t) += 1u;
  for (uint v = 0u; v < VALUES; ++v) counts[v * u_tiles + tile] = HIST(v, t);
  if (tile == 0u) {
    for (uint v = 0u; v < VALUES; ++v) counts[VALUES * u_tiles + v] = 0u;  // the totals: the scan's, none yet
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
  uint t = gl_LocalInvocationID.x, tile = workgroupIndex() * THREADS + t;
  if (t == 0u) {
    uint sum = 0u;
    for (uint v = 0u; v < VALUES; ++v) {
      below[v] = sum;
      sum += counts[VALUES * u_tiles + v];
    }
  }
  barrier();
  if (tile >= u_tiles) return;
  // Where this tile's elements of each value go: the smaller values' totals, then the tile's
  // start in the value's row; each element takes the next place of its value.
  for (uint v = 0u; v < VALUES; ++v) HIST(v, t) = below[v] + counts[v * u_tiles + tile];
  uint end = min(tile * TILE + TILE, u_count);
  for (uint i = tile * TILE; i < end; ++i) {
    vec4 element = elements[i];
    uint v = digitOf(element);
    uint at = HIST(v, t);
    HIST(v, t) = at + 1u;
    target[at] = element;
  }
}
#endif
