// Transparent huge pages for texsort's large buffers. llvmpipe keeps every texture in host memory
// and zeroes it when it is made, and the command's own buffers are as large: in 4 KiB pages a
// 2048x2048 pixel sort spends most of a second in page faults (more on a VM). Where the kernel gives
// huge pages on request (THP "madvise"), glibc asks for them only when GLIBC_TUNABLES says so as the
// process starts; so main() starts texsort again, once, with glibc.malloc.hugetlb=1 added.
#pragma once

#include <optional>
#include <string>

namespace texsort {

// GLIBC_TUNABLES (`current`, null when unset) with glibc.malloc.hugetlb=1 added; nothing when it
// already names that tunable, whatever its value (the user's choice stands).
std::optional<std::string> tunablesWithHugePages(const char* current);

// When the kernel's THP mode is "madvise" and GLIBC_TUNABLES lacks the tunable, re-executes this
// program (/proc/self/exe, same arguments) with it added. Returns when there is nothing to do or
// the restart fails, with the environment as it was. Call first thing in main.
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

// For `texsort info`: "on: ..." or "off: ...", with the reason.
std::string hugePagesStatus();

}  // namespace texsort
