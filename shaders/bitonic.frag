// One compare-exchange step of the bitonic network: article 004's pixel shader, in integers.
// Each fragment is element i = y * width + x (the seed's elem1d). It reads itself and its partner
// and keeps the smaller or the larger of the two by (key, original index).
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).

uniform sampler2D u_source;  // the state before this pass (the other half of the ping-pong pair)
layout(std140) uniform Step {  // BitonicBlock (src/sort/pass_blocks.cpp)
  int u_stepno;  // seed's stepno = 2^(rank+1): blocks of this size alternate direction
  int u_offset;  // seed's offset = 2^(rank-step): distance to the partner
  int u_stage;   // seed's stage = 2 * offset
};

out vec4 o_element;

// All three parameters are powers of two, so the seed's float arithmetic becomes bit tests:
//   fmod(i, stage) < offset           <=>  (i & (stage - 1)) < offset   (csign = +1: partner ahead)
//   fmod(floor(i / stepno), 2) == 0   <=>  (i & stepno) == 0            (cdir = +1: ascending)
//   partner = i + csign * offset      <=>  i ^ offset
void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  int i = indexOf(texel);
  bool partnerAhead = (i & (u_stage - 1)) < u_offset;
  bool ascending = (i & u_stepno) == 0;

  vec4 self = texelFetch(u_source, texel, 0);
  vec4 other = texelFetch(u_source, texelOf(i ^ u_offset), 0);

  // Keep the min when the partner is ahead in an ascending block (or behind in a descending one).
  bool keepOther = precedes(other, self) == (partnerAhead == ascending);
  o_element = keepOther ? other : self;
}
