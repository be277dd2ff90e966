// The viewer's slider values stay readable over their grabs (issue 35: the grab covered the value).
#include <gtest/gtest.h>

#include "viewer/style.h"

namespace texsort {
namespace {

// White digits over a grab over a frame over the window, in every state a user sees a slider in,
// meet WCAG AA for text (4.5:1). Dear ImGui's own dark style gives 3.7:1 with the grab opaque.
TEST(ViewerStyle, SliderValuesReadOverTheirGrab) {
  ImGuiStyle style;
  applyViewerStyle(style);
  const ImVec4* c = style.Colors;
  const ImVec4 window = composite(c[ImGuiCol_WindowBg], ImVec4(0.1f, 0.1f, 0.12f, 1.0f));  // the clear colour
  for (ImGuiCol frame : {ImGuiCol_FrameBg, ImGuiCol_FrameBgHovered, ImGuiCol_FrameBgActive}) {
    const ImVec4 under = composite(c[frame], window);
    for (ImGuiCol grab : {ImGuiCol_SliderGrab, ImGuiCol_SliderGrabActive}) {
      const ImVec4 behind = composite(c[grab], under);
      EXPECT_GE(contrastRatio(c[ImGuiCol_Text], behind), 4.5) << "frame colour " << frame << ", grab colour " << grab;
    }
    EXPECT_GE(contrastRatio(c[ImGuiCol_Text], under), 4.5) << "frame colour " << frame;
  }
  // The grab still shows: it differs from the frame it moves on.
  EXPECT_GE(contrastRatio(composite(c[ImGuiCol_SliderGrab], composite(c[ImGuiCol_FrameBg], window)),
                          composite(c[ImGuiCol_FrameBg], window)),
            1.3);
}

TEST(ViewerStyle, ContrastRatioIsWcags) {
  EXPECT_NEAR(contrastRatio(ImVec4(1, 1, 1, 1), ImVec4(0, 0, 0, 1)), 21.0, 1e-9);
  EXPECT_NEAR(contrastRatio(ImVec4(0.5f, 0.5f, 0.5f, 1), ImVec4(0.5f, 0.5f, 0.5f, 1)), 1.0, 1e-9);
  // #777777 on white is the classic 4.48:1, just under AA.
  EXPECT_NEAR(contrastRatio(ImVec4(0x77 / 255.0f, 0x77 / 255.0f, 0x77 / 255.0f, 1), ImVec4(1, 1, 1, 1)), 4.48, 0.01);
}

}  // namespace
}  // namespace texsort
