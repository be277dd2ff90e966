// Wide path, for display only: the layered state back in index order as the fast path's compact
// form (texel t holds elements 2t and 2t + 1), which the viewer's shaders read. No pass of the
// sort runs it. Compiled after sort_common.glsl (compactTexelOf's layout, wideElement).

uniform ivec4 u_window;       // the layout the state is in (its four bits)
uniform bool u_fromElements;  // instead: the elements as uploaded (the state before the first wide pass)
uniform sampler2D u_source;

out vec4 o_pair;

vec2 pairOf(int i) { return u_fromElements ? texelFetch(u_source, texelOf(i), 0).rg : wideElement(i, u_window); }

void main() {
  int t = (int(gl_FragCoord.y) << u_compactWidthLog2) | int(gl_FragCoord.x);
  o_pair = vec4(pairOf(2 * t), pairOf(2 * t + 1));
}
