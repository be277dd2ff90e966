// The frei0r filter's parameters: `options`, a line of texsort pixelsort's options, then the options
// people move in an editor, typed in frei0r's ranges (numbers and switches 0..1, words as strings,
// the centre as a position) and mapped onto the option table's values in one documented way
// (docs/plugin.md). A typed parameter counts only while it holds a value other than its default.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace texsort::plugin {

struct Parameter {
  enum class Type { Text, Number, Switch, Words, Position };
  const char* name;         // as the host shows it
  Type type;
  const char* option;       // the option it sets (--NAME), "" for `options`
  double low = 0, high = 0; // Number: 0 maps to low, 1 to high (an integer option rounds, halves up)
  const char* explanation;
};
// Index 0 is `options`, so that ffmpeg's positional filter_params sets it alone.
const std::vector<Parameter>& parameters();

// A parameter's value as the host holds it: a number (Number, Switch), text (Text, Words), or x, y.
struct Value {
  double number = 0, x = 0, y = 0;
  std::string text;
};
// What each parameter starts as: the option's own initial value, mapped back into 0..1.
Value defaultValue(const Parameter& parameter);
bool isDefault(const Parameter& parameter, const Value& value);

// The option's text for a value (a number mapped and checked against the option's range, a word
// checked against its choices, a position as X,Y in halves of a pixel of a width x height frame).
// Throws texsort::Error(Usage) naming the parameter: NaN, below 0, above 1, an unknown word.
std::string optionText(const Parameter& parameter, const Value& value, std::uint32_t width, std::uint32_t height);

}  // namespace texsort::plugin
