// One step of the pixel sort's bitonic network: bitonic.frag with the order (span, key, position).
// Texel channels in this mode: r = key, g = position in the line, b = span number, a unused. A
// line's spans are runs of equal span numbers rising along it, so ordering by span first sorts
// every span on its own and leaves a pixel outside every span (a span of one) where it is.
// Compiled after sort_common.glsl (texelOf, indexOf, u_widthLog2).

uniform sampler2D u_source;
uniform int u_stepno;
uniform int u_offset;
uniform int u_stage;

out vec4 o_element;

bool spanPrecedes(vec4 a, vec4 b) {
  return a.b < b.b || (a.b == b.b && (a.r < b.r || (a.r == b.r && a.g < b.g)));
}

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  int i = indexOf(texel);
  bool partnerAhead = (i & (u_stage - 1)) < u_offset;
  bool ascending = (i & u_stepno) == 0;
  vec4 self = texelFetch(u_source, texel, 0);
  vec4 other = texelFetch(u_source, texelOf(i ^ u_offset), 0);
  bool keepOther = spanPrecedes(other, self) == (partnerAhead == ascending);
  o_element = keepOther ? other : self;
}
