// Compiled after sort_common.glsl, in front of display.frag and pass_stats.frag: reading a
// runner's StateView (src/sort/runner.h) without knowing which buffers the runner keeps. It provides
//   keyIndexAt(state, i)  (key, original index) held at position i of u_viewCurrent or u_viewPrevious
//   elementAt(i)          the full element (key, index, packed RGB, alpha) at position i now
// bindStateView() (src/sort/state_view.cpp) sets these uniforms and units.

uniform bool u_viewCompact;        // positions hold compact (key, index) pairs; colours come by index
uniform sampler2D u_viewCurrent;   // the state positions hold now (unit 0)
uniform sampler2D u_viewPrevious;  // before the last pass, or the current state again (unit 1)
uniform sampler2D u_viewElements;  // the element texels (unit 2): as uploaded on the compact form
uniform bool u_viewHasPrevious;    // the last pass changed what positions hold

vec2 keyIndexAt(sampler2D state, int i) {
  return u_viewCompact ? compactElement(state, i) : texelFetch(state, texelOf(i), 0).rg;
}

vec4 elementAt(int i) {
  return u_viewCompact ? texelFetch(u_viewElements, texelOf(originalIndex(compactElement(u_viewCurrent, i))), 0)
                       : texelFetch(u_viewCurrent, texelOf(i), 0);
}
