// Forced failures for tests: TEXSORT_FORCE_FAILURE=name[,name...] makes the named step fail as it
// would on a machine that cannot do it, so every GL/EGL error path runs in CI on llvmpipe.
// Names: egl-display, gl-context, framebuffer, float-target, shader, link, oom; and verify, which
// corrupts the GPU result so `texsort sort --verify` meets a real mismatch.
#pragma once

namespace texsort {

bool forcedFailure(const char* name);

}  // namespace texsort
