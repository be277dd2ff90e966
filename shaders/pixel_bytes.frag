// Pixel sort, read-back: element i's colour and alpha as four 8-bit integers, so the CPU reads
// 4 bytes a pixel instead of 16 and gets the image's own layout (the pixel sort's result, after the
// image-order pass). Compiled after sort_common.glsl.

uniform sampler2D u_source;  // the elements

out uvec4 o_pixel;

void main() {
  vec4 e = texelFetch(u_source, ivec2(gl_FragCoord.xy), 0);
  uint rgb = uint(e.b);
  o_pixel = uvec4(rgb >> 16, (rgb >> 8) & 255u, rgb & 255u, uint(e.a));
}
