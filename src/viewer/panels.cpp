// The viewer's panels: the controls window (input, transport, pass, overlay, export); the image
// view is image_window.cpp.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdarg>
#include <iterator>

#include <imgui_internal.h>

#include "sort/bits.h"
#include "sort/pass_words.h"
#include "sort/runner.h"
#include "viewer/generated.h"
#include "viewer/viewer.h"
#include "viewer/viewer_app.h"

namespace texsort {
namespace {

void inputPanel(ViewerState& s) {
  if (!ImGui::CollapsingHeader("Input", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (ImGui::Button("astronaut")) loadFile(s, bundledAsset("astronaut.png"));
  remember(s, "astronaut");
  ImGui::SameLine();
  if (ImGui::Button("coffee")) loadFile(s, bundledAsset("coffee.png"));
  remember(s, "coffee");
  ImGui::SameLine();
  hint("(or drop a file on the window)");
  ImGui::SetNextItemWidth(-70);
  const bool enter = ImGui::InputText("##path", s.path, sizeof s.path, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button("Open") || enter) && s.path[0] != '\0') loadFile(s, s.path);

  static const char* names[] = {"random", "ascending", "descending", "nearly sorted", "few unique", "pipe organ"};
  ImGui::SetNextItemWidth(130);
  ImGui::Combo("##pattern", &s.pattern, names, IM_ARRAYSIZE(names));
  ImGui::SameLine();
  const int side = 1 << s.sizeLog2;
  char sizeLabel[32];
  std::snprintf(sizeLabel, sizeof sizeLabel, "%dx%d", side, side);
  ImGui::SetNextItemWidth(110);
  ImGui::SliderInt("##size", &s.sizeLog2, kSizesLog2Min, kSizesLog2Max, sizeLabel);
  ImGui::SameLine();
  if (ImGui::Button("Generate")) {
    s.showcase.on = false;
    const Pattern pattern = kPatterns[s.pattern];
    startSession(s, generateImage(pattern, std::uint32_t(side), 2024), std::string(patternName(pattern)) + " " + sizeLabel);
  }
  if (s.pixelMode) return;  // the Pixel sort mode has its own line sort and order
  if (fittedCombo(s, "algorithm", info(s.algorithm).label, algorithmName(s.algorithm))) {
    for (const AlgorithmInfo& row : kAlgorithmRegistry) {
      // Compute rows where the context has no compute shaders: listed, not selectable.
      const ImGuiSelectableFlags flags = algorithmAvailableHere(row.id) ? 0 : ImGuiSelectableFlags_Disabled;
      if (ImGui::Selectable(row.label, row.id == s.algorithm, flags) && row.id != s.algorithm) {
        s.algorithm = row.id;
        reloadSession(s);
      }
    }
    ImGui::EndCombo();
  }
  int order = s.order == SortOrder::Ascending ? 0 : 1;
  ImGui::Text("Order:");
  ImGui::SameLine();
  const bool a = ImGui::RadioButton("ascending", &order, 0);
  ImGui::SameLine();
  const bool d = ImGui::RadioButton("descending", &order, 1);
  if (a || d) {
    const SortOrder chosen = order == 0 ? SortOrder::Ascending : SortOrder::Descending;
    if (chosen != s.order) {
      s.order = chosen;
      reloadSession(s);
    }
  }
}

}  // namespace

void hint(const char* format, ...) {
  ImGui::PushTextWrapPos(0);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  va_list args;
  va_start(args, format);
  ImGui::TextWrappedV(format, args);
  va_end(args);
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
}

bool pathRow(ViewerState& s, float room, const char* id, char* path, std::size_t size, const char* pathName,
             const char* button, const char* buttonName) {
  ImGui::SetNextItemWidth(-room);
  ImGui::InputText(id, path, size);
  if (pathName) remember(s, pathName);
  ImGui::SameLine();
  const bool pressed = ImGui::Button(button);
  if (buttonName) remember(s, buttonName);
  return pressed;
}

bool fittedCombo(ViewerState& s, const char* label, const char* preview, const char* shortPreview) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float labelWidth = ImGui::CalcTextSize(label, nullptr, true).x;
  const float width = ImGui::GetContentRegionAvail().x - (labelWidth > 0 ? labelWidth + style.ItemInnerSpacing.x : 0);
  const float room = width - ImGui::GetFrameHeight() - 2 * style.FramePadding.x;  // less the arrow
  const char* shown = ImGui::CalcTextSize(preview).x <= room ? preview : shortPreview;
  if (const float over = ImGui::CalcTextSize(shown).x - room; over > 0.5f) {
    float& worst = s.clipped[std::string("combo ") + label];
    worst = std::max(worst, over);
  }
  ImGui::SetNextItemWidth(width);
  return ImGui::BeginCombo(label, shown);
}

void checkFits(ViewerState& s, const char* where) {
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (const float over = window->DC.CursorMaxPos.x - window->WorkRect.Max.x; over > 0.5f) {
    float& worst = s.clipped[where];
    worst = std::max(worst, over);
  }
}

bool speedControl(Transport& t, const char* fastLabel) {
  ImGui::Checkbox(fastLabel, &t.asFastAsPossible);
  if (t.asFastAsPossible) return false;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  ImGui::SliderFloat("##speed", &t.passesPerSecond, float(kMinPassesPerSecond), 240.0f,
                     t.passesPerSecond < 1.0f ? "%.2f passes/s" : "%.0f passes/s", ImGuiSliderFlags_Logarithmic);
  return true;
}

namespace {

void transportPanel(ViewerState& s) {
  if (!ImGui::CollapsingHeader("Transport", ImGuiTreeNodeFlags_DefaultOpen)) return;
  Transport& t = s.transport;
  if (ImGui::Button("Reset")) t.reset();
  remember(s, "Reset");
  ImGui::SameLine();
  if (ImGui::Button("< Back")) t.stepBack();
  remember(s, "Back");
  ImGui::SameLine();
  if (ImGui::Button(t.playing ? "Pause###play" : "Play###play", ImVec2(60, 0))) t.togglePlay();
  remember(s, "Play");
  ImGui::SameLine();
  if (ImGui::Button("Step >")) t.stepForward();
  remember(s, "Step");
  ImGui::SameLine();
  if (ImGui::Button("End")) t.toEnd();
  remember(s, "End");
  int pass = static_cast<int>(t.pass);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##pass", &pass, 0, static_cast<int>(t.passCount), "pass %d")) t.seek(std::uint32_t(pass));
  remember(s, "pass slider");
  if (speedControl(t, "as fast as possible")) {
    if (t.passesPerSecond < 1.0f && s.showDiagram) {
      hint("slow motion: the diagram lights the next pass's comparators one by one");
    }
  }
  hint("Space play/pause, Left/Right step, Home/End, R reset, Ctrl+Q quit");
}

// One plot of `values` (pass 0 first) from 0 to `top`, captioned with the last value, with a tick
// at the top and bottom edges after each pass in `ends`.
void plotOverPasses(const char* format, const std::vector<float>& values, float top, const std::vector<std::uint32_t>& ends) {
  char overlay[96];
  std::snprintf(overlay, sizeof overlay, format, double(values.back()));
  const ImVec2 size(ImGui::GetContentRegionAvail().x, 36);
  ImGui::PushID(format);
  ImGui::PlotLines("##plot", values.data(), static_cast<int>(values.size()), 0, overlay, 0.0f, top, size);
  ImGui::PopID();
  if (values.size() < 2) return;
  const ImVec2 pad = ImGui::GetStyle().FramePadding;
  const ImVec2 min(ImGui::GetItemRectMin().x + pad.x, ImGui::GetItemRectMin().y + pad.y);
  const ImVec2 max(ImGui::GetItemRectMax().x - pad.x, ImGui::GetItemRectMax().y - pad.y);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 colour = IM_COL32(230, 200, 90, 150);
  for (std::uint32_t end : ends) {
    if (end >= values.size()) break;
    const float x = min.x + (max.x - min.x) * float(end) / float(values.size() - 1);
    draw->AddLine(ImVec2(x, min.y), ImVec2(x, min.y + 5), colour);
    draw->AddLine(ImVec2(x, max.y - 5), ImVec2(x, max.y), colour);
  }
}

void passPanel(ViewerState& s, float fps) {
  if (!ImGui::CollapsingHeader("Pass", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const SortSession& session = *s.session;
  const TextureLayout& layout = session.runner().layout();
  ImGui::TextWrapped("%s: %ux%u pixels", session.name().c_str(), session.image().width, session.image().height);
  ImGui::TextWrapped("N = %llu elements in a %ux%u RGBA32F texture", static_cast<unsigned long long>(layout.count()),
              layout.width, layout.height);
  ImGui::Text("pass %u of %u", session.pass(), session.passCount());
  if (const Pass* p = session.shownPass()) {
    const bool before = session.pass() == 0;
    // One source for the words: passText, which describe() and the CLI use too.
    const PassText text = passText(*p, session.elementCount());
    ImGui::TextWrapped("%s %s", before ? "next:" : "this pass:", text.title.c_str());
    if (!text.parameters.empty()) ImGui::TextWrapped("%s", text.parameters.c_str());
    ImGui::TextWrapped("%s", plainWords(*p, session.elementCount(), session.order()).c_str());
    ImGui::TextWrapped("%s", text.explanation.c_str());
    if (!before) {
      const PassStats& st = session.stats(session.pass());
      // Wrapped: long sorts' totals ran past the panel's edge ("ms" cut off).
      ImGui::TextWrapped("GPU time: this pass %.3f ms, passes so far %.1f ms", st.gpuMs, session.totalGpuMs());
      ImGui::TextWrapped("compare-exchanges: %llu this pass, %llu so far",
                         static_cast<unsigned long long>(st.compareExchanges),
                         static_cast<unsigned long long>(session.totalCompareExchanges()));
      ImGui::TextWrapped("elements moved: %llu this pass, %llu so far", static_cast<unsigned long long>(st.moved),
                         static_cast<unsigned long long>(session.totalMoved()));
      remember(s, "counters");
    }
  }
  ImGui::TextWrapped("%.0f fps   %s", double(fps), s.renderer.c_str());

  // Plots over passes 0..k, with a tick where each merge (rank) or radix bit ends: the mean
  // monotone run, which rises merge by merge; in-order pairs and elements in their final place,
  // which a bitonic sort brings to 100 % only in its last merge; the mean distance from the final
  // place, falling to 0; and what each pass moved.
  std::vector<float> runs, inOrder, settled, distance, moved;
  for (std::uint32_t k = 0; k <= session.pass(); ++k) {
    const PassStats& st = session.stats(k);
    runs.push_back(float(st.runLengthLog2));
    inOrder.push_back(float(st.inOrderPercent));
    settled.push_back(float(st.settledPercent));
    distance.push_back(float(st.distancePercent));
    moved.push_back(float(st.movedPercent));
  }
  const std::vector<std::uint32_t> ends = stageEnds(session.schedule());
  const float log2n = float(log2Exact(session.elementCount()));
  char runsFormat[64];
  std::snprintf(runsFormat, sizeof runsFormat, "monotone runs: mean length 2^%%.1f of 2^%.0f", double(log2n));
  plotOverPasses(runsFormat, runs, log2n, ends);
  plotOverPasses("in order: adjacent pairs %.1f%%", inOrder, 100.0f, ends);
  plotOverPasses("in their final place %.1f%%", settled, 100.0f, ends);
  plotOverPasses("distance from final place %.2f%% of N", distance, std::max(1.0f, distance.front()), ends);
  plotOverPasses("moved by this pass %.1f%%", moved, 100.0f, ends);
  hint("ticks: a merge (radix: a key bit) ends");
}

void overlayPanel(ViewerState& s) {
  if (!ImGui::CollapsingHeader("Overlay", ImGuiTreeNodeFlags_DefaultOpen)) return;
  DisplayOptions& o = s.overlay;
  s.pictureDirty |= ImGui::Checkbox("roles:", &o.showRoles);
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.3f, 0.55f, 1.0f, 1));
  s.pictureDirty |= ImGui::Checkbox("takes min", &o.tintMin);
  ImGui::PopStyleColor();
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.15f, 1));
  s.pictureDirty |= ImGui::Checkbox("takes max", &o.tintMax);
  ImGui::PopStyleColor();
  ImGui::SameLine();
  s.pictureDirty |= ImGui::Checkbox("idle", &o.tintIdle);
  hint("striped: a descending block");
  s.pictureDirty |= ImGui::Checkbox("changed in the last pass", &o.showChanged);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  s.pictureDirty |= ImGui::SliderFloat("##opacity", &o.opacity, 0.0f, 1.0f, "opacity %.2f");
  const bool small = s.session->elementCount() <= kDiagramMaxElements;
  if (!small) ImGui::BeginDisabled();
  ImGui::Checkbox("network diagram (N <= 64, e.g. generate 8x8)", &s.showDiagram);
  if (!small) ImGui::EndDisabled();
  const bool fewEnough = s.session->elementCount() <= kBarsMaxElements;
  if (!fewEnough) ImGui::BeginDisabled();
  ImGui::Checkbox("bar view (N <= 4096, e.g. generate 64x64)", &s.showBars);
  if (!fewEnough) ImGui::EndDisabled();
  remember(s, "bar view");
  ImGui::Checkbox("benchmark window", &s.bench.open);
}

void exportPanel(ViewerState& s) {
  const bool open = ImGui::CollapsingHeader("Export");
  remember(s, "Export");
  if (!open) return;
  hint("files go to %s unless a path says otherwise", shownFolder(".").c_str());
  if (pathRow(s, 120, "##png", s.exportPath, nullptr, "Save state PNG", "Save state PNG")) savePicture(s);
  if (pathRow(s, 120, "##sheet", s.sheetPath, nullptr, "Contact sheet", nullptr)) saveContactSheet(s);
}

}  // namespace

void controlsWindow(ViewerState& s, float fps) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(kPanelWidth, display.y));
  ImGui::Begin("texsort", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  int mode = s.pixelMode ? 1 : 0;
  ImGui::RadioButton("Global sort", &mode, 0);
  remember(s, "Global sort");
  ImGui::SameLine();
  ImGui::RadioButton("Pixel sort", &mode, 1);
  remember(s, "Pixel sort");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("sort the spans inside every line, live (texsort pixelsort)");
  if (s.pixelMode != (mode == 1)) note(s, "", false);  // a note belongs to the mode it was made in
  s.pixelMode = mode == 1;
  // The last note or error at the top, where it is seen whatever the panels' length.
  if (!s.message.empty()) {
    ImGui::PushTextWrapPos(0);
    if (s.messageIsError) ImGui::TextColored(ImVec4(1, 0.35f, 0.3f, 1), "%s", s.message.c_str());
    else hint("%s", s.message.c_str());
    ImGui::PopTextWrapPos();
    remember(s, "message");
    ImGui::Separator();
  }
  if (s.pixelMode) {
    ImGui::TextWrapped("Pixel sort: spans inside every line sorted by a key, all lines in the same passes (%s).",
                       info(s.pixelAlgorithm).label);
  } else {
    ImGui::TextWrapped("%s: each pass one full-screen fragment-shader draw between two ping-ponged RGBA32F textures.",
                       info(s.algorithm).summary);
  }
  if (s.showcase.on) {
    ImGui::Text("Showcase %zu of %zu: %s", s.showcase.next % s.showcase.queue.size() + 1, s.showcase.queue.size(),
                s.session ? s.session->name().c_str() : "");
    ImGui::SameLine();
    if (ImGui::SmallButton("Stop")) s.showcase.on = false;
  } else if (!s.pixelMode && ImGui::SmallButton("Showcase")) {
    startShowcase(s);
  }
  remember(s, "Showcase");
  inputPanel(s);
  if (s.session && s.pixelMode) {
    pixelPanel(s, fps);
  } else if (s.session) {
    transportPanel(s);
    passPanel(s, fps);
    overlayPanel(s);
    exportPanel(s);
    recordPanel(s);
  }
  checkFits(s, "the controls");
  ImGui::End();
}

}  // namespace texsort
