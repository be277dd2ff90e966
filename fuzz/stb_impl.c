/* The fuzz build compiles Debian's stb_image and stb_image_write headers itself, with the fuzzer's
   coverage instrumentation, instead of linking the uninstrumented libstb. */
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image.h>
#include <stb_image_write.h>
