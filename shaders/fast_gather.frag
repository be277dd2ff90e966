// Fast path, last pass: position j takes the full element (key, index, colour, alpha) whose
// original index sits at j in the compact state, from the element texture as uploaded (where
// element i is at position i). The result is the classic path's final texture, bit for bit. In the
// pixel sort it also puts the lines back in image order (u_pixelCount; INTO_IMAGE defined) as the
// image's bytes, with colour from the source (pixelSortBytes).
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).

uniform sampler2D u_source;   // elements as uploaded
uniform sampler2D u_compact;  // the sorted compact state
layout(std140) uniform Step {  // PixelCountBlock (src/sort/pass_blocks.cpp)
  int u_pixelCount;  // the pixel sort's pixels (GatherByIndex::pixels), with INTO_IMAGE
};

#ifdef INTO_IMAGE
out uvec4 o_pixel;  // Buffer::Pixels
#else
out vec4 o_element;
#endif

void main() {
  int j = indexOf(ivec2(gl_FragCoord.xy));
#ifdef INTO_IMAGE
  // Position j holds pixel j: it gathers for pixel j's line and position.
  if (j >= u_pixelCount) {
    o_pixel = uvec4(0u);
    return;
  }
  j = elementOfPixel(j);
  o_pixel = pixelSortBytes(compactElement(u_compact, j), j);
#else
  o_element = texelFetch(u_source, texelOf(sourceIndex(compactElement(u_compact, j), j)), 0);
#endif
}
