// Statistics of one pass, reduced on the GPU: fragment (s, y) sums over elements
// y * width + s * span ... + span - 1 how many are in order with their successor, how many changed
// in the pass, how many are turns (where the order of neighbours flips between rising and
// falling: monotone runs = turns + 1), how many are already where the sorted result puts them, and
// how far the others are from there (the Spearman footrule: between the inversion count and twice
// it). The viewer reads back only width / span x height of these partial sums.
// Compiled after sort_common.glsl and state_view.glsl (keyIndexAt, u_viewCurrent, u_viewPrevious).

uniform int u_count;       // number of elements
uniform int u_span;        // elements per fragment
uniform sampler2D u_rank;  // unit 3, the element layout: the final position of the element whose
                           // original index is i, as 4 bytes (least significant first) in RGBA8

int finalPosition(int originalIndex) {
  ivec4 b = ivec4(round(texelFetch(u_rank, texelOf(originalIndex), 0) * 255.0));
  return b.r | (b.g << 8) | (b.b << 16) | (b.a << 24);
}

const float kPack = 64.0;  // r packs three counts of at most u_span (32): exact in a float

out vec4 o_sums;  // r: pairs (i, i+1) in order + 64 * elements moved + 4096 * turns,
                  // b: in their final position, a: sum of |position - final position|

void main() {
  int first = (int(gl_FragCoord.y) << u_widthLog2) + int(gl_FragCoord.x) * u_span;
  int last = min(first + u_span, min(u_count, (int(gl_FragCoord.y) + 1) << u_widthLog2));
  float inOrder = 0.0;
  float moved = 0.0;
  float turns = 0.0;
  float settled = 0.0;
  float distance = 0.0;
  // Whether the pair (i - 1, i) rises, for the first element's turn.
  bool rising = first > 0 && precedes(vec4(keyIndexAt(u_viewCurrent, first - 1), 0.0, 0.0),
                                      vec4(keyIndexAt(u_viewCurrent, first), 0.0, 0.0));
  for (int i = first; i < last; ++i) {
    vec2 here = keyIndexAt(u_viewCurrent, i);
    moved += u_viewHasPrevious && here != keyIndexAt(u_viewPrevious, i) ? 1.0 : 0.0;
    if (i + 1 < u_count) {
      bool rises = precedes(vec4(here, 0.0, 0.0), vec4(keyIndexAt(u_viewCurrent, i + 1), 0.0, 0.0));
      inOrder += rises ? 1.0 : 0.0;
      turns += i > 0 && rises != rising ? 1.0 : 0.0;
      rising = rises;
    }
    int target = finalPosition(originalIndex(here));
    settled += target == i ? 1.0 : 0.0;
    distance += float(abs(target - i));
  }
  o_sums = vec4(inOrder + kPack * (moved + kPack * turns), 0.0, settled, distance);
}
