// Fast path, last pass: position j takes the full element (key, index, colour, alpha) whose
// original index sits at j in the compact state, from the element texture as uploaded (where
// element i is at position i). The result is the classic path's final texture, bit for bit.
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).

uniform sampler2D u_source;   // elements as uploaded
uniform sampler2D u_compact;  // the sorted compact state

out vec4 o_element;

void main() {
  int j = indexOf(ivec2(gl_FragCoord.xy));
  o_element = texelFetch(u_source, texelOf(sourceIndex(compactElement(u_compact, j), j)), 0);
}
