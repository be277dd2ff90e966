// The viewer's Pixel sort mode: every option of `texsort pixelsort` as a live control, the passes
// to play, step and scrub, the span overlay and PNG export. A changed control re-sorts at once.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "error.h"
#include "image/image_io.h"
#include "pixelsort/option_table.h"
#include "viewer/viewer_app.h"

namespace texsort {
namespace {

// Applies new options as the view runs them (effectiveOptions), or rebuilds the view for a new image
// or another sort of the recipe; `picked`: the line sort was picked (else auto's). Errors go to the
// message line, and the view, its line sort and whether it was picked stay as they were.
void applyPixelOptions(ViewerState& s, const PixelSortOptions& chosen, Algorithm algorithm, bool picked) {
  if (!s.session) return;
  try {
    const auto start = std::chrono::steady_clock::now();
    const PixelSortOptions options = effectiveOptions(chosen);
    if (!s.pixel) {
      // The recipe's sorts before this one run first: the view shows this sort on their result.
      s.pixel = std::make_unique<PixelSortView>(runRecipe(s, 0, s.recipeStep, recipeSource(s)), options, algorithm,
                                                "the image", picked);
      s.pixel->seek(s.pixel->passCount());
    } else {
      s.pixel->setOptions(options, algorithm, true, picked);
    }
    s.pixelOptions = chosen;
    s.pixelAlgorithmPicked = picked;
    s.pixelAlgorithm = s.pixel->algorithm();  // auto's choice for these lines, until one is picked
    s.pixelDirty = true;
    ++s.pixelChanges;
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    s.pixelChangeMs.push_back(ms);
    s.pixelChangeSeconds += ms / 1000.0;
  } catch (const Error& e) {
    note(s, e.what(), true);  // the view keeps its last good options
  }
}

// The sliders' ends are the option table's ranges (`--NAME`'s min and max), within `reach` either
// way where the table's range is wider than a slider can place a value on (the command line takes
// the rest).
const SortOptionInfo& tableRow(const char* name) { return *sortOptionNamed(name); }

bool sliderReal(const char* label, const char* option, double& value, double reach = 1e9, const char* format = "%.3f") {
  const SortOptionInfo& row = tableRow(option);
  const double lowest = std::max(row.min, -reach), highest = std::min(row.max, reach);
  float v = float(value);
  if (!ImGui::SliderFloat(label, &v, float(lowest), float(highest), format)) return false;
  value = std::clamp(double(v), lowest, highest);
  return true;
}

bool sliderCount(const char* label, const char* option, std::uint32_t& value, double reach = 1e9,
                 ImGuiSliderFlags flags = 0) {
  const SortOptionInfo& row = tableRow(option);
  const int lowest = static_cast<int>(row.min), highest = static_cast<int>(std::min(row.max, reach));
  int v = static_cast<int>(value);
  if (!ImGui::SliderInt(label, &v, lowest, highest, "%d", flags)) return false;
  value = static_cast<std::uint32_t>(std::clamp(v, lowest, highest));
  return true;
}

// A direction field for --path flow (its hue is the way each pixel goes), the image's size.
void loadField(ViewerState& s, PixelSortOptions& o) {
  try {
    PixelSortOptions withField = o;
    withField.field = std::make_shared<const Image>(loadImage(s.fieldPath, kMaxElements));
    checkMaskSize(withField, s.pixel->width(), s.pixel->height(), s.maskPath, s.fieldPath);
    o.field = withField.field;
  } catch (const Error& e) {  // named by its file, as loadImage's reasons are
    const std::string why = e.what();
    note(s, why.rfind(s.fieldPath, 0) == 0 ? why : std::string(s.fieldPath) + ": " + why, true);
  }
}

// Which way the lines run: the path, and its angle, field or centre.
bool pathControls(ViewerState& s, PixelSortOptions& o) {
  bool changed = false;
  const bool pathsOpen = fittedCombo(s, "path", pathInfo(o.path).name, pathInfo(o.path).name);
  remember(s, "path");
  if (pathsOpen) {
    for (const PathInfo& k : kPaths) {
      if (ImGui::Selectable(k.name, k.path == o.path) && k.path != o.path) o.path = k.path, changed = true;
      remember(s, std::string("path ") + k.name);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", k.meaning);
    }
    ImGui::EndCombo();
  }
  if (o.path == PixelPath::Lines) {
    if (ImGui::Button("rows")) o.angle = 0.0, changed = true;
    ImGui::SameLine();
    if (ImGui::Button("columns")) o.angle = kVerticalAngle, changed = true;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(150);
    changed |= sliderReal("angle", "angle", o.angle, 180, "%.1f deg");  // a half turn either way: every line
  } else if (o.path == PixelPath::Flow) {  // the direction field: a picture of the image's size
    if (pathRow(s, 110, "##field", s.fieldPath, "field path", "Field", "Field") && s.fieldPath[0] != '\0') {
      loadField(s, o);
      changed = true;
    }
    if (!o.field) hint("flow follows a direction field (each pixel's hue its way): load one; rows until then");
  } else if (o.path != PixelPath::Hilbert) {  // the centre, in half pixels; the image's middle until moved
    const Image& image = s.session->image();
    float centre[2] = {float(o.centerX >= 0 ? o.centerX : (image.width - 1) / 2.0),
                       float(o.centerY >= 0 ? o.centerY : (image.height - 1) / 2.0)};
    ImGui::SetNextItemWidth(-110);
    if (ImGui::SliderFloat2("centre", centre, 0.0f, float(std::max(image.width, image.height) - 1), "%.1f")) {
      o.centerX = std::round(2.0 * std::clamp(double(centre[0]), 0.0, double(image.width - 1))) / 2.0;
      o.centerY = std::round(2.0 * std::clamp(double(centre[1]), 0.0, double(image.height - 1))) / 2.0;
      changed = true;
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("middle")) o.centerX = o.centerY = -1.0, changed = true;
  }
  return changed;
}

// Where the spans lie along the lines.
bool intervalControls(ViewerState& s, PixelSortOptions& o) {
  bool changed = false;
  int kind = static_cast<int>(o.intervals);
  if (fittedCombo(s, "intervals", intervalsInfo(o.intervals).name, intervalsInfo(o.intervals).name)) {
    for (const IntervalsInfo& k : kIntervals) {
      if (ImGui::Selectable(k.name, k.intervals == o.intervals)) kind = static_cast<int>(k.intervals);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", k.meaning);
    }
    ImGui::EndCombo();
  }
  if (kind != static_cast<int>(o.intervals)) o.intervals = static_cast<Intervals>(kind), changed = true;
  if (o.intervals == Intervals::Threshold || o.intervals == Intervals::Edges) {
    ImGui::SetNextItemWidth(220);
    if (sliderReal("lower", "lower", o.lower)) {
      if (o.intervals == Intervals::Threshold) o.upper = std::max(o.upper, o.lower);
      changed = true;
    }
  }
  if (o.intervals == Intervals::Threshold) {
    ImGui::SetNextItemWidth(220);
    if (sliderReal("upper", "upper", o.upper)) o.lower = std::min(o.lower, o.upper), changed = true;
    // The key the bounds are fractions of, and whether the spans lie inside or outside them.
    ImGui::SetNextItemWidth(150);
    if (ImGui::BeginCombo("##select", pixelKeyInfo(o.select).name)) {
      for (const PixelKeyInfo& k : kPixelKeys)
        if (colourKey(k.key) && ImGui::Selectable(k.name, k.key == o.select) && k.key != o.select) o.select = k.key, changed = true;
      ImGui::EndCombo();
    }
    ImGui::SameLine();
    changed |= ImGui::Checkbox("outside", &o.invert);
    ImGui::SameLine();
    hint("bounds the key");
  }
  if (o.intervals == Intervals::Random || o.intervals == Intervals::Waves) {
    ImGui::SetNextItemWidth(220);
    changed |= sliderCount("span length", "span-length", o.spanLength, 1024, ImGuiSliderFlags_Logarithmic);
  }
  ImGui::SetNextItemWidth(220);
  changed |= sliderCount("max span", "max-span", o.maxSpan, 1024, ImGuiSliderFlags_Logarithmic);
  ImGui::SetNextItemWidth(220);
  changed |= sliderCount("skip %", "skip", o.skipPercent);
  if (o.intervals == Intervals::Random || o.intervals == Intervals::Waves || o.skipPercent > 0 || o.key == PixelKey::Shuffle) {
    int seed = static_cast<int>(o.seed);
    ImGui::SetNextItemWidth(120);
    if (ImGui::InputInt("seed", &seed)) o.seed = static_cast<std::uint32_t>(seed), changed = true;
  }
  return changed;
}

bool keyControls(ViewerState& s, PixelSortOptions& o, Algorithm& algorithm, bool& named) {
  if (!ImGui::CollapsingHeader("Key and sort", ImGuiTreeNodeFlags_DefaultOpen)) return false;
  bool changed = false;
  if (fittedCombo(s, "key", pixelKeyInfo(o.key).name, pixelKeyInfo(o.key).name)) {
    for (const PixelKeyInfo& k : kPixelKeys) {
      if (ImGui::Selectable(k.name, k.key == o.key) && k.key != o.key) o.key = k.key, changed = true;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", k.formula);
    }
    ImGui::EndCombo();
  }
  int order = o.order == SortOrder::Ascending ? 0 : 1;
  ImGui::Text("order:");
  ImGui::SameLine();
  bool picked = ImGui::RadioButton("asc", &order, 0);
  ImGui::SameLine();
  picked |= ImGui::RadioButton("desc", &order, 1);
  remember(s, "pixel desc");
  if (picked) {
    o.order = order == 0 ? SortOrder::Ascending : SortOrder::Descending;
    changed = true;
  }
  // auto (what --algo auto takes for these lines, named in the preview) until a line sort is picked.
  const std::string automatic = std::string("auto: ") + algorithmName(algorithm);
  const bool sortsOpen = fittedCombo(s, "line sort", named ? info(algorithm).label : automatic.c_str(),
                                     named ? algorithmName(algorithm) : automatic.c_str());
  remember(s, "line sort");
  if (sortsOpen) {
    if (ImGui::Selectable("auto: the faster backend here", !named) && named) named = false, changed = true;
    remember(s, "line sort auto");
    for (const AlgorithmInfo& row : kAlgorithmRegistry) {
      if (!pixelSortAlgorithm(row.id) || !algorithmAvailableHere(row.id)) continue;
      if (ImGui::Selectable(row.label, named && row.id == algorithm) && (row.id != algorithm || !named)) {
        algorithm = row.id, changed = true;
        named = true;
      }
      remember(s, std::string("line sort ") + algorithmName(row.id));
    }
    ImGui::EndCombo();
  }
  ImGui::SetNextItemWidth(220);
  changed |= sliderReal("mix", "mix", o.mix);
  remember(s, "mix");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("the sorted result's share against the original (--mix)");
  if (ImGui::Checkbox("span overlay", &s.pixelSpans)) s.pixelDirty = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("dark: outside every span; each span (piece) tinted its own colour");
  ImGui::SameLine();
  ImGui::Checkbox("path overlay", &s.pixelLines);
  remember(s, "path overlay");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("each line its own hue, dark at its start and bright at its end");
  return changed;
}

void passesSection(ViewerState& s, float fps) {
  if (!ImGui::CollapsingHeader("Passes", ImGuiTreeNodeFlags_DefaultOpen)) return;
  PixelSortView& v = *s.pixel;
  if (ImGui::Button("Reset")) v.seek(0), s.pixelPlaying = false, s.pixelDirty = true;
  ImGui::SameLine();
  if (ImGui::Button("< Back") && v.pass() > 0) v.seek(v.pass() - 1), s.pixelDirty = true;
  ImGui::SameLine();
  if (ImGui::Button(s.pixelPlaying ? "Pause" : "Play", ImVec2(60, 0))) {
    s.pixelPlaying = !s.pixelPlaying;
    s.pixelOwed = 0.0;
    if (s.pixelPlaying && v.pass() == v.passCount()) v.seek(0);
  }
  ImGui::SameLine();
  if (ImGui::Button("Step >")) v.seek(v.pass() + 1), s.pixelDirty = true;
  ImGui::SameLine();
  if (ImGui::Button("End")) v.seek(v.passCount()), s.pixelPlaying = false, s.pixelDirty = true;
  speedControl(s.transport, "a pass a frame");
  int pass = static_cast<int>(v.pass());
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##pixelpass", &pass, 0, static_cast<int>(v.passCount()), "pass %d")) {
    v.seek(static_cast<std::uint32_t>(pass));
    s.pixelDirty = true;
  }
  const PassText text = v.pass() == 0 ? PassText{"the image as loaded", "", ""}
                                      : passText(v.schedule()[v.pass() - 1], v.schedule().shape.count());
  ImGui::TextWrapped("%s", text.title.c_str());
  if (!text.explanation.empty()) hint("%s", text.explanation.c_str());
  const LineLayout& l = v.layout();
  hint("%u lines of up to %u pixels, in %llu rows of %llu%s; %u passes", l.count, l.longest,
                      static_cast<unsigned long long>(l.paddedCount), static_cast<unsigned long long>(l.paddedLength),
                      l.packed ? " (short lines share a row)" : "", v.passCount());
  ImGui::TextWrapped("last update %.1f ms, %.0f fps", v.lastUpdateMs(), double(fps));
}

void exportSection(ViewerState& s) {
  if (!ImGui::CollapsingHeader("Export", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::SetNextItemWidth(-90);
  ImGui::InputText("##pixelexport", s.pixelExportPath, sizeof s.pixelExportPath);
  ImGui::SameLine();
  if (ImGui::Button(s.clip && videoFormatForPath(s.pixelExportPath) ? "Save clip" : "Save PNG")) savePixelSort(s);
}

// The view of the sort shown, built once a picture or a recipe's sort: on the line sort picked, and
// where that cannot be set up here (a recipe's bitonic-wide where a draw writes 4 targets), on
// auto's, which the panel then shows; where no view can be made, the error once and no retry every
// frame.
void buildPixelView(ViewerState& s) {
  applyPixelOptions(s, s.pixelOptions, s.pixelAlgorithm, s.pixelAlgorithmPicked);
  if (!s.pixel && s.pixelAlgorithmPicked) {
    applyPixelOptions(s, s.pixelOptions, s.pixelAlgorithm, false);
    if (s.pixel) s.message += std::string(": this sort runs on auto's line sort, ") + algorithmName(s.pixel->algorithm());
  }
  s.pixelUnbuildable = !s.pixel;
}

}  // namespace

void pixelPanel(ViewerState& s, float fps) {
  if (!s.pixel && !s.pixelUnbuildable) return;  // made on the next frame
  if (s.pixel) clipSection(s);
  recipeControls(s);  // without a view too: another sort of the recipe, or another recipe, may run
  PixelSortOptions o = s.pixelOptions;
  Algorithm algorithm = s.pixelAlgorithm;
  bool picked = s.pixelAlgorithmPicked;
  if (!s.pixel) {  // none could be made: another key or line sort may make one (the rest needs a view)
    if (keyControls(s, o, algorithm, picked)) applyPixelOptions(s, o, algorithm, picked);
    return;
  }
  bool changed = false;
  if (ImGui::CollapsingHeader("Lines and spans", ImGuiTreeNodeFlags_DefaultOpen)) {
    changed |= pathControls(s, o);
    changed |= intervalControls(s, o);
  }
  maskControls(s, o, changed);
  changed |= keyControls(s, o, algorithm, picked);
  // The mask intervals without a mask sort whole lines until a mask comes, flow without a field rows.
  if (changed) {
    applyPixelOptions(s, o, algorithm, picked);
    s.pixelOptions = o;
  }
  passesSection(s, fps);
  exportSection(s);
}

void pixelFrame(ViewerState& s, double dt) {
  if (!s.session) return;
  if (!s.pixel && !s.pixelUnbuildable) buildPixelView(s);  // startSession drops it with the old image
  if (!s.pixel) return;
  if (s.pixelDrag) {  // a slider dragged back and forth: a new --lower every frame
    PixelSortOptions o = s.pixelOptions;
    o.lower = 0.05 + 0.4 * double(s.pixelChanges % 50) / 50.0;
    applyPixelOptions(s, o, s.pixelAlgorithm, s.pixelAlgorithmPicked);
  }
  finishClipSave(s, false);
  if (s.clipPlaying && s.clip) {  // at the clip's own rate; a slow machine drops frames to keep time
    s.clipOwed += dt * s.clip->probe().fps;
    const auto steps = static_cast<std::uint32_t>(s.clipOwed);
    s.clipOwed -= steps;
    const std::uint32_t last = s.clip->ready() - 1;
    if (steps > 0) showClipFrame(s, std::min(s.clipFrame + steps, last));
    if (s.clipFrame == last && s.clip->finished()) s.clipPlaying = false;
  }
  if (s.pixelPlaying) {
    // The speed the transport shows (Play had none here): as fast as possible is a pass a frame.
    std::uint32_t steps = 1;
    if (!s.transport.asFastAsPossible) {
      s.pixelOwed += dt * double(s.transport.passesPerSecond);
      steps = static_cast<std::uint32_t>(s.pixelOwed);
      s.pixelOwed -= steps;
    }
    if (steps > 0) {
      s.pixel->seek(s.pixel->pass() + steps);
      s.pixelDirty = true;
    }
    if (s.pixel->pass() == s.pixel->passCount()) s.pixelPlaying = false;
  }
  if (s.pixelDirty) {
    s.pixel->render(s.pixelSpans);
    s.pixelDirty = false;
  }
}

void savePixelSort(ViewerState& s) {
  try {
    if (!s.pixel) throw Error(ExitCode::Gpu, std::string(s.pixelExportPath) + ": no pixel-sorted picture to save: its sort could not be set up here");
    checkViewerOutput(s, s.pixelExportPath);
    if (s.clip && videoFormatForPath(s.pixelExportPath)) return saveClip(s);
    const std::uint32_t back = s.pixel->pass();
    const Image sorted = runRecipe(s, s.recipeStep + 1, s.recipe.size(), s.pixel->result());  // the later sorts too
    s.pixel->seek(back);
    saveImagePng(s.pixelExportPath, sorted);
    note(s, std::string("saved the pixel-sorted image to ") + shownPath(s.pixelExportPath), false);
  } catch (const Error& e) {
    exportFailed(s, e);
  }
}

}  // namespace texsort
