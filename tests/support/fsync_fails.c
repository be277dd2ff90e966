/* A shim for LD_PRELOAD: fsync fails as a dying disk's does (EIO), so the tests see texsort meet a
   real failing fsync, not only the forced one (TEXSORT_FORCE_FAILURE=fsync). */
#include <errno.h>

int fsync(int fd) {
  (void)fd;
  errno = EIO;
  return -1;
}
