// A contact sheet: several states of a sort side by side in one labelled image.
#pragma once

#include <string>
#include <vector>

#include "image/image_io.h"

namespace texsort {

// Lays `frames` (all the same size) out in a grid of `columns`, each tile scaled down by an integer
// factor (nearest) to at most maxTileSide pixels, with `labels[i]` written under tile i.
Image composeContactSheet(const std::vector<Image>& frames, const std::vector<std::string>& labels,
                          std::uint32_t columns, std::uint32_t maxTileSide);

// The passes a contact sheet of `count` tiles shows: evenly spaced from 0 to passCount inclusive.
std::vector<std::uint32_t> contactSheetPasses(std::uint32_t passCount, std::uint32_t count);

}  // namespace texsort
