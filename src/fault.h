// Forced failures for tests: TEXSORT_FORCE_FAILURE=name[,name...] makes the named step fail as it
// would on a machine that cannot do it, so every error path runs in CI on llvmpipe.
// GL/EGL: egl-display, gl-context, framebuffer, float-target, shader, link, oom; four-draw-buffers
//         (the context offers 4 draw buffers, as WebGL2 may); oom-compact (only the fast path's
//         textures cannot be allocated, as where memory runs out for one line sort and not another).
// slow-compute: the pixel sort's backend probe reads every compute copy at four times its time, as
//               on a CPU where llvmpipe's compute shaders run slowly (auto keeps the fragment path).
// verify: corrupts the GPU result so `texsort sort --verify` meets a real mismatch; verify-then:
//         a recipe's later sorts' (sortThrough), for pixelsort --then --verify.
// check: corrupts the state `texsort check` reads after each case's second pass.
// enospc: an output's writes fail with ENOSPC, as on a full disk; fsync: its fsync fails with EIO.
// slow-write: an output's temporary file stays open for 10 s before its data, so a test can send
//             a signal while it exists.
#pragma once

namespace texsort {

bool forcedFailure(const char* name);
// Whether any failure is forced: a run that measures does not keep what it measured then.
bool anyForcedFailure();

}  // namespace texsort
