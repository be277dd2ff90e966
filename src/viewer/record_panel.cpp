// The viewer's Record section: what is on screen (overlays included) from a chosen pass to another,
// encoded through ffmpeg a few frames per window frame, with a progress bar and Cancel.
#include <cstdio>
#include <filesystem>

#include "error.h"
#include "viewer/viewer_app.h"

namespace texsort {

std::string shownPath(const std::string& path) {
  if (path == "-") return path;
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  return ec ? path : absolute.lexically_normal().string();
}

std::string shownFolder(const std::string& path) {
  std::string folder = shownPath(path);
  if (folder.empty() || folder.back() != '/') folder += '/';  // "/home/me/", never "/home/me//"
  return folder;
}

void startRecording(ViewerState& s, const std::string& path, std::uint32_t from, std::uint32_t to) {
  try {
    RecordOptions options = s.recordSettings;
    const std::optional<VideoFormat> format = videoFormatForPath(path);
    if (!format) throw Error(ExitCode::Usage, path + ": end the name in .gif, .mp4, .webm or .mkv");
    checkViewerOutput(s, path);
    options.format = *format;
    options.from = from;
    options.to = to;
    options.overlay = s.overlay;
    s.transport.pause();
    s.recording = std::make_unique<Recording>(*s.session, *s.display, options, path);
    s.recordExitCode = 0;
    s.recordCancelled = false;
    note(s, "recording " + std::to_string(s.recording->frameCount()) + " frames to " + shownPath(path), false);
  } catch (const Error& e) {
    s.recordExitCode = static_cast<int>(e.code());
    exportFailed(s, e);
  }
}

void stopRecording(ViewerState& s) {
  if (!s.recording) return;
  s.recording.reset();  // the encoder stops; its scratch file goes
  s.pictureDirty = true;
  s.recordCancelled = true;  // demo --record then ends saying so, not with exit 0
  note(s, "recording cancelled; nothing was written", false);
}

bool recordStep(ViewerState& s) {
  if (!s.recording) return false;
  try {
    // A scripted run (--input) records one frame a window frame, so where its events land against
    // the recording is the same on a busy machine as on an idle one.
    const bool done = s.recording->step(s.script.empty() ? kPassBudgetSeconds : 0.0);
    s.transport.pass = s.session->pass();
    s.picturePass = s.session->pass();  // the picture on screen is the frame just recorded
    if (done) {
      s.recording->finish();
      const Recording& r = *s.recording;
      char seconds[32];
      std::snprintf(seconds, sizeof seconds, "%.1f s", r.seconds());
      const char* slower = r.note().empty() ? "" : "; a GIF shows at most 50 frames a second: written at 50";
      note(s, "saved " + std::to_string(r.frameCount()) + " frames (" + seconds + ") to " + shownPath(r.output()) + slower, false);
      s.recording.reset();
      s.recordExitCode = 0;
    }
  } catch (const Error& e) {
    s.recording.reset();
    s.recordExitCode = static_cast<int>(e.code());
    exportFailed(s, e);
  }
  return true;
}

void recordPanel(ViewerState& s) {
  // The header and the button had the same label, so the same ImGui ID: a click on the button
  // toggled the header and started nothing.
  if (s.recording) ImGui::SetNextItemOpen(true);  // a recording under way shows its progress and Cancel
  const bool open = ImGui::CollapsingHeader("Record##section");
  remember(s, "Record");
  if (!open) return;
  const int last = static_cast<int>(s.session->passCount());
  if (s.recording) {
    const Recording& r = *s.recording;
    char label[96];
    std::snprintf(label, sizeof label, "frame %u of %u", r.framesDone(), r.frameCount());
    ImGui::ProgressBar(float(r.framesDone()) / float(std::max(1u, r.frameCount())), ImVec2(-80, 0), label);
    ImGui::SameLine();
    const bool cancel = ImGui::Button("Cancel");
    remember(s, "Cancel");
    hint("to %s", shownPath(r.output()).c_str());
    if (cancel) stopRecording(s);  // last: it destroys the recording `r` refers to (a use after free before)
    return;
  }
  ImGui::SetNextItemWidth(-90);
  ImGui::InputText("##video", s.recordPath, sizeof s.recordPath);
  remember(s, "record path");
  ImGui::SameLine();
  const bool start = ImGui::Button("Record##start", ImVec2(80, 0));
  remember(s, "Start recording");
  hint(".gif, .mp4, .webm or .mkv (lossless); what the picture shows, overlays too");
  s.recordTo = std::clamp(s.recordTo, 0, last);
  s.recordFrom = std::clamp(s.recordFrom, 0, s.recordTo);
  ImGui::SetNextItemWidth(150);
  ImGui::DragIntRange2("passes", &s.recordFrom, &s.recordTo, 0.2f, 0, last, "from %d", "to %d");
  ImGui::SameLine();
  if (ImGui::SmallButton("from here")) s.recordFrom = static_cast<int>(s.session->pass());
  ImGui::SameLine();
  if (ImGui::SmallButton("all")) {
    s.recordFrom = 0;
    s.recordTo = last;
  }
  RecordOptions& o = s.recordSettings;
  int every = static_cast<int>(o.every);
  ImGui::SetNextItemWidth(90);
  if (ImGui::InputInt("every", &every)) o.every = static_cast<std::uint32_t>(std::clamp(every, 1, 1000000));
  ImGui::SameLine();
  float fps = float(o.fps), hold = float(o.holdSeconds);
  ImGui::SetNextItemWidth(90);
  if (ImGui::SliderFloat("fps", &fps, 1.0f, 60.0f, "%.0f")) o.fps = double(fps);
  ImGui::SetNextItemWidth(90);
  if (ImGui::SliderFloat("hold s", &hold, 0.0f, 5.0f, "%.1f")) o.holdSeconds = double(hold);
  ImGui::SameLine();
  ImGui::Checkbox("caption", &o.caption);
  ImGui::SameLine();
  ImGui::Checkbox("sound", &o.sound);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("a tone a pass, pitched by the luma of what it moved (not in GIF)");
  if (start) startRecording(s, s.recordPath, std::uint32_t(s.recordFrom), std::uint32_t(s.recordTo));
}

}  // namespace texsort
