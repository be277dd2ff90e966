// The viewer's image view: the state after the shown pass as a picture or as bars, with zoom and pan.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include <imgui_internal.h>

#include "viewer/viewer.h"
#include "viewer/viewer_app.h"

namespace texsort {

// The bar view (Sound of Sorting's picture): element i of the state after the shown pass is a bar
// at position i, as tall as its luma, in its own colour; padding draws nothing. Fills the view.
static void barView(ViewerState& s) {
  SortSession& session = *s.session;
  if (s.wireValuesPass != session.pass()) {  // read back only when the pass changed
    s.wireValues = session.runner().readElements();
    s.wireValuesPass = session.pass();
  }
  const ImVec2 origin = ImGui::GetCursorScreenPos(), avail = ImGui::GetContentRegionAvail();
  const float top = 4.0f, height = std::max(1.0f, avail.y - top);  // a margin above the tallest bar
  const std::size_t n = s.wireValues.size();
  const float width = avail.x / float(std::max<std::size_t>(1, n));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const unsigned highBits = indexHighBits(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Element& e = s.wireValues[i];
    if (isPadding(e, highBits)) continue;
    const auto rgb = static_cast<std::uint32_t>(e.rgb);
    const float luma = float(lumaKey(std::uint8_t(rgb >> 16), std::uint8_t(rgb >> 8), std::uint8_t(rgb))) / float(kMaxLuma);
    const float x0 = std::floor(origin.x + float(i) * width), x1 = std::floor(origin.x + float(i + 1) * width);
    const float y0 = std::floor(origin.y + top + height * (1.0f - luma));
    draw->AddRectFilled(ImVec2(x0, y0), ImVec2(std::max(x1, x0 + 1), origin.y + top + height),
                        IM_COL32(rgb >> 16, (rgb >> 8) & 255, rgb & 255, 255));
  }
  ImGui::Dummy(avail);
  s.imageMin = origin;
  s.imageSize = avail;
}

float imageWindowWidth(const ViewerState& s) {
  const float right = ImGui::GetIO().DisplaySize.x - kPanelWidth;
  // With the network diagram open the image takes a third of the room and the diagram the rest, side
  // by side: the diagram no longer covers the picture.
  return s.showDiagram ? std::max(200.0f, std::floor(right / 3)) : right;
}

void imageWindow(ViewerState& s) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(kPanelWidth, 0));
  ImGui::SetNextWindowSize(ImVec2(imageWindowWidth(s), display.y));
  ImGui::Begin("Image", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  if (ImGui::Button("Fit")) s.fit = true;
  ImGui::SameLine();
  if (ImGui::Button("1:1")) {
    s.fit = false;
    s.zoom = 1.0f;
  }
  // The zoom slider beside the buttons where it fits at a useful width, else on a line of its own
  // (a narrow image window beside the network diagram).
  const float zoomLabel = ImGui::CalcTextSize("zoom").x + ImGui::GetStyle().ItemInnerSpacing.x;
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x - zoomLabel < 80) ImGui::NewLine();
  ImGui::SetNextItemWidth(std::min(160.0f, ImGui::GetContentRegionAvail().x - zoomLabel));
  if (ImGui::SliderFloat("zoom", &s.zoom, 0.125f, 32.0f, "%.3gx", ImGuiSliderFlags_Logarithmic)) s.fit = false;
  if (ImGui::GetContentRegionAvail().x > 420) {  // the hint only where it fits (not at 800x600)
    ImGui::SameLine();
    hint("wheel: zoom, drag: pan");
  }
  checkFits(s, "the image toolbar");

  ImGui::BeginChild("picture", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  if (!s.pixelMode && s.showBars && s.session && s.session->elementCount() <= kBarsMaxElements) {
    barView(s);
    ImGui::EndChild();
    ImGui::End();
    return;
  }
  const bool pixel = s.pixelMode && s.pixel;
  const float pw = float(pixel ? s.pixel->width() : s.display->width());
  const float ph = float(pixel ? s.pixel->height() : s.display->height());
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (s.fit) s.zoom = std::max(1.0f / 64.0f, std::min(avail.x / pw, avail.y / ph));
  const ImVec2 size(std::floor(pw * s.zoom), std::floor(ph * s.zoom));
  const GLuint texture = pixel ? s.pixel->texture() : s.display->texture();
  ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture)), size);
  remember(s, "picture");
  if (pixel && s.pixelLines) {  // the lines over the picture, half seen through
    ImGui::GetWindowDrawList()->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(s.pixel->linesTexture())),
                                         ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), ImVec2(0, 0), ImVec2(1, 1),
                                         IM_COL32(255, 255, 255, 160));
  }
  if (pixel) maskBrushOnPicture(s);  // the brush paints where a drag would pan
  s.imageMin = ImGui::GetItemRectMin();
  s.imageSize = size;
  if (ImGui::IsItemHovered()) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.MouseWheel != 0.0f) {
      s.fit = false;
      s.zoom = std::clamp(s.zoom * (io.MouseWheel > 0 ? 1.25f : 0.8f), 0.125f, 32.0f);
    }
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Left) && !(pixel && s.brush.on)) {
      ImGui::SetScrollX(ImGui::GetScrollX() - io.MouseDelta.x);
      ImGui::SetScrollY(ImGui::GetScrollY() - io.MouseDelta.y);
    }
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace texsort
