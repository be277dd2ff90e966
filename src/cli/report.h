// Pieces the commands' reports share: JSON strings, and an element in words for mismatch messages.
#pragma once

#include <string>

#include "sort/element.h"

namespace texsort {

// `s` as a JSON string literal, quotes and backslashes escaped.
std::string jsonString(const std::string& s);

// "(key K, index I, rgb C, alpha A)": an element as --verify and check name it.
std::string describeElement(const Element& e);

}  // namespace texsort
