// The viewer application: one state struct (compute / display / ui), panels in their own functions.
//
// Index of this file:
// [SECTION] State
// [SECTION] Loading inputs
// [SECTION] Transport: playing within a frame budget
// [SECTION] Export: PNG of the state, contact sheet, screenshot
// [SECTION] Panels: input, transport, pass, plots, export
// [SECTION] Image view
// [SECTION] Network diagram
// [SECTION] Benchmark window
// [SECTION] Soak: random actions for the reliability test
// [SECTION] Main loop
#include "viewer/viewer.h"

#include <GLFW/glfw3.h>
#include <unistd.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <memory>
#include <random>
#include <vector>

#include "bench/benchmark.h"
#include "bench/plot.h"
#include "context/glfw_window.h"
#include "error.h"
#include "gl/gl.h"
#include "viewer/contact_sheet.h"
#include "viewer/generated.h"
#include "viewer/sort_session.h"
#include "viewer/state_display.h"
#include "viewer/transport.h"

namespace texsort {

std::string bundledAsset(const std::string& name) {
  namespace fs = std::filesystem;
  std::vector<fs::path> candidates;
  if (const char* env = std::getenv("TEXSORT_ASSETS")) candidates.emplace_back(env);
#ifdef TEXSORT_SOURCE_ASSETS
  candidates.emplace_back(TEXSORT_SOURCE_ASSETS);
#endif
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) candidates.push_back(exe.parent_path() / ".." / ".." / "assets");
  for (const fs::path& dir : candidates) {
    if (fs::exists(dir / name, ec)) return (dir / name).string();
  }
  return "assets/" + name;
}

namespace {

using Clock = std::chrono::steady_clock;

// [SECTION] State ==================================================================================

constexpr float kPanelWidth = 390.0f;
constexpr double kPassBudgetSeconds = 0.016;  // passes per frame at full speed: keeps ~30 fps on llvmpipe
constexpr std::uint32_t kDiagramMaxElements = 64;
constexpr int kSizesLog2Min = 2, kSizesLog2Max = 11;  // generated inputs 4x4 .. 2048x2048

// The Benchmark window: cells measured one per frame, so the window stays alive between them.
struct BenchPanel {
  bool open = false;
  bool algorithms[std::size(kAlgorithms)] = {true, true, true, true, true};
  bool sizes[6] = {true, true, true, true, false, false};  // 256, 4096, 65536, 262144, 2^20, 2^22
  int runs = 3;
  std::vector<std::pair<Algorithm, std::uint64_t>> queue;
  std::vector<BenchCell> cells;
};
constexpr std::uint64_t kBenchSizes[6] = {256, 4096, 65536, 262144, 1u << 20, 1u << 22};

struct ViewerState {
  // compute
  std::unique_ptr<SortSession> session;
  Transport transport;
  // display
  std::unique_ptr<StateDisplay> display;
  DisplayOptions overlay;
  bool fit = true;
  float zoom = 1.0f;
  ImVec2 imageMin{0, 0}, imageSize{0, 0};  // where the picture was drawn last frame (for tests)
  bool pictureDirty = true;
  std::uint32_t picturePass = UINT32_MAX;
  // ui
  std::string renderer;
  SortOrder order = SortOrder::Ascending;
  Algorithm algorithm = Algorithm::Bitonic;
  char path[1024] = "";
  char exportPath[1024] = "texsort-state.png";
  char sheetPath[1024] = "texsort-contact-sheet.png";
  int pattern = 0;
  int sizeLog2 = 6;
  bool showDiagram = false;
  BenchPanel bench;
  std::string message;  // last error (red) or note (grey)
  bool messageIsError = false;
  std::vector<std::string> dropped;
  // diagram values: the current state read back, for small N only
  std::vector<Element> wireValues;
  std::uint32_t wireValuesPass = UINT32_MAX;
  // frame rate while playing
  double playingSeconds = 0.0;
  std::uint64_t playingFrames = 0;
};

void note(ViewerState& s, const std::string& text, bool isError) {
  s.message = text;
  s.messageIsError = isError;
  if (isError) std::fprintf(stderr, "texsort: %s\n", text.c_str());
}

// [SECTION] Loading inputs =========================================================================

// Replaces the session with `image`; on failure the current one stays and the error is shown.
void startSession(ViewerState& s, Image image, const std::string& name) {
  try {
    auto session = std::make_unique<SortSession>(std::move(image), s.order, s.algorithm, name);
    s.session = std::move(session);
    s.transport = Transport{0, 0, false, s.transport.asFastAsPossible, s.transport.passesPerSecond, 0.0};
    s.transport.passCount = s.session->passCount();
    s.pictureDirty = true;
    s.wireValuesPass = UINT32_MAX;
    if (s.session->sorter().elementCount() > kDiagramMaxElements) s.showDiagram = false;
    note(s, "", false);
  } catch (const Error& e) {
    note(s, e.what(), true);
  }
}

void loadFile(ViewerState& s, const std::string& path) {
  try {
    Image image = loadImage(path, kMaxElements);
    startSession(s, std::move(image), std::filesystem::path(path).filename().string());
  } catch (const Error& e) {
    note(s, e.what(), true);  // keep the current image
  }
}

// Keeps the image and, as far as the new schedule goes, the pass.
void reloadSession(ViewerState& s) {
  if (!s.session) return;
  Image image = s.session->image();
  const std::string name = s.session->name();
  const std::uint32_t pass = s.transport.pass;
  startSession(s, std::move(image), name);
  s.session->seek(pass);
  s.transport.pass = s.session->pass();
}

// [SECTION] Transport: playing within a frame budget ==============================================

// Brings the session to the pass the transport asks for. Going forward runs passes one by one
// within a time budget (the rest waits for the next frame, so the window stays responsive); going
// back replays from the start. As fast as possible = as many passes as fit the budget.
void advance(ViewerState& s, double dt) {
  if (!s.session) return;
  Transport& t = s.transport;
  SortSession& session = *s.session;
  const bool flatOut = t.playing && t.asFastAsPossible;
  const std::uint32_t target = flatOut ? t.passCount : t.advance(dt);
  if (target < session.pass()) {
    session.seek(target);
  } else {
    const auto start = Clock::now();
    while (session.pass() < target) {
      session.stepForward();
      glFinish();  // so the budget measures the GPU work, not the queueing of it
      if (std::chrono::duration<double>(Clock::now() - start).count() >= kPassBudgetSeconds) break;
    }
  }
  t.pass = session.pass();
  if (t.pass == t.passCount) t.pause();
  if (session.pass() != s.picturePass) s.pictureDirty = true;
}

// [SECTION] Export: PNG of the state, contact sheet, screenshot ==================================

Image currentPicture(ViewerState& s) {
  s.display->render(*s.session, DisplayOptions{});
  s.pictureDirty = true;  // the on-screen picture may carry overlays: draw it again next frame
  return s.display->readBack(s.session->image().height);
}

void savePicture(ViewerState& s) {
  try {
    Image picture = currentPicture(s);
    picture.channels = 3;
    saveImagePng(s.exportPath, picture);
    note(s, "saved pass " + std::to_string(s.session->pass()) + " to " + s.exportPath, false);
  } catch (const Error& e) {
    note(s, e.what(), true);
  }
}

void saveContactSheet(ViewerState& s) {
  try {
    const std::uint32_t back = s.session->pass();
    std::vector<Image> frames;
    std::vector<std::string> labels;
    for (std::uint32_t pass : contactSheetPasses(s.session->passCount(), 12)) {
      s.session->seek(pass);
      frames.push_back(currentPicture(s));
      labels.push_back("pass " + std::to_string(pass) + "/" + std::to_string(s.session->passCount()));
    }
    s.session->seek(back);
    saveImagePng(s.sheetPath, composeContactSheet(frames, labels, 4, 256));
    note(s, "saved a contact sheet of " + std::to_string(frames.size()) + " passes to " + s.sheetPath, false);
  } catch (const Error& e) {
    note(s, e.what(), true);
  }
}

void saveScreenshot(GLFWwindow* window, const std::string& path, const ViewerState& s) {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window, &w, &h);
  Image shot;
  shot.width = static_cast<std::uint32_t>(w);
  shot.height = static_cast<std::uint32_t>(h);
  shot.channels = 3;
  shot.rgba.resize(shot.pixelCount() * 4);
  std::vector<std::uint8_t> rows(shot.rgba.size());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rows.data());
  const std::size_t stride = std::size_t(w) * 4;
  for (int y = 0; y < h; ++y) {  // GL's row 0 is the bottom of the window
    std::copy_n(&rows[std::size_t(h - 1 - y) * stride], stride, &shot.rgba[std::size_t(y) * stride]);
  }
  saveImagePng(path, shot);
  std::printf("screenshot %s: image at (%d, %d) size (%d x %d), pass %u of %u\n", path.c_str(),
              static_cast<int>(s.imageMin.x), static_cast<int>(s.imageMin.y), static_cast<int>(s.imageSize.x),
              static_cast<int>(s.imageSize.y), s.session ? s.session->pass() : 0u,
              s.session ? s.session->passCount() : 0u);
}

// [SECTION] Panels: input, transport, pass, plots, export =========================================

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
  static const char* algorithms[] = {"bitonic (one step per pass)", "bitonic (legacy float shader)",
                                     "odd-even merge", "odd-even transposition", "radix (split)",
                                     "bitonic fast path (fused steps)"};
  static_assert(std::size(algorithms) == std::size(kAlgorithms), "a name for every algorithm");
  int algorithm = static_cast<int>(s.algorithm);
  ImGui::SetNextItemWidth(230);
  if (ImGui::Combo("algorithm", &algorithm, algorithms, IM_ARRAYSIZE(algorithms))) {
    s.algorithm = kAlgorithms[algorithm];
    reloadSession(s);
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
  const TextureLayout& layout = session.sorter().layout();
  ImGui::Text("%s: %ux%u pixels", session.name().c_str(), session.image().width, session.image().height);
  ImGui::Text("N = %llu elements in a %ux%u RGBA32F texture", static_cast<unsigned long long>(layout.count()),
              layout.width, layout.height);
  ImGui::Text("pass %u of %u", session.pass(), session.passCount());
  if (const Pass* p = session.shownPass()) {
    const bool before = session.pass() == 0;
    ImGui::TextWrapped("%s %s", before ? "next:" : "this pass:", describe(*p).c_str());
    switch (p->kind) {
      case PassKind::BitonicStep:
      case PassKind::BitonicLegacyStep:
        ImGui::Text("stepno %u   offset %u   stage %u", p->stepno, p->offset, p->stage);
        ImGui::TextWrapped("partner = i +/- %u; blocks of %u alternate ascending / descending; "
                           "the first %u of every %u compare forward.",
                           p->offset, p->stepno, p->offset, p->stage);
        break;
      case PassKind::OddEvenMergeStep:
        ImGui::TextWrapped("p = %u, k = %u: sorted runs of %u merge into runs of %u; element i compares with "
                           "i + %u when (i - %u) mod %u < %u, inside its run; all ascending.",
                           p->stepno, p->offset, p->stepno, 2 * p->stepno, p->offset, p->offset % p->stepno,
                           2 * p->offset, p->offset);
        break;
      case PassKind::TranspositionStep:
        ImGui::TextWrapped("round %u of %u: neighbours (i, i+1) with i %s compare; N rounds sort N elements.",
                           p->step + 1, session.passCount(), p->parity ? "odd" : "even");
        break;
      case PassKind::RadixFlags:
        ImGui::TextWrapped("bit %u of %u: e = 1 - bit, into the scan buffer (the picture does not change).",
                           p->bit, kKeyBits);
        break;
      case PassKind::RadixScanStep:
        ImGui::TextWrapped("bit %u: prefix sum of e by doubling, adding from distance %u.", p->bit, p->offset);
        break;
      case PassKind::RadixGather:
        ImGui::TextWrapped("bit %u: each position gathers its element: d = b ? i - f + totalFalses : f, "
                           "found by binary search over the scan.",
                           p->bit);
        break;
      case PassKind::FastPack:
        ImGui::TextWrapped("(key, index) of two elements per texel: half the fragments, and the distance-1 "
                           "step happens inside a texel.");
        break;
      case PassKind::FastBitonic:
        ImGui::Text("stepno %u   offset %u%s", p->stepno, p->offset, p->parity == 2 ? " then half" : "");
        ImGui::TextWrapped("%u step%s in one pass: each fragment reads the %u texel%s its two elements depend on.",
                           p->parity, p->parity == 2 ? "s" : "", p->parity == 2 ? (p->offset >= 4 ? 4u : 2u) : 1u,
                           p->parity == 2 || p->offset >= 2 ? "s" : "");
        break;
      case PassKind::FastGather:
        ImGui::TextWrapped("every position fetches its full element (colour, alpha) by the original index.");
        break;
    }
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
  const bool small = s.session->sorter().elementCount() <= kDiagramMaxElements;
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

void controlsWindow(ViewerState& s, float fps) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(kPanelWidth, display.y));
  ImGui::Begin("texsort", nullptr, ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  ImGui::TextWrapped("Bitonic sort, one fragment-shader pass per step over two ping-ponged RGBA32F textures.");
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

// [SECTION] Image view =============================================================================

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

// [SECTION] Network diagram ========================================================================

// The bitonic network as wires (one per element, top to bottom) and one column per pass; each
// compare-exchange is a vertical line with its arrow pointing where the larger element goes.
void diagramWindow(ViewerState& s) {
  SortSession& session = *s.session;
  const auto n = static_cast<std::uint32_t>(session.sorter().elementCount());
  ImGui::SetNextWindowPos(ImVec2(kPanelWidth + 20, 60), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(840, 700), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Network diagram", &s.showDiagram, ImGuiWindowFlags_HorizontalScrollbar)) {
    ImGui::End();
    return;
  }
  const float wireGap = n > 32 ? 12.0f : 18.0f, pairGap = 5.0f, columnPad = 12.0f, labelWidth = 70.0f;
  const PassSchedule& schedule = session.schedule();
  const bool network = !schedule.empty() && isNetworkPass(schedule.front().kind);
  if (!network) {
    ImGui::TextWrapped("%s is not a comparator network: its passes flag, scan and gather (see the pass panel).",
                       algorithmName(session.algorithm()));
    ImGui::End();
    return;
  }
  if (s.wireValuesPass != session.pass()) {  // read back only when the pass changed and it is shown
    s.wireValues = session.sorter().readBack();
    s.wireValuesPass = session.pass();
  }
  float width = labelWidth;
  for (const Pass& p : schedule) width += float(p.offset) * pairGap + columnPad;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width + 40, float(n) * wireGap + 10));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  auto wireY = [&](std::uint32_t i) { return origin.y + 5 + float(i) * wireGap; };

  // Current values on the wires: the pixel's colour, its luma (0..255) and original index.
  for (std::uint32_t i = 0; i < n; ++i) {
    const Element& e = s.wireValues[i];
    const bool pad = e.key == kSentinelKey;
    const auto rgb = static_cast<std::uint32_t>(e.rgb);
    const ImU32 colour = pad ? IM_COL32(70, 70, 70, 255) : IM_COL32(rgb >> 16, (rgb >> 8) & 255, rgb & 255, 255);
    draw->AddRectFilled(ImVec2(origin.x, wireY(i) - 5), ImVec2(origin.x + 10, wireY(i) + 5), colour);
    char label[32];
    const auto pixel = static_cast<std::uint32_t>(e.index);
    if (pad) std::snprintf(label, sizeof label, "pad");
    else std::snprintf(label, sizeof label, "%u #%u", lumaKey(std::uint8_t(rgb >> 16), std::uint8_t(rgb >> 8), std::uint8_t(rgb)) / 1000, pixel);
    draw->AddText(ImVec2(origin.x + 14, wireY(i) - 7), IM_COL32(220, 220, 220, 255), label);
    draw->AddLine(ImVec2(origin.x + labelWidth, wireY(i)), ImVec2(origin.x + width, wireY(i)), IM_COL32(110, 110, 120, 255));
  }
  float x = origin.x + labelWidth;
  for (std::uint32_t k = 0; k < schedule.size(); ++k) {
    const Pass& p = schedule[k];
    const float columnWidth = float(p.offset) * pairGap + columnPad;
    const bool done = k < session.pass(), current = k + 1 == session.pass();
    if (current) {
      draw->AddRectFilled(ImVec2(x, origin.y), ImVec2(x + columnWidth - 4, wireY(n - 1) + 6), IM_COL32(255, 255, 255, 30));
    }
    const ImU32 colour = current ? IM_COL32(255, 220, 80, 255) : done ? IM_COL32(140, 180, 255, 255) : IM_COL32(90, 90, 110, 255);
    for (const CompareExchange& c : compareExchanges(p, n)) {
      const float cx = x + 4 + float(c.low % p.offset) * pairGap;
      // The arrowhead marks the wire that receives the larger element.
      const float yMax = c.ascending ? wireY(c.high) : wireY(c.low), yMin = c.ascending ? wireY(c.low) : wireY(c.high);
      draw->AddLine(ImVec2(cx, yMin), ImVec2(cx, yMax), colour, 1.5f);
      draw->AddCircleFilled(ImVec2(cx, yMin), 2.0f, colour);
      const float dir = yMax > yMin ? 1.0f : -1.0f;
      draw->AddTriangleFilled(ImVec2(cx, yMax), ImVec2(cx - 3, yMax - 6 * dir), ImVec2(cx + 3, yMax - 6 * dir), colour);
    }
    x += columnWidth;
  }
  ImGui::End();
}

// [SECTION] Benchmark window =======================================================================

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
  static const ImU32 colours[] = {IM_COL32(90, 160, 255, 255), IM_COL32(160, 120, 255, 255), IM_COL32(255, 170, 60, 255),
                                  IM_COL32(255, 90, 90, 255), IM_COL32(90, 220, 130, 255)};
  return colours[static_cast<int>(a)];
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

void benchWindow(ViewerState& s) {
  BenchPanel& b = s.bench;
  ImGui::SetNextWindowPos(ImVec2(kPanelWidth + 40, 80), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(820, 640), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Benchmark", &b.open)) {
    ImGui::End();
    return;
  }
  for (std::size_t i = 0; i < std::size(kAlgorithms); ++i) {
    if (i) ImGui::SameLine();
    ImGui::Checkbox(algorithmName(kAlgorithms[i]), &b.algorithms[i]);
  }
  for (std::size_t i = 0; i < std::size(kBenchSizes); ++i) {
    if (i) ImGui::SameLine();
    char label[32];
    std::snprintf(label, sizeof label, "%llu", static_cast<unsigned long long>(kBenchSizes[i]));
    ImGui::Checkbox(label, &b.sizes[i]);
  }
  ImGui::SetNextItemWidth(120);
  ImGui::SliderInt("runs", &b.runs, 1, 9);
  ImGui::SameLine();
  const bool running = !b.queue.empty();
  if (running) ImGui::BeginDisabled();
  if (ImGui::Button("Run")) {
    b.cells.clear();
    for (std::size_t a = 0; a < std::size(kAlgorithms); ++a)
      for (std::size_t n = 0; n < std::size(kBenchSizes); ++n)
        if (b.algorithms[a] && b.sizes[n]) b.queue.emplace_back(kAlgorithms[a], kBenchSizes[n]);
  }
  if (running) ImGui::EndDisabled();
  ImGui::SameLine();
  if (running) {
    ImGui::Text("measuring %s at N = %llu (%zu to go)...", algorithmName(b.queue.front().first),
                static_cast<unsigned long long>(b.queue.front().second), b.queue.size());
  } else {
    ImGui::TextDisabled("same measurement as `texsort bench`; medians after a warm-up");
  }
  benchPlot(b.cells);
  if (ImGui::BeginTable("cells", 8, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY)) {
    for (const char* h : {"algorithm", "N", "passes", "GPU ms", "ms/pass", "pass/copy", "GB/s", "x std::sort"})
      ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const BenchCell& c : b.cells) {
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
  ImGui::End();
}

// [SECTION] Soak: random actions for the reliability test ========================================

std::int64_t residentKiB() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  long pages = 0, resident = 0;
  if (f) {
    if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    std::fclose(f);
  }
  return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

// Drives the viewer the way a restless user would: steps, scrubs, plays, loads good and bad files,
// changes sizes, algorithms and overlays. Measures in a canonical state (the astronaut, bitonic,
// ascending, pass 0) after a warm-up and at the end, so the numbers compare like with like.
struct Soak {
  std::uint32_t frames = 0;
  std::mt19937 rng{7};
  std::string badFile;
  std::uint64_t actions = 0, loads = 0, badLoads = 0, glErrors = 0;
  std::int64_t objectsWarm = -1, objectsEnd = -1, rssWarm = 0, rssEnd = 0;

  void canonical(ViewerState& s) {
    s.algorithm = Algorithm::Bitonic;
    s.order = SortOrder::Ascending;
    s.overlay = DisplayOptions{};
    s.showDiagram = false;
    loadFile(s, bundledAsset("astronaut.png"));
    s.transport.reset();
  }

  void step(ViewerState& s, std::uint32_t frame) {
    for (GLenum e; (e = glGetError()) != GL_NO_ERROR;) {
      ++glErrors;
      std::fprintf(stderr, "soak: frame %u: %s\n", frame, gl::enumName(e).c_str());
    }
    if (frame == frames / 5 || frame == frames) {
      canonical(s);
      glFinish();
      (frame == frames ? objectsEnd : objectsWarm) = gl::liveObjects();
      (frame == frames ? rssEnd : rssWarm) = residentKiB();
      return;
    }
    Transport& t = s.transport;
    ++actions;
    switch (rng() % 16) {
      case 0: case 1: t.stepForward(); break;
      case 2: t.stepBack(); break;
      case 3: t.seek(static_cast<std::uint32_t>(rng() % (t.passCount + 1))); break;
      case 4: t.reset(); break;
      case 5: t.togglePlay(); break;
      case 6: t.toEnd(); break;
      case 7: s.overlay.showRoles = !s.overlay.showRoles; s.pictureDirty = true; break;
      case 8: s.overlay.showChanged = !s.overlay.showChanged; s.pictureDirty = true; break;
      case 9: case 10: {  // a generated image of another size: 4x4 .. 128x128
        ++loads;
        const std::uint32_t side = 4u << (rng() % 6);
        startSession(s, generateImage(kPatterns[rng() % std::size(kPatterns)], side, static_cast<std::uint32_t>(rng())), "soak");
        break;
      }
      case 11: ++badLoads; loadFile(s, rng() % 2 ? badFile : badFile + ".missing"); break;
      case 12: {  // another algorithm (transposition only on small inputs: it has N passes)
        const Algorithm a = kAlgorithms[rng() % std::size(kAlgorithms)];
        if (a != Algorithm::Transposition || s.session->sorter().elementCount() <= 4096) {
          s.algorithm = a;
          reloadSession(s);
        }
        break;
      }
      case 13: s.order = s.order == SortOrder::Ascending ? SortOrder::Descending : SortOrder::Ascending; reloadSession(s); break;
      case 14: s.showDiagram = !s.showDiagram && s.session->sorter().elementCount() <= kDiagramMaxElements; break;
      default:
        if (rng() % 8 == 0) {
          ++loads;
          loadFile(s, bundledAsset(rng() % 2 ? "astronaut.png" : "coffee.png"));
        }
        break;
    }
  }

  void report() const {
    std::printf("soak: %u frames, %llu actions, %llu loads, %llu bad loads, GL errors %llu, GL objects %lld -> %lld, "
                "resident %lld KiB -> %lld KiB\n",
                frames, static_cast<unsigned long long>(actions), static_cast<unsigned long long>(loads),
                static_cast<unsigned long long>(badLoads), static_cast<unsigned long long>(glErrors),
                static_cast<long long>(objectsWarm), static_cast<long long>(objectsEnd),
                static_cast<long long>(rssWarm), static_cast<long long>(rssEnd));
  }
};

// [SECTION] Main loop ==============================================================================

void handleKeys(ViewerState& s) {
  if (!s.session || ImGui::GetIO().WantCaptureKeyboard) return;
  Transport& t = s.transport;
  if (ImGui::IsKeyPressed(GLFW_KEY_SPACE)) t.togglePlay();
  if (ImGui::IsKeyPressed(GLFW_KEY_RIGHT)) t.stepForward();
  if (ImGui::IsKeyPressed(GLFW_KEY_LEFT)) t.stepBack();
  if (ImGui::IsKeyPressed(GLFW_KEY_HOME)) t.reset();
  if (ImGui::IsKeyPressed(GLFW_KEY_END)) t.toEnd();
  if (ImGui::IsKeyPressed(GLFW_KEY_R, false)) t.reset();
}

void onDrop(GLFWwindow* window, int count, const char** paths) {
  auto* s = static_cast<ViewerState*>(glfwGetWindowUserPointer(window));
  for (int i = 0; i < count; ++i) s->dropped.emplace_back(paths[i]);
}

}  // namespace

int runViewer(const ViewerOptions& options) {
  // 1. Window and GL context (throws with a one-line reason when there is no display).
  Window window(options.width, options.height, "texsort: bitonic sort, one fragment pass per step");
  ViewerState s;
  glfwSetWindowUserPointer(window.handle(), &s);
  glfwSetDropCallback(window.handle(), onDrop);
  s.renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));

  // 2. Dear ImGui with the GLFW and OpenGL 3 backends.
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini files left in the user's folder
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(window.handle(), true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  // 3. The first image: the one asked for, else the bundled astronaut.
  s.order = options.order;
  s.algorithm = options.algorithm;
  if (options.benchmark) {
    s.bench.open = true;
    for (std::uint64_t n : {std::uint64_t{256}, std::uint64_t{4096}, std::uint64_t{65536}})
      for (Algorithm a : kAlgorithms) s.bench.queue.emplace_back(a, n);
  }
  s.display = std::make_unique<StateDisplay>();
  s.transport.asFastAsPossible = options.speed <= 0.0f;
  s.transport.passesPerSecond = options.speed > 0.0f ? options.speed : 30.0f;
  s.fit = !options.zoomOneToOne;
  s.overlay = DisplayOptions{options.showRoles, options.showChanged};
  const std::string first = options.image.empty() ? bundledAsset("astronaut.png") : options.image;
  std::snprintf(s.path, sizeof s.path, "%s", first.c_str());
  try {
    if (options.generate != 0) {
      startSession(s, generateImage(Pattern::Random, options.generate, 2024), "random");
    } else {
      startSession(s, loadImage(first, kMaxElements), std::filesystem::path(first).filename().string());
    }
    if (!s.session) throw Error(ExitCode::Gpu, s.message);
    s.showDiagram = options.showDiagram && s.session->sorter().elementCount() <= kDiagramMaxElements;
  } catch (const Error&) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    throw;
  }
  if (options.autoplay) s.transport.play();
  Soak soak;
  soak.frames = options.soakFrames;
  if (soak.frames) {
    soak.badFile = (std::filesystem::temp_directory_path() / ("texsort-soak-" + std::to_string(::getpid()) + ".png")).string();
    std::FILE* f = std::fopen(soak.badFile.c_str(), "wb");
    if (f) {
      std::fputs("not a PNG at all", f);
      std::fclose(f);
    }
  }

  // 4. Frames: input, advance the sort, draw the picture and the panels.
  auto last = Clock::now();
  float fps = 0.0f;
  for (std::uint32_t frame = 1; !window.shouldClose(); ++frame) {
    glfwPollEvents();
    for (const std::string& path : std::exchange(s.dropped, {})) loadFile(s, path);
    const auto now = Clock::now();
    const double dt = std::chrono::duration<double>(now - last).count();
    last = now;
    fps = fps == 0.0f ? float(1.0 / std::max(dt, 1e-6)) : 0.9f * fps + 0.1f * float(1.0 / std::max(dt, 1e-6));
    if (s.transport.playing) {
      s.playingSeconds += dt;
      ++s.playingFrames;
    }

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    handleKeys(s);
    if (soak.frames) soak.step(s, frame);
    advance(s, dt);
    benchStep(s);
    if (s.pictureDirty) {
      s.display->render(*s.session, s.overlay);
      s.picturePass = s.session->pass();
      s.pictureDirty = false;
    }
    controlsWindow(s, fps);
    imageWindow(s);
    if (s.showDiagram) diagramWindow(s);
    if (s.bench.open) benchWindow(s);
    ImGui::Render();

    int w = 0, h = 0;
    glfwGetFramebufferSize(window.handle(), &w, &h);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, w, h);
    glClearColor(0.1f, 0.1f, 0.12f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

    const bool lastFrame = (options.frames != 0 && frame >= options.frames) || (soak.frames && frame >= soak.frames);
    if (lastFrame && !options.exportState.empty()) {
      std::snprintf(s.exportPath, sizeof s.exportPath, "%s", options.exportState.c_str());
      savePicture(s);
    }
    if (lastFrame && !options.exportSheet.empty()) {
      std::snprintf(s.sheetPath, sizeof s.sheetPath, "%s", options.exportSheet.c_str());
      saveContactSheet(s);
    }
    if (lastFrame && !options.screenshot.empty()) saveScreenshot(window.handle(), options.screenshot, s);
    glfwSwapBuffers(window.handle());
    if (lastFrame) break;
  }
  if (soak.frames) {
    soak.report();
    std::remove(soak.badFile.c_str());
  }
  if (s.playingFrames > 0) {
    std::printf("viewer: %llu frames while playing in %.2f s = %.1f fps\n",
                static_cast<unsigned long long>(s.playingFrames), s.playingSeconds,
                double(s.playingFrames) / std::max(s.playingSeconds, 1e-9));
  }

  // 5. Shut down in reverse order; GL objects go before the context.
  s.session.reset();
  s.display.reset();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  return 0;
}

}  // namespace texsort
