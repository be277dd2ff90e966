// Headless EGL context: device platform, then Mesa surfaceless, then the default display.
#include "context/egl_context.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

#include "context/gl_versions.h"
#include "error.h"
#include "fault.h"
#include "gl/gl.h"

namespace texsort {
namespace {

std::string eglErrorName(EGLint code) {
  switch (code) {
    case EGL_SUCCESS: return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED (no usable driver)";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC (out of memory)";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_CURRENT_SURFACE: return "EGL_BAD_CURRENT_SURFACE";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH (requested GL version or profile not available)";
    case EGL_BAD_NATIVE_PIXMAP: return "EGL_BAD_NATIVE_PIXMAP";
    case EGL_BAD_NATIVE_WINDOW: return "EGL_BAD_NATIVE_WINDOW";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE";
    case EGL_CONTEXT_LOST: return "EGL_CONTEXT_LOST";
    default: return "EGL error " + std::to_string(code);
  }
}

bool hasExtension(const char* list, const char* name) {
  if (!list) return false;
  const std::size_t n = std::strlen(name);
  for (const char* p = std::strstr(list, name); p; p = std::strstr(p + n, name)) {
    const bool startOk = p == list || p[-1] == ' ';
    const bool endOk = p[n] == '\0' || p[n] == ' ';
    if (startOk && endOk) return true;
  }
  return false;
}

// One attempt's failure, e.g. "eglInitialize failed: EGL_NOT_INITIALIZED (no usable driver)".
struct StepFailed {
  std::string what;
};
[[noreturn]] void stepFailed(const char* step) { throw StepFailed{std::string(step) + " failed: " + eglErrorName(eglGetError())}; }

GLADapiproc loadGl(const char* name) { return reinterpret_cast<GLADapiproc>(eglGetProcAddress(name)); }

}  // namespace

struct HeadlessContext::Egl {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context = EGL_NO_CONTEXT;
  EGLSurface surface = EGL_NO_SURFACE;

  ~Egl() { release(); }
  void release() {
    if (display == EGL_NO_DISPLAY) return;
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    if (surface != EGL_NO_SURFACE) eglDestroySurface(display, surface);
    if (context != EGL_NO_CONTEXT) eglDestroyContext(display, context);
    eglTerminate(display);
    display = EGL_NO_DISPLAY;
    context = EGL_NO_CONTEXT;
    surface = EGL_NO_SURFACE;
  }

  // Initialises `d` and makes the newest core context of kContextVersions current on it, or throws StepFailed.
  void start(EGLDisplay d) {
    if (forcedFailure("egl-display")) throw StepFailed{"eglGetDisplay failed: EGL_BAD_DISPLAY (forced)"};
    if (d == EGL_NO_DISPLAY) stepFailed("eglGetDisplay");
    display = d;
    EGLint major = 0, minor = 0;
    if (!eglInitialize(display, &major, &minor)) {
      display = EGL_NO_DISPLAY;
      stepFailed("eglInitialize");
    }
    if (!eglBindAPI(EGL_OPENGL_API)) stepFailed("eglBindAPI(OpenGL)");
    const EGLint configAttribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config = nullptr;
    EGLint count = 0;
    if (!eglChooseConfig(display, configAttribs, &config, 1, &count)) stepFailed("eglChooseConfig");
    if (count == 0) throw StepFailed{"eglChooseConfig found no OpenGL pbuffer config"};
    for (const auto& [wantMajor, wantMinor] : kContextVersions) {
      const EGLint contextAttribs[] = {EGL_CONTEXT_MAJOR_VERSION, wantMajor, EGL_CONTEXT_MINOR_VERSION, wantMinor,
                                       EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                       EGL_NONE};
      if (forcedFailure("gl-context") || (wantMajor > 3 && forcedFailure("gl-context-4"))) continue;
      context = eglCreateContext(display, config, EGL_NO_CONTEXT, contextAttribs);
      if (context != EGL_NO_CONTEXT) break;
    }
    if (context == EGL_NO_CONTEXT) {
      if (forcedFailure("gl-context")) throw StepFailed{"eglCreateContext(OpenGL 3.3 core) failed: EGL_BAD_MATCH (forced)"};
      stepFailed("eglCreateContext(OpenGL 3.3 core)");
    }
    // All rendering goes to our own framebuffers; a 1x1 pbuffer only where surfaceless is missing.
    if (!hasExtension(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context")) {
      const EGLint pbufferAttribs[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
      surface = eglCreatePbufferSurface(display, config, pbufferAttribs);
      if (surface == EGL_NO_SURFACE) stepFailed("eglCreatePbufferSurface");
    }
    if (!eglMakeCurrent(display, surface, surface, context)) stepFailed("eglMakeCurrent");
    // The functions once a process: EGL's are the same for every context (glvnd dispatches them by the
    // current one), and contexts made on other threads later (a plugin's instances) must not rewrite
    // pointers other threads are calling through.
    static std::once_flag once;
    static int loaded = 0;
    std::call_once(once, [] { loaded = gladLoadGL(loadGl); });
    if (loaded == 0) throw StepFailed{"loading OpenGL functions failed"};
    GLint glMajor = 0, glMinor = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &glMajor);
    glGetIntegerv(GL_MINOR_VERSION, &glMinor);
    if (glMajor * 10 + glMinor < 33) {
      throw StepFailed{"OpenGL " + std::to_string(glMajor) + "." + std::to_string(glMinor) + " is older than the 3.3 texsort needs"};
    }
  }
};

std::string forcedEglPlatform() {
  const char* only = std::getenv("TEXSORT_EGL_PLATFORM");
  if (!only) return {};
  const std::string forced = only;
  if (forced != "device" && forced != "surfaceless" && forced != "default") {
    throw Error(ExitCode::Usage, "TEXSORT_EGL_PLATFORM: '" + forced.substr(0, 40) +
                                     "' is not a platform; give device, surfaceless or default, or unset it");
  }
  return forced;
}

HeadlessContext::HeadlessContext() : egl_(std::make_unique<Egl>()) {
  const char* clientExtensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  auto getPlatformDisplay =
      reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
  auto queryDevices = reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));

  const std::string forced = forcedEglPlatform();
  std::string failures;
  auto attempt = [&](const std::string& name, auto&& getDisplay) {
    if (!forced.empty() && forced != name) return false;
    try {
      egl_->start(getDisplay());
      platform_ = name;
      return true;
    } catch (const StepFailed& failed) {
      egl_->release();
      failures += (failures.empty() ? "" : "; ") + name + ": " + failed.what;
      return false;
    }
  };

  const bool haveDevices = getPlatformDisplay && queryDevices &&
                           hasExtension(clientExtensions, "EGL_EXT_platform_device");
  if (!haveDevices && (forced.empty() || forced == "device")) failures += "device: EGL_EXT_platform_device not available";
  if (haveDevices && (forced.empty() || forced == "device")) {
    EGLint count = 0;
    queryDevices(0, nullptr, &count);
    std::vector<EGLDeviceEXT> devices(static_cast<std::size_t>(count));
    if (count > 0) queryDevices(count, devices.data(), &count);
    if (count == 0) failures += "device: no EGL devices";
    for (EGLDeviceEXT device : devices) {
      if (attempt("device", [&] { return getPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, device, nullptr); })) return;
    }
  }
  const bool haveSurfaceless = getPlatformDisplay && hasExtension(clientExtensions, "EGL_MESA_platform_surfaceless");
  if (!haveSurfaceless && (forced.empty() || forced == "surfaceless")) {
    failures += std::string(failures.empty() ? "" : "; ") + "surfaceless: EGL_MESA_platform_surfaceless not available";
  }
  if (haveSurfaceless &&
      attempt("surfaceless", [&] { return getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr); })) {
    return;
  }
  if (attempt("default", [] { return eglGetDisplay(EGL_DEFAULT_DISPLAY); })) return;
  throw Error(ExitCode::Gpu, "EGL: no headless OpenGL 3.3 context (" + failures + ")");
}

HeadlessContext::~HeadlessContext() = default;

void HeadlessContext::releaseThread() { eglMakeCurrent(egl_->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT); }

void HeadlessContext::makeCurrent() {
  if (!eglMakeCurrent(egl_->display, egl_->surface, egl_->surface, egl_->context)) {
    throw Error(ExitCode::Gpu, std::string("EGL: eglMakeCurrent failed: ") + eglErrorName(eglGetError()));
  }
}

}  // namespace texsort
