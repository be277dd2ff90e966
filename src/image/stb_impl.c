/* stb_image and stb_image_write compiled from Debian's headers, for the builds that cannot link
   Debian's libstb: the fuzzers (with their coverage instrumentation) and the browser edition
   (WebAssembly). The desktop program links libstb. */
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image.h>
#include <stb_image_write.h>
