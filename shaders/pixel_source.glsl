// The pixel sort's source (SourceShape, src/sort/cpu_model.h), compiled after sort_common.glsl and
// the defines into every program that reads it: pixel p's 8-bit RGBA at texel p of u_pixels; the
// pixel at element j and the element holding pixel p by arithmetic for rows and columns
// (SOURCE_AXIS 1-4: LineAxis), else (SOURCE_AXIS 0) from the maps (u_pixelMaps texel j: r the pixel
// at element j, g the element holding pixel j + 2^30 when the mask lets it be sorted + 2^29 when it
// is its line's first, as lines may share a row; ~0 for none), which hold the mask bits too when
// SOURCE_MASKED is defined. Defines, not uniforms: llvmpipe pays for every side of a branch.

uniform usampler2D u_pixels;
uniform usampler2D u_pixelMaps;
// u_sourceWidth and u_sourceHeight (the image) come in sort_common.glsl's Common block.

#ifdef TEXSORT_COMPUTE  // the compute runner's storage buffers (compute_pixel.glsl): the same texels in index order
uvec4 pixelBytesOf(int p) {
  uint v = sourcePixels[p];
  return uvec4(v & 255u, (v >> 8) & 255u, (v >> 16) & 255u, v >> 24);
}
uvec2 mapsAt(int j) { return pixelMaps[j]; }
#else
uvec4 pixelBytesOf(int p) { return texelFetch(u_pixels, texelOf(p), 0); }
uvec2 mapsAt(int j) { return texelFetch(u_pixelMaps, texelOf(j), 0).rg; }
#endif
uint rgbOfBytes(uvec4 bytes) { return (bytes.r << 16) | (bytes.g << 8) | bytes.b; }

// The pixel at element j, -1 for padding.
int pixelAtElement(int j) {
#if SOURCE_AXIS == 0
  return int(mapsAt(j).r);
#else
  int line = j >> u_lineBits, position = j & ((1 << u_lineBits) - 1);
#if SOURCE_AXIS <= 2
  if (line >= u_sourceHeight || position >= u_sourceWidth) return -1;
#else
  if (line >= u_sourceWidth || position >= u_sourceHeight) return -1;
#endif
#if SOURCE_AXIS == 1
  return line * u_sourceWidth + position;
#elif SOURCE_AXIS == 2
  return line * u_sourceWidth + u_sourceWidth - 1 - position;
#elif SOURCE_AXIS == 3
  return position * u_sourceWidth + line;
#else
  return (u_sourceHeight - 1 - position) * u_sourceWidth + line;
#endif
#endif
}

// The element holding pixel p (p below the pixel count).
int elementOfPixel(int p) {
#if SOURCE_AXIS == 0
  return int(mapsAt(p).g & ~((1u << 30) | (1u << 29)));
#else
  int x = p % u_sourceWidth, y = p / u_sourceWidth;
#if SOURCE_AXIS == 1
  return (y << u_lineBits) | x;
#elif SOURCE_AXIS == 2
  return (y << u_lineBits) | (u_sourceWidth - 1 - x);
#elif SOURCE_AXIS == 3
  return (x << u_lineBits) | y;
#else
  return (x << u_lineBits) | (u_sourceHeight - 1 - y);
#endif
#endif
}

// Whether pixel p is the first of its line (listed lines only, where lines may share a row).
bool pixelStartsLine(int p) {
#if SOURCE_AXIS == 0
  return (mapsAt(p).g & (1u << 29)) != 0u;
#else
  return false;
#endif
}

// Whether the mask lets pixel p be sorted (always without one).
bool pixelAllowed(int p) {
#ifdef SOURCE_MASKED
  return (mapsAt(p).g & (1u << 30)) != 0u;
#else
  return true;
#endif
}

// The pixel sort's gathers into image order (GatherByIndex, WideGather with pixels > 0): the bytes
// of the pixel whose element the line sort put at position j, its (key, index) `pair` there: the
// pair's position bits name the source position, whose pixel gives colour and alpha.
uvec4 pixelSortBytes(vec2 pair, int j) { return pixelBytesOf(pixelAtElement(sourceIndex(pair, j))); }
