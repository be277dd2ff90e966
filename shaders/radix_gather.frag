// Radix sort by split: the move. Article 002 scatters element i to d = b ? i - f + totalFalses : f;
// for a digit of several bits, element i with digit v goes to (the elements of smaller digits) +
// (those of digit v before i). A fragment shader cannot scatter, so each output position d gathers
// instead: its digit v is the last whose run starts at or before d, and it takes the
// (d - start of v)-th element of digit v. Each channel of the inclusive scan never decreases, so a
// binary search of log2(n) fetches finds the source. Chosen over scattering points from a vertex
// shader because it keeps every pass a full-screen fragment pass, with no point rasterisation rules
// to trust and no vertex buffer of n points.
// Compiled after sort_common.glsl (texelOf, indexOf, precedes, compactElement, u_widthLog2).
uniform sampler2D u_source;  // elements before the move
uniform sampler2D u_scan;    // inclusive prefix sums of the digit flags
layout(std140) uniform Step {  // CountBlock (src/sort/pass_blocks.cpp)
  int u_count;
  int u_countLog2;
};
out vec4 o_element;

vec4 countsUpTo(int i) { return texelFetch(u_scan, texelOf(i), 0); }

void main() {
  int d = indexOf(ivec2(gl_FragCoord.xy));
  vec4 totals = countsUpTo(u_count - 1);
  vec4 starts = vec4(0.0, totals.x, totals.x + totals.y, totals.x + totals.y + totals.z);
  // The runs of digits 0 ... 3 start at `starts` (an empty run starts where the next does).
  int digit = int(dot(step(starts, vec4(float(d))), vec4(1.0))) - 1;
  float target = float(d) - starts[digit];
  int lo = 0;
  int hi = u_count - 1;
  for (int probe = 0; probe <= u_countLog2 && lo < hi; ++probe) {  // smallest i whose count exceeds target
    int mid = (lo + hi) / 2;
    if (countsUpTo(mid)[digit] > target) hi = mid; else lo = mid + 1;
  }
  o_element = texelFetch(u_source, texelOf(lo), 0);
}
