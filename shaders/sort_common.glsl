#version 330 core
// Compiled in front of every pass, display and statistics shader. It provides:
//   u_widthLog2, texelOf(i), indexOf(texel)        the element layout (TextureLayout, element.h)
//   precedes(a, b)                                  the order: by key, ties by original index
//   u_compactWidthLog2, compactTexelOf(t), compactElement(compact, i)   the fast path's layout
//   u_wideWidthLog2, wideTexelOf(i, window), wideElement(i, window)    the wide path's layouts
// The runner binds the buffers a pass reads to u_source (elements), u_scan, u_compact and u_wide
// (units 0-3), and the Common block below; each pass kind's own uniforms are its shader's Step block.
// Element i lives at texel (i mod width, i div width) of the sort texture; width = 1 << u_widthLog2.
// Texel channels (src/sort/element.h): r = key, g = original index, b = packed RGB, a = alpha.

// The uniforms every program after this file may read: CommonBlock (src/sort/pass_blocks.cpp),
// written by the runners for each pass and by the viewer for its views.
layout(std140) uniform Common {
  int u_widthLog2;         // the element layout's width, log2
  int u_compactWidthLog2;  // the fast path's compact layout's
  int u_wideWidthLog2;     // the wide path's layers'
  int u_spansWidthLog2;    // the span words'
  int u_indexHighBits;     // original-index bits under the key in r (0 up to 2^24 elements)
  int u_positionBits;      // the gathers' line length, log2 (0: by original index)
  int u_lineBits;          // the pixel sort's line length, log2
  int u_sourceWidth;       // the pixel sort's image (pixel_source.glsl)
  int u_sourceHeight;
};

ivec2 texelOf(int i) { return ivec2(i & ((1 << u_widthLog2) - 1), i >> u_widthLog2); }
int indexOf(ivec2 texel) { return (texel.y << u_widthLog2) | texel.x; }

// Original-index bits that ride in r under the key beyond 2^24 elements (src/sort/element.h): 0
// up to 2^24. The full original index of a (r, g) pair:
int originalIndex(vec2 keyIndex) {
  return ((int(keyIndex.x) & ((1 << u_indexHighBits) - 1)) << 24) | int(keyIndex.y);
}

// The element a gather fetches for position j from its pair (GatherByIndex, WideGather): the
// original index, or with u_positionBits = s > 0 (the pixel sort's lines of 2^s) j's line start
// plus the pair index's low s bits, the element's position in its line.
int sourceIndex(vec2 keyIndex, int j) {
  if (u_positionBits == 0) return originalIndex(keyIndex);
  return ((j >> u_positionBits) << u_positionBits) | (int(keyIndex.y) & ((1 << u_positionBits) - 1));
}

// Strict order by key, ties by original index: no two elements are equal, so the result is unique.
bool precedes(vec4 a, vec4 b) { return a.r < b.r || (a.r == b.r && a.g < b.g); }

// The fast path's compact layout: texel t of the compact texture holds (key, index) of elements
// 2t (xy) and 2t + 1 (zw); the texture is 1 << u_compactWidthLog2 texels wide.
ivec2 compactTexelOf(int t) { return ivec2(t & ((1 << u_compactWidthLog2) - 1), t >> u_compactWidthLog2); }

// (key, index) of element i in a compact texture.
vec2 compactElement(sampler2D compact, int i) {
  vec4 pair = texelFetch(compact, compactTexelOf(i >> 1), 0);
  return (i & 1) == 0 ? pair.xy : pair.zw;
}

// The wide path's layered state (src/sort/wide_layout.h): in the layout of a window, four index
// bits b0 < b1 < b2 < b3 given as an ivec4, element i is in lane bit b0 (xy or zw) of layer
// (bits b1, b2, b3), at the position of i without those four bits, in a texture
// 1 << u_wideWidthLog2 texels wide.
uniform sampler2DArray u_wide;

int withoutBit(int i, int b) { return (i & ((1 << b) - 1)) | ((i >> (b + 1)) << b); }

ivec3 wideTexelOf(int i, ivec4 window) {
  int p = withoutBit(withoutBit(withoutBit(withoutBit(i, window.w), window.z), window.y), window.x);
  int layer = ((i >> window.y) & 1) | (((i >> window.z) & 1) << 1) | (((i >> window.w) & 1) << 2);
  return ivec3(p & ((1 << u_wideWidthLog2) - 1), p >> u_wideWidthLog2, layer);
}

// (key, index) of element i in the wide state laid out by `window`.
vec2 wideElement(int i, ivec4 window) {
  vec4 pair = texelFetch(u_wide, wideTexelOf(i, window), 0);
  return ((i >> window.x) & 1) == 0 ? pair.xy : pair.zw;
}

// The pixel sort's lines are 2^u_lineBits elements long; its source is read through
// pixel_source.glsl, compiled in after the defines.
// The pixel sort's result (Buffer::Pixels): a packed RGB and an alpha as 8-bit R, G, B, A.
uvec4 pixelBytes(float rgb, float alpha) {
  uint c = uint(rgb);
  return uvec4(c >> 16, (c >> 8) & 255u, c & 255u, uint(alpha) & 255u);
}

// The span words (Buffer::Spans), bound to u_spans: word w holds positions 32w .. 32w + 31 at texel
// (w mod width, w div width), width = 1 << u_spansWidthLog2; r: a bit for each position that starts
// a span, g: the latest start (a position in the line) at or before the word's end.
// On the compute runner (TEXSORT_COMPUTE, compute_pixel.glsl) word w is element w of a storage buffer.
uniform usampler2D u_spans;
ivec2 spansTexelOf(int w) { return ivec2(w & ((1 << u_spansWidthLog2) - 1), w >> u_spansWidthLog2); }
int spansIndexOf(ivec2 texel) { return (texel.y << u_spansWidthLog2) | texel.x; }
#ifdef TEXSORT_COMPUTE
uvec2 spanWord(int w) { return spanWordsIn[w]; }
#else
uvec2 spanWord(int w) { return texelFetch(u_spans, spansTexelOf(w), 0).rg; }
#endif
// The highest set bit of v > 0 (GLSL 3.30 has no findMSB): a float's exponent, from a 16-bit half
// of v, which a float holds exactly.
int highestBit(uint v) {
  uint high = v >> 16;
  uint part = high != 0u ? high : v;
  return int(floatBitsToUint(float(part)) >> 23) - 127 + (high != 0u ? 16 : 0);
}
// Element j's span start, after the scan: its word's highest start bit at or below j, else the
// previous word's latest start (that word is in j's line: the line's first position starts a span).
uint spanStartOf(int j) {
  uint bits = spanWord(j >> 5).r & (0xFFFFFFFFu >> uint(31 - (j & 31)));
  if (bits != 0u) return uint(((j & ~31) + highestBit(bits)) & ((1 << u_lineBits) - 1));
  return spanWord((j >> 5) - 1).g;
}
uint lumaOfRgb(uint rgb) { return 299u * (rgb >> 16) + 587u * ((rgb >> 8) & 255u) + 114u * (rgb & 255u); }

// floor(x / d) for d > 0 and either sign of x, from divisions of non-negative numbers only.
int floorDiv(int x, int d) { return x >= 0 ? x / d : -((-x + d - 1) / d); }

// The pixel-sort key `key` (pixel_rules.h's PixelKey) of a packed RGB colour. Callers pass a
// constant (a define), so the compiler keeps just that key's formula.
uint keyOfRgb(int key, uint rgb) {
  int r = int(rgb >> 16), g = int((rgb >> 8) & 255u), b = int(rgb & 255u);
  int mx = max(r, max(g, b)), mn = min(r, min(g, b)), d = mx - mn;
  if (key == 0) return lumaOfRgb(rgb);
  if (key == 1) return uint(mx + mn);
  if (key == 2) {
    if (d == 0) return 0u;
    if (mx == r) return uint((1530 + floorDiv(255 * (g - b), d)) % 1530);
    if (mx == g) return uint(510 + floorDiv(255 * (b - r), d));
    return uint(1020 + floorDiv(255 * (r - g), d));
  }
  if (key == 3) return mx == 0 ? 0u : uint(255 * d / mx);
  if (key == 4) return uint(r + g + b);
  if (key == 5) return uint(mn);
  if (key == 6) return uint(mx);
  if (key == 7) return uint(r);
  if (key == 8) return uint(g);
  if (key == 9) return uint(b);
  if (key == 10) return uint(d);  // chroma
  return rgb;                     // 11: the packed colour, R highest
}


uint mixBits(uint x) {
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}
uint pixelHash(uint seed, uint salt, uint line, uint at) {
  return mixBits(mixBits(mixBits(seed ^ (salt * 0x9e3779b9u)) + line) + at);
}
bool randomBreak(uint seed, uint line, uint p, uint spanLength) {
  return p > 0u && pixelHash(seed, 1u, line, p) % spanLength == 0u;
}
bool waveBreak(uint seed, uint line, uint p, uint spanLength) {
  if (p == 0u) return false;
  uint s = spanLength, middle = s / 2u, phase = line % s;
  uint tri = phase > middle ? phase - middle : middle - phase;
  uint q = p + s - tri, jitterRange = max(1u, s / 4u);
  return q % s == pixelHash(seed, 2u, line, q / s) % jitterRange;
}
bool skipRun(uint seed, uint line, uint start, uint percent) {
  return percent > 0u && pixelHash(seed, 3u, line, start) % 100u < percent;
}
