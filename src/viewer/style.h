// The viewer's look: Dear ImGui's dark style with slider grabs that leave their values readable.
#pragma once

#include <imgui.h>

namespace texsort {

// Dear ImGui's dark colours, with the slider grab translucent: the value a slider prints over its
// grab (pass 13, 1.45x, 64x64) stays legible however wide an integer slider's grab is.
void applyViewerStyle(ImGuiStyle& style);

// WCAG 2 contrast ratio (1 to 21) of two opaque colours; alpha is ignored.
double contrastRatio(const ImVec4& a, const ImVec4& b);

// `over` composited on the opaque `under` by its alpha.
ImVec4 composite(const ImVec4& over, const ImVec4& under);

}  // namespace texsort
