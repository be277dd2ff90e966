// The viewer application's state (one struct: compute / display / ui) and the functions of its
// parts, each part in its own file:
//   session_control.cpp  loading inputs, (re)starting the session, advancing within a frame budget
//   window_input.cpp     GLFW's events queued and delivered a frame at a time; the shortcuts
//   panels.cpp           the controls window (input, transport, pass, overlay, export)
//   image_window.cpp     the image view, zoom and pan
//   export.cpp           PNG of the state, contact sheet, window screenshot
//   record_panel.cpp     the Record section: a video of the passes, a few frames per window frame
//   network_diagram.cpp  the comparator network of small inputs, with the values on its wires
//   bench_window.cpp     the Benchmark window: cells measured one per frame, plot and table
//   pixel_panel.cpp      the Pixel sort mode's controls, passes and export
//   mask_brush.cpp       its mask: a file, or painted on the picture with a round brush
//   recipe_panel.cpp     its recipes: several sorts, each on the result of the one before
//   soak.cpp             random actions for the reliability test
//   viewer.cpp           the main loop
#pragma once

#include <imgui.h>

#include <array>
#include <functional>
#include <cstdint>
#include <map>
#include <optional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bench/benchmark.h"
#include "error.h"
#include "record/recording.h"
#include "sort/algorithms.h"
#include "viewer/generated.h"
#include "viewer/input_queue.h"
#include "viewer/input_script.h"
#include "playback/network_layout.h"
#include "record/clip_frames.h"
#include "playback/pixel_sort_view.h"
#include "playback/sort_session.h"
#include "playback/state_display.h"
#include "playback/transport.h"
#include "pixelsort/presets.h"

struct GLFWwindow;

namespace texsort {

constexpr float kPanelWidth = 390.0f;
constexpr double kPassBudgetSeconds = 0.016;  // passes per frame at full speed: keeps ~30 fps on llvmpipe
constexpr std::uint32_t kBarsMaxElements = 4096;  // the bar view: one bar per element, a pixel wide or more
constexpr int kSizesLog2Min = 2, kSizesLog2Max = 11;  // generated inputs 4x4 .. 2048x2048
constexpr std::uint64_t kBenchSizes[] = {256, 4096, 65536, 262144, 1u << 20, 1u << 22};

// The Benchmark window: cells measured one per frame, so the window stays alive between them.
struct BenchPanel {
  bool open = false;
  std::array<bool, kAlgorithmCount> algorithms = allAlgorithmsOn();  // by registry row
  std::array<bool, std::size(kBenchSizes)> sizes = {true, true, true, true, false, false};
  int runs = 3;
  std::vector<std::pair<Algorithm, std::uint64_t>> queue;
  std::vector<BenchCell> cells;

  static std::array<bool, kAlgorithmCount> allAlgorithmsOn() {
    std::array<bool, kAlgorithmCount> on{};
    on.fill(true);
    return on;
  }
};

// The showcase: a queue of algorithm x input, each played to its end in the bar view (showcase.cpp).
struct Showcase {
  bool on = false;
  std::vector<std::pair<Algorithm, Pattern>> queue;
  std::size_t next = 0;     // the item playing now
  double holdLeft = 0.0;    // seconds the sorted bars still stay
  std::size_t shown = 0;    // items played to their end
};

// The Pixel sort mode's mask brush (mask_brush.cpp): white is where the sort may act. Painting
// starts from the mask in use, else from black (nothing sorted until painted).
struct MaskBrush {
  bool on = false;             // left drag on the picture paints (right drag erases) instead of panning
  bool erase = false;          // the left button erases
  float radius = 12.0f;        // image pixels
  Image mask;                  // the painted mask (empty until the brush first paints)
  bool changed = false;        // painted since the sort last took it
  bool stroking = false;       // a button is held: the next point joins the last
  double lastX = 0, lastY = 0;  // the stroke's last point, in image pixels
  std::uint64_t painted = 0;   // pixels changed by the brush, for the note line
  char savePath[1024] = "texsort-mask.png";
  bool overlay = true;         // the unsorted part tinted red over the picture while the brush is on
  std::shared_ptr<const Image> overlayOf;  // the mask the overlay texture shows
  gl::Texture overlayTexture;
  // Undo and redo: the masks in use before each change (a stroke, Fill, Clear, None, Load; null: no
  // mask), newest last, at most kMaskHistory of them; `restore` is one the sort takes next frame.
  std::vector<std::shared_ptr<const Image>> undo, redo;
  std::optional<std::shared_ptr<const Image>> restore;
};
constexpr std::size_t kMaskHistory = 32;

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
  std::string sourcePath;  // the file the session's image came from ("" when generated): never an output
  int exitCode = 0;        // the first failed export's exit code: what a scripted run (--frames) returns
  char exportPath[1024] = "texsort-state.png";
  char sheetPath[1024] = "texsort-contact-sheet.png";
  // recording: the settings the Record section shows, and the recording under way (if any)
  char recordPath[1024] = "texsort-sort.gif";
  RecordOptions recordSettings;
  int recordFrom = 0, recordTo = 0;  // the pass range the next recording covers
  std::unique_ptr<Recording> recording;
  int recordExitCode = 0;            // of the last recording: 0, or the failure's exit code
  bool recordCancelled = false;      // the last recording was cancelled in the window
  int pattern = 0;
  int sizeLog2 = 6;
  bool showDiagram = false;
  bool showBars = false;  // the bar view in place of the picture (N <= kBarsMaxElements)
  BenchPanel bench;
  std::string message;  // last error (red) or note (grey)
  bool messageIsError = false;
  std::vector<std::string> dropped;
  // input: GLFW's events and the scripted ones (--input), a frame's worth at a time (input_queue.h)
  InputQueue input;
  std::vector<ScriptedInput> script;
  std::size_t scriptNext = 0;
  bool scriptedCursor = false;  // a scripted click placed the cursor: io.MousePos follows it
  ImVec2 cursor{0, 0};
  std::string cursorTarget;     // the widget it rests on, followed while the layout moves
  ImVec2 cursorOffset{0, 0};    // from that widget's centre
  bool buttonsHeld[3] = {};     // mouse buttons pressed and not yet released, as the queue delivered them
  std::map<std::string, std::pair<ImVec2, ImVec2>> widgets;  // named widgets' rectangles, last frame
  std::map<std::string, float> clipped;  // the layout audit (checkFits): the worst overhang in pixels, by place
  bool quit = false;            // Ctrl+Q
  Showcase showcase;
  // the current state read back, for small N only: the diagram's wire values and the bar view
  std::vector<Element> wireValues;
  std::uint32_t wireValuesPass = UINT32_MAX;
  // frame rate while playing
  double playingSeconds = 0.0;
  std::uint64_t playingFrames = 0;
  // Pixel sort mode: the session's image pixel-sorted with live options (pixel_panel.cpp)
  bool pixelMode = false;
  std::unique_ptr<PixelSortView> pixel;  // built on entering the mode, for the session's image
  bool pixelUnbuildable = false;  // no view could be made: tried again for another image or recipe sort
  PixelSortOptions pixelOptions;
  Algorithm pixelAlgorithm = Algorithm::BitonicWide;
  bool pixelAlgorithmPicked = false;  // by the line sort combo or a recipe's step; else auto's, for each picture
  bool pixelSpans = false;    // the span overlay
  bool pixelLines = false;    // the path overlay: every line its own hue, dark to bright along it
  bool pixelPlaying = false;  // at the transport's speed (as fast as possible: a pass a frame)
  double pixelOwed = 0.0;     // fractional passes owed while playing at a set speed
  bool pixelDirty = true;     // the picture needs drawing
  bool pixelDrag = false;     // move --lower every frame, as a dragged slider does (measures the frame rate)
  char maskPath[1024] = "";
  MaskBrush brush;
  char fieldPath[1024] = "";  // --path flow's direction field
  // A recipe (recipe_panel.cpp): its sorts, each on the result of the one before; the controls edit
  // (and the view shows) step recipeStep, whose entry here is stale while it is live. Empty: one sort.
  std::vector<PixelSortStage> recipe;
  std::size_t recipeStep = 0;
  std::function<std::vector<PixelSortStage>(const std::string&)> recipeReader;  // ViewerOptions::recipe
  char recipePath[1024] = "";
  std::string recipeName;    // the preset or file last loaded
  bool recipeShown = true;   // false: a recipe was loaded and its section opens on the next frame
  char recipeSavePath[1024] = "texsort-recipe.txt";
  char pixelExportPath[1024] = "texsort-pixelsort.png";
  std::uint64_t pixelChanges = 0;  // re-sorts after a change of option, and the frames they took
  double pixelChangeSeconds = 0.0;
  std::vector<double> pixelChangeMs;
  // A clip (a video or animated GIF) opens in the Pixel sort mode: its frames, the one shown (the
  // live options apply to it), playing at the clip's rate, and the CLI run that saves it all.
  std::unique_ptr<ClipFrames> clip;
  std::uint32_t clipFrame = 0;
  bool clipPlaying = false;
  double clipOwed = 0.0;  // fractional frames owed while playing
  pid_t clipSaver = -1;   // `texsort pixelsort CLIP -o OUT` writing the whole clip
  std::string clipSaveOutput;
  std::unique_ptr<ScratchFile> clipSaveLog;  // its standard error: the reason when it fails
  std::vector<std::unique_ptr<ScratchFile>> clipSaveFiles;  // its sorts' masks and fields, as the view has them
};

// session_control.cpp
void note(ViewerState& s, const std::string& text, bool isError);  // the message line; errors also to stderr
// Remembers the last item's rectangle under `name`, for scripted clicks (click @NAME).
void remember(ViewerState& s, const std::string& name);
void startSession(ViewerState& s, Image image, const std::string& name, const std::string& source = "");
void loadFile(ViewerState& s, const std::string& path);  // a picture, or a clip (openClip)
// A video or animated GIF, its first frame decoded; throws texsort::Error as pixelsort would.
std::unique_ptr<ClipFrames> readClip(const std::string& path);
// Opens it in the Pixel sort mode (Save then writes the whole clip).
void openClip(ViewerState& s, std::unique_ptr<ClipFrames> clip);
void reloadSession(ViewerState& s);  // same image, new order or algorithm, same pass as far as it goes
void advance(ViewerState& s, double dt);

// window_input.cpp
void installInput(GLFWwindow* window);  // GLFW's callbacks into the queue
// This frame's input: the scripted steps due, then a frame's worth of the queue, to the backend.
void deliverInput(GLFWwindow* window, ViewerState& s, std::uint32_t frame);
void handleKeys(ViewerState& s);  // the shortcuts: the transport, or the Pixel sort mode's passes

// panels.cpp
void controlsWindow(ViewerState& s, float fps);
// The speed both modes play at: `fastLabel`'s checkbox, else a passes-per-second slider (true then).
bool speedControl(Transport& t, const char* fastLabel);
// A grey note, wrapped at the window's edge.
void hint(const char* format, ...) IM_FMTARGS(1);
// A combo as wide as the line leaves beside its label, showing `preview`, or `shortPreview` where
// the long one would be cut.
bool fittedCombo(ViewerState& s, const char* label, const char* preview, const char* shortPreview);
// A file path field (`id`, as wide as the line less `room`) and a button after it on the same line;
// each remembered for scripted input under its name where one is given. Whether the button was pressed.
bool pathRow(ViewerState& s, float room, const char* id, char* path, std::size_t size, const char* pathName,
             const char* button, const char* buttonName);
template <std::size_t N>
bool pathRow(ViewerState& s, float room, const char* id, char (&path)[N], const char* pathName, const char* button,
             const char* buttonName) {
  return pathRow(s, room, id, path, N, pathName, button, buttonName);
}
// The layout audit: what the current window drew past its right edge is cut off for the user; the
// worst overhang per window is kept in s.clipped and printed after a scripted run.
void checkFits(ViewerState& s, const char* where);

// image_window.cpp
void imageWindow(ViewerState& s);
float imageWindowWidth(const ViewerState& s);  // the image's share of the room right of the panel

// export.cpp
// Throws texsort::Error unless `path` may be written: not empty, not the image shown, a mask, a
// field or the recipe file read (any spelling), a writable place (io/files.h's checkOutput).
void checkViewerOutput(const ViewerState& s, const std::string& path);
// Shows a failed export's one line (texsort: error: on standard error too) and keeps its exit code.
void exportFailed(ViewerState& s, const Error& e);
void savePicture(ViewerState& s);
void saveContactSheet(ViewerState& s);
void saveScreenshot(GLFWwindow* window, const std::string& path, ViewerState& s);

// record_panel.cpp
void recordPanel(ViewerState& s);
// Starts recording passes from..to of the session to `path` with s.recordSettings and s.overlay.
void startRecording(ViewerState& s, const std::string& path, std::uint32_t from, std::uint32_t to);
void stopRecording(ViewerState& s);  // cancels: the encoder stops and nothing is written
// Encodes the next frames within the frame budget; writes the file when all are in. False when
// no recording is under way.
bool recordStep(ViewerState& s);
// A path as the user should find it: absolute, from the viewer's working folder.
std::string shownPath(const std::string& path);
std::string shownFolder(const std::string& path);  // the same, ending in one '/'


// pixel_panel.cpp
void pixelPanel(ViewerState& s, float fps);  // the Pixel sort controls (in place of the global sort's)
void pixelFrame(ViewerState& s, double dt);  // builds the view if needed, plays, drags, draws the picture
void savePixelSort(ViewerState& s);          // the sorted image to s.pixelExportPath; a clip's all, to a video name

// clip_panel.cpp
void clipSection(ViewerState& s);  // the clip's frame controls, when a clip is open
void saveClip(ViewerState& s);     // starts texsort pixelsort on the whole clip to s.pixelExportPath
void showClipFrame(ViewerState& s, std::uint32_t frame);  // the clip's frame, sorted with the live options
void finishClipSave(ViewerState& s, bool wait);           // the saving run's end, when it has ended (or waits)
// `texsort pixelsort`'s options for `o` and `step`'s line sort (--algo auto where none was picked),
// its mask and field in the files named (a saved clip's command, a saved recipe's line).
std::vector<std::string> pixelSortArguments(const PixelSortOptions& o, const PixelSortStage& step, const std::string& mask,
                                            const std::string& field);

// mask_brush.cpp
// The Mask section: a mask file, or the brush (paint, erase, size, fill, clear, save as PNG). Sets
// `changed` when the options' mask changed (a stroke since the last frame included).
void maskControls(ViewerState& s, PixelSortOptions& o, bool& changed);
// Over the picture just drawn (the last item): the brush's strokes, its outline and the mask overlay.
void maskBrushOnPicture(ViewerState& s);
// Ctrl+Z and Ctrl+Shift+Z (or the buttons): the mask before the last change, or after the last undo.
void undoMask(ViewerState& s, bool redo);
// A mask or field written as PNG to a scratch file kept in s.clipSaveFiles (a saved clip's --mask or
// --field); its path, or "" for none.
std::string scratchPng(ViewerState& s, const std::shared_ptr<const Image>& picture);

// recipe_panel.cpp
// The Recipe section: a preset or recipe file, the sort the controls edit, sorts added and removed.
void recipeControls(ViewerState& s);
void loadRecipe(ViewerState& s, const std::string& nameOrFile);  // the message line says why not
// The options a view runs: mask intervals without a mask sort whole lines, flow without a field rows.
PixelSortOptions effectiveOptions(PixelSortOptions o);
// Every sort of the recipe with the live one in its place, as effectiveOptions.
std::vector<PixelSortStage> liveRecipe(const ViewerState& s);
// `image` through the recipe's sorts from .. to - 1, each on the GPU, mixed as it asks.
Image runRecipe(const ViewerState& s, std::size_t from, std::size_t to, Image image);
Image recipeSource(const ViewerState& s);  // what the first sort takes: the clip's frame shown, else the image

// showcase.cpp
void startShowcase(ViewerState& s);
void showcaseStep(ViewerState& s, double dt);  // after a sort ends: say so, hold, start the next

// network_diagram.cpp
void diagramWindow(ViewerState& s);

// bench_window.cpp
void benchStep(ViewerState& s);
void benchWindow(ViewerState& s);
ImU32 algorithmColour(Algorithm a);  // the registry's colour as ImGui's

}  // namespace texsort
