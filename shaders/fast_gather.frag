// Fast path, last pass: position j takes the full element (key, index, colour, alpha) whose
// original index sits at j in the compact state, from the element texture as uploaded (where
// element i is at position i). The result is the classic path's final texture, bit for bit. In the
// pixel sort it also puts the lines back in image order (u_pixelCount), with colour from the source.
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).

uniform sampler2D u_source;   // elements as uploaded
uniform sampler2D u_compact;  // the sorted compact state
uniform int u_pixelCount;    // > 0: the pixel sort's last pass, into image order (GatherByIndex::pixels)

out vec4 o_element;

void main() {
  int j = indexOf(ivec2(gl_FragCoord.xy));
  if (u_pixelCount > 0) {  // position j holds pixel j: it gathers for pixel j's line and position
    if (j >= u_pixelCount) {
      o_element = vec4(0.0);
      return;
    }
    j = int(pixelTexel(j).a);
    o_element = pixelSortElement(compactElement(u_compact, j), j);
    return;
  }
  o_element = texelFetch(u_source, texelOf(sourceIndex(compactElement(u_compact, j), j)), 0);
}
