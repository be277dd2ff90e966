// The pixel sort's passes as compute dispatches, KERNEL (a define) choosing which: 1 SpanStarts and
// 2 SpanScanStep (an invocation a span word), 3 PixelOrder (an element, or with INTO_PAIRS its
// (key, index) pair: the pack folded in). Each calls the function its fragment pass calls, so
// both runners write the same bytes. (The last sort dispatch writes the image: compute_steps.comp,
// compute_shared.comp and compute_radix.comp with INTO_IMAGE.) Compiled last, after
// compute_pixel.glsl, sort_common.glsl, the defines, pixel_source.glsl, pixel_order.glsl and
// (kernels 1, 2) the fragment pass's shader.
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
#endif
}
