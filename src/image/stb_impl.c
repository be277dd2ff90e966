/* stb_image and stb_image_write compiled from Debian's headers, for the builds that cannot link
   Debian's libstb: the fuzzers (with their coverage instrumentation) and the browser edition
   (WebAssembly). The desktop program links libstb. */
/* Debian's libstb, which the desktop program runs, is built without stb's internal assertions.
   Build these the same way, so the fuzzer (ASan, UBSan) checks the decoder users run: the one
   assertion it hit (a scan decoded with a Huffman table no DHT defined) hid an out-of-bounds read
   there, which stb_guards.cpp now refuses before stb sees the file. */
#define STBI_ASSERT(x) ((void)0)
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image.h>
#include <stb_image_write.h>
