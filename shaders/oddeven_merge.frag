// One step of Batcher's odd-even merge sort (article 001). Runs of length p are merged into runs of
// 2p by steps with partner distance k = p, p/2, ..., 1; element x is the lower end of a pair when
// (x - k mod p) mod 2k < k, its partner x + k exists and lies in the same run of 2p. Ascending only.

uniform sampler2D u_source;
uniform int u_p;      // length of the sorted runs being merged (Pass::stepno)
uniform int u_k;      // partner distance (Pass::offset)
uniform int u_count;  // number of elements

out vec4 o_element;

bool lowerEnd(int x) {
  int first = u_k % u_p;
  return x >= first && (x - first) % (2 * u_k) < u_k && x + u_k < u_count && x / (2 * u_p) == (x + u_k) / (2 * u_p);
}

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
  int i = indexOf(texel);
  vec4 self = texelFetch(u_source, texel, 0);
  if (lowerEnd(i)) {
    vec4 other = texelFetch(u_source, texelOf(i + u_k), 0);
    o_element = precedes(other, self) ? other : self;  // keep the min
  } else if (i >= u_k && lowerEnd(i - u_k)) {
    vec4 other = texelFetch(u_source, texelOf(i - u_k), 0);
    o_element = precedes(other, self) ? self : other;  // keep the max
  } else {
    o_element = self;
  }
}
