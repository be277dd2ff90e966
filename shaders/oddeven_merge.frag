// One step of Batcher's odd-even merge sort (article 001). Runs of length p are merged into runs of
// 2p by steps with partner distance k = p, p/2, ..., 1; element x is the lower end of a pair when
// (x - k mod p) mod 2k < k, its partner x + k exists and lies in the same run of 2p. Ascending only.
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).

uniform sampler2D u_source;
layout(std140) uniform Step {  // OddEvenBlock (src/sort/pass_blocks.cpp)
  int u_count;      // number of elements
  int u_runLength;  // p: length of the sorted runs being merged (OddEvenMergeStep::runLength)
  int u_distance;   // k: partner distance (OddEvenMergeStep::distance)
};

out vec4 o_element;

bool lowerEnd(int x) {
  int p = u_runLength, k = u_distance;
  int first = k % p;
  return x >= first && (x - first) % (2 * k) < k && x + k < u_count && x / (2 * p) == (x + k) / (2 * p);
}

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  int i = indexOf(texel);
  vec4 self = texelFetch(u_source, texel, 0);
  if (lowerEnd(i)) {
    vec4 other = texelFetch(u_source, texelOf(i + u_distance), 0);
    o_element = precedes(other, self) ? other : self;  // keep the min
  } else if (i >= u_distance && lowerEnd(i - u_distance)) {
    vec4 other = texelFetch(u_source, texelOf(i - u_distance), 0);
    o_element = precedes(other, self) ? self : other;  // keep the max
  } else {
    o_element = self;
  }
}
