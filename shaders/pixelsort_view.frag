// The viewer's Pixel sort picture: pixel i of the image shows the colour that its position (line,
// position: elementOfPixel) holds in the current state. Before the pass that builds the
// elements that is the pixel itself; on the full-element form the colour rides in the element;
// after the last pass, pixel i's bytes (Buffer::Pixels) are its colour; on the pair form (fast and
// wide paths) the pair's position bits name the source element, whose pixel gives the colour.
// With u_showSpans, pixels outside every span are darkened and each span piece gets a tint of its
// own, from the span words (u_spans). The result is mixed with the original as --mix asks.
// Compiled after sort_common.glsl.

uniform sampler2D u_state;  // the elements, or the pairs in the compact layout
uniform usampler2D u_bytes; // the result's bytes, in image order (u_form 3)
uniform int u_form;         // 0: before the elements exist, 1: elements by line, 2: pairs, 3: the result's bytes
uniform int u_imageWidth;
uniform bool u_showSpans;
uniform uint u_maxSpan;
uniform uint u_skipPercent;
uniform uint u_seed;
uniform uint u_mixWeight;   // --mix as the CPU's mixWithOriginal: round(F x 256); 256 the result as it is

out vec4 o_colour;

vec3 unpackRgb(float value) {
  uint rgb = uint(value);
  return vec3(float(rgb >> 16), float((rgb >> 8) & 255u), float(rgb & 255u)) / 255.0;
}

void main() {
  ivec2 pixel = ivec2(gl_FragCoord.xy);
  int i = pixel.y * u_imageWidth + pixel.x;
  int e = elementOfPixel(i);
  vec3 colour = vec3(pixelBytesOf(i).rgb) / 255.0;
  if (u_form == 1) colour = unpackRgb(texelFetch(u_state, texelOf(e), 0).b);
  if (u_form == 3) {  // the result, mixed with the original as the exported picture is
    uvec3 sorted = texelFetch(u_bytes, texelOf(i), 0).rgb, original = pixelBytesOf(i).rgb;
    colour = vec3((original * (256u - u_mixWeight) + sorted * u_mixWeight + 128u) >> 8) / 255.0;
  }
  if (u_form == 2) {
    int lineMask = (1 << u_lineBits) - 1;
    int from = (e & ~lineMask) | (int(compactElement(u_state, e).y) & lineMask);
    colour = vec3(pixelBytesOf(pixelAtElement(from)).rgb) / 255.0;
  }
  if (u_showSpans) {
    int lineMask = (1 << u_lineBits) - 1;
    uint position = uint(e & lineMask), line = uint(e >> u_lineBits);
    uint start = spanStartOf(e);
    uint nextStart = (e & lineMask) < lineMask ? spanStartOf(e + 1) : position + 1u;
    bool member = start != position || nextStart == position;  // in a span of two or more
    uint piece = u_maxSpan > 0u ? start + (position - start) / u_maxSpan * u_maxSpan : start;
    if (member && skipRun(u_seed, line, piece, u_skipPercent)) member = false;
    if (!member) {
      colour *= 0.3;
    } else {
      uint h = pixelHash(7u, 4u, line, piece);
      vec3 tint = vec3(float(h & 255u), float((h >> 8) & 255u), float((h >> 16) & 255u)) / 255.0;
      colour = mix(colour, tint, 0.45);
    }
  }
  o_colour = vec4(colour, 1.0);
}
