// The viewer's Pixel sort mode with a clip open: its frame controls, and Save of the whole clip,
// which runs `texsort pixelsort` on it with the live options while the window goes on.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "error.h"
#include "pixelsort/option_table.h"
#include "record/child_process.h"
#include "viewer/viewer_app.h"

namespace texsort {

// Starts `texsort pixelsort CLIP -o OUT` with the live options: the whole clip, written as the
// CLI writes it, while the window goes on.
void saveClip(ViewerState& s) {
  if (s.clipSaver > 0) return note(s, "already saving the clip to " + s.clipSaveOutput, false);
  char self[4096];
  const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) throw Error(ExitCode::Encoder, "cannot find the texsort program to save the clip with");
  self[n] = '\0';
  std::vector<std::string> args = {self, "pixelsort", s.clip->path(), "-o", s.pixelExportPath, "-q"};
  // Every sort of the recipe as the view runs it (effectiveOptions), joined by --then; masks and
  // fields in scratch files (a painted mask has no file of its own).
  s.clipSaveFiles.clear();
  const std::vector<PixelSortStage> steps = liveRecipe(s);
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const PixelSortOptions& o = steps[k].options;
    if (k > 0) args.push_back("--then");
    const std::string mask = scratchPng(s, o.mask), field = o.path == PixelPath::Flow ? scratchPng(s, o.field) : "";
    for (std::string& a : pixelSortArguments(o, steps[k], mask, field)) args.push_back(std::move(a));
  }
  s.clipSaveLog = std::make_unique<ScratchFile>(".log");
  s.clipSaver = spawnLogged(args, -1, -1, s.clipSaveLog->path());
  s.clipSaveOutput = s.pixelExportPath;
  note(s, "saving the clip to " + shownPath(s.clipSaveOutput) + "...", false);
}

// `texsort pixelsort`'s options for `o` and `algorithm`, its mask and field in the files named: the
// Save of a clip runs the CLI with them.
std::vector<std::string> pixelSortArguments(const PixelSortOptions& o, const PixelSortStage& step, const std::string& mask,
                                            const std::string& field) {
  const auto number = [](double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", v);
    return std::string(text);
  };
  std::vector<std::string> args = {"--path", pathInfo(o.path).name};
  if (o.path == PixelPath::Lines) args.insert(args.end(), {"--angle", number(o.angle)});
  if (o.centerX >= 0 && o.path != PixelPath::Lines && o.path != PixelPath::Hilbert && o.path != PixelPath::Flow) {
    args.insert(args.end(), {"--center", number(o.centerX) + "," + number(o.centerY)});
  }
  const std::vector<std::string> rest = {
      "--intervals", intervalsInfo(o.intervals).name, "--lower", number(o.lower),
      "--upper", number(o.upper), "--span-length", std::to_string(o.spanLength), "--seed", std::to_string(o.seed),
      "--max-span", std::to_string(o.maxSpan), "--skip", std::to_string(o.skipPercent), "--key", pixelKeyInfo(o.key).name,
      "--order", o.order == SortOrder::Ascending ? "asc" : "desc", "--algo", step.algorithmChosen ? algorithmName(step.algorithm) : "auto"};
  args.insert(args.end(), rest.begin(), rest.end());
  if (o.intervals == Intervals::Threshold) args.insert(args.end(), {"--select", pixelKeyInfo(o.select).name});
  if (o.intervals == Intervals::Threshold && o.invert) args.push_back("--invert");
  if (o.mix != 1.0) args.insert(args.end(), {"--mix", number(o.mix)});
  if (o.mask) args.insert(args.end(), {"--mask", mask});
  if (o.path == PixelPath::Flow) args.insert(args.end(), {"--field", field});
  return args;
}

void showClipFrame(ViewerState& s, std::uint32_t frame) {
  if (!s.clip || !s.pixel) return;
  try {
    s.pixel->setImage(runRecipe(s, 0, s.recipeStep, s.clip->frame(frame)));
    s.clipFrame = frame;
    s.pixelDirty = true;
  } catch (const Error& e) {
    note(s, e.what(), true);
  }
}

void finishClipSave(ViewerState& s, bool wait) {
  if (s.clipSaver <= 0) return;
  int status = 0;
  if (!wait && ::waitpid(s.clipSaver, &status, WNOHANG) == 0) return;  // still running
  const int code = wait ? waitFor(s.clipSaver) : WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  s.clipSaver = -1;
  s.clipSaveFiles.clear();
  const std::vector<std::string> log = logLines(s.clipSaveLog->path());
  if (code == 0) {
    note(s, "saved the pixel-sorted clip to " + shownPath(s.clipSaveOutput), false);
  } else {
    std::string why = log.empty() ? "exit status " + std::to_string(code) : log.back();
    if (why.rfind("texsort: error: ", 0) == 0) why.erase(0, 16);
    exportFailed(s, Error(static_cast<ExitCode>(code), why));
  }
}

// The clip's frame controls, when a clip is open.
void clipSection(ViewerState& s) {
  if (!s.clip || !ImGui::CollapsingHeader("Clip", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const ClipFrames& clip = *s.clip;
  const std::uint32_t ready = clip.ready();
  if (ImGui::Button("|<")) showClipFrame(s, 0);
  ImGui::SameLine();
  if (ImGui::Button("< Frame") && s.clipFrame > 0) showClipFrame(s, s.clipFrame - 1);
  ImGui::SameLine();
  if (ImGui::Button(s.clipPlaying ? "Pause clip" : "Play clip")) {
    s.clipPlaying = !s.clipPlaying;
    s.clipOwed = 0.0;
    if (s.clipPlaying && s.clipFrame + 1 >= ready) showClipFrame(s, 0);
  }
  remember(s, "play clip");
  ImGui::SameLine();
  if (ImGui::Button("Frame >") && s.clipFrame + 1 < ready) showClipFrame(s, s.clipFrame + 1);
  int frame = static_cast<int>(s.clipFrame);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##clipframe", &frame, 0, static_cast<int>(ready) - 1, "frame %d")) {
    showClipFrame(s, static_cast<std::uint32_t>(frame));
  }
  const VideoProbe& p = clip.probe();
  hint("%ux%u at %.3g fps; %u frames%s%s", p.width, p.height, p.fps, ready,
       clip.finished() ? "" : (" of " + std::to_string(p.frames) + " decoded so far").c_str(),
       p.times.runs.empty() ? "" : ", each at its own time");
  if (const std::string problem = clip.problem(); !problem.empty()) hint("%s", problem.c_str());
  hint("the options apply to the frame shown; Save with a video name (.mp4, .webm, .mkv, .gif) writes the whole "
       "clip as texsort pixelsort does");
}

}  // namespace texsort
