// Pixel sort, last pass (ImageOrder): the sorted lines back in image order. Pixel i (below
// u_pixelCount) takes the element at its line and position, which the source's alpha channel
// names; later positions are zero. Compiled after sort_common.glsl.

uniform sampler2D u_source;  // the sorted elements, line by line
uniform int u_pixelCount;

out vec4 o_element;

void main() {
  int i = indexOf(ivec2(gl_FragCoord.xy));
  o_element = i < u_pixelCount ? texelFetch(u_source, texelOf(int(pixelTexel(i).a)), 0) : vec4(0.0);
}
