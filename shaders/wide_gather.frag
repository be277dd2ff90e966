// Wide path, last pass: position j takes the full element (key, index, colour, alpha) whose
// original index the wide state holds for j (laid out by u_window), from the element texture as
// uploaded. The result is the classic path's final texture, bit for bit.
// Compiled after sort_common.glsl (texelOf, indexOf, wideElement, originalIndex).

uniform sampler2D u_source;  // elements as uploaded
uniform int u_window;        // the layout the last network pass wrote

out vec4 o_element;

void main() {
  int j = indexOf(ivec2(gl_FragCoord.xy));
  o_element = texelFetch(u_source, texelOf(sourceIndex(wideElement(j, u_window), j)), 0);
}
