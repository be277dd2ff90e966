/* stb_image and stb_image_write compiled from Debian's headers, for the builds that cannot link
   Debian's libstb: the fuzzers (with their coverage instrumentation) and the browser edition
   (WebAssembly). The desktop program links libstb. */
/* Debian's libstb, which the desktop program runs, is built without stb's internal assertions: a
   damaged JPEG whose Huffman codes disagree with their table (found by the fuzzer) decodes to
   some pixels there instead of aborting. Build these the same way, so the fuzzer (ASan, UBSan)
   checks the decoder users run. */
#define STBI_ASSERT(x) ((void)0)
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image.h>
#include <stb_image_write.h>
