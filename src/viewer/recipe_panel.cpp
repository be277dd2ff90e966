// The Pixel sort mode's recipes: several sorts, each on the result of the one before (`--then`),
// picked from the presets or a recipe file, or built step by step. The controls edit one sort; the
// view shows that sort's passes on the result of the sorts before it; Save writes them all.
#include <algorithm>
#include <cstdio>
#include <iterator>

#include "error.h"
#include "image/image_io.h"
#include "io/files.h"
#include "pixelsort/pixel_runner.h"
#include "pixelsort/recipe.h"
#include "sort/runner.h"
#include "viewer/viewer_app.h"

namespace texsort {
namespace {

// The live sort as a step of the recipe: the options as the user set them, its files' names (a
// painted mask has none).
PixelSortStage liveStage(const ViewerState& s) {
  return PixelSortStage{s.pixelOptions, s.brush.mask.width > 0 ? "" : s.maskPath, s.fieldPath, s.pixelAlgorithm,
                        s.pixelAlgorithmPicked};
}

// The recipe as a file --preset reads: a comment, then one sort's options a line.
void saveRecipe(ViewerState& s) {
  try {
    checkViewerOutput(s, s.recipeSavePath);
    const std::vector<PixelSortStage> steps = liveRecipe(s);
    std::string text = "# texsort pixelsort --preset FILE: one sort a line, each on the result of the one before\n";
    for (std::size_t k = 0; k < steps.size(); ++k) {
      const PixelSortStage& step = steps[k];
      const std::string which = "sort " + std::to_string(k + 1);
      if (step.options.mask && step.mask.empty()) {
        throw Error(ExitCode::Usage, which + "'s mask was painted: Save mask, Load it, then save the recipe, which names it");
      }
      const std::string field = step.options.path == PixelPath::Flow ? step.field : "";
      for (const std::string& file : {step.options.mask ? step.mask : std::string(), field}) {
        if (file.find_first_of(" \t\n#") != std::string::npos) {
          throw Error(ExitCode::Usage, which + ": " + file + " cannot stand in a recipe (a blank or # in its name)");
        }
      }
      std::string line;
      for (const std::string& word : pixelSortArguments(step.options, step, step.mask, field)) {
        line += (line.empty() ? "" : " ") + word;
      }
      text += line + "\n";
    }
    writeOutput(s.recipeSavePath, [&](const ByteSink& sink) { return sink(text.data(), text.size()); });
    note(s, "saved the recipe (" + std::to_string(steps.size()) + (steps.size() == 1 ? " sort" : " sorts") + ") to " +
                shownPath(s.recipeSavePath), false);
  } catch (const Error& e) {
    exportFailed(s, e);
  }
}

// A recipe whose sort names a line sort this context cannot run (compute without compute shaders)
// is refused as the command line refuses it, in one line naming the sort: the view could not be
// made, and would fail again every frame.
void requireStepRunsHere(const PixelSortStage& step, const std::string& recipe, std::size_t k) {
  try {
    requireAvailable(step.algorithm);
  } catch (const Error& e) {
    throw Error(e.code(), recipe + ": sort " + std::to_string(k + 1) + ": " + e.what());
  }
}

// The controls (and the view) take step `k` of s.recipe; the view is built again on its next frame.
void takeStep(ViewerState& s, std::size_t k) {
  const PixelSortStage& step = s.recipe[k];
  s.recipeStep = k;
  s.pixelOptions = step.options;
  s.pixelAlgorithm = step.algorithm;
  s.pixelAlgorithmPicked = step.algorithmChosen;  // a step without --algo: auto's, for each picture
  std::snprintf(s.maskPath, sizeof s.maskPath, "%s", step.mask.c_str());
  std::snprintf(s.fieldPath, sizeof s.fieldPath, "%s", step.field.c_str());
  s.brush.mask = Image{};  // the next stroke paints on this step's mask
  s.pixel.reset();
  s.pixelUnbuildable = false;
}

void selectStep(ViewerState& s, std::size_t k) {
  if (s.recipe.empty()) s.recipe = {liveStage(s)};
  s.recipe[s.recipeStep] = liveStage(s);
  takeStep(s, std::min(k, s.recipe.size() - 1));
}

}  // namespace

void loadRecipe(ViewerState& s, const std::string& nameOrFile) {
  try {
    if (!s.recipeReader) throw Error(ExitCode::Usage, "recipes come from texsort's command line: none here");
    std::vector<PixelSortStage> steps = s.recipeReader(nameOrFile);
    const Image& image = s.session->image();
    for (std::size_t k = 0; k < steps.size(); ++k) {  // each sort's mask and field, read now, at the image's size
      PixelSortStage& step = steps[k];
      step = withSidePictures(std::move(step), image.width, image.height);
      if (!step.algorithmChosen) step.algorithm = pixelSortBackendHere();  // shown until the view says what ran
      requireStepRunsHere(step, nameOrFile, k);
    }
    s.recipe = std::move(steps);
    s.recipeName = nameOrFile;
    s.recipeShown = false;  // the section opens on it
    takeStep(s, s.recipe.size() - 1);
    note(s, nameOrFile + ": " + std::to_string(s.recipe.size()) + (s.recipe.size() == 1 ? " sort" : " sorts"), false);
  } catch (const Error& e) {
    note(s, e.what(), true);  // the sorts stay as they were
  }
}

PixelSortOptions effectiveOptions(PixelSortOptions o) {
  if (o.intervals == Intervals::Mask && !o.mask) o.intervals = Intervals::None;
  if (o.path == PixelPath::Flow && !o.field) o.path = PixelPath::Lines, o.angle = 0.0;
  return o;
}

std::vector<PixelSortStage> liveRecipe(const ViewerState& s) {
  std::vector<PixelSortStage> steps = s.recipe.empty() ? std::vector<PixelSortStage>{liveStage(s)} : s.recipe;
  steps[s.recipeStep] = liveStage(s);
  for (PixelSortStage& step : steps) step.options = effectiveOptions(step.options);
  return steps;
}

Image runRecipe(const ViewerState& s, std::size_t from, std::size_t to, Image image) {
  std::vector<PixelSortStage> steps = liveRecipe(s);
  steps.erase(steps.begin() + std::min(to, steps.size()), steps.end());
  steps.erase(steps.begin(), steps.begin() + std::min(from, steps.size()));
  for (PixelSortStage& step : steps) step.mask.clear(), step.field.clear();  // the options hold what the viewer read
  return sortThrough(std::move(image), steps, "the image");
}

Image recipeSource(const ViewerState& s) {
  return s.clip ? s.clip->frame(s.clipFrame) : s.session->image();
}

void recipeControls(ViewerState& s) {
  const std::size_t count = std::max<std::size_t>(1, s.recipe.size());
  if (!s.recipeShown) ImGui::SetNextItemOpen(true);
  s.recipeShown = true;
  const bool open = ImGui::CollapsingHeader("Recipe");
  remember(s, "Recipe");
  if (open) {
    ImGui::SetNextItemWidth(150);
    if (ImGui::BeginCombo("preset", s.recipeName.empty() ? "pick one" : s.recipeName.c_str())) {
      for (const PresetInfo& p : kPresets) {
        if (ImGui::Selectable(p.name)) loadRecipe(s, p.name);
        remember(s, std::string("preset ") + p.name);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.summary);
      }
      ImGui::EndCombo();
    }
    remember(s, "preset");
    if (pathRow(s, 110, "##recipe", s.recipePath, "recipe path", "Load##recipe", "Load recipe") &&
        s.recipePath[0] != '\0') {
      loadRecipe(s, s.recipePath);
    }
    if (pathRow(s, 110, "##recipesave", s.recipeSavePath, "recipe save path", "Save recipe", "Save recipe")) saveRecipe(s);
  }
  if (open || count > 1) {
    ImGui::Text("sort %zu of %zu", s.recipeStep + 1, count);
    ImGui::SameLine();
    if (ImGui::Button("< sort") && s.recipeStep > 0) selectStep(s, s.recipeStep - 1);
    remember(s, "< sort");
    ImGui::SameLine();
    if (ImGui::Button("sort >") && s.recipeStep + 1 < count) selectStep(s, s.recipeStep + 1);
    remember(s, "sort >");
    ImGui::SameLine();
    if (ImGui::Button("+ sort")) {  // a copy of this sort, run on its result
      selectStep(s, s.recipeStep);
      s.recipe.insert(s.recipe.begin() + std::ptrdiff_t(s.recipeStep + 1), s.recipe[s.recipeStep]);
      takeStep(s, s.recipeStep + 1);
    }
    remember(s, "+ sort");
    ImGui::SameLine();
    if (ImGui::Button("remove") && count > 1) {
      s.recipe.erase(s.recipe.begin() + std::ptrdiff_t(s.recipeStep));
      takeStep(s, std::min(s.recipeStep, s.recipe.size() - 1));
    }
    remember(s, "remove sort");
    if (count > 1) {
      hint("the controls edit sort %zu; the picture shows it on the result of the sorts before it; Save writes all %zu",
           s.recipeStep + 1, count);
    }
  }
}

}  // namespace texsort
