// Radix sort by split (article 002), first pass of a digit: the digit of the key (u_digitMask's
// bits from bit u_bit) as a one-hot RGBA, channel v = 1 where the digit is v, into the scan buffer
// (RGBA32F). For a 1-bit digit, channel 0 is the article's e = inverted bit.
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).
uniform sampler2D u_source;  // elements
layout(std140) uniform Step {  // RadixFlagsBlock (src/sort/pass_blocks.cpp)
  int u_bit;
  int u_digitMask;
};
out vec4 o_flag;

void main() {
  vec4 element = texelFetch(u_source, ivec2(gl_FragCoord.xy), 0);
  int digit = (int(element.r) >> u_bit) & u_digitMask;
  o_flag = vec4(equal(ivec4(digit), ivec4(0, 1, 2, 3)));
}
