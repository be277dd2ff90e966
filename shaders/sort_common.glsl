#version 330 core
// Shared by the sort passes (compiled in front of each): element layout and order.
// Element i lives at texel (i mod width, i div width) of the sort texture; width = 1 << u_widthLog2.
// Texel channels (src/sort/element.h): r = key, g = original index, b = packed RGB, a = alpha.

uniform int u_widthLog2;

ivec2 texelOf(int i) { return ivec2(i & ((1 << u_widthLog2) - 1), i >> u_widthLog2); }
int indexOf(ivec2 texel) { return (texel.y << u_widthLog2) | texel.x; }

// Strict order by key, ties by original index: no two elements are equal, so the result is unique.
bool precedes(vec4 a, vec4 b) { return a.r < b.r || (a.r == b.r && a.g < b.g); }
