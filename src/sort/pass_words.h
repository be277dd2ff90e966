// A pass told to a newcomer, in one sentence of plain words: what every pixel does in it, in the
// sort's own order ("every pixel looks at the one 8 places away ..."). The viewer's Pass panel and
// the page's Watch show it beside passText's uniforms. A descending sort runs the same ascending
// network on the key turned over (255000 - luma), so its passes put the brighter pixel first.
#pragma once

#include <cstdint>
#include <string>

#include "sort/packing.h"
#include "sort/pass.h"

namespace texsort {

std::string plainWords(const Pass& pass, std::uint64_t n, SortOrder order);

}  // namespace texsort
