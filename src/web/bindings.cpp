// The module's interface to the page (embind): the command line (run), the live pixel sort and the
// watched sort as classes, the option table and the presets, values as JS objects and pixels as
// Uint8Arrays of their own. A call that fails returns, instead of its value, a JS Error holding the
// command line's words (message) and exit code (code), which web/texsort.js throws: nothing is
// thrown through embind's frames (which would skip their destructors), and nothing is said on
// standard error but by the command line itself. web/texsort.js is the only caller.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "context/egl_context.h"
#include "error.h"
#include "pixelsort/animation.h"
#include "pixelsort/option_table.h"
#include "pixelsort/presets.h"
#include "sort/algorithms.h"
#include "sort/runner.h"
#include "web/live_pixel_sort.h"
#include "web/watch_sort.h"
#include "web/web_main.h"

namespace {

using emscripten::val;
using namespace texsort;

val pageError(ExitCode code, const std::string& message) {
  val error = val::global("Error").new_(message);
  error.set("name", std::string("TexsortError"));
  error.set("code", static_cast<int>(code));
  return error;
}

// What `work` returns as a JS value (undefined for none), or the error it threw as pageError's.
template <typename Work>
val attempt(Work work) {
  try {
    if constexpr (std::is_void_v<decltype(work())>) {
      work();
      return val::undefined();
    } else {
      return val(work());
    }
  } catch (const Error& e) {
    return pageError(e.code(), e.what());
  } catch (const std::bad_alloc&) {
    return pageError(ExitCode::Gpu, "out of memory: the page holds at most 2 GiB");
  } catch (const std::exception& e) {
    return pageError(ExitCode::Gpu, std::string("internal error: ") + e.what());
  }
}

std::vector<std::uint8_t> bytesIn(const val& array) { return emscripten::convertJSArrayToNumberVector<std::uint8_t>(array); }
std::vector<std::string> wordsIn(const val& array) { return emscripten::vecFromJSArray<std::string>(array); }

// `bytes` copied into a Uint8Array of the page's (a view into the module's memory would go stale
// when it grows).
val bytesOut(const std::vector<std::uint8_t>& bytes) {
  return val::global("Uint8Array").new_(val(emscripten::typed_memory_view(bytes.size(), bytes.data())));
}
// {width, height, rgba}, or null for no pixels.
val pixelsOut(const std::vector<std::uint8_t>& rgba, std::uint32_t width, std::uint32_t height) {
  if (rgba.empty()) return val::null();
  val pixels = val::object();
  pixels.set("width", width);
  pixels.set("height", height);
  pixels.set("rgba", bytesOut(rgba));
  return pixels;
}

// {n, columns: [[{low, high, lane, up}]], wires: [{rgb: '#rrggbb', luma, index}]} (luma and index
// null for padding), or null.
val networkOut(const std::optional<WatchNetwork>& network) {
  if (!network) return val::null();
  val columns = val::array();
  for (const auto& pass : network->columns) {
    val column = val::array();
    for (const WatchNetwork::Comparator& c : pass) {
      val comparator = val::object();
      comparator.set("low", c.low);
      comparator.set("high", c.high);
      comparator.set("lane", c.lane);
      comparator.set("up", c.up);
      column.call<void>("push", comparator);
    }
    columns.call<void>("push", column);
  }
  val wires = val::array();
  for (const WatchNetwork::Wire& w : network->wires) {
    char rgb[8];
    std::snprintf(rgb, sizeof rgb, "#%06x", w.rgb & 0xffffffu);
    val wire = val::object();
    wire.set("rgb", std::string(rgb));
    wire.set("luma", w.padding ? val::null() : val(w.luma));
    wire.set("index", w.padding ? val::null() : val(double(w.index)));
    wires.call<void>("push", wire);
  }
  val out = val::object();
  out.set("n", network->n);
  out.set("columns", columns);
  out.set("wires", wires);
  return out;
}

// The option table (option_table.h), a row an option: {name, kind, min, max, choices, initial,
// help, animated, metavar}, as `texsort info --options` prints it.
val optionTableOut() {
  val rows = val::array();
  for (const SortOptionInfo& o : sortOptionTable()) {
    val row = val::object();
    row.set("name", o.name);
    row.set("kind", std::string(kindName(o.kind)));
    row.set("min", o.min);
    row.set("max", o.max);
    val choices = val::array();
    for (const std::string& c : o.choices) choices.call<void>("push", c);
    row.set("choices", choices);
    row.set("initial", o.initial);
    row.set("help", o.help);
    row.set("animated", o.animated);
    row.set("metavar", o.metavar);
    rows.call<void>("push", row);
  }
  return rows;
}

// The shipped presets: {name, summary, recipe} (the recipe one sort a line, as a recipe file holds it).
val presetsOut() {
  val presets = val::array();
  for (const PresetInfo& p : kPresets) {
    val preset = val::object();
    preset.set("name", std::string(p.name));
    preset.set("summary", std::string(p.summary));
    preset.set("recipe", std::string(p.recipe));
    presets.call<void>("push", preset);
  }
  return presets;
}

// The value an option takes at frame `frame` of a clip of `count` frames at `fps` under
// `--animate SPEC` (NAME=POSITION:VALUE,...), as the command line applies it to that frame.
double animatedValue(const std::string& spec, int frame, int count, double fps) {
  if (!(fps > 0 && std::isfinite(fps))) {
    throw Error(ExitCode::Usage, "--animate: a clip's frames a second must be a number above 0, not " + numberText(fps));
  }
  const std::vector<Animation> animations = {parseAnimation(spec)};
  const auto frames = static_cast<std::uint32_t>(std::max(1, count));
  checkAnimations(animations, frames, fps);
  return appliedValue(animations[0], static_cast<std::uint32_t>(std::max(0, frame)), frames, fps);
}

// The page's WebGL2 context, opened once to say what the browser lacks (texsort.ready), and the
// fragment algorithms it cannot run, [{name, why}] (texsort.unavailable: bitonic-wide where a draw
// writes 4 targets, WebGL2's minimum).
val openContext() {
  HeadlessContext context;
  val unavailable = val::array();
  for (const Algorithm a : kAlgorithms) {
    if (usesCompute(a) || algorithmAvailableHere(a)) continue;
    val row = val::object();
    row.set("name", std::string(algorithmName(a)));
    try {
      requireAvailable(a);
    } catch (const Error& e) {
      row.set("why", std::string(e.what()));
    }
    unavailable.call<void>("push", row);
  }
  return unavailable;
}

void bindLive() {
  using L = LivePixelSort;
  emscripten::class_<L>("LivePixelSort")
      .constructor<>()
      .function("open", +[](L& l, val bytes, std::string name) { return attempt([&] { l.open(bytesIn(bytes), name); }); })
      .function("set", +[](L& l, val args) { return attempt([&] { return l.set(wordsIn(args)); }); })
      .function("frame", +[](L& l, val rgba, int width, int height, std::string name) {
        return attempt([&] { return l.frame(bytesIn(rgba), width, height, name); });
      })
      .function("frameTexture", +[](L& l, int width, int height, std::string name) {
        return attempt([&] { l.frameTexture(width, height, name); });
      })
      .function("frameDrawn", +[](L& l, std::string name) { return attempt([&] { return l.frameDrawn(name); }); })
      .function("advance", &L::advance)
      .function("draw", &L::draw)
      .function("read", +[](L& l) { return pixelsOut(l.read(), l.width(), l.height()); })
      .function("source", +[](L& l) { return pixelsOut(l.source(), l.sourceWidth(), l.sourceHeight()); })
      .function("wait", &L::wait)
      .function("fence", &L::fence)
      .function("done", &L::done)
      .function("warm", &L::warm)
      .function("width", &L::width)
      .function("height", &L::height)
      .function("pass", &L::pass)
      .function("brush", +[](L& l, std::string path, double x0, double y0, double x1, double y1, double radius, int level) {
        return attempt([&] { return double(l.brush(path, x0, y0, x1, y1, radius, level)); });
      })
      .function("brushFrom", +[](L& l, std::string path) { return attempt([&] { l.brushFrom(path); }); })
      .function("brushOverlay", +[](L& l) { return pixelsOut(l.brushOverlay(), l.sourceWidth(), l.sourceHeight()); });
}

void bindWatch() {
  using W = WatchedSort;
  emscripten::value_object<WatchCounters>("WatchCounters")
      .field("compareExchanges", &WatchCounters::compareExchanges)
      .field("moved", &WatchCounters::moved)
      .field("inOrder", &WatchCounters::inOrder)
      .field("settled", &WatchCounters::settled)
      .field("distance", &WatchCounters::distance)
      .field("runLog2", &WatchCounters::runLog2);
  emscripten::value_object<WatchTone>("WatchTone")
      .field("frequency", &WatchTone::frequency)
      .field("amplitude", &WatchTone::amplitude);
  emscripten::class_<W>("WatchedSort")
      .constructor<>()
      .function("open", +[](W& w, val bytes, std::string name, std::string algorithm, std::string order, int side) {
        return attempt([&] { return w.open(bytesIn(bytes), name, algorithm, order, side); });
      })
      .function("scaled", &W::scaled)
      .function("seek", &W::seek)
      .function("picture", +[](W& w, bool roles, bool changed) {
        const Image& p = w.picture(roles, changed);
        return pixelsOut(p.rgba, p.width, p.height);
      })
      .function("draw", &W::draw)
      .function("tone", &W::tone)
      .function("text", &W::text)
      .function("gpuMs", &W::gpuMs)
      .function("network", +[](W& w) { return networkOut(w.network()); })
      .function("counters", &W::counters);
}

}  // namespace

EMSCRIPTEN_BINDINGS(texsort) {
  emscripten::function("run", +[](val args) { return runCommandLine(wordsIn(args)); });
  emscripten::function("openContext", +[] { return attempt(openContext); });
  emscripten::function("optionTable", &optionTableOut);
  emscripten::function("presets", &presetsOut);
  emscripten::function("animatedValue", +[](std::string spec, int frame, int count, double fps) {
    return attempt([&] { return animatedValue(spec, frame, count, fps); });
  });
  bindLive();
  bindWatch();
}
