// The Benchmark window: the same measurement as `texsort bench`, one cell per frame, with a log-log
// plot in the registry's colours and the table.
#include <cmath>
#include <cstdio>
#include <iterator>

#include "bench/plot.h"
#include "error.h"
#include "sort/runner.h"
#include "viewer/viewer_app.h"

namespace texsort {

// Measures the next queued cell (one per frame: the window redraws between cells).
void benchStep(ViewerState& s) {
  if (s.bench.queue.empty()) return;
  const auto [algorithm, n] = s.bench.queue.front();
  s.bench.queue.erase(s.bench.queue.begin());
  try {
    s.bench.cells.push_back(measureCell(algorithm, n, static_cast<unsigned>(s.bench.runs), 4.0e9));
  } catch (const Error& e) {
    s.bench.queue.clear();
    note(s, e.what(), true);
  }
  s.pictureDirty = true;
}

ImU32 algorithmColour(Algorithm a) {
  const Rgb8 c = info(a).colour;
  return IM_COL32(c.r, c.g, c.b, 255);
}

// GPU ms against N, both axes logarithmic, one line per algorithm.
void benchPlot(const std::vector<BenchCell>& cells) {
  const ImVec2 size(ImGui::GetContentRegionAvail().x, 260), origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), IM_COL32(25, 25, 30, 255));
  const LogLogRange range = logLogRange(cells);
  if (range.empty) return;
  const double xMin = range.xMin, xMax = range.xMax, yMin = range.yMin, yMax = range.yMax;
  const float left = 60, bottom = 24, right = 150, top = 8;
  const auto px = [&](double lx) { return origin.x + left + float((lx - xMin) / (xMax - xMin)) * (size.x - left - right); };
  const auto py = [&](double ly) { return origin.y + size.y - bottom - float((ly - yMin) / (yMax - yMin)) * (size.y - bottom - top); };
  char label[32];
  for (double ly = yMin; ly <= yMax; ly += 1) {
    draw->AddLine(ImVec2(px(xMin), py(ly)), ImVec2(px(xMax), py(ly)), IM_COL32(60, 60, 70, 255));
    std::snprintf(label, sizeof label, "%g ms", std::pow(10.0, ly));
    draw->AddText(ImVec2(origin.x + 4, py(ly) - 7), IM_COL32(180, 180, 180, 255), label);
  }
  for (double lx = xMin; lx <= xMax; lx += 2) {
    draw->AddLine(ImVec2(px(lx), py(yMin)), ImVec2(px(lx), py(yMax)), IM_COL32(60, 60, 70, 255));
    std::snprintf(label, sizeof label, "2^%d", int(lx));
    draw->AddText(ImVec2(px(lx) - 10, origin.y + size.y - bottom + 4), IM_COL32(180, 180, 180, 255), label);
  }
  float legendY = origin.y + top;
  for (Algorithm a : kAlgorithms) {
    ImVec2 previous;
    bool any = false;
    for (const BenchCell& c : cells) {
      if (c.algorithm != a || c.skipped || c.gpuMs <= 0) continue;
      const ImVec2 point(px(std::log2(double(c.n))), py(std::log10(c.gpuMs)));
      if (any) draw->AddLine(previous, point, algorithmColour(a), 2.0f);
      draw->AddCircleFilled(point, 3.0f, algorithmColour(a));
      previous = point;
      any = true;
    }
    if (!any) continue;
    draw->AddRectFilled(ImVec2(origin.x + size.x - right + 10, legendY + 4), ImVec2(origin.x + size.x - right + 20, legendY + 12),
                        algorithmColour(a));
    draw->AddText(ImVec2(origin.x + size.x - right + 26, legendY), IM_COL32(220, 220, 220, 255), algorithmName(a));
    legendY += 16;
  }
}

namespace {

// The fragment algorithms on one line, article 000's compute ladder on the next (greyed out
// where the context has no compute shaders), then the sizes.
void benchChoices(BenchPanel& b) {
  static const bool computeHere = algorithmAvailableHere(Algorithm::ComputeB2);
  bool first = true;
  for (bool compute : {false, true}) {
    if (compute) {
      ImGui::TextUnformatted(computeHere ? "compute:" : "compute (needs OpenGL 4.3):");
      first = false;
      if (!computeHere) ImGui::BeginDisabled();
    }
    for (std::size_t i = 0; i < kAlgorithmCount; ++i) {
      if (usesCompute(kAlgorithms[i]) != compute) continue;
      if (!first) ImGui::SameLine();
      first = false;
      ImGui::Checkbox(kAlgorithmRegistry[i].name, &b.algorithms[i]);
    }
    if (compute && !computeHere) ImGui::EndDisabled();
  }
  for (std::size_t i = 0; i < std::size(kBenchSizes); ++i) {
    if (i) ImGui::SameLine();
    char label[32];
    std::snprintf(label, sizeof label, "%llu", static_cast<unsigned long long>(kBenchSizes[i]));
    ImGui::Checkbox(label, &b.sizes[i]);
  }
}

// The runs, the Run button (which queues every chosen cell) and what is being measured.
void benchRunRow(BenchPanel& b) {
  ImGui::SetNextItemWidth(120);
  ImGui::SliderInt("runs", &b.runs, 1, 9);
  ImGui::SameLine();
  const bool running = !b.queue.empty();
  if (running) ImGui::BeginDisabled();
  if (ImGui::Button("Run")) {
    b.cells.clear();
    for (std::size_t a = 0; a < kAlgorithmCount; ++a)
      for (std::size_t n = 0; n < std::size(kBenchSizes); ++n)
        if (b.algorithms[a] && b.sizes[n] && algorithmAvailableHere(kAlgorithms[a]))
          b.queue.emplace_back(kAlgorithms[a], kBenchSizes[n]);
  }
  if (running) ImGui::EndDisabled();
  ImGui::SameLine();
  if (running) {
    ImGui::Text("measuring %s at N = %llu (%zu to go)...", algorithmName(b.queue.front().first),
                static_cast<unsigned long long>(b.queue.front().second), b.queue.size());
  } else {
    ImGui::TextDisabled("same measurement as `texsort bench`; medians after a warm-up");
  }
}

void benchTable(const std::vector<BenchCell>& cells) {
  if (ImGui::BeginTable("cells", 8, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY)) {
    for (const char* h : {"algorithm", "N", "passes", "GPU ms", "ms/pass", "pass/copy", "GB/s", "x std::sort"})
      ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const BenchCell& c : cells) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(algorithmName(c.algorithm));
      ImGui::TableNextColumn();
      ImGui::Text("%llu", static_cast<unsigned long long>(c.n));
      ImGui::TableNextColumn();
      ImGui::Text("%zu", c.passes);
      ImGui::TableNextColumn();
      if (c.skipped) {
        ImGui::TextDisabled("skipped");
        continue;
      }
      ImGui::Text("%.3f", c.gpuMs);
      ImGui::TableNextColumn();
      ImGui::Text("%.4f", c.msPerPass());
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", c.passPerCopy());
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", c.gbPerSecond());
      ImGui::TableNextColumn();
      ImGui::Text("%.1f", c.sortPerStdSort());
    }
    ImGui::EndTable();
  }
}

}  // namespace

void benchWindow(ViewerState& s) {
  BenchPanel& b = s.bench;
  ImGui::SetNextWindowPos(ImVec2(kPanelWidth + 40, 80), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(820, 640), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Benchmark", &b.open)) {
    ImGui::End();
    return;
  }
  benchChoices(b);
  benchRunRow(b);
  benchPlot(b.cells);
  benchTable(b.cells);
  ImGui::End();
}

}  // namespace texsort
