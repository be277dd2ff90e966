// The network diagram: for inputs of at most 64 elements, one wire per element and one column per
// pass, the comparators drawn from the pass's own compareExchanges().
#include <cstdio>

#include "sort/packing.h"
#include "playback/network_layout.h"
#include "viewer/viewer_app.h"

namespace texsort {

// The network as wires (one per element, top to bottom) and one column per pass; each
// compare-exchange is a vertical line with its arrow pointing where the larger element goes.
void diagramWindow(ViewerState& s) {
  SortSession& session = *s.session;
  const auto n = static_cast<std::uint32_t>(session.elementCount());
  // Beside the image, never over it (imageWindowWidth leaves it the rest of the window).
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float left = kPanelWidth + imageWindowWidth(s);
  ImGui::SetNextWindowPos(ImVec2(left, 0), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(std::max(100.0f, display.x - left), display.y), ImGuiCond_Always);
  if (!ImGui::Begin("Network diagram", &s.showDiagram, ImGuiWindowFlags_HorizontalScrollbar)) {
    ImGui::End();
    return;
  }
  const float wireGap = n > 32 ? 12.0f : 18.0f, pairGap = 5.0f, columnPad = 12.0f, labelWidth = 70.0f;
  const PassSchedule& schedule = session.schedule();
  if (!drawsAsComparatorNetwork(schedule)) {
    ImGui::TextWrapped("%s is not a comparator network: its passes flag, scan and gather (see the pass panel).",
                       algorithmName(session.algorithm()));
    ImGui::End();
    return;
  }
  if (s.wireValuesPass != session.pass()) {  // read back only when the pass changed and it is shown
    s.wireValues = session.runner().readElements();
    s.wireValuesPass = session.pass();
  }
  const std::vector<DiagramColumn> columns = diagramColumns(schedule, n);
  const auto columnWidth = [&](const DiagramColumn& c) { return float(c.lanes) * pairGap + columnPad; };
  float width = labelWidth;
  for (const DiagramColumn& c : columns) width += columnWidth(c);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width + 40, float(n) * wireGap + 10));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  auto wireY = [&](std::uint32_t i) { return origin.y + 5 + float(i) * wireGap; };

  // Current values on the wires: the pixel's colour, its luma (0..255) and original index.
  for (std::uint32_t i = 0; i < n; ++i) {
    const Element& e = s.wireValues[i];
    const bool pad = isPadding(e, indexHighBits(n));
    const auto rgb = static_cast<std::uint32_t>(e.rgb);
    const ImU32 colour = pad ? IM_COL32(70, 70, 70, 255) : IM_COL32(rgb >> 16, (rgb >> 8) & 255, rgb & 255, 255);
    draw->AddRectFilled(ImVec2(origin.x, wireY(i) - 5), ImVec2(origin.x + 10, wireY(i) + 5), colour);
    char label[32];
    const auto pixel = static_cast<std::uint32_t>(originalIndex(e, indexHighBits(n)));
    if (pad) std::snprintf(label, sizeof label, "pad");
    else std::snprintf(label, sizeof label, "%u #%u", lumaKey(std::uint8_t(rgb >> 16), std::uint8_t(rgb >> 8), std::uint8_t(rgb)) / 1000, pixel);
    draw->AddText(ImVec2(origin.x + 14, wireY(i) - 7), IM_COL32(220, 220, 220, 255), label);
    draw->AddLine(ImVec2(origin.x + labelWidth, wireY(i)), ImVec2(origin.x + width, wireY(i)), IM_COL32(110, 110, 120, 255));
  }
  float x = origin.x + labelWidth;
  for (std::uint32_t k = 0; k < columns.size(); ++k) {
    const float w = columnWidth(columns[k]);
    const bool done = k < session.pass(), current = k + 1 == session.pass();
    if (current) {
      draw->AddRectFilled(ImVec2(x, origin.y), ImVec2(x + w - 4, wireY(n - 1) + 6), IM_COL32(255, 255, 255, 30));
    }
    const ImU32 base = current ? IM_COL32(255, 220, 80, 255) : done ? IM_COL32(140, 180, 255, 255) : IM_COL32(90, 90, 110, 255);
    // Slow motion: the next pass's comparators light one by one before it runs.
    const std::uint32_t lit = k == session.pass()
                                  ? s.transport.litComparators(static_cast<std::uint32_t>(columns[k].comparators.size()))
                                  : 0;
    for (std::size_t j = 0; j < columns[k].comparators.size(); ++j) {
      const DiagramComparator& d = columns[k].comparators[j];
      const ImU32 colour = j < lit ? IM_COL32(255, 140, 60, 255) : base;
      const CompareExchange& c = d.wires;
      const float cx = x + 4 + float(d.lane) * pairGap;
      // The arrowhead marks the wire that receives the larger element.
      const float yMax = c.ascending ? wireY(c.high) : wireY(c.low), yMin = c.ascending ? wireY(c.low) : wireY(c.high);
      draw->AddLine(ImVec2(cx, yMin), ImVec2(cx, yMax), colour, 1.5f);
      draw->AddCircleFilled(ImVec2(cx, yMin), 2.0f, colour);
      const float dir = yMax > yMin ? 1.0f : -1.0f;
      draw->AddTriangleFilled(ImVec2(cx, yMax), ImVec2(cx - 3, yMax - 6 * dir), ImVec2(cx + 3, yMax - 6 * dir), colour);
    }
    x += w;
  }
  ImGui::End();
}

}  // namespace texsort
