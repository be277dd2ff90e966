// Fast path: one or two consecutive bitonic steps in one pass, on compact texels (two elements
// each). A fragment owns texel t (elements 2t and 2t + 1), reads every texel its elements' results
// depend on, runs the steps on them in registers and keeps its own. The compare rule is the
// classic one (bitonic.frag), so the result is bit-identical.
//   offset 1, one step:   partners share a texel: 1 fetch.
//   offset 2, two steps:  distances 2 then 1: the group is texels t and t ^ 1: 2 fetches.
//   offset d >= 8, two:   distances d then d/2: texels t ^ {0, d/4, d/2, d/2 + d/4}: 4 fetches;
//                         both lanes of a texel run side by side in independent groups.
//   offsets 4, 2, 1:      the tail of a merge, three steps over texels t ^ {0, 1, 2, 3}: 4 fetches.
//   offset d >= 8, one:   texels t and t ^ d/2: 2 fetches.
// Writes are a quarter of the classic path's (half the texels, half the passes), reads half.
// FAST_SHAPE (defined in front of this file) picks the shape at compile time: one program per
// shape, because llvmpipe runs every side of a branch, uniform or not, and pays for all fetches.
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).

uniform sampler2D u_compact;
layout(std140) uniform Step {  // FusedBlock (src/sort/pass_blocks.cpp)
  int u_stepno;  // as in bitonic.frag: blocks of stepno elements alternate direction
  int u_offset;  // the first step's partner distance in elements
};

out vec4 o_pair;

vec4 pairAt(int t) { return texelFetch(u_compact, compactTexelOf(t), 0); }

bool precedes2(vec2 a, vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

// Lane by lane, `low` holds the elements at the lower positions and `high` their partners; after
// the exchange `low` holds the smaller of each pair when ascending, the larger when descending.
void exchange(inout vec4 low, inout vec4 high, bool ascending) {
  bool swapFirst = precedes2(high.xy, low.xy) == ascending;
  bool swapSecond = precedes2(high.zw, low.zw) == ascending;
  vec4 l = low;
  low = vec4(swapFirst ? high.xy : low.xy, swapSecond ? high.zw : low.zw);
  high = vec4(swapFirst ? l.xy : high.xy, swapSecond ? l.zw : high.zw);
}

// The last in-texel step on a texel's two lanes.
vec4 inTexel(vec4 pair, bool ascending) { return precedes2(pair.zw, pair.xy) == ascending ? pair.zwxy : pair; }

void main() {
  int t = (int(gl_FragCoord.y) << u_compactWidthLog2) | int(gl_FragCoord.x);
  bool ascending = (t & (u_stepno >> 1)) == 0;  // element 2t's bit stepno is texel t's bit stepno / 2
#if FAST_SHAPE == 1  // distance 1, inside the texel
  o_pair = inTexel(pairAt(t), ascending);
#elif FAST_SHAPE == 2  // distances 2 and 1 over texels t & ~1 and t | 1
  vec4 a = pairAt(t & ~1);
  vec4 b = pairAt(t | 1);
  exchange(a, b, ascending);
  o_pair = inTexel((t & 1) == 0 ? a : b, ascending);
#elif FAST_SHAPE == 3  // distances 4, 2 and 1 over texels t ^ {0, 1, 2, 3}
  int base = t & ~3;
  vec4 g0 = pairAt(base), g1 = pairAt(base | 1), g2 = pairAt(base | 2), g3 = pairAt(base | 3);
  exchange(g0, g2, ascending);
  exchange(g1, g3, ascending);
  exchange(g0, g1, ascending);
  exchange(g2, g3, ascending);
  int own = t & 3;
  o_pair = inTexel(own == 0 ? g0 : own == 1 ? g1 : own == 2 ? g2 : g3, ascending);
#elif FAST_SHAPE == 5  // one step of distance d >= 8: texel distance h = d/2
  int h = u_offset >> 1;
  vec4 low = pairAt(t & ~h), high = pairAt(t | h);
  exchange(low, high, ascending);
  o_pair = (t & h) == 0 ? low : high;
#else  // distances d then d/2 (d >= 8): texel distances h = d/2 and q = d/4
  int h = u_offset >> 1;
  int q = u_offset >> 2;
  int base = t & ~(h | q);
  vec4 g0 = pairAt(base), g1 = pairAt(base | q), g2 = pairAt(base | h), g3 = pairAt(base | h | q);
  exchange(g0, g2, ascending);
  exchange(g1, g3, ascending);
  exchange(g0, g1, ascending);
  exchange(g2, g3, ascending);
  bool upper = (t & h) != 0, second = (t & q) != 0;
  o_pair = upper ? (second ? g3 : g2) : (second ? g1 : g0);
#endif
}
