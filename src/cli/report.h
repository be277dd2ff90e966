// Pieces the commands' reports share: JSON strings, and an element in words for mismatch messages.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "io/machine.h"  // cpuName, today: the reports' headings
#include "sort/algorithms.h"
#include "sort/element.h"

namespace texsort {

// `s` as a JSON string literal, quotes and backslashes escaped.
std::string jsonString(const std::string& s);

// "(key K, index I, rgb C, alpha A)": an element as --verify and check name it.
std::string describeElement(const Element& e);

// Throws texsort::Error(Mismatch) when `gpu` and `cpu` differ: "verify: the GPU result differs from
// the CPU model in D of N elements; first at " + where(i) for the first differing element i.
void requireSameAsCpuModel(const std::vector<Element>& gpu, const std::vector<Element>& cpu,
                           const std::function<std::string(std::size_t)>& where);

// The algorithms of `wanted` the current context runs. Those it cannot (compute without GL 4.3)
// are named in one line on stderr and left out, unless `named` (the user listed them with --algos):
// then the first such is an error (texsort::Error, exit 4).
std::vector<Algorithm> runnableAlgorithms(const std::vector<Algorithm>& wanted, bool named, const char* command);

// Ends the process with `code`, its output in place and its report written: what is left, the GL
// driver's teardown (~9 ms after a 2048x2048 pixel sort) and the frees, changes nothing outside it.
// Returns in sanitizer builds, so that their leak checks see every run to its end.
void exitNow(int code);

// Runs `run`; a GPU limit or allocation that fails for the image's data ("GL: cannot allocate ...",
// GL_OUT_OF_MEMORY on a texture the driver will not make; "GPU sorter: ..." for a storage block the
// context caps) comes out naming the file, as the memory budget's refusal does.
int namingTheFile(const std::string& name, const std::function<int()>& run);

}  // namespace texsort
