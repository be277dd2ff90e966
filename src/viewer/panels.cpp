// The viewer's panels: the controls window (input, transport, pass, overlay, export) and the image
// view with zoom and pan.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

#include "viewer/generated.h"
#include "viewer/viewer.h"
#include "viewer/viewer_app.h"

namespace texsort {
namespace {

void inputPanel(ViewerState& s) {
  if (!ImGui::CollapsingHeader("Input", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (ImGui::Button("astronaut")) loadFile(s, bundledAsset("astronaut.png"));
  ImGui::SameLine();
  if (ImGui::Button("coffee")) loadFile(s, bundledAsset("coffee.png"));
  ImGui::SameLine();
  ImGui::TextDisabled("(or drop a file on the window)");
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
    const Pattern pattern = kPatterns[s.pattern];
    startSession(s, generateImage(pattern, std::uint32_t(side), 2024), std::string(patternName(pattern)) + " " + sizeLabel);
  }
  ImGui::SetNextItemWidth(230);
  if (ImGui::BeginCombo("algorithm", info(s.algorithm).label)) {
    for (const AlgorithmInfo& row : kAlgorithmRegistry) {
      if (ImGui::Selectable(row.label, row.id == s.algorithm) && row.id != s.algorithm) {
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

void transportPanel(ViewerState& s) {
  if (!ImGui::CollapsingHeader("Transport", ImGuiTreeNodeFlags_DefaultOpen)) return;
  Transport& t = s.transport;
  if (ImGui::Button("Reset")) t.reset();
  ImGui::SameLine();
  if (ImGui::Button("< Back")) t.stepBack();
  ImGui::SameLine();
  if (ImGui::Button(t.playing ? "Pause" : "Play", ImVec2(60, 0))) t.togglePlay();
  ImGui::SameLine();
  if (ImGui::Button("Step >")) t.stepForward();
  ImGui::SameLine();
  if (ImGui::Button("End")) t.toEnd();
  int pass = static_cast<int>(t.pass);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##pass", &pass, 0, static_cast<int>(t.passCount), "pass %d")) t.seek(std::uint32_t(pass));
  ImGui::Checkbox("as fast as possible", &t.asFastAsPossible);
  if (!t.asFastAsPossible) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    ImGui::SliderFloat("##speed", &t.passesPerSecond, 1.0f, 240.0f, "%.0f passes/s", ImGuiSliderFlags_Logarithmic);
  }
  ImGui::TextDisabled("Space play/pause, Left/Right step, Home/End, R reset");
}

void passPanel(ViewerState& s, float fps) {
  if (!ImGui::CollapsingHeader("Pass", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const SortSession& session = *s.session;
  const TextureLayout& layout = session.runner().layout();
  ImGui::Text("%s: %ux%u pixels", session.name().c_str(), session.image().width, session.image().height);
  ImGui::Text("N = %llu elements in a %ux%u RGBA32F texture", static_cast<unsigned long long>(layout.count()),
              layout.width, layout.height);
  ImGui::Text("pass %u of %u", session.pass(), session.passCount());
  if (const Pass* p = session.shownPass()) {
    const bool before = session.pass() == 0;
    // One source for the words: passText, which describe() and the CLI use too.
    const PassText text = passText(*p, session.elementCount());
    ImGui::TextWrapped("%s %s", before ? "next:" : "this pass:", text.title.c_str());
    if (!text.parameters.empty()) ImGui::TextWrapped("%s", text.parameters.c_str());
    ImGui::TextWrapped("%s", text.explanation.c_str());
    if (!before) {
      const PassStats& st = session.stats(session.pass());
      ImGui::Text("GPU time: this pass %.3f ms, passes so far %.1f ms", st.gpuMs, session.totalGpuMs());
    }
  }
  ImGui::Text("%.0f fps   %s", double(fps), s.renderer.c_str());

  // Plots over passes 1..k: in-order pairs and moved elements.
  std::vector<float> inOrder, moved;
  for (std::uint32_t k = 1; k <= session.pass(); ++k) {
    inOrder.push_back(float(session.stats(k).inOrderPercent));
    moved.push_back(float(session.stats(k).movedPercent));
  }
  const int count = static_cast<int>(inOrder.size());
  char overlay[64];
  std::snprintf(overlay, sizeof overlay, "in order %.1f%%", count ? double(inOrder.back()) : 0.0);
  const ImVec2 plotSize(ImGui::GetContentRegionAvail().x, 60);
  ImGui::PlotLines("##inorder", inOrder.data(), count, 0, overlay, 0.0f, 100.0f, plotSize);
  std::snprintf(overlay, sizeof overlay, "moved %.1f%%", count ? double(moved.back()) : 0.0);
  ImGui::PlotLines("##moved", moved.data(), count, 0, overlay, 0.0f, 100.0f, plotSize);
}

void overlayPanel(ViewerState& s) {
  if (!ImGui::CollapsingHeader("Overlay", ImGuiTreeNodeFlags_DefaultOpen)) return;
  s.pictureDirty |= ImGui::Checkbox("roles", &s.overlay.showRoles);
  ImGui::SameLine();
  ImGui::TextColored(ImVec4(0.3f, 0.55f, 1.0f, 1), "takes min");
  ImGui::SameLine();
  ImGui::TextColored(ImVec4(1.0f, 0.55f, 0.15f, 1), "takes max");
  ImGui::SameLine();
  ImGui::TextDisabled("striped: descending block");
  s.pictureDirty |= ImGui::Checkbox("changed in the last pass", &s.overlay.showChanged);
  const bool small = s.session->elementCount() <= kDiagramMaxElements;
  if (!small) ImGui::BeginDisabled();
  ImGui::Checkbox("network diagram (N <= 64, e.g. generate 8x8)", &s.showDiagram);
  if (!small) ImGui::EndDisabled();
  ImGui::Checkbox("benchmark window", &s.bench.open);
}

void exportPanel(ViewerState& s) {
  if (!ImGui::CollapsingHeader("Export")) return;
  ImGui::SetNextItemWidth(-120);
  ImGui::InputText("##png", s.exportPath, sizeof s.exportPath);
  ImGui::SameLine();
  if (ImGui::Button("Save state PNG")) savePicture(s);
  ImGui::SetNextItemWidth(-120);
  ImGui::InputText("##sheet", s.sheetPath, sizeof s.sheetPath);
  ImGui::SameLine();
  if (ImGui::Button("Contact sheet")) saveContactSheet(s);
}

}  // namespace

void controlsWindow(ViewerState& s, float fps) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(kPanelWidth, display.y));
  ImGui::Begin("texsort", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  ImGui::TextWrapped("%s: each pass one full-screen fragment-shader draw between two ping-ponged RGBA32F textures.",
                     info(s.algorithm).summary);
  inputPanel(s);
  if (s.session) {
    transportPanel(s);
    passPanel(s, fps);
    overlayPanel(s);
    exportPanel(s);
  }
  if (!s.message.empty()) {
    ImGui::Separator();
    ImGui::PushTextWrapPos(0);
    if (s.messageIsError) ImGui::TextColored(ImVec4(1, 0.35f, 0.3f, 1), "%s", s.message.c_str());
    else ImGui::TextDisabled("%s", s.message.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}


void imageWindow(ViewerState& s) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(kPanelWidth, 0));
  ImGui::SetNextWindowSize(ImVec2(display.x - kPanelWidth, display.y));
  ImGui::Begin("Image", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  if (ImGui::Button("Fit")) s.fit = true;
  ImGui::SameLine();
  if (ImGui::Button("1:1")) {
    s.fit = false;
    s.zoom = 1.0f;
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(160);
  if (ImGui::SliderFloat("zoom", &s.zoom, 0.125f, 32.0f, "%.3gx", ImGuiSliderFlags_Logarithmic)) s.fit = false;
  ImGui::SameLine();
  ImGui::TextDisabled("wheel: zoom, drag: pan");

  ImGui::BeginChild("picture", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  const float pw = float(s.display->width()), ph = float(s.display->height());
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (s.fit) s.zoom = std::max(1.0f / 64.0f, std::min(avail.x / pw, avail.y / ph));
  const ImVec2 size(std::floor(pw * s.zoom), std::floor(ph * s.zoom));
  ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(s.display->texture())), size);
  s.imageMin = ImGui::GetItemRectMin();
  s.imageSize = size;
  if (ImGui::IsItemHovered()) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.MouseWheel != 0.0f) {
      s.fit = false;
      s.zoom = std::clamp(s.zoom * (io.MouseWheel > 0 ? 1.25f : 0.8f), 0.125f, 32.0f);
    }
    if (ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
      ImGui::SetScrollX(ImGui::GetScrollX() - io.MouseDelta.x);
      ImGui::SetScrollY(ImGui::GetScrollY() - io.MouseDelta.y);
    }
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace texsort
