// One round of odd-even transposition sort (article 001): neighbours (i, i+1) with i of the round's
// parity compare and exchange; n rounds sort n elements.
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).

uniform sampler2D u_source;
layout(std140) uniform Step {  // TranspositionBlock (src/sort/pass_blocks.cpp)
  int u_count;
  int u_parity;  // 0: pairs (0,1) (2,3) ...; 1: pairs (1,2) (3,4) ...
};

out vec4 o_element;

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  int i = indexOf(texel);
  vec4 self = texelFetch(u_source, texel, 0);
  bool lowerEnd = i >= u_parity && ((i - u_parity) & 1) == 0 && i + 1 < u_count;
  bool upperEnd = i >= u_parity + 1 && ((i - u_parity) & 1) == 1;
  if (lowerEnd) {
    vec4 other = texelFetch(u_source, texelOf(i + 1), 0);
    o_element = precedes(other, self) ? other : self;
  } else if (upperEnd) {
    vec4 other = texelFetch(u_source, texelOf(i - 1), 0);
    o_element = precedes(other, self) ? self : other;
  } else {
    o_element = self;
  }
}
