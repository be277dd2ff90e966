// HeadlessContext in the browser: a WebGL2 context on the page's canvas #texsort-gl, made once and
// kept for every later run. Every pass draws into framebuffers of its own; the canvas itself shows
// the page's live picture (src/web/live_pixel_sort.cpp).
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include <cstdlib>
#include <string>

#include "context/egl_context.h"
#include "error.h"
#include "gl/gl.h"

namespace texsort {

struct HeadlessContext::Egl {};

std::string forcedEglPlatform() { return {}; }  // no EGL platforms in the browser

namespace {

EMSCRIPTEN_WEBGL_CONTEXT_HANDLE webglContext() {
  static EMSCRIPTEN_WEBGL_CONTEXT_HANDLE context = 0;
  if (context > 0) return context;
  EmscriptenWebGLContextAttributes attributes;
  emscripten_webgl_init_context_attributes(&attributes);
  attributes.majorVersion = 2;
  attributes.minorVersion = 0;
  attributes.alpha = false;
  attributes.depth = false;
  attributes.stencil = false;
  attributes.antialias = false;
  attributes.premultipliedAlpha = false;
  attributes.preserveDrawingBuffer = true;  // the picture stays (and reads back) between draws
  attributes.enableExtensionsByDefault = false;
  const EMSCRIPTEN_WEBGL_CONTEXT_HANDLE made = emscripten_webgl_create_context("#texsort-gl", &attributes);
  if (made <= 0) throw Error(ExitCode::Gpu, "WebGL2: this browser gives no WebGL2 context (error " + std::to_string(made) + ")");
  emscripten_webgl_make_context_current(made);
  // Float render targets (RGBA32F, R32F) are an extension in WebGL2; without it the sort cannot run.
  if (!emscripten_webgl_enable_extension(made, "EXT_color_buffer_float")) {
    emscripten_webgl_destroy_context(made);
    throw Error(ExitCode::Gpu, "WebGL2: this browser cannot render to float textures (no EXT_color_buffer_float)");
  }
  context = made;
  return context;
}

// WebGL names itself "WebKit WebGL"; WEBGL_debug_renderer_info, where the browser gives it, names the
// GPU or software renderer behind it (e.g. SwiftShader).
EM_JS(char*, unmaskedRenderer, (), {
  const gl = Module.canvas && Module.canvas.getContext('webgl2');
  const info = gl && gl.getExtension('WEBGL_debug_renderer_info');
  const name = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : "";
  return stringToNewUTF8(name || "");
});

}  // namespace

std::string webglRenderer() {
  char* name = unmaskedRenderer();
  std::string text = name ? name : "";
  std::free(name);
  return text;
}

HeadlessContext::HeadlessContext() : platform_("webgl2") { makeCurrent(); }
HeadlessContext::~HeadlessContext() = default;  // the page's context stays for the next run

void HeadlessContext::releaseThread() {}

void HeadlessContext::makeCurrent() {
  if (emscripten_webgl_make_context_current(webglContext()) != EMSCRIPTEN_RESULT_SUCCESS)
    throw Error(ExitCode::Gpu, "WebGL2: cannot make the context current");
}

}  // namespace texsort
