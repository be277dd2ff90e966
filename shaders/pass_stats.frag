// Statistics of one pass, reduced on the GPU: fragment (s, y) sums over elements
// y * width + s * span ... + span - 1 how many are in order with their successor and how many
// changed in the pass. The viewer reads back only width / span x height of these partial sums.

uniform sampler2D u_current;   // state after the pass
uniform sampler2D u_previous;  // state before it
uniform int u_count;           // number of elements
uniform int u_span;            // elements per fragment

out vec4 o_sums;  // r: pairs (i, i+1) in order, g: elements moved

void main() {
  int first = (int(gl_FragCoord.y) << u_widthLog2) + int(gl_FragCoord.x) * u_span;
  int last = min(first + u_span, min(u_count, (int(gl_FragCoord.y) + 1) << u_widthLog2));
  float inOrder = 0.0;
  float moved = 0.0;
  for (int i = first; i < last; ++i) {
    vec4 here = texelFetch(u_current, texelOf(i), 0);
    moved += here.g != texelFetch(u_previous, texelOf(i), 0).g ? 1.0 : 0.0;
    if (i + 1 < u_count) inOrder += precedes(here, texelFetch(u_current, texelOf(i + 1), 0)) ? 1.0 : 0.0;
  }
  o_sums = vec4(inOrder, moved, 0.0, 1.0);
}
