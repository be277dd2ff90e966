// Wide path, last pass: position j takes the full element (key, index, colour, alpha) whose
// original index the wide state holds for j (laid out by u_window), from the element texture as
// uploaded. The result is the classic path's final texture, bit for bit. In the pixel sort it also
// puts the lines back in image order (u_pixelCount), with colour from the source (pixelSortElement).
// Compiled after sort_common.glsl (texelOf, indexOf, wideElement, originalIndex).

uniform sampler2D u_source;  // elements as uploaded
uniform int u_window;        // the layout the last network pass wrote
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
    o_element = pixelSortElement(wideElement(j, u_window), j);
    return;
  }
  o_element = texelFetch(u_source, texelOf(sourceIndex(wideElement(j, u_window), j)), 0);
}
