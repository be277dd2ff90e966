// Wide path: up to ten bitonic steps in one pass, each fragment owning 16 elements (article 000's
// B16, on a fragment shader). The steps' partner distances all lie among the four index bits of
// u_window (adjacent or not: a merge's last steps can share the pass with the next merge's first),
// so the 16 elements that differ only there never meet any other element in this pass. The
// fragment reads them (on the first pass from the element texture, which folds the pack in, or in
// the pixel sort computed from the pixels, which folds the key pass in: WIDE_FROM_PIXELS, compiled
// after pixel_order.glsl, its window bits 0-3: 16 consecutive positions, one span word; else from
// the layout the previous pass wrote), runs the steps in registers with the classic compare rule
// (bitonic.frag), and writes them to 8 render targets, one layer each, laid out by this pass's
// window (wide_layout.h): the next pass finds its own 16 at one position.
// WIDE_STEPS (defined in front of this file) lists the steps, e.g. "step3(u_stepnos[0]);
// step2(u_stepnos[0]);": one program per list, as llvmpipe pays for every branch.
// INTO_GROUPS (the pixel sort of rows, its last pass, window bits 0-3: the fragment owns 16
// consecutive positions of a line) writes, instead of the pairs, the bytes of the pixel each
// sorted position takes, 4 to a texel of each of 4 targets (Buffer::Groups).
// Compiled after sort_common.glsl (texelOf, wideElement, u_wideWidthLog2), and with INTO_GROUPS or
// WIDE_FROM_PIXELS after pixel_source.glsl.

uniform sampler2D u_source;     // the elements as uploaded: the first pass reads these
layout(std140) uniform Step {  // WideStepsBlock (src/sort/pass_blocks.cpp)
  ivec4 u_window;        // this pass's four bits, lowest first, and the layout it writes
  ivec4 u_sourceWindow;  // the layout the previous pass wrote
  ivec4 u_stepnos;       // stepno of each merge the pass carries, the first merge first
};

#ifdef INTO_GROUPS
layout(location = 0) out uvec4 o_group0;
layout(location = 1) out uvec4 o_group1;
layout(location = 2) out uvec4 o_group2;
layout(location = 3) out uvec4 o_group3;
#else
layout(location = 0) out vec4 o_layer0;
layout(location = 1) out vec4 o_layer1;
layout(location = 2) out vec4 o_layer2;
layout(location = 3) out vec4 o_layer3;
layout(location = 4) out vec4 o_layer4;
layout(location = 5) out vec4 o_layer5;
layout(location = 6) out vec4 o_layer6;
layout(location = 7) out vec4 o_layer7;
#endif

vec2 e[16];     // (key, index) of element index[a]
int index[16];  // the fragment's own: bit t of a at index bit u_window[t]

bool precedes2(vec2 a, vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

// Compare-exchange of e[a] and e[b] (b = a + 2^j); the block of stepno elements that the lower one
// is in decides the direction. Called with constants only, so e stays in registers.
void exchange(int a, int b, int stepno) {
  bool ascending = (index[a] & stepno) == 0;
  bool swap = precedes2(e[b], e[a]) == ascending;
  vec2 low = e[a];
  e[a] = swap ? e[b] : low;
  e[b] = swap ? low : e[b];
}

// One step of distance 2^u_window[j]: the 8 pairs whose indices differ in bit j of a.
void step0(int stepno) {
  exchange(0, 1, stepno); exchange(2, 3, stepno); exchange(4, 5, stepno); exchange(6, 7, stepno);
  exchange(8, 9, stepno); exchange(10, 11, stepno); exchange(12, 13, stepno); exchange(14, 15, stepno);
}
void step1(int stepno) {
  exchange(0, 2, stepno); exchange(1, 3, stepno); exchange(4, 6, stepno); exchange(5, 7, stepno);
  exchange(8, 10, stepno); exchange(9, 11, stepno); exchange(12, 14, stepno); exchange(13, 15, stepno);
}
void step2(int stepno) {
  exchange(0, 4, stepno); exchange(1, 5, stepno); exchange(2, 6, stepno); exchange(3, 7, stepno);
  exchange(8, 12, stepno); exchange(9, 13, stepno); exchange(10, 14, stepno); exchange(11, 15, stepno);
}
void step3(int stepno) {
  exchange(0, 8, stepno); exchange(1, 9, stepno); exchange(2, 10, stepno); exchange(3, 11, stepno);
  exchange(4, 12, stepno); exchange(5, 13, stepno); exchange(6, 14, stepno); exchange(7, 15, stepno);
}

int withZeroAt(int p, int b) { return (p & ((1 << b) - 1)) | ((p >> b) << (b + 1)); }

void main() {
  int p = (int(gl_FragCoord.y) << u_wideWidthLog2) | int(gl_FragCoord.x);
  int base = withZeroAt(withZeroAt(withZeroAt(withZeroAt(p, u_window.x), u_window.y), u_window.z), u_window.w);
  for (int a = 0; a < 16; ++a) {
    index[a] = base | ((a & 1) << u_window.x) | (((a >> 1) & 1) << u_window.y) | (((a >> 2) & 1) << u_window.z) |
               ((a >> 3) << u_window.w);
#if defined(WIDE_FROM_ELEMENTS)
    e[a] = texelFetch(u_source, texelOf(index[a]), 0).rg;
#elif !defined(WIDE_FROM_PIXELS)
    e[a] = wideElement(index[a], u_sourceWindow);
#endif
  }
#ifdef WIDE_FROM_PIXELS
  pixelOrderElements16(base, e);  // the window is bits 0-3: index[a] = base + a
#endif
  WIDE_STEPS
#ifdef INTO_GROUPS
  uint bytes[16];  // position index[a] = 16 p + a takes the pixel its pair names: its RGBA, R lowest
  for (int a = 0; a < 16; ++a) {
    int pixel = pixelAtElement(sourceIndex(e[a], index[a]));
    uvec4 b = pixel >= 0 ? pixelBytesOf(pixel) : uvec4(0u);
    bytes[a] = b.r | (b.g << 8) | (b.b << 16) | (b.a << 24);
  }
  o_group0 = uvec4(bytes[0], bytes[1], bytes[2], bytes[3]);
  o_group1 = uvec4(bytes[4], bytes[5], bytes[6], bytes[7]);
  o_group2 = uvec4(bytes[8], bytes[9], bytes[10], bytes[11]);
  o_group3 = uvec4(bytes[12], bytes[13], bytes[14], bytes[15]);
#else
  o_layer0 = vec4(e[0], e[1]);
  o_layer1 = vec4(e[2], e[3]);
  o_layer2 = vec4(e[4], e[5]);
  o_layer3 = vec4(e[6], e[7]);
  o_layer4 = vec4(e[8], e[9]);
  o_layer5 = vec4(e[10], e[11]);
  o_layer6 = vec4(e[12], e[13]);
  o_layer7 = vec4(e[14], e[15]);
#endif
}
