// Radix sort by split (article 002), first pass of a bit: e = inverted bit of the key, written to
// the scan buffer (R32F).
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).

uniform sampler2D u_source;  // elements
uniform int u_bit;

out vec4 o_flag;

void main() {
  vec4 element = texelFetch(u_source, ivec2(gl_FragCoord.xy), 0);
  o_flag = vec4(((int(element.r) >> u_bit) & 1) == 0 ? 1.0 : 0.0, 0.0, 0.0, 1.0);
}
