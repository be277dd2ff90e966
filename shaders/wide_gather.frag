// Wide path, last pass: position j takes the full element (key, index, colour, alpha) whose
// original index the wide state holds for j (laid out by u_window), from the element texture as
// uploaded. The result is the classic path's final texture, bit for bit. In the pixel sort it also
// puts the lines back in image order (u_pixelCount; INTO_IMAGE defined) as the image's bytes, with
// colour from the source (pixelSortBytes).
// Compiled after sort_common.glsl (texelOf, indexOf, wideElement, originalIndex).

uniform sampler2D u_source;  // elements as uploaded
layout(std140) uniform Step {  // WideGatherBlock (src/sort/pass_blocks.cpp)
  ivec4 u_window;    // the layout the last network pass wrote (its four bits)
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
  o_pixel = pixelSortBytes(wideElement(j, u_window), j);
#else
  o_element = texelFetch(u_source, texelOf(sourceIndex(wideElement(j, u_window), j)), 0);
#endif
}
