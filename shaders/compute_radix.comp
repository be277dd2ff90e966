// compute-radix: one digit of an LSD radix sort of the elements by their 48-bit order r * 2^24 + g,
// each line on its own (src/sort/pass.h: RadixTileCounts, RadixCountScan, RadixScatter), reduce
// then scan, so no workgroup waits on another (no forward-progress promise needed). Compiled after
// compute_common.glsl, with:
//   RADIX_PHASE      1 tile counts, 2 count scan, 3 scatter
//   RADIX_BITS       the counts' rows: 2^RADIX_BITS digit values (VALUES)
//   TILE_LOG2        elements a tile: in phases 1 and 3 an invocation owns a tile of consecutive
//                    elements (a run it walks in order, which keeps the sort stable)
//   RADIX_PAIRS      (defined or not) the (key, index) pairs move, from Pairs into PairsOut,
//                    instead of the elements from Elements into Target
//   INTO_IMAGE       (defined or not; with RADIX_PAIRS, phase 3) the pixel sort's last scatter:
//                    each pair's pixel bytes go to the picture's pixel at its place, as
//                    compute_steps.comp's do. Compiled then after compute_pixel.glsl,
//                    sort_common.glsl and pixel_source.glsl instead of compute_common.glsl, with
//                    the counts where compute_pixel.glsl's Elements would be (COUNTS_AT_ELEMENTS)
//   THREADS          invocations a workgroup: in phases 1 and 3, THREADS consecutive tiles; in
//                    phase 2, a row's tiles of one line, or with SCAN_A_ROW_AN_INVOCATION (lines
//                    of at most 64 tiles) THREADS rows
// Counts: row v (digit value v), column t (tile t, the lines' tiles in order) at v * u_tiles + t;
// then line l's total of value v at VALUES * u_tiles + l * VALUES + v. The scatter writes the
// other buffer, which the runner then takes as the elements (or pairs).
#define VALUES (1u << RADIX_BITS)
#define TILE (1u << TILE_LOG2)
#define LINE_TILES (1u << u_lineTilesLog2)
layout(local_size_x = THREADS) in;

#ifdef INTO_IMAGE
layout(std430, binding = 0) readonly buffer Counts { uint counts[]; };  // u_count: PixelRun's
#define ITEM vec2
#define LOAD(i) pairs[i]
#define STORE(i, item)                                                                  \
  {                                                                                     \
    int pixel = pixelAtElement(int(i));                                                 \
    if (pixel >= 0) pixelsOut[pixel] = packedBytes(pixelSortBytes(item, int(i)));       \
  }
#else
layout(std430, binding = 4) buffer Counts { uint counts[]; };
#endif
#if defined(RADIX_PAIRS) && !defined(INTO_IMAGE)
layout(std430, binding = 5) writeonly buffer PairsOut { vec2 pairsOut[]; };
#define ITEM vec2
#define LOAD(i) pairs[i]
#define STORE(i, item) pairsOut[i] = item
#elif !defined(INTO_IMAGE)
#define ITEM vec4
#define LOAD(i) elements[i]
#define STORE(i, item) target[i] = item
#endif

layout(std140) uniform Step {  // RadixBlock (src/sort/pass_blocks.cpp)
  uint u_shift;          // the digit: bits u_shift .. of the 48-bit order, under u_mask
  uint u_mask;
  uint u_tiles;          // every line's
  uint u_lineTilesLog2;  // tiles a line (a tile never spans two lines): a uniform, so one
                         // program serves every size
};

// r's bits are the order's from 24 up; g holds its low 24 (element.h).
uint digitOf(ITEM item) {
  uint r = uint(item.x), g = uint(item.y);
  return (u_shift >= 24u ? r >> (u_shift - 24u) : (g >> u_shift) | (r << (24u - u_shift))) & u_mask;
}
uint workgroupIndex() { return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x; }
uint totalAt(uint line, uint v) { return VALUES * u_tiles + line * VALUES + v; }

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
  for (uint i = tile * TILE; i < end; ++i) HIST(digitOf(LOAD(i)), t) += 1u;
  for (uint v = 0u; v < VALUES; ++v) counts[v * u_tiles + tile] = HIST(v, t);
  if ((tile & (LINE_TILES - 1u)) == 0u) {  // the line's totals: the scan's, none yet
    for (uint v = 0u; v < VALUES; ++v) counts[totalAt(tile >> u_lineTilesLog2, v)] = 0u;
  }
}

#elif RADIX_PHASE == 2 && defined(SCAN_A_ROW_AN_INVOCATION)
// Lines of few tiles (at most 64): an invocation walks one (value, line) row alone, so a
// workgroup does THREADS rows instead of idling most of its invocations on one.
void main() {
  uint lines = u_tiles >> u_lineTilesLog2, row = workgroupIndex() * THREADS + gl_LocalInvocationID.x;
  if (row >= VALUES * lines) return;  // no barrier follows
  uint v = row / lines, line = row % lines;
  uint first = v * u_tiles + (line << u_lineTilesLog2);
  uint sum = 0u;
  for (uint i = first; i < first + LINE_TILES; ++i) {
    uint count = counts[i];
    counts[i] = sum;
    sum += count;
  }
  counts[totalAt(line, v)] = sum;
}

#elif RADIX_PHASE == 2
shared uint partial[THREADS];

void main() {
  uint lines = u_tiles >> u_lineTilesLog2, row = workgroupIndex(), t = gl_LocalInvocationID.x;
  if (row >= VALUES * lines) return;  // the whole workgroup: no barrier is left waiting
  uint v = row / lines, line = row % lines;
  uint chunk = LINE_TILES / THREADS;  // both powers of two, THREADS at most LINE_TILES
  uint first = v * u_tiles + (line << u_lineTilesLog2) + t * chunk, last = first + chunk;
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
  if (t == THREADS - 1u) counts[totalAt(line, v)] = before;
}

#elif RADIX_PHASE == 3
void main() {
  uint t = gl_LocalInvocationID.x, tile = workgroupIndex() * THREADS + t;
  if (tile >= u_tiles) return;  // no barrier follows
  // Where this tile's elements of each value go: the line's first element, its totals of the
  // smaller values, then the tile's start in the value's row; each element takes the next place
  // of its value.
  uint line = tile >> u_lineTilesLog2, place = line << (u_lineTilesLog2 + TILE_LOG2);
  for (uint v = 0u; v < VALUES; ++v) {
    HIST(v, t) = place + counts[v * u_tiles + tile];
    place += counts[totalAt(line, v)];
  }
  uint end = min(tile * TILE + TILE, u_count);
  for (uint i = tile * TILE; i < end; ++i) {
    ITEM item = LOAD(i);
    uint v = digitOf(item);
    uint at = HIST(v, t);
    HIST(v, t) = at + 1u;
    STORE(at, item);
  }
}
#endif
