// --animate: keyframes parsed, interpolated and applied to the pixel sort's options (animation.h).
#include "pixelsort/animation.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <sstream>

#include "error.h"
#include "pixelsort/option_table.h"

namespace texsort {
namespace {

// An option --animate moves: its row of the option table, which holds its range.
const SortOptionInfo& rangeOf(const std::string& option) {
  const SortOptionInfo* row = sortOptionNamed(option);
  if (row && row->animated) return *row;
  std::string names;
  for (const std::string& name : animatableOptions()) names += std::string(names.empty() ? "" : ", ") + name;
  throw Error(ExitCode::Usage, "--animate: " + option + ": not an option it animates; give one of " + names);
}

// A finite number that is the whole of `text`, or nothing.
bool number(const std::string& text, double& value) {
  if (text.empty()) return false;
  char* end = nullptr;
  value = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && std::isfinite(value);
}

// A keyframe's position: a plain decimal no larger than a clip's frame count can be.
bool positionNumber(const std::string& text, double& value) {
  return plainDecimal(text) && number(text, value) && value <= double(UINT32_MAX);
}

double positionOf(const Keyframe& k, std::uint32_t frameCount, double fps) {
  switch (k.at) {
    case Keyframe::At::Frame: return k.position;
    case Keyframe::At::Seconds: return k.position * fps;
    case Keyframe::At::Percent: return k.position / 100.0 * std::max<double>(0, double(frameCount) - 1);
  }
  return 0.0;
}

}  // namespace

const std::vector<std::string>& animatableOptions() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const SortOptionInfo& row : sortOptionTable())
      if (row.animated) all.push_back(row.name);
    return all;
  }();
  return names;
}

Animation parseAnimation(const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0) {
    throw Error(ExitCode::Usage, "--animate: " + text.substr(0, 60) + ": give NAME=POSITION:VALUE,... (e.g. lower=0:0.1,100%:0.6)");
  }
  Animation animation;
  animation.option = text.substr(0, eq);
  const SortOptionInfo& range = rangeOf(animation.option);
  // A comma at the end is an empty keyframe, as two in a row are (getline drops the last).
  std::stringstream keys(text.substr(eq + 1) + (text.back() == ',' ? "," : ""));
  for (std::string key; std::getline(keys, key, ',');) {
    const std::size_t colon = key.find(':');
    Keyframe k;
    k.text = key;
    std::string position = colon == std::string::npos ? std::string() : key.substr(0, colon);
    if (!position.empty() && position.back() == '%') k.at = Keyframe::At::Percent, position.pop_back();
    else if (!position.empty() && position.back() == 's') k.at = Keyframe::At::Seconds, position.pop_back();
    const std::string where = "--animate: " + animation.option + ": keyframe '" + key.substr(0, 40) + "'";
    if (colon == std::string::npos || !positionNumber(position, k.position) ||
        (k.at == Keyframe::At::Frame && k.position != std::floor(k.position)) ||
        (k.at == Keyframe::At::Percent && k.position > 100)) {
      throw Error(ExitCode::Usage, where + ": give POSITION:VALUE, a position a frame number, a time (1.5s) or 0%..100%");
    }
    if (!number(key.substr(colon + 1), k.value) || k.value < range.min || k.value > range.max) {
      std::ostringstream bounds;
      bounds << range.min << " to " << range.max;
      throw Error(ExitCode::Usage, where + ": the value must be a number from " + bounds.str());
    }
    animation.keys.push_back(k);
  }
  if (animation.keys.empty()) throw Error(ExitCode::Usage, "--animate: " + animation.option + ": no keyframes");
  for (std::size_t i = 1; i < animation.keys.size(); ++i) {
    if (animation.keys[i].at == animation.keys[i - 1].at && animation.keys[i].position <= animation.keys[i - 1].position) {
      throw Error(ExitCode::Usage, "--animate: " + animation.option + ": keyframes must come in order of their positions");
    }
  }
  return animation;
}

void checkAnimations(const std::vector<Animation>& animations, std::uint32_t frameCount, double fps) {
  for (std::size_t a = 0; a < animations.size(); ++a) {
    const Animation& animation = animations[a];
    for (std::size_t b = 0; b < a; ++b) {
      if (animations[b].option == animation.option) {
        throw Error(ExitCode::Usage, "--animate: " + animation.option + ": given twice; give all its keyframes in one --animate");
      }
    }
    for (std::size_t i = 1; i < animation.keys.size(); ++i) {
      const Keyframe &before = animation.keys[i - 1], &key = animation.keys[i];
      const double from = positionOf(before, frameCount, fps), to = positionOf(key, frameCount, fps);
      if (to <= from) {
        std::ostringstream frames;  // whole frames written out (4000000000, not 4e+09)
        frames << std::setprecision(12) << "frame " << to << " of this clip, not after '" << before.text.substr(0, 40) << "' (frame " << from << ")";
        throw Error(ExitCode::Usage, "--animate: " + animation.option + ": keyframe '" + key.text.substr(0, 40) + "' is " +
                                         frames.str() + "; keyframes come in order of their positions");
      }
    }
  }
}

void placeTimesOnFrames(std::vector<Animation>& animations, std::uint32_t frameCount,
                        const std::function<double(std::uint32_t)>& frameTime) {
  if (frameCount < 2) return;
  for (Animation& a : animations) {
    for (Keyframe& k : a.keys) {
      if (k.at != Keyframe::At::Seconds) continue;
      std::uint32_t lo = 1, hi = frameCount - 1;  // the first frame after the time (else the last), bisected
      while (lo < hi) {
        const std::uint32_t mid = lo + (hi - lo) / 2;
        if (frameTime(mid) > k.position) hi = mid;
        else lo = mid + 1;
      }
      const std::uint32_t after = lo;
      const double t0 = frameTime(after - 1), t1 = frameTime(after);
      k.at = Keyframe::At::Frame;
      k.position = k.position <= frameTime(0) ? 0.0 : double(after - 1) + (k.position - t0) / std::max(t1 - t0, 1e-9);
    }
  }
}

double animatedValue(const Animation& animation, std::uint32_t frame, std::uint32_t frameCount, double fps) {
  const auto& keys = animation.keys;
  const double at = frame;
  if (at <= positionOf(keys.front(), frameCount, fps)) return keys.front().value;
  for (std::size_t i = 1; i < keys.size(); ++i) {
    const double from = positionOf(keys[i - 1], frameCount, fps), to = positionOf(keys[i], frameCount, fps);
    if (at <= to) {
      if (to <= from) return keys[i].value;
      const double t = (at - from) / (to - from);
      return keys[i - 1].value + (keys[i].value - keys[i - 1].value) * t;
    }
  }
  return keys.back().value;
}

double appliedValue(const Animation& animation, std::uint32_t frame, std::uint32_t frameCount, double fps) {
  const double v = animatedValue(animation, frame, frameCount, fps);
  return rangeOf(animation.option).kind == SortOptionInfo::Kind::Integer ? static_cast<double>(std::llround(v)) : v;
}

PixelSortOptions optionsAtFrame(const PixelSortOptions& base, const std::vector<Animation>& animations, std::uint32_t frame,
                                std::uint32_t frameCount, double fps) {
  PixelSortOptions o = base;
  for (const Animation& a : animations) {
    const double v = appliedValue(a, frame, frameCount, fps);
    const auto whole = [&] { return static_cast<std::uint32_t>(v); };
    if (a.option == "lower") o.lower = v;
    else if (a.option == "upper") o.upper = v;
    else if (a.option == "angle") o.angle = v;
    else if (a.option == "mix") o.mix = v;
    else if (a.option == "span-length") o.spanLength = whole();
    else if (a.option == "max-span") o.maxSpan = whole();
    else if (a.option == "skip") o.skipPercent = whole();
    else if (a.option == "seed") o.seed = whole();
  }
  try {
    checkPixelSortOptions(o);
  } catch (const Error& e) {
    throw Error(ExitCode::Usage, "--animate: at frame " + std::to_string(frame) + ": " + e.what());
  }
  return o;
}

}  // namespace texsort
