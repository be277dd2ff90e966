// The viewer's session control: loading inputs, (re)starting the session, and advancing the sort
// within a frame budget so the window stays responsive.
#include <GLFW/glfw3.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "error.h"
#include "gl/gl.h"
#include "sort/memory_budget.h"
#include "viewer/viewer_app.h"

namespace texsort {

using Clock = std::chrono::steady_clock;

void note(ViewerState& s, const std::string& text, bool isError) {
  s.message = text;
  s.messageIsError = isError;
  if (isError) std::fprintf(stderr, "texsort: error: %s\n", text.c_str());
}

void remember(ViewerState& s, const std::string& name) {
  s.widgets[name] = {ImGui::GetItemRectMin(), ImGui::GetItemRectMax()};
}

// Replaces the session with `image`; on failure the current one stays and the error is shown.
void startSession(ViewerState& s, Image image, const std::string& name, const std::string& source) {
  try {
    auto session = std::make_unique<SortSession>(std::move(image), s.order, s.algorithm, name);
    s.recording.reset();  // it draws from the session being replaced
    s.pixel.reset();      // so is the Pixel sort view: rebuilt for the new image on its next frame
    s.pixelUnbuildable = false;
    s.clip.reset();       // a clip's first frame comes in here too: openClip sets it again
    s.clipFrame = 0;
    s.clipPlaying = false;
    s.session = std::move(session);
    s.sourcePath = source;
    s.recordFrom = 0;
    s.recordTo = static_cast<int>(s.session->passCount());
    s.transport = Transport{0, 0, false, s.transport.asFastAsPossible, s.transport.passesPerSecond, 0.0};
    s.transport.passCount = s.session->passCount();
    s.pictureDirty = true;
    s.wireValuesPass = UINT32_MAX;
    if (s.session->elementCount() > kDiagramMaxElements) s.showDiagram = false;
    note(s, "", false);
    // A mask or field of another size cannot drive this image's sort: the Pixel sort mode (and each
    // sort of its recipe) drops it.
    const Image& shown = s.session->image();
    std::vector<PixelSortOptions*> sorts = {&s.pixelOptions};
    for (PixelSortStage& step : s.recipe) sorts.push_back(&step.options);
    for (PixelSortOptions* o : sorts) {
      for (std::shared_ptr<const Image>* picture : {&o->mask, &o->field}) {
        if (*picture && ((*picture)->width != shown.width || (*picture)->height != shown.height)) {
          note(s, std::string(picture == &o->mask ? "a mask" : "a direction field") + " of " +
                      std::to_string((*picture)->width) + "x" + std::to_string((*picture)->height) +
                      " does not fit the new image: dropped", false);
          picture->reset();
        }
      }
    }
  } catch (const Error& e) {
    note(s, e.what(), true);
  }
}

std::unique_ptr<ClipFrames> readClip(const std::string& path) {
  // Frames held in memory up to half of what the host has (a 10 s 720p clip: 1.1 GB).
  return std::make_unique<ClipFrames>(path, memoryAvailable(false).hostBytes / 2);
}

void openClip(ViewerState& s, std::unique_ptr<ClipFrames> clip) {
  const VideoProbe& probe = clip->probe();
  startSession(s, clip->frame(0), std::filesystem::path(clip->path()).filename().string(), clip->path());
  if (!s.session || s.session->image().width != probe.width) return;  // refused: the message says why
  s.pixelMode = true;
  // Save writes the whole clip: a GIF as a GIF, else MP4 where the sides allow it.
  const char* kind = clipPath(clip->path()) && videoFormatForPath(clip->path()) == VideoFormat::Gif ? "gif"
                     : probe.width % 2 == 0 && probe.height % 2 == 0                                  ? "mp4"
                                                                                                       : "mkv";
  std::snprintf(s.pixelExportPath, sizeof s.pixelExportPath, "texsort-pixelsort.%s", kind);
  s.clip = std::move(clip);
}

void loadFile(ViewerState& s, const std::string& path) {
  s.showcase.on = false;  // the user chose an image: the showcase stops
  try {
    if (clipInput(path)) return openClip(s, readClip(path));
    Image image = loadImage(path, kMaxElements);
    startSession(s, std::move(image), std::filesystem::path(path).filename().string(), path);
  } catch (const Error& e) {
    note(s, e.what(), true);  // keep the current image
  }
}

// Keeps the image and, as far as the new schedule goes, the pass.
void reloadSession(ViewerState& s) {
  if (!s.session) return;
  Image image = s.session->image();
  const std::string name = s.session->name(), source = s.sourcePath;
  const std::uint32_t pass = s.transport.pass;
  startSession(s, std::move(image), name, source);
  s.session->seek(pass);
  s.transport.pass = s.session->pass();
}


// Brings the session to the pass the transport asks for. Going forward runs passes one by one
// within a time budget (the rest waits for the next frame, so the window stays responsive); going
// back replays from the start. As fast as possible = as many passes as fit the budget.
void advance(ViewerState& s, double dt) {
  if (!s.session) return;
  Transport& t = s.transport;
  SortSession& session = *s.session;
  const bool flatOut = t.playing && t.asFastAsPossible;
  // t.pass is where the user asked to be (End, the slider, the speed's count): a jump longer than
  // a frame's budget goes on over the next frames instead of stopping at the pass reached.
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
  if (flatOut) {  // playing as fast as possible: the transport shows the pass reached
    t.pass = session.pass();
    if (t.pass == t.passCount) t.pause();
  }
  if (session.pass() != s.picturePass) s.pictureDirty = true;
}

}  // namespace texsort
