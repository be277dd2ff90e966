// The viewer's main loop: window, Dear ImGui (held by an RAII guard), the first image, then frames.
// The parts it calls live in their own files (see viewer_app.h).
#include "viewer/viewer.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <optional>

#include "context/glfw_window.h"
#include "error.h"
#include "gl/capabilities.h"
#include "gl/gl.h"
#include "io/files.h"
#include "pixelsort/pixel_runner.h"
#include "sort/runner.h"
#include "viewer/generated.h"
#include "viewer/soak.h"
#include "viewer/style.h"
#include "viewer/viewer_app.h"

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

// Dear ImGui and its GLFW + OpenGL 3 backends, shut down in reverse order however the loop ends.
class ImGuiGuard {
 public:
  explicit ImGuiGuard(GLFWwindow* window) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini files left in the user's folder
    applyViewerStyle(ImGui::GetStyle());
    // texsort installs GLFW's input callbacks itself (installInput): events are queued and handed to
    // the backend a frame at a time, so a key tapped within one frame is not lost.
    ImGui_ImplGlfw_InitForOpenGL(window, false);
    ImGui_ImplOpenGL3_Init("#version 330 core");
  }
  ~ImGuiGuard() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
  }
  ImGuiGuard(const ImGuiGuard&) = delete;
  ImGuiGuard& operator=(const ImGuiGuard&) = delete;
};

// 1. The arguments before the window: a bad image or an output that would replace it (or cannot
// be written) is the same one line and exit code as in texsort sort, with or without a display.
struct FirstPicture {
  std::string path;  // the one asked for, else the bundled astronaut
  std::unique_ptr<ClipFrames> clip;
  Image image;
};

FirstPicture checkViewerArguments(const ViewerOptions& options) {
  FirstPicture first;
  first.path = options.image.empty() ? bundledAsset("astronaut.png") : options.image;
  first.clip = options.generate == 0 && clipInput(first.path) ? readClip(first.path) : nullptr;
  if (options.generate == 0 && !first.clip) first.image = loadImage(first.path, kMaxElements);
  // Every file the window reads from its command line: the picture, --preset's recipe file and
  // that recipe's masks and fields.
  std::vector<InputFile> reads = {{options.generate != 0 ? "" : first.path}};
  if (namesRecipeFile(options.preset)) reads.push_back({options.preset, "recipe"});
  if (!options.preset.empty() && options.recipe) {
    for (const PixelSortStage& step : options.recipe(options.preset))
      reads.insert(reads.end(), {{step.mask, "mask"}, {step.field, "field"}});
  }
  for (const std::string* output : {&options.exportState, &options.exportSheet, &options.screenshot, &options.record}) {
    if (!output->empty()) checkOutput(*output, reads);
  }
  if (!options.record.empty() && !videoFormatForPath(options.record)) {
    throw Error(ExitCode::Usage, options.record + ": end the name in .gif, .mp4, .webm or .mkv");
  }
  return first;
}

// 4. What the command line asks of the views before the first picture opens.
void applyViewerOptions(ViewerState& s, const ViewerOptions& options) {
  s.order = options.order;
  s.pixelMode = options.pixelSort || options.pixelDrag;
  s.pixelDrag = options.pixelDrag;
  s.pixelSpans = options.showSpans;
  s.algorithm = options.algorithm;
  if (options.benchmark) {
    s.bench.open = true;
    for (std::uint64_t n : {std::uint64_t{256}, std::uint64_t{4096}, std::uint64_t{65536}})
      for (Algorithm a : kAlgorithms)
        if (algorithmAvailableHere(a)) s.bench.queue.emplace_back(a, n);
  }
  s.display = std::make_unique<StateDisplay>();
  s.pixelAlgorithm = pixelSortBackendHere();  // the Pixel sort mode's line sort until one is picked
  s.transport.asFastAsPossible = options.speed <= 0.0f;
  s.transport.passesPerSecond = options.speed > 0.0f ? options.speed : 30.0f;
  s.fit = !options.zoomOneToOne;
  s.overlay = DisplayOptions{options.showRoles, options.showChanged};
}

// The first picture (a generated one, a clip or a still), then what runs on it: a recipe, the
// showcase, playing, a recording. None, or the exit code where the picture or the recording could
// not start (its reason said on standard error already, once).
std::optional<int> openFirstPicture(ViewerState& s, const ViewerOptions& options, FirstPicture first) {
  std::snprintf(s.path, sizeof s.path, "%s", first.path.c_str());
  if (options.generate != 0) {
    startSession(s, generateImage(Pattern::Random, options.generate, 2024), "random");
  } else if (first.clip) {
    openClip(s, std::move(first.clip));
  } else {
    startSession(s, std::move(first.image), std::filesystem::path(first.path).filename().string(), first.path);
  }
  if (!s.session) return static_cast<int>(ExitCode::Gpu);
  s.recipeReader = options.recipe;
  if (!options.preset.empty()) {  // checked by the command line: a recipe that reads
    s.pixelMode = true;
    loadRecipe(s, options.preset);
  }
  s.showDiagram = options.showDiagram && s.session->elementCount() <= kDiagramMaxElements;
  s.showBars = options.showBars;
  if (options.showcase) startShowcase(s);
  if (options.autoplay) s.transport.play();
  if (options.record.empty()) return std::nullopt;
  startRecording(s, options.record, 0, s.session->passCount());
  if (s.recording) return std::nullopt;
  return s.recordExitCode;
}

// --soak: a file that is not a PNG, for the soak to drop on the window now and then.
Soak startSoak(std::uint32_t frames) {
  Soak soak;
  soak.frames = frames;
  if (!soak.frames) return soak;
  soak.badFile = (std::filesystem::temp_directory_path() / ("texsort-soak-" + std::to_string(::getpid()) + ".png")).string();
  if (std::FILE* f = std::fopen(soak.badFile.c_str(), "wb")) {
    std::fputs("not a PNG at all", f);
    std::fclose(f);
  }
  return soak;
}

// The frame rate and the times the end-of-run report gives.
struct FrameClock {
  Clock::time_point last = Clock::now();
  float fps = 0.0f;
  double dragSeconds = 0.0;
  std::uint64_t dragFrames = 0;

  double tick(ViewerState& s, std::uint32_t frame) {  // the seconds since the last frame
    const auto now = Clock::now();
    const double dt = std::chrono::duration<double>(now - last).count();
    last = now;
    fps = fps == 0.0f ? float(1.0 / std::max(dt, 1e-6)) : 0.9f * fps + 0.1f * float(1.0 / std::max(dt, 1e-6));
    if (s.transport.playing) {
      s.playingSeconds += dt;
      ++s.playingFrames;
    }
    if (s.pixelDrag && frame > 2) {  // from the third frame: the first ones build the view
      dragSeconds += dt;
      ++dragFrames;
    }
    return dt;
  }
};

// 5. One frame: advance the sort, draw the picture and the panels into the window's back buffer.
void drawFrame(GLFWwindow* window, ViewerState& s, Soak& soak, std::uint32_t frame, double dt, float fps) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  if (s.scriptedCursor) {  // the backend polled the real pointer and buttons: a scripted drag holds its own
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = s.cursor;
    for (std::size_t b = 0; b < std::size(s.buttonsHeld); ++b) io.MouseDown[b] = io.MouseDown[b] || s.buttonsHeld[b];
  }
  ImGui::NewFrame();
  handleKeys(s);
  if (soak.frames) soak.step(s, frame);
  if (s.pixelMode) {
    pixelFrame(s, dt);
  } else if (!recordStep(s)) {
    advance(s, dt);
    showcaseStep(s, dt);
  }
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
  glfwGetFramebufferSize(window, &w, &h);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, w, h);
  glClearColor(0.1f, 0.1f, 0.12f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

// The exports the command line asked for, written from the last frame.
void exportLastFrame(GLFWwindow* window, ViewerState& s, const ViewerOptions& options) {
  if (!options.exportState.empty() && s.pixelMode) {
    std::snprintf(s.pixelExportPath, sizeof s.pixelExportPath, "%s", options.exportState.c_str());
    savePixelSort(s);
  } else if (!options.exportState.empty()) {
    std::snprintf(s.exportPath, sizeof s.exportPath, "%s", options.exportState.c_str());
    savePicture(s);
  }
  if (!options.exportSheet.empty()) {
    std::snprintf(s.sheetPath, sizeof s.sheetPath, "%s", options.exportSheet.c_str());
    saveContactSheet(s);
  }
  if (!options.screenshot.empty()) saveScreenshot(window, options.screenshot, s);
}

// What a scripted or measured run prints at its end.
void reportViewerRun(const ViewerState& s, const ViewerOptions& options, const FrameClock& clock) {
  if (s.pixelDrag && s.pixelChanges > 1) {
    std::vector<double> ms(s.pixelChangeMs.begin() + 1, s.pixelChangeMs.end());  // the first builds the view
    std::sort(ms.begin(), ms.end());
    std::printf("viewer: pixel sort: %llu frames while dragging --lower in %.2f s = %.1f fps; a re-sort takes %.1f ms "
                "(median)\n",
                static_cast<unsigned long long>(clock.dragFrames), clock.dragSeconds,
                double(clock.dragFrames) / std::max(clock.dragSeconds, 1e-9), ms[ms.size() / 2]);
  }
  if (s.showcase.on) std::printf("viewer: showcase: %zu sorts played to their end\n", s.showcase.shown);
  if (options.frames != 0) {  // the layout audit of a scripted run (checkFits): what was cut off, and by how much
    std::string cut;
    for (const auto& [where, pixels] : s.clipped) cut += (cut.empty() ? "" : "; ") + where + " by " + std::to_string(int(std::ceil(pixels))) + " px";
    std::printf("viewer: layout: %s\n", cut.empty() ? "nothing cut off" : ("cut off: " + cut).c_str());
  }
  if (s.playingFrames > 0) {
    std::printf("viewer: %llu frames while playing in %.2f s = %.1f fps\n",
                static_cast<unsigned long long>(s.playingFrames), s.playingSeconds,
                double(s.playingFrames) / std::max(s.playingSeconds, 1e-9));
  }
}

// The run's exit code: a recording that did not end, or failed, first; else a failed export's
// (its line is on standard error already), else 0.
int viewerExitCode(const ViewerState& s, const ViewerOptions& options) {
  if (!options.record.empty()) {
    if (s.recording || s.recordCancelled) {
      std::fprintf(stderr, "texsort: error: %s: %s; nothing was written\n", options.record.c_str(),
                   s.recording ? "the window closed before the recording ended" : "the recording was cancelled");
      return static_cast<int>(ExitCode::Encoder);
    }
    if (s.recordExitCode != 0) return s.recordExitCode;  // the reason is on standard error already
    std::printf("%s\n", s.message.c_str());
  }
  return s.exitCode;
}

}  // namespace

int runViewer(const ViewerOptions& options) {
  FirstPicture first = checkViewerArguments(options);
  std::vector<ScriptedInput> script = parseInputScript(options.input);
  if (options.frames != 0 && !script.empty() && script.back().frame > options.frames) {
    throw Error(ExitCode::Usage, "--input: a step at frame " + std::to_string(script.back().frame) +
                                     " comes after the last (--frames " + std::to_string(options.frames) + ")");
  }

  // 2. Window and GL context (throws with a one-line reason when there is no display).
  Window window(options.width, options.height, "texsort: GPU sorting networks, one fragment pass per step");

  // 3. Dear ImGui with the GLFW and OpenGL 3 backends; the state, whose GL objects go before them.
  ImGuiGuard imgui(window.handle());
  ViewerState s;
  glfwSetWindowUserPointer(window.handle(), &s);
  installInput(window.handle());
  s.script = std::move(script);
  s.renderer = gl::glString(GL_RENDERER);
  applyViewerOptions(s, options);
  if (const std::optional<int> failed = openFirstPicture(s, options, std::move(first))) return *failed;
  Soak soak = startSoak(options.soakFrames);

  FrameClock clock;
  for (std::uint32_t frame = 1; !window.shouldClose() && !s.quit; ++frame) {
    glfwPollEvents();
    deliverInput(window.handle(), s, frame);
    for (const std::string& path : std::exchange(s.dropped, {})) loadFile(s, path);
    const double dt = clock.tick(s, frame);
    drawFrame(window.handle(), s, soak, frame, dt, clock.fps);
    const bool recorded = !options.record.empty() && !s.recording;
    const bool lastFrame = (options.frames != 0 && frame >= options.frames) || (soak.frames && frame >= soak.frames) ||
                           recorded;
    if (lastFrame) exportLastFrame(window.handle(), s, options);
    glfwSwapBuffers(window.handle());
    if (lastFrame) break;
  }
  finishClipSave(s, true);  // a clip being saved is finished, not abandoned half-written
  if (s.clip) std::printf("viewer: clip frame %u of %u\n", s.clipFrame, s.clip->ready());
  if (soak.frames) {
    soak.report();
    std::remove(soak.badFile.c_str());
  }
  reportViewerRun(s, options, clock);
  return viewerExitCode(s, options);  // s's GL objects go first, then ImGui's, then the window and its context
}

}  // namespace texsort
