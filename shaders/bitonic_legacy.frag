// Article 004's DirectX 9 pixel shader (after Purcell et al. 2003), kept faithful: float index
// arithmetic with fmod (GLSL mod) and floor, csign and cdir, and the partner's texture coordinate
// from convert1dto2d. Every value is an integer below 2^24 or a power-of-two fraction, so the
// float arithmetic is exact and the result is bit-identical to the integer shader (bitonic.frag).
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).

uniform sampler2D u_source;
layout(std140) uniform Step {  // LegacyBlock (src/sort/pass_blocks.cpp)
  vec2 u_bufInfo;  // the seed's BufInfo: texture width and height
  float u_stepno;  // 2^(rank+1)
  float u_offset;  // 2^(rank-step)
  float u_stage;   // 2 * offset
};

in vec2 v_uv;  // the seed's In.WPOS: 0..1 across the texture
out vec4 o_element;

// 1D index -> texture coordinate (seed lines 0042-0050).
vec2 convert1dto2d(float index) {
  vec2 dst;
  dst.x = mod(index, u_bufInfo.x) / u_bufInfo.x;
  dst.y = floor(index / u_bufInfo.x) / u_bufInfo.y;
  return dst;
}

void main() {
  // Cut the fraction for the 1D index (seed lines 0058-0063).
  vec2 elem2d = floor(u_bufInfo * v_uv);
  float elem1d = elem2d.y * u_bufInfo.x + elem2d.x;

  // Compare with the texel ahead or behind? And which direction does this block sort?
  float csign = (mod(elem1d, u_stage) < u_offset) ? 1.0 : -1.0;
  float cdir = (mod(floor(elem1d / u_stepno), 2.0) <= 0.5) ? 1.0 : -1.0;

  vec4 val0 = texture(u_source, v_uv);
  float adr1d = csign * u_offset + elem1d;
  // convert1dto2d gives the texel's corner; Direct3D 9 sampled there through its half-texel offset
  // convention, OpenGL samples texel centres, so add half a texel.
  vec2 adr2d = convert1dto2d(adr1d) + 0.5 / u_bufInfo;
  vec4 val1 = texture(u_source, adr2d);

  // The seed compares the key only (val0.y < val1.y); ties by original index make it unique.
  vec4 cmin = precedes(val1, val0) ? val1 : val0;
  vec4 cmax = precedes(val1, val0) ? val0 : val1;
  o_element = (csign == cdir) ? cmin : cmax;
}
