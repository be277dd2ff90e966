// A plain texel copy of the element texture: the unit the benchmark measures passes against
// (one read and one write of a 16-byte texel per element).
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).

uniform sampler2D u_source;

out vec4 o_element;

void main() { o_element = texelFetch(u_source, ivec2(gl_FragCoord.xy), 0); }
