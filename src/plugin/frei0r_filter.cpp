// texsort_pixelsort, a frei0r filter (RGBA8888): every frame through the pixel-sort interface
// (pixelsort/frame_sorter.h) on a headless GL context of the instance's own, made current on
// whichever thread the host calls from. A bad parameter is said once on standard error and the
// frames pass through unchanged until a good value comes; nothing thrown ever reaches the host.
extern "C" {
#include <frei0r.h>  // a C header without extern "C" of its own
}

#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "context/egl_context.h"
#include "error.h"
#include "pixelsort/frame_sorter.h"
#include "pixelsort/option_parse.h"
#include "plugin/host_rows.h"
#include "plugin/parameters.h"

namespace texsort::plugin {
namespace {

// One line on standard error, at most 300 characters of it (a value echoed may be 64 KiB long).
void say(const std::string& line) noexcept {
  const int shown = line.size() > 300 ? 300 : static_cast<int>(line.size());
  std::fprintf(stderr, "texsort_pixelsort: %.*s%s\n", shown, line.c_str(), line.size() > 300 ? "..." : "");
}

// Said once a process until a frame sorts: hosts that make several instances (melt, one a thread
// and more) would say it once each.
std::mutex gSaidLock;
std::string gSaid;

void sayOnce(const std::string& line) noexcept {
  const std::lock_guard<std::mutex> held(gSaidLock);
  if (gSaid == line) return;
  say(line);
  try {
    gSaid = line;
  } catch (...) {
  }
}

void forgetSaid() noexcept {
  const std::lock_guard<std::mutex> held(gSaidLock);
  gSaid.clear();
}

struct Instance {
  std::mutex lock;  // hosts may call one instance from several threads
  std::uint32_t width = 0, height = 0;
  std::unique_ptr<HeadlessContext> context;
  std::vector<Value> values;
  bool changed = true;                  // the parameters moved since the sorter was made
  std::unique_ptr<FrameSorter> sorter;  // null while they do not make a sort
  std::string said;                     // the last problem said, said once
  bool noContext = false;               // making the GL context failed: not tried again each frame
};

// The words of `options`, separated by blanks.
std::vector<std::string> wordsOf(const std::string& options) {
  std::istringstream in(options);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// The sorts the parameters make: `options`, then each typed parameter that holds a value other
// than its default in place of that option of the first sort.
std::vector<PixelSortStage> sortsOf(const Instance& instance) {
  const std::vector<Parameter>& list = parameters();
  ParsedSorts parsed;
  try {
    parsed = parseSorts(wordsOf(instance.values[0].text));
  } catch (const Error& e) {
    throw Error(e.code(), std::string("parameter 'options': ") + e.what());
  }
  SortValues& first = parsed.values.front();
  for (std::size_t k = 1; k < list.size(); ++k) {
    if (isDefault(list[k], instance.values[k])) continue;
    const std::string text = optionText(list[k], instance.values[k], instance.width, instance.height);
    if (text.empty()) {
      first.given.erase(list[k].option);  // a switch turned off
    } else {
      first.given[list[k].option] = text;
    }
    if (std::string(list[k].option) == "angle") first.given.erase("direction");
  }
  try {
    parsed.stages.front() = sortStageOf(first);
  } catch (const Error& e) {
    throw Error(e.code(), std::string("parameters: ") + e.what());
  }
  return parsed.stages;
}

// Said once until the instance sorts again (and once for all instances saying it).
void sayOnce(Instance& instance, const char* line) noexcept {
  if (instance.said == line) return;
  try {
    sayOnce(std::string(line));
    instance.said = line;
  } catch (...) {
  }
}

void remake(Instance& instance) {
  instance.changed = false;
  const std::unique_ptr<FrameSorter> earlier = std::move(instance.sorter);  // its runners serve the new sorts
  std::vector<PixelSortStage> sorts = sortsOf(instance);
  try {  // the masks and fields `options` names, read now
    instance.sorter = std::make_unique<FrameSorter>(std::move(sorts));
  } catch (const Error& e) {
    throw Error(e.code(), std::string("parameter 'options': ") + e.what());
  }
  if (earlier) instance.sorter->inherit(*earlier);
}

// The frame sorted, or (parameters that make no sort, a frame the sort cannot take) passed through.
void update(Instance& instance, const std::uint32_t* in, std::uint32_t* out) {
  const std::size_t bytes = std::size_t{instance.width} * instance.height * 4;
  try {
    // The context comes at the first frame, not at f0r_construct: GStreamer makes an instance while
    // it scans its plugins and leaves out for good (in its registry cache) a filter whose
    // construction failed once, as it would in a session without EGL.
    if (!instance.context) {
      try {
        if (!instance.noContext) instance.context = std::make_unique<HeadlessContext>();
      } catch (const std::exception& e) {
        sayOnce(std::string("no GL context, so the frames pass through: ") + e.what());
      }
      if (!instance.context) {
        instance.noContext = true;
        if (in != out) std::memmove(out, in, bytes);
        return;
      }
    } else {
      instance.context->makeCurrent();
    }
    try {
      if (instance.changed) remake(instance);
      if (instance.sorter) {
        const std::size_t stride = std::size_t{instance.width} * 4;
        try {
          instance.sorter->sort(reinterpret_cast<const std::uint8_t*>(in), stride, reinterpret_cast<std::uint8_t*>(out),
                                stride, instance.width, instance.height);
        } catch (const Error& e) {
          throw Error(e.code(), std::string("frames: ") + e.what());
        }
        if (!instance.said.empty()) forgetSaid();  // a bad value again is said again
        instance.said.clear();
      }
    } catch (...) {
      instance.sorter.reset();
      instance.context->releaseThread();
      throw;
    }
    instance.context->releaseThread();
    if (instance.sorter) return;
  } catch (const std::exception& e) {
    sayOnce(instance, e.what());
  } catch (...) {
    sayOnce(instance, "an unknown failure");
  }
  if (in != out) std::memmove(out, in, bytes);
}

// A parameter's new value kept; a new one (not the same again) remakes the sort at the next frame.
void setValue(Instance& instance, f0r_param_t param, int index) {
  Value& v = instance.values[static_cast<std::size_t>(index)];
  const Value before = v;
  switch (parameters()[static_cast<std::size_t>(index)].type) {
    case Parameter::Type::Text:
    case Parameter::Type::Words: {
      const char* text = *static_cast<f0r_param_string*>(param);
      v.text = text ? text : "";
      break;
    }
    case Parameter::Type::Number:
    case Parameter::Type::Switch: v.number = *static_cast<double*>(param); break;
    case Parameter::Type::Position: {
      const auto* position = static_cast<f0r_param_position_t*>(param);
      v.x = position->x;
      v.y = position->y;
      break;
    }
  }
  // Hosts set every parameter before every frame (MLT) or once (GStreamer): only a new value remakes
  // the sort, and a value is the same as itself when it is not a number too.
  const auto same = [](double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); };
  if (before.text != v.text || !same(before.number, v.number) || !same(before.x, v.x) || !same(before.y, v.y)) {
    instance.changed = true;
  }
}

}  // namespace
}  // namespace texsort::plugin

using texsort::plugin::Instance;
using texsort::plugin::Parameter;
using texsort::plugin::parameters;

extern "C" {

int f0r_init() { return 1; }
void f0r_deinit() {}

void f0r_get_plugin_info(f0r_plugin_info_t* info) {
  info->name = "texsort_pixelsort";
  info->author = "texsort";
  info->plugin_type = F0R_PLUGIN_TYPE_FILTER;
  info->color_model = F0R_COLOR_MODEL_RGBA8888;
  info->frei0r_version = FREI0R_MAJOR_VERSION;
  info->major_version = 0;
  info->minor_version = 1;
  info->num_params = static_cast<int>(parameters().size());
  info->explanation = "texsort's pixel sort on the GPU, exactly texsort pixelsort of every frame";
}

void f0r_get_param_info(f0r_param_info_t* info, int index) {
  if (index < 0 || index >= static_cast<int>(parameters().size())) return;
  const Parameter& p = parameters()[static_cast<std::size_t>(index)];
  static const int kTypes[] = {F0R_PARAM_STRING, F0R_PARAM_DOUBLE, F0R_PARAM_BOOL, F0R_PARAM_STRING, F0R_PARAM_POSITION};
  info->name = p.name;
  info->type = kTypes[static_cast<int>(p.type)];
  info->explanation = p.explanation;
}

f0r_instance_t f0r_construct(unsigned int width, unsigned int height) {
  try {
    const std::string problem = texsort::plugin::hostRowProblem(__builtin_return_address(0), width, height);
    if (!problem.empty()) {
      texsort::plugin::sayOnce(problem);
      return nullptr;  // the host says the filter could not be made
    }
    auto instance = std::make_unique<Instance>();
    instance->width = width;
    instance->height = height;
    for (const Parameter& p : parameters()) instance->values.push_back(texsort::plugin::defaultValue(p));
    return instance.release();  // its GL context comes at the first frame (update)
  } catch (...) {
    texsort::plugin::sayOnce("no memory for an instance");
  }
  return nullptr;
}

void f0r_destruct(f0r_instance_t handle) {
  auto* instance = static_cast<Instance*>(handle);
  if (!instance) return;
  try {
    if (instance->context) {
      instance->context->makeCurrent();  // the sorter's GL objects go on their own context
      instance->sorter.reset();
      instance->context->releaseThread();
    }
  } catch (...) {
  }
  delete instance;
}

void f0r_set_param_value(f0r_instance_t handle, f0r_param_t param, int index) {
  auto* instance = static_cast<Instance*>(handle);
  if (!instance || !param || index < 0 || index >= static_cast<int>(parameters().size())) return;
  const std::lock_guard<std::mutex> held(instance->lock);
  try {  // a string copied may not fit in memory: nothing thrown reaches the host
    texsort::plugin::setValue(*instance, param, index);
  } catch (...) {
    instance->changed = true;
  }
}

void f0r_get_param_value(f0r_instance_t handle, f0r_param_t param, int index) {
  auto* instance = static_cast<Instance*>(handle);
  if (!instance || !param || index < 0 || index >= static_cast<int>(parameters().size())) return;
  const std::lock_guard<std::mutex> held(instance->lock);
  const texsort::plugin::Value& v = instance->values[static_cast<std::size_t>(index)];
  switch (parameters()[static_cast<std::size_t>(index)].type) {
    case Parameter::Type::Text:
    case Parameter::Type::Words: *static_cast<f0r_param_string*>(param) = const_cast<char*>(v.text.c_str()); break;
    case Parameter::Type::Number:
    case Parameter::Type::Switch: *static_cast<double*>(param) = v.number; break;
    case Parameter::Type::Position: *static_cast<f0r_param_position_t*>(param) = {v.x, v.y}; break;
  }
}

void f0r_update(f0r_instance_t handle, double /*time: no option needs it*/, const uint32_t* in, uint32_t* out) {
  auto* instance = static_cast<Instance*>(handle);
  if (!instance || !in || !out) return;
  const std::lock_guard<std::mutex> held(instance->lock);
  texsort::plugin::update(*instance, in, out);
}

}  // extern "C"
