// The pixel sort's passes as compute dispatches, KERNEL (a define) choosing which: 1 SpanStarts and
// 2 SpanScanStep (an invocation a span word), 3 PixelOrder (an element, or with INTO_PAIRS its
// (key, index) pair: the pack folded in), 4 GatherByIndex into image
// order (a pixel position: the bytes of the pixel whose element the sort put at that pixel's line
// and position, zero past the image). Each calls the function its fragment pass calls, so both
// runners write the same bytes. Compiled last, after compute_pixel.glsl, sort_common.glsl, the
// defines, pixel_source.glsl, pixel_order.glsl and (kernels 1, 2) the fragment pass's shader.
layout(local_size_x = 64) in;

void main() {
  int i = int(invocationIndex());
  if (i >= u_invocations) return;
#if KERNEL == 1
  spanWordsOut[i] = spanStartsWord(i);
#elif KERNEL == 2
  spanWordsOut[i] = spanScanWord(i);
#elif KERNEL == 3 && defined(INTO_PAIRS)
  pairs[i] = pixelOrderElement(i).rg;
#elif KERNEL == 3
  elements[i] = pixelOrderElement(i);
#else
  uvec4 b = uvec4(0u);
  if (i < u_pixelCount) {
    int j = elementOfPixel(i);
    b = pixelSortBytes(pairs[j], j);
  }
  pixelsOut[i] = packedBytes(b);
#endif
}
