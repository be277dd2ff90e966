// "Watch the sort" for the browser page: one image's sort held in the module, moved to any pass and
// drawn as the desktop viewer draws it (the playback layer: SortSession and StateDisplay), with the
// pass's words from the same passText. web/texsort.js wraps these as texsort.watch.
#include <emscripten/emscripten.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>

#include "context/egl_context.h"
#include "error.h"
#include "image/image_io.h"
#include "playback/sort_session.h"
#include "playback/state_display.h"
#include "record/sound.h"
#include "sort/algorithms.h"
#include "sort/element.h"
#include "sort/pass_words.h"
#include "sort/packing.h"
#include "playback/network_layout.h"
#include "web/canvas.h"

namespace {

using namespace texsort;

// Transposition has as many passes as elements: a larger picture is watched as a copy of at most
// kSmallSide x kSmallSide pixels (nearest neighbour, its shape kept), as the viewer's showcase
// gives it a small input.
constexpr std::uint32_t kSmallSide = 64;
Image smallCopy(const Image& image, std::uint32_t side) {
  const double scale = std::min(1.0, double(side) / std::max(image.width, image.height));
  Image small = image;
  small.width = std::max(1u, static_cast<std::uint32_t>(image.width * scale));
  small.height = std::max(1u, static_cast<std::uint32_t>(image.height * scale));
  small.rgba.resize(std::size_t(small.width) * small.height * 4);
  for (std::uint32_t y = 0; y < small.height; ++y)
    for (std::uint32_t x = 0; x < small.width; ++x) {
      const std::size_t from = (std::size_t(y) * image.height / small.height * image.width + std::size_t(x) * image.width / small.width) * 4;
      std::copy_n(&image.rgba[from], 4, &small.rgba[(std::size_t(y) * small.width + x) * 4]);
    }
  return small;
}

struct Watch {
  std::unique_ptr<HeadlessContext> context;
  std::unique_ptr<SortSession> session;
  std::unique_ptr<StateDisplay> display;
  Image picture;
  Image sounded;  // the plain state the last tone was taken to (texsort_watch_tone)
  double tone[2] = {0.0, 0.0};
  std::string text;
  std::string network;  // texsort_watch_network's text
  double counters[6] = {};
  bool scaled = false;  // the picture is smallCopy's
};
Watch& watch() {
  static Watch w;
  return w;
}

// The viewer's overlays as the page asks for them.
DisplayOptions displayOptions(int roles, int changed) {
  DisplayOptions options;
  options.showRoles = roles != 0;
  options.showChanged = changed != 0;
  return options;
}

}  // namespace

// Opens the image file `path` (in the module's files) sorted by `algorithm` in `order` ("asc" or
// "desc"), as a copy at most `side` pixels a side when `side` > 0 (a network small enough to draw):
// the pass count, or minus the exit code with the one-line error on standard error.
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_watch_open(const char* path, const char* algorithm, const char* order, int side) {
  Watch& w = watch();
  try {
    Algorithm chosen = Algorithm::Bitonic;
    if (!parseAlgorithm(algorithm, chosen) || usesCompute(chosen))
      throw Error(ExitCode::Usage, std::string(algorithm) + ": not a fragment algorithm");
    if (!w.context) w.context = std::make_unique<HeadlessContext>();
    w.context->makeCurrent();
    w.session.reset();
    w.sounded = Image{};
    Image image = loadImage(path, kMaxElements);
    const std::uint32_t most = side > 0 ? std::min<std::uint32_t>(side, kSmallSide)
                                        : chosen == Algorithm::Transposition ? kSmallSide : 0;
    w.scaled = most > 0 && std::max(image.width, image.height) > most;
    if (w.scaled) image = smallCopy(image, most);
    w.session = std::make_unique<SortSession>(std::move(image), std::string(order) == "desc" ? SortOrder::Descending
                                                                                            : SortOrder::Ascending,
                                              chosen, path);
    if (!w.display) w.display = std::make_unique<StateDisplay>();
    return static_cast<int>(w.session->passCount());
  } catch (const Error& e) {
    std::fprintf(stderr, "texsort: error: %s\n", e.what());
    std::fflush(stderr);
    return -static_cast<int>(e.code());
  }
}

// Brings the state to `pass` (0: as loaded; the pass count: sorted) and returns the pass reached.
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_watch_seek(int pass) {
  Watch& w = watch();
  if (!w.session) return 0;
  w.session->seek(static_cast<std::uint32_t>(std::max(0, pass)));
  return static_cast<int>(w.session->pass());
}

// The state drawn as the viewer draws it (overlays: roles, changed), RGBA, width x height bytes
// from the top row; the image's own rows only.
extern "C" EMSCRIPTEN_KEEPALIVE const std::uint8_t* texsort_watch_picture(int roles, int changed) {
  Watch& w = watch();
  if (!w.session) return nullptr;
  w.display->render(*w.session, displayOptions(roles, changed));
  w.picture = w.display->readBack(w.session->image().height);
  return w.picture.rgba.data();
}
// The state drawn as texsort_watch_picture draws it, straight onto the page's canvas #texsort-gl
// (the image's rows, row 0 at the top) for the page to copy onto the Watch canvas: no read-back.
extern "C" EMSCRIPTEN_KEEPALIVE void texsort_watch_draw(int roles, int changed) {
  Watch& w = watch();
  if (!w.session) return;
  w.context->makeCurrent();
  w.display->render(*w.session, displayOptions(roles, changed));
  showOnCanvas(w.display->framebuffer(), static_cast<int>(w.display->width()), static_cast<int>(w.session->image().height));
}

// The tone of what changed since the state last sounded (or since loading), as `record --sound`
// pitches a pass: {Hz, amplitude 0..1}, the pitch by the mean luma of the pixels that moved, the
// loudness by how many; silent {0, 0} when nothing moved. Read from the plain state, overlays off.
extern "C" EMSCRIPTEN_KEEPALIVE const double* texsort_watch_tone() {
  Watch& w = watch();
  w.tone[0] = w.tone[1] = 0.0;
  if (!w.session) return w.tone;
  w.display->render(*w.session, DisplayOptions{});
  Image now = w.display->readBack(w.session->image().height);
  if (w.sounded.rgba.size() == now.rgba.size()) {
    const Tone t = passTone(w.sounded, now);
    w.tone[0] = t.frequency;
    w.tone[1] = t.amplitude;
  }
  w.sounded = std::move(now);
  return w.tone;
}

// Whether the open sort watches a small copy of the picture (transposition), and its size.
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_watch_scaled() { return watch().scaled ? 1 : 0; }
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_watch_width() { return static_cast<int>(watch().picture.width); }
extern "C" EMSCRIPTEN_KEEPALIVE int texsort_watch_height() { return static_cast<int>(watch().picture.height); }

// The shown pass in words, as the viewer's Pass panel gives them: title, parameters, plain words
// for a newcomer, explanation, one to a line; and its GPU time.
extern "C" EMSCRIPTEN_KEEPALIVE const char* texsort_watch_text() {
  Watch& w = watch();
  if (!w.session) return "";
  const Pass* shown = w.session->shownPass();
  if (w.session->pass() == 0 || !shown) {
    w.text = "the image as loaded\n\n\n";
  } else {
    const std::uint64_t n = w.session->schedule().shape.count();
    const PassText t = passText(*shown, n);
    w.text = t.title + "\n" + t.parameters + "\n" + plainWords(*shown, n, w.session->order()) + "\n" + t.explanation;
  }
  return w.text.c_str();
}
extern "C" EMSCRIPTEN_KEEPALIVE double texsort_watch_gpu_ms() {
  Watch& w = watch();
  return w.session && w.session->pass() > 0 ? w.session->stats(w.session->pass()).gpuMs : 0.0;
}

// The sort as a comparator network, for a small one (at most kDiagramMaxElements, as the desktop
// viewer draws it): a line "n N", then a line per pass of its comparators "LOW-HIGH-LANE-UP ..." (UP 1
// where the larger goes to HIGH), then a line per wire of the state shown "RRGGBB LUMA INDEX" (LUMA
// 0..255, INDEX the pixel's original place, "pad" for padding). "" when it is not one (radix) or
// too large.
extern "C" EMSCRIPTEN_KEEPALIVE const char* texsort_watch_network() {
  Watch& w = watch();
  w.network.clear();
  if (!w.session || w.session->elementCount() > kDiagramMaxElements || !drawsAsComparatorNetwork(w.session->schedule())) {
    return "";
  }
  const auto n = static_cast<std::uint32_t>(w.session->elementCount());
  w.network = "n " + std::to_string(n) + "\n";
  for (const DiagramColumn& column : diagramColumns(w.session->schedule(), n)) {
    for (const DiagramComparator& c : column.comparators) {
      w.network += std::to_string(c.wires.low) + "-" + std::to_string(c.wires.high) + "-" + std::to_string(c.lane) + "-" +
                   (c.wires.ascending ? "1 " : "0 ");
    }
    w.network += "\n";
  }
  const unsigned high = indexHighBits(n);
  for (const Element& e : w.session->runner().readElements()) {
    const auto rgb = static_cast<std::uint32_t>(e.rgb);
    char wire[40];
    if (isPadding(e, high)) std::snprintf(wire, sizeof wire, "%06x pad pad\n", 0x464646u);
    else std::snprintf(wire, sizeof wire, "%06x %u %llu\n", rgb, lumaKey(std::uint8_t(rgb >> 16), std::uint8_t(rgb >> 8), std::uint8_t(rgb)) / 1000,
                       static_cast<unsigned long long>(originalIndex(e, high)));
    w.network += wire;
  }
  return w.network.c_str();
}

// The counters of passes 1..the one shown, as the desktop's Pass panel gives them: compare-exchanges
// and moves in all, then the shown state's in-order, settled and distance percentages and log2 of
// its mean run length.
extern "C" EMSCRIPTEN_KEEPALIVE const double* texsort_watch_counters() {
  Watch& w = watch();
  std::fill(std::begin(w.counters), std::end(w.counters), 0.0);
  if (!w.session) return w.counters;
  const PassStats& s = w.session->stats(w.session->pass());
  const double values[6] = {double(w.session->totalCompareExchanges()), double(w.session->totalMoved()), s.inOrderPercent,
                            s.settledPercent, s.distancePercent, s.runLengthLog2};
  std::copy(std::begin(values), std::end(values), w.counters);
  return w.counters;
}
