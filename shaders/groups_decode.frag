// The pixel sort of rows after its last pass, for display only: Buffer::Groups (the sorted lines'
// bytes in line order, element 16t + 4k + c in uint c of texel t of layer k) back as the image's
// bytes laid out as Buffer::Pixels (pixel i at texelOf(i)), which the viewer reads. No pass of the
// sort runs it. Compiled after sort_common.glsl (indexOf, u_lineBits, u_wideWidthLog2).

uniform usampler2DArray u_groups;
uniform int u_imageWidth;
uniform int u_pixelCount;

out uvec4 o_pixel;

void main() {
  int i = indexOf(ivec2(gl_FragCoord.xy));
  if (i >= u_pixelCount) {
    o_pixel = uvec4(0u);
    return;
  }
  int e = ((i / u_imageWidth) << u_lineBits) | (i % u_imageWidth);  // pixel (x, y): element y * 2^s + x
  int t = e >> 4;
  ivec3 at = ivec3(t & ((1 << u_wideWidthLog2) - 1), t >> u_wideWidthLog2, (e >> 2) & 3);
  uint bytes = texelFetch(u_groups, at, 0)[e & 3];
  o_pixel = uvec4(bytes & 255u, (bytes >> 8) & 255u, (bytes >> 16) & 255u, bytes >> 24);
}
