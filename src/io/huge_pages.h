// Transparent huge pages for texsort's large buffers. llvmpipe keeps every texture in host memory
// and zeroes it when it is made, and the command's own buffers are as large: in 4 KiB pages a
// 2048x2048 pixel sort spends most of a second in page faults (more on a VM). Where the kernel gives
// huge pages on request (THP "madvise"), glibc asks for them only when GLIBC_TUNABLES says so as the
// process starts; so main() starts texsort again, once, with glibc.malloc.hugetlb=1 added. Where
// fresh huge pages cost more than small pages populated at once (a VM whose host takes back free
// memory), HeapReserve gives a run's big buffers small pages made ready beside other work.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace texsort {

// GLIBC_TUNABLES (`current`, null when unset) with glibc.malloc.hugetlb=1 added; nothing when it
// already names that tunable, whatever its value (the user's choice stands).
std::optional<std::string> tunablesWithHugePages(const char* current);

// When the kernel's THP mode is "madvise" and GLIBC_TUNABLES lacks the tunable, re-executes this
// program (/proc/self/exe, same arguments) with it added. Returns when there is nothing to do or
// the restart fails, with the environment as it was. Call in main before any thread starts.
void restartWithHugePages(char** argv);

// glibc's allocator set for texsort's few large, short-lived blocks (the decoder's buffers, the
// image, llvmpipe's textures, the PNG encoder's buffers): one arena for every thread, blocks up to
// kKeptBlockBytes from the heap rather than from mmap, and up to kKeptFreeBytes of freed memory kept
// there. A block the decoder's thread frees is then reused by the next texture instead of fresh
// pages from the kernel, which cost ~2 ms a MB on a VM (2048x2048 pixel sort: page faults halve).
// A value GLIBC_TUNABLES gives one of these stands. Call in main before any thread starts.
constexpr int kKeptBlockBytes = 32 << 20;  // glibc's largest mmap threshold
constexpr int kKeptFreeBytes = 1 << 30;
void keepFreedMemory();

// One block of the heap, taken now and made cheap to touch before it is freed for the run's own
// buffers. On a VM whose host takes back free memory (virtio free page reporting: blocks of 2 MiB
// and more), a fresh huge page costs ~1.5 ms a MiB in faults and a fresh small page ~3 ms, while
// small pages populated in one call come from memory the host still backs (~0.15 ms a MiB, and
// ~0.5 more at the first touch). So prepare() touches the block's huge pages one by one while each
// comes cheap (hot: a process freed it a moment ago), and from the first that costs more than
// dearMsPerMiB on populates the rest in small pages (MADV_POPULATE_WRITE); then frees the block,
// which keepFreedMemory() keeps in the heap. The block asks for huge pages itself (MADV_HUGEPAGE),
// so it needs no restart. Take it before the threads that allocate the run's buffers start (their
// blocks then come after it); prepare() may run on another thread.
class HeapReserve {
 public:
  static constexpr double kDearMsPerMiB = 0.5;  // hot huge pages: ~0.1; fresh ones on a VM: ~1.5
  explicit HeapReserve(std::size_t bytes);  // less than 8 MiB (or more than kKeptFreeBytes): none
  ~HeapReserve();
  HeapReserve(const HeapReserve&) = delete;
  HeapReserve& operator=(const HeapReserve&) = delete;
  // Whether it populated small pages. Frees the block; the second call does nothing.
  bool prepare(double dearMsPerMiB = kDearMsPerMiB);
  const char* begin() const { return block_; }  // for tests: null when none is held

 private:
  char* block_ = nullptr;
  std::size_t bytes_ = 0;
};

// Faults in the pages of [begin, begin + bytes) in one call (MADV_POPULATE_WRITE), what they hold
// unchanged: on a VM whose host takes back free memory, ~0.7 ms a MiB with the first touch instead
// of ~3 faulting small pages one by one. Nothing under 1 MiB, nor where the kernel lacks the call.
void populatePages(void* begin, std::size_t bytes);

// For `texsort info`: "on: ..." or "off: ...", with the reason.
std::string hugePagesStatus();

}  // namespace texsort
