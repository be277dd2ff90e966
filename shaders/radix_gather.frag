// Radix sort by split: the move. Article 002 scatters element i to d = b ? i - f + totalFalses : f.
// A fragment shader cannot scatter, so each output position d gathers instead: it takes the d-th
// element with e = 1 (d < totalFalses), or the (d - totalFalses)-th element with e = 0. The counts
// "e = 1 up to i" (the inclusive scan) and "e = 0 up to i" (i + 1 - scan) never decrease, so a
// binary search of log2(n) fetches finds the source. Chosen over scattering points from a vertex
// shader because it keeps every pass a full-screen fragment pass, with no point rasterisation rules
// to trust and no vertex buffer of n points.
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).

uniform sampler2D u_source;  // elements before the move
uniform sampler2D u_scan;    // inclusive prefix sum of e
uniform int u_count;
uniform int u_countLog2;

out vec4 o_element;

float falsesUpTo(int i) { return texelFetch(u_scan, texelOf(i), 0).r; }

void main() {
  int d = indexOf(ivec2(gl_FragCoord.xy));
  int totalFalses = int(falsesUpTo(u_count - 1));
  bool wantFalse = d < totalFalses;
  int target = wantFalse ? d : d - totalFalses;
  int lo = 0;
  int hi = u_count - 1;
  for (int step = 0; step <= u_countLog2 && lo < hi; ++step) {  // smallest i whose count exceeds target
    int mid = (lo + hi) / 2;
    int falses = int(falsesUpTo(mid));
    int count = wantFalse ? falses : mid + 1 - falses;
    if (count > target) hi = mid; else lo = mid + 1;
  }
  o_element = texelFetch(u_source, texelOf(lo), 0);
}
