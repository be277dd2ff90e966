// Pixel sort (PixelOrder): every position writes its element (pixel_order.glsl); with INTO_PAIRS
// (PixelOrder::intoPairs) compact texel t takes the (r, g) pairs of positions 2t and 2t + 1 instead,
// the fast path's pack folded in. Compiled after sort_common.glsl and pixel_order.glsl.

#ifdef INTO_PAIRS
out vec4 o_pair;

void main() {
  int t = (int(gl_FragCoord.y) << u_compactWidthLog2) | int(gl_FragCoord.x);
  o_pair = vec4(pixelOrderElement(2 * t).rg, pixelOrderElement(2 * t + 1).rg);
}
#else
out vec4 o_element;

void main() { o_element = pixelOrderElement(indexOf(ivec2(gl_FragCoord.xy))); }
#endif
