// Fast path, first pass: compact texel t takes (key, index) of elements 2t and 2t + 1 from the
// full element texture. Colour stays behind; the last pass gathers it by index.
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).

uniform sampler2D u_source;

out vec4 o_pair;

void main() {
  int t = (int(gl_FragCoord.y) << u_compactWidthLog2) | int(gl_FragCoord.x);
  vec4 first = texelFetch(u_source, texelOf(2 * t), 0);
  vec4 second = texelFetch(u_source, texelOf(2 * t + 1), 0);
  o_pair = vec4(first.rg, second.rg);
}
