// Pixel sort: the element every line sort orders (PixelOrder), for pixel_order.frag and for the
// wide path's first pass, which computes it in place of reading it (WIDE_FROM_PIXELS). Position p
// of line l, whose span starts where the span words say (spanStartOf; cut into pieces of at most
// u_maxSpan from there; a piece --skip leaves whole becomes p itself), becomes (r, g, rgb, alpha)
// with r * 2^24 + g = piece << (K + s) | key << s | p: the 48-bit order held as two 24-bit halves,
// each exact in a float. PIXEL_KEY (a define) is pixel_rules.h's PixelKey; PIXEL_PIECES is defined
// when u_maxSpan > 0, PIXEL_SKIP when u_skipPercent > 0 (llvmpipe pays for every side of a branch,
// and here a division and a hash per element). Compiled after sort_common.glsl.

layout(std140) uniform Order {  // OrderBlock (src/sort/pass_blocks.cpp)
  uint u_maxKey;
  int u_keyBits;
  bool u_descending;
  uint u_maxSpan;
  uint u_skipPercent;
  uint u_seed;
};

// The element's key: PIXEL_KEY, a constant, so only its formula is compiled in.
uint pixelKey(uint rgb) { return keyOfRgb(PIXEL_KEY, rgb); }

// Sets the field v (no wider than its room) at bit `at` of the 48-bit number (high 24, low 24).
uvec2 withField(uvec2 order, uint v, int at) {
  if (at >= 24) return uvec2(order.x | (v << uint(at - 24)), order.y);
  return uvec2(order.x | (v >> uint(24 - at)), order.y | ((v << uint(at)) & 0xFFFFFFu));
}

// Element j, whose span starts at `start`: (order high, order low, packed RGB, alpha); padding has
// no colour.
vec4 pixelOrderAt(int j, uint start) {
  uint position = uint(j & ((1 << u_lineBits) - 1)), line = uint(j >> u_lineBits);
  int pixel = pixelAtElement(j);
  uint piece = start, key = 0u;
  vec2 colour = vec2(0.0);
  if (pixel >= 0) {
#ifdef PIXEL_PIECES
    piece = start + (position - start) / u_maxSpan * u_maxSpan;
#endif
#ifdef PIXEL_SKIP
    if (skipRun(u_seed, line, piece, u_skipPercent)) piece = position;
#endif
    uvec4 bytes = pixelBytesOf(pixel);
    uint rgb = rgbOfBytes(bytes);
#if PIXEL_KEY == 12
    key = bytes.a;  // alpha
#elif PIXEL_KEY == 13
    key = pixelHash(u_seed, 4u, line, position) >> 16;  // shuffle
#else
    key = pixelKey(rgb);
#endif
    if (u_descending) key = u_maxKey - key;
    colour = vec2(float(rgb), float(bytes.a));
  }
  uvec2 order = withField(withField(withField(uvec2(0u), piece, u_keyBits + u_lineBits), key, u_lineBits), position, 0);
  return vec4(float(order.x), float(order.y), colour);
}

vec4 pixelOrderElement(int j) { return pixelOrderAt(j, spanStartOf(j)); }

// Elements base .. base + 15 (base a multiple of 16, so one span word holds their 16 bits), as
// pixelOrderElement but with the span words fetched once for all 16 instead of once or twice each.
void pixelOrderElements16(int base, out vec2 e[16]) {
  int word = base >> 5, below = base & 31;  // below: 0 or 16, the bits in front of base's
  uint bits = spanWord(word).r;
  uint earlier = bits & ((1u << uint(below)) - 1u);
  // The latest start before base: in this word, else (it is in base's line: the line's first
  // position starts a span) the previous word's latest.
  uint start = earlier != 0u ? uint(((base & ~31) + highestBit(earlier)) & ((1 << u_lineBits) - 1))
                             : spanWord(max(word - 1, 0)).g;
  for (int a = 0; a < 16; ++a) {
    if (((bits >> uint(below + a)) & 1u) != 0u) start = uint((base + a) & ((1 << u_lineBits) - 1));
    e[a] = pixelOrderAt(base + a, start).rg;
  }
}
