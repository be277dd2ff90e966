// The soak's actions and measurements.
#include "viewer/soak.h"

#include <malloc.h>
#include <unistd.h>

#include <cstdio>
#include <iterator>

#include "gl/gl.h"
#include "viewer/generated.h"
#include "viewer/viewer.h"

#if defined(__SANITIZE_ADDRESS__)
extern "C" void __sanitizer_purge_allocator();  // libasan's; GCC ships no header that declares it
#endif

namespace texsort {
namespace {

// Hands the allocator's free memory back to the system, so that resident memory counts what is
// still held. Without it the reading depends on when the allocator last trimmed: Mesa's large
// transient allocations (buffer staging, shader compiles) leave tens of MiB free but resident,
// and under ASan the quarantine and the 5-second release interval decide what a reading sees.
void releaseFreeMemory() {
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_purge_allocator();
#else
  malloc_trim(0);
#endif
}

std::int64_t residentKiB() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  long pages = 0, resident = 0;
  if (f) {
    if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    std::fclose(f);
  }
  return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

}  // namespace

void Soak::canonical(ViewerState& s) {
  s.algorithm = Algorithm::Bitonic;
  s.order = SortOrder::Ascending;
  s.overlay = DisplayOptions{};
  s.showDiagram = false;
  loadFile(s, bundledAsset("astronaut.png"));
  s.transport.reset();
}

void Soak::visitEverything(ViewerState& s) {
  for (const Algorithm a : kAlgorithms) {
    s.algorithm = a;
    for (std::uint32_t side = 4; side <= 512; side *= 2) {  // the generated 4 ... 128, and the assets' 512
      if (side == 256 || (a == Algorithm::Transposition && side * side > 4096)) continue;
      startSession(s, generateImage(kPatterns[0], side, 1), "soak");
      s.session->seek(s.session->passCount());
      for (const bool roles : {false, true}) {
        s.overlay.showRoles = s.overlay.showChanged = roles;
        s.display->render(*s.session, s.overlay);
      }
    }
  }
}

void Soak::step(ViewerState& s, std::uint32_t frame) {
  for (GLenum e; (e = glGetError()) != GL_NO_ERROR;) {
    ++glErrors;
    std::fprintf(stderr, "soak: frame %u: %s\n", frame, gl::enumName(e).c_str());
  }
  if (frame == frames / 5 || frame == frames) {
    canonical(s);
    glFinish();
    releaseFreeMemory();
    (frame == frames ? objectsEnd : objectsWarm) = gl::liveObjects();
    (frame == frames ? rssEnd : rssWarm) = residentKiB();
    return;
  }
  if (frame == 1) {
    visitEverything(s);
    canonical(s);
    return;
  }
  Transport& t = s.transport;
  ++actions;
  switch (rng() % 16) {
    case 0: case 1: t.stepForward(); break;
    case 2: t.stepBack(); break;
    case 3: t.seek(static_cast<std::uint32_t>(rng() % (t.passCount + 1))); break;
    case 4: t.reset(); break;
    case 5: t.togglePlay(); break;
    case 6: t.toEnd(); break;
    case 7: s.overlay.showRoles = !s.overlay.showRoles; s.pictureDirty = true; break;
    case 8: s.overlay.showChanged = !s.overlay.showChanged; s.pictureDirty = true; break;
    case 9: case 10: {  // a generated image of another size: 4x4 .. 128x128
      ++loads;
      const std::uint32_t side = 4u << (rng() % 6);
      startSession(s, generateImage(kPatterns[rng() % std::size(kPatterns)], side, static_cast<std::uint32_t>(rng())), "soak");
      break;
    }
    case 11: ++badLoads; loadFile(s, rng() % 2 ? badFile : badFile + ".missing"); break;
    case 12: {  // another algorithm (transposition only on small inputs: it has N passes)
      const Algorithm a = kAlgorithms[rng() % std::size(kAlgorithms)];
      if (a != Algorithm::Transposition || s.session->elementCount() <= 4096) {
        s.algorithm = a;
        reloadSession(s);
      }
      break;
    }
    case 13: s.order = s.order == SortOrder::Ascending ? SortOrder::Descending : SortOrder::Ascending; reloadSession(s); break;
    case 14: s.showDiagram = !s.showDiagram && s.session->elementCount() <= kDiagramMaxElements; break;
    default:
      if (rng() % 8 == 0) {
        ++loads;
        loadFile(s, bundledAsset(rng() % 2 ? "astronaut.png" : "coffee.png"));
      }
      break;
  }
}

void Soak::report() const {
  std::printf("soak: %u frames, %llu actions, %llu loads, %llu bad loads, GL errors %llu, GL objects %lld -> %lld, "
              "resident %lld KiB -> %lld KiB\n",
              frames, static_cast<unsigned long long>(actions), static_cast<unsigned long long>(loads),
              static_cast<unsigned long long>(badLoads), static_cast<unsigned long long>(glErrors),
              static_cast<long long>(objectsWarm), static_cast<long long>(objectsEnd),
              static_cast<long long>(rssWarm), static_cast<long long>(rssEnd));
}

}  // namespace texsort
