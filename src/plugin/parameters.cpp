// The frei0r filter's parameters and their mapping onto the option table (parameters.h).
#include "plugin/parameters.h"

#include <cmath>
#include <cstdio>

#include "error.h"
#include "pixelsort/option_table.h"

namespace texsort::plugin {
namespace {

using Type = Parameter::Type;

const SortOptionInfo& rowOf(const Parameter& p) { return *sortOptionNamed(p.option); }

// A Number's ends: its own where it has them (the angle's one turn), else its option's range.
void ends(const Parameter& p, double& low, double& high) {
  low = p.low;
  high = p.high;
  if (low == high) {
    low = rowOf(p).min;
    high = rowOf(p).max;
  }
}

// Enough digits that the option reads back the very double mapped.
std::string exactText(double v) {
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

[[noreturn]] void refuse(const Parameter& p, const std::string& why) {
  throw Error(ExitCode::Usage, std::string("parameter '") + p.name + "': " + why);
}

double fraction(const Parameter& p, double v) {
  if (!(v >= 0.0 && v <= 1.0)) refuse(p, exactText(v) + " is not a value from 0 to 1");
  return v;
}

}  // namespace

const std::vector<Parameter>& parameters() {
  static const std::vector<Parameter> list = {
      {"options", Type::Text, "", 0, 0,
       "texsort pixelsort's options, as on its command line (--angle 30 --key hue --then ...; --preset NAME|FILE)"},
      {"angle", Type::Number, "angle", -180, 180, "--angle: 0 is -180 degrees, 0.5 is 0 (rows), 1 is 180"},
      {"lower", Type::Number, "lower", 0, 0, "--lower, the threshold's lower bound"},
      {"upper", Type::Number, "upper", 0, 0, "--upper, the threshold's upper bound"},
      {"key", Type::Words, "key", 0, 0, "--key: what the spans are sorted by (luma, hue, red, ...)"},
      {"intervals", Type::Words, "intervals", 0, 0, "--intervals: how lines are cut into spans"},
      {"path", Type::Words, "path", 0, 0, "--path: lines, circles, spiral, radial, hilbert or flow (with --field in options)"},
      {"order", Type::Words, "order", 0, 0, "--order: asc or desc"},
      {"mix", Type::Number, "mix", 0, 0, "--mix: the sorted picture's share against the original"},
      {"max span", Type::Number, "max-span", 0, 0, "--max-span: 0..1 of 0..16384 pixels (0: no limit)"},
      {"skip", Type::Number, "skip", 0, 0, "--skip: 0..1 of 0..100 percent of the spans left unsorted"},
      {"seed", Type::Number, "seed", 0, 0, "--seed: 0..1 of 0..4294967295"},
      {"span length", Type::Number, "span-length", 0, 0, "--span-length: 0..1 of 1..16384 pixels"},
      {"select", Type::Words, "select", 0, 0, "--select: the key the threshold bounds"},
      {"invert", Type::Switch, "invert", 0, 0, "--invert: spans are the runs outside the bounds"},
      {"center", Type::Position, "center", 0, 0, "--center of circles, spiral and radial, as a share of the frame"},
  };
  return list;
}

Value defaultValue(const Parameter& p) {
  Value v;
  if (p.type == Type::Text) return v;
  if (p.type == Type::Position) {
    v.x = v.y = 0.5;  // the frame's middle: the paths' own default centre
  } else if (p.type == Type::Words) {
    v.text = rowOf(p).initial;
  } else if (p.type == Type::Number) {
    double low = 0, high = 0;
    ends(p, low, high);
    v.number = (std::strtod(rowOf(p).initial.c_str(), nullptr) - low) / (high - low);
  }
  return v;
}

bool isDefault(const Parameter& p, const Value& v) {
  const Value d = defaultValue(p);
  switch (p.type) {
    case Type::Text:
    case Type::Words: return v.text == d.text;
    case Type::Number:
    case Type::Switch: return v.number == d.number;
    case Type::Position: return v.x == d.x && v.y == d.y;
  }
  return true;
}

std::string optionText(const Parameter& p, const Value& v, std::uint32_t width, std::uint32_t height) {
  switch (p.type) {
    case Type::Text: return v.text;
    case Type::Switch: return fraction(p, v.number) >= 0.5 ? "true" : "";
    case Type::Words: {
      const std::string why = sortValueProblem(rowOf(p), v.text);
      if (!why.empty()) refuse(p, why);
      return v.text;
    }
    case Type::Number: {
      double low = 0, high = 0;
      ends(p, low, high);
      const double mapped = low + fraction(p, v.number) * (high - low);
      if (rowOf(p).kind == SortOptionInfo::Kind::Integer) return exactText(double(std::llround(mapped)));
      return exactText(mapped);
    }
    case Type::Position: {
      const auto half = [&](double share, std::uint32_t side) {
        return exactText(std::round(2.0 * fraction(p, share) * (double(side) - 1.0)) / 2.0);
      };
      return half(v.x, width) + "," + half(v.y, height);
    }
  }
  return "";
}

}  // namespace texsort::plugin
