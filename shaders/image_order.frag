// Pixel sort, last pass (ImageOrder): the sorted lines back in image order, as the image's bytes
// (Buffer::Pixels). Pixel i (below u_pixelCount) takes the colour and alpha of the element at its
// line and position, which the source's alpha channel names; later positions are zero. Compiled
// after sort_common.glsl.

uniform sampler2D u_source;  // the sorted elements, line by line
layout(std140) uniform Step {  // PixelCountBlock (src/sort/pass_blocks.cpp)
  int u_pixelCount;
};

out uvec4 o_pixel;

void main() {
  int i = indexOf(ivec2(gl_FragCoord.xy));
  if (i >= u_pixelCount) {
    o_pixel = uvec4(0u);
    return;
  }
  vec4 element = texelFetch(u_source, texelOf(elementOfPixel(i)), 0);
  o_pixel = pixelBytes(element.b, element.a);
}
