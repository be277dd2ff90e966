// The Pixel sort mode's mask: a file (as --mask), or painted on the picture with a round brush, each
// stroke re-sorting at once. White is where the sort may act, black where it may not, as in
// `texsort pixelsort --mask`; the painted mask saves as a PNG that the command line takes.
#include <algorithm>
#include <cstdio>

#include "error.h"
#include "image/draw.h"
#include "image/image_io.h"
#include "pixelsort/pixel_sort.h"
#include "playback/mask_overlay.h"
#include "viewer/viewer_app.h"

namespace texsort {
namespace {

// The mask the brush paints on: the painted one, else a copy of the mask in use, else black
// (nothing sorted until painted), at the size of the picture shown.
Image& brushMask(ViewerState& s) {
  const std::uint32_t w = s.pixel->width(), h = s.pixel->height();
  MaskBrush& b = s.brush;
  if (b.mask.width != w || b.mask.height != h) {
    const auto& inUse = s.pixelOptions.mask;
    b.mask = inUse && inUse->width == w && inUse->height == h ? *inUse : flatMask(w, h, 0);
  }
  return b.mask;
}

// The mask in use goes on the undo list before a change; a new change forgets what was undone.
void keepForUndo(MaskBrush& b, const std::shared_ptr<const Image>& inUse) {
  b.undo.push_back(inUse);
  if (b.undo.size() > kMaskHistory) b.undo.erase(b.undo.begin());
  b.redo.clear();
}

void loadMask(ViewerState& s, PixelSortOptions& o) {
  try {
    const std::shared_ptr<const Image> before = o.mask;
    o.mask = std::make_shared<const Image>(loadImage(s.maskPath, kMaxElements));
    checkMaskSize(o, s.pixel->width(), s.pixel->height(), s.maskPath, s.fieldPath);
    keepForUndo(s.brush, before);
    s.brush.mask = Image{};  // the next stroke paints on the loaded mask
  } catch (const Error& e) {
    note(s, e.what(), true);
    o.mask = s.pixelOptions.mask;
  }
}

void saveMask(ViewerState& s) {
  try {
    if (!s.pixelOptions.mask) throw Error(ExitCode::Usage, "no mask to save: load one or paint with the brush");
    checkViewerOutput(s, s.brush.savePath);
    saveImagePng(s.brush.savePath, *s.pixelOptions.mask);
    note(s, "saved the mask to " + shownPath(s.brush.savePath), false);
  } catch (const Error& e) {
    exportFailed(s, e);
  }
}

// The overlay texture (playback/mask_overlay.h).
const gl::Texture* overlayTexture(ViewerState& s) {
  MaskBrush& b = s.brush;
  const std::shared_ptr<const Image>& mask = s.pixelOptions.mask;
  if (!mask) return nullptr;
  if (b.overlayOf != mask) {
    const std::vector<std::uint8_t> tint = maskOverlay(*mask);
    b.overlayTexture = gl::Texture(mask->width, mask->height, gl::TextureFormat::Rgba8, tint.data(), "mask overlay");
    b.overlayOf = mask;
  }
  return &b.overlayTexture;
}

}  // namespace

void maskControls(ViewerState& s, PixelSortOptions& o, bool& changed) {
  MaskBrush& b = s.brush;
  const bool open = ImGui::CollapsingHeader("Mask");
  remember(s, "Mask");
  if (open) {
    if (pathRow(s, 110, "##mask", s.maskPath, "mask path", "Load", nullptr) && s.maskPath[0] != '\0') {
      loadMask(s, o);
      changed = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("None") && o.mask) {
      keepForUndo(b, o.mask);
      o.mask.reset();
      b.mask = Image{};
      if (o.intervals == Intervals::Mask) o.intervals = Intervals::None;
      changed = true;
    }
    ImGui::Checkbox("brush", &b.on);
    remember(s, "brush");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("drag on the picture: left paints, right erases (no panning meanwhile); keys: B on and off, "
                        "[ ] size, X paint or erase");
    }
    ImGui::SameLine();
    int mode = b.erase ? 1 : 0;
    ImGui::RadioButton("paint", &mode, 0);
    ImGui::SameLine();
    ImGui::RadioButton("erase", &mode, 1);
    remember(s, "brush erase");
    b.erase = mode == 1;
    ImGui::SameLine();
    ImGui::Checkbox("red: unsorted", &b.overlay);
    ImGui::SetNextItemWidth(220);
    ImGui::SliderFloat("size", &b.radius, 1.0f, 256.0f, "%.0f px", ImGuiSliderFlags_Logarithmic);
    b.radius = std::clamp(b.radius, 1.0f, 256.0f);
    for (const auto& [label, level] : {std::pair<const char*, std::uint8_t>{"Fill", 255}, {"Clear", 0}}) {
      if (ImGui::Button(label)) {
        keepForUndo(b, o.mask);
        b.mask = flatMask(s.pixel->width(), s.pixel->height(), level);
        b.changed = true;
      }
      remember(s, label);
      ImGui::SameLine();
    }
    ImGui::BeginDisabled(b.undo.empty());
    if (ImGui::Button("Undo")) undoMask(s, false);
    ImGui::EndDisabled();
    remember(s, "Undo");
    ImGui::SameLine();
    ImGui::BeginDisabled(b.redo.empty());
    if (ImGui::Button("Redo")) undoMask(s, true);
    ImGui::EndDisabled();
    remember(s, "Redo");
    ImGui::SameLine();
    hint("white is sorted; painting starts from the mask in use, else from black");
    if (pathRow(s, 110, "##masksave", b.savePath, "mask save path", "Save mask", "Save mask")) saveMask(s);
    if (o.intervals == Intervals::Mask && !o.mask) hint("mask intervals need a mask: none loaded, whole lines");
  }
  if (b.restore) {  // an undo or redo: the mask as it was
    o.mask = *b.restore;
    b.restore.reset();
    b.changed = false;
    changed = true;
  } else if (b.changed) {  // strokes since the last frame: the sort takes the mask as it now is
    o.mask = std::make_shared<const Image>(b.mask);
    b.changed = false;
    changed = true;
  }
}

void maskBrushOnPicture(ViewerState& s) {
  if (!s.pixel) return;
  MaskBrush& b = s.brush;
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  const bool hovered = ImGui::IsItemHovered();
  if (!b.on) {
    b.stroking = false;
    return;
  }
  ImDrawList* draw = ImGui::GetWindowDrawList();
  if (const gl::Texture* tint = b.overlay ? overlayTexture(s) : nullptr) {
    draw->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(tint->id())), min, max, ImVec2(0, 0),
                   ImVec2(1, 1), IM_COL32(255, 255, 255, 100));
  }
  const ImGuiIO& io = ImGui::GetIO();
  const float zoom = (max.x - min.x) / float(s.pixel->width());
  if (zoom <= 0.0f) return;
  if (hovered) draw->AddCircle(io.MousePos, b.radius * zoom, IM_COL32(255, 255, 255, 200), 0, 1.5f);
  const bool left = ImGui::IsMouseDown(ImGuiMouseButton_Left), right = ImGui::IsMouseDown(ImGuiMouseButton_Right);
  // A stroke starts with a press on the picture (a slider dragged over it paints nothing) and goes
  // on, off the picture too, while the button is held; each frame joins the last point to this one.
  const bool pressed = ImGui::IsMouseClicked(ImGuiMouseButton_Left) || ImGui::IsMouseClicked(ImGuiMouseButton_Right);
  if (!(left || right) || (!b.stroking && !(hovered && pressed))) {
    b.stroking = false;
    return;
  }
  const double x = double(io.MousePos.x - min.x) / zoom, y = double(io.MousePos.y - min.y) / zoom;
  const bool white = left && !b.erase;
  const Rgb colour = white ? Rgb{255, 255, 255} : Rgb{0, 0, 0};
  if (!b.stroking) keepForUndo(b, s.pixelOptions.mask);  // the stroke's start: one undo takes it all back
  const std::uint64_t n = paintStroke(brushMask(s), b.stroking ? b.lastX : x, b.stroking ? b.lastY : y, x, y, b.radius, colour);
  b.stroking = true;
  b.lastX = x, b.lastY = y;
  if (n > 0) b.changed = true, b.painted += n;
}

void undoMask(ViewerState& s, bool redo) {
  MaskBrush& b = s.brush;
  std::vector<std::shared_ptr<const Image>>& from = redo ? b.redo : b.undo;
  std::vector<std::shared_ptr<const Image>>& to = redo ? b.undo : b.redo;
  if (from.empty() || b.stroking) return;
  to.push_back(b.restore ? *b.restore : s.pixelOptions.mask);
  b.restore = from.back();
  from.pop_back();
  b.mask = Image{};  // the next stroke paints on the mask restored
}

std::string scratchPng(ViewerState& s, const std::shared_ptr<const Image>& picture) {
  if (!picture) return "";
  s.clipSaveFiles.push_back(std::make_unique<ScratchFile>(".png"));
  saveImagePng(s.clipSaveFiles.back()->path(), *picture);
  return s.clipSaveFiles.back()->path();
}

}  // namespace texsort
