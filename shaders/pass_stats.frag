// Statistics of one pass, reduced on the GPU: fragment (s, y) sums over elements
// y * width + s * span ... + span - 1 how many are in order with their successor and how many
// changed in the pass. The viewer reads back only width / span x height of these partial sums.
// Compiled after sort_common.glsl and state_view.glsl (keyIndexAt, u_viewCurrent, u_viewPrevious).

uniform int u_count;  // number of elements
uniform int u_span;   // elements per fragment

out vec4 o_sums;  // r: pairs (i, i+1) in order, g: elements moved

void main() {
  int first = (int(gl_FragCoord.y) << u_widthLog2) + int(gl_FragCoord.x) * u_span;
  int last = min(first + u_span, min(u_count, (int(gl_FragCoord.y) + 1) << u_widthLog2));
  float inOrder = 0.0;
  float moved = 0.0;
  for (int i = first; i < last; ++i) {
    vec2 here = keyIndexAt(u_viewCurrent, i);
    moved += u_viewHasPrevious && here != keyIndexAt(u_viewPrevious, i) ? 1.0 : 0.0;
    if (i + 1 < u_count) inOrder += precedes(vec4(here, 0.0, 0.0), vec4(keyIndexAt(u_viewCurrent, i + 1), 0.0, 0.0)) ? 1.0 : 0.0;
  }
  o_sums = vec4(inOrder, moved, 0.0, 1.0);
}
