// Pixel sort (PixelOrder): every position writes its element (pixel_order.glsl). Compiled after
// sort_common.glsl and pixel_order.glsl.

out vec4 o_element;

void main() { o_element = pixelOrderElement(indexOf(ivec2(gl_FragCoord.xy))); }
