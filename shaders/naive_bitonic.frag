#version 330 core
// The benchmark's naive yardstick: article 004's bitonic pass as a newcomer first writes it, alone
// in its file. The texture holds the image's colours (r, g, b, a as floats 0..255), not keys: every
// fragment computes both luma keys from the colours, and the index arithmetic is the seed's, in
// floats (mod and floor). One network step per pass. Swaps on the key alone, never on a tie, so the
// network is deterministic but not stable; src/bench/naive.cpp models it on the CPU.

uniform sampler2D u_source;
uniform vec2 u_bufInfo;  // texture width and height
uniform float u_stepno;  // 2^(rank+1): the length of the blocks that sort one way
uniform float u_offset;  // 2^(rank-step): the distance to the partner
uniform float u_stage;   // 2 * offset

in vec2 v_uv;
out vec4 o_colour;

float luma(vec4 c) { return dot(c.rgb, vec3(299.0, 587.0, 114.0)); }  // integers: exact in float

void main() {
  vec2 elem2d = floor(u_bufInfo * v_uv);
  float elem1d = elem2d.y * u_bufInfo.x + elem2d.x;
  float csign = (mod(elem1d, u_stage) < u_offset) ? 1.0 : -1.0;           // partner ahead or behind
  float cdir = (mod(floor(elem1d / u_stepno), 2.0) <= 0.5) ? 1.0 : -1.0;  // block ascending or not
  float adr1d = elem1d + csign * u_offset;
  vec2 adr2d = (vec2(mod(adr1d, u_bufInfo.x), floor(adr1d / u_bufInfo.x)) + 0.5) / u_bufInfo;

  vec4 val0 = texture(u_source, v_uv);
  vec4 val1 = texture(u_source, adr2d);
  float k0 = luma(val0);
  float k1 = luma(val1);
  // This element should end up with the smaller of the pair, or the larger.
  bool wantsMin = csign == cdir;
  bool swap = wantsMin ? k0 > k1 : k0 < k1;
  o_colour = swap ? val1 : val0;
}
