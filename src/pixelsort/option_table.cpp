// The pixel sort's option table (option_table.h): the rows, their values' checks, and the sort a set
// of given values makes.
#include "pixelsort/option_table.h"

#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "error.h"
#include "sort/algorithms.h"
#include "io/value_checks.h"

namespace texsort {
namespace {

constexpr double kMaxSide = 16384;  // a texture's side: the longest line or span there is
constexpr double kMaxAngle = 1e6;   // degrees; beyond, a double's fraction of a turn is noise

using Kind = SortOptionInfo::Kind;

SortOptionInfo rowOf(const std::string& name, Kind kind, double min = 0, double max = 0) {
  SortOptionInfo row;
  row.name = name;
  row.kind = kind;
  row.min = min;
  row.max = max;
  return row;
}

// A choice of words written out: the first is its initial value.
SortOptionInfo words(const std::string& name, std::vector<std::string> choices, const std::string& help) {
  SortOptionInfo row = rowOf(name, Kind::Choice);
  row.choices = std::move(choices);
  row.initial = row.choices.front();
  row.help = help;
  return row;
}

// A choice's words from a registry's rows, and its help: a title, then each word with its meaning
// (`meaning` null leaves the row out).
template <typename Rows, typename Meaning>
SortOptionInfo choiceOf(const std::string& name, const Rows& rows, const std::string& title, Meaning meaning) {
  SortOptionInfo option = rowOf(name, Kind::Choice);
  option.help = title;
  for (const auto& row : rows) {
    const char* what = meaning(row);
    if (!what) continue;
    option.choices.emplace_back(row.name);
    option.help += std::string("\n  ") + row.name + ": " + what;
  }
  option.initial = option.choices.front();
  return option;
}

SortOptionInfo number(const std::string& name, Kind kind, double min, double max, double initial, const std::string& help,
                      bool animated) {
  SortOptionInfo option = rowOf(name, kind, min, max);
  option.initial = numberText(initial);
  option.help = help;
  option.animated = animated;
  return option;
}

SortOptionInfo plain(const std::string& name, Kind kind, const std::string& help) {
  SortOptionInfo option = rowOf(name, kind);
  option.help = help;
  return option;
}

SortOptionInfo lineSorts() {
  SortOptionInfo algo = choiceOf("algo", kAlgorithmRegistry, "Line sort that runs the spans, all giving the same result:",
                                 [](const AlgorithmInfo& row) { return pixelSortAlgorithm(row.id) ? row.summary : nullptr; });
  algo.choices.insert(algo.choices.begin(), "auto");
  algo.initial = "auto";
  algo.help += std::string("\n  auto: the faster backend for this context, from one copy on each path: ") +
               algorithmName(kFragmentPixelSort) + ", or " + algorithmName(kComputePixelSort) +
               " where compute shaders copy at least twice as fast (" + algorithmName(kSoftwareComputePixelSort) +
               " on a software renderer where they copy at most twice as slow); " + algorithmName(Algorithm::BitonicFast) +
               " for " + algorithmName(kFragmentPixelSort) + " where a draw cannot write 8 targets";
  return algo;
}

std::vector<SortOptionInfo> makeTable() {
  const PixelSortOptions d;
  const auto keys = [](const std::string& name, const std::string& title) {
    return choiceOf(name, kPixelKeys, title, [](const PixelKeyInfo& k) { return k.formula; });
  };
  SortOptionInfo select = keys("select", "");  // the keys of the colour: not alpha, nor shuffle's random order
  select.choices.clear();
  for (const PixelKeyInfo& k : kPixelKeys)
    if (colourKey(k.key)) select.choices.push_back(k.name);
  select.help = "threshold: the key --lower and --upper bound, as fractions of its range (a key of the colour: any --key "
                "name but alpha and shuffle)";
  SortOptionInfo center = plain("center", Kind::Text,
                                "The centre of circles, spiral and radial, in pixels from the top left, whole or halves "
                                "(default: the image's centre)");
  center.metavar = "X,Y";
  return {
      words("direction", {"horizontal", "vertical"},
            "horizontal: lines are rows, left to right (--angle 0); vertical: columns, top to bottom (--angle -90)"),
      number("angle", Kind::Real, -kMaxAngle, kMaxAngle, d.angle,
             "Lines at this many degrees counter-clockwise on screen: 0 rows left to right, 90 columns bottom to "
             "top, 45 up and to the right; parallel straight lines one pixel apart that cover every pixel once",
             true),
      choiceOf("path", kPaths, "The lines the spans lie on:", [](const PathInfo& k) { return k.meaning; }),
      plain("field", Kind::Path,
            "--path flow: an image of the same size whose hue at each pixel is the way its line goes (0 right, "
            "counter-clockwise, to the nearest of 8 neighbours; greys go right)"),
      center,
      choiceOf("intervals", kIntervals, "How lines are cut into spans (luma Y = 299 R + 587 G + 114 B):",
               [](const IntervalsInfo& k) { return k.meaning; }),
      select,
      plain("invert", Kind::Flag, "threshold: spans are the runs of pixels whose key lies outside --lower..--upper instead"),
      number("lower", Kind::Real, 0, 1, d.lower,
             "Threshold's lower bound, a fraction 0..1: Y >= ceil(lower x 255000); edges: the break level", true),
      number("upper", Kind::Real, 0, 1, d.upper, "Threshold's upper bound, a fraction 0..1: Y <= floor(upper x 255000)",
             true),
      number("span-length", Kind::Integer, 1, kMaxSide, d.spanLength, "random, waves: the spans' mean length in pixels",
             true),
      number("seed", Kind::Integer, 0, double(UINT32_MAX), d.seed, "random, waves, --skip, --key shuffle: the seed of every random choice",
             true),
      plain("mask", Kind::Path,
            "Image of the same size: only pixels whose mask luma is at least half (white) may be in a span, with "
            "any --intervals; --intervals mask: spans are the runs of white"),
      number("max-span", Kind::Integer, 0, kMaxSide, d.maxSpan,
             "Cut every span into pieces of at most N pixels, counted from its start (0: no limit)", true),
      number("mix", Kind::Real, 0, 1, d.mix,
             "Blend the result with the original: 1 all sorted, 0 the original; each channel "
             "(o (256 - w) + s w + 128) >> 8 with w = round(mix x 256)",
             true),
      number("skip", Kind::Integer, 0, 100, d.skipPercent,
             "Leave P percent of the spans (pieces, with --max-span) unsorted, chosen by --seed", true),
      keys("key", "Sort key, an integer function of the 8-bit channels:"),
      words("order", {"asc", "desc"},
            "asc: smallest key first along the line; desc: largest first (ties keep their order either way)"),
      lineSorts(),
  };
}

// Why --center TEXT is not X,Y ("" when it is): two numbers from 0 to 65535, whole or halves; a
// number out of range or between halves is named by its coordinate.
std::string centerProblem(const std::string& text) {
  const std::string said = "'" + (text.size() > 40 ? text.substr(0, 40) + "..." : text) + "' is not X,Y: ";
  const std::size_t comma = text.find(',');
  const std::string parts[2] = {text.substr(0, comma), comma == std::string::npos ? "" : text.substr(comma + 1)};
  if (comma == std::string::npos || !plainDecimal(parts[0]) || !plainDecimal(parts[1])) {
    return said + "two pixel coordinates from 0 to 65535, whole or halves (e.g. 256,128.5)";
  }
  for (int k = 0; k < 2; ++k) {
    const double v = std::strtod(parts[k].c_str(), nullptr);
    const std::string which = std::string(k == 0 ? "X " : "Y ") + parts[k];
    if (v > 65535) return said + which + " is over 65535";
    if (std::floor(2 * v) != 2 * v) return said + which + " is neither whole nor a half";
  }
  return "";
}

}  // namespace

const std::vector<SortOptionInfo>& sortOptionTable() {
  static const std::vector<SortOptionInfo> table = makeTable();
  return table;
}

const char* kindName(SortOptionInfo::Kind kind) {
  switch (kind) {
    case SortOptionInfo::Kind::Real: return "real";
    case SortOptionInfo::Kind::Integer: return "integer";
    case SortOptionInfo::Kind::Choice: return "choice";
    case SortOptionInfo::Kind::Flag: return "flag";
    case SortOptionInfo::Kind::Path: return "file";
    case SortOptionInfo::Kind::Text: return "text";
  }
  return "";
}

const SortOptionInfo* sortOptionNamed(const std::string& name) {
  for (const SortOptionInfo& option : sortOptionTable())
    if (option.name == name) return &option;
  return nullptr;
}

std::string sortValueProblem(const SortOptionInfo& option, const std::string& text) {
  switch (option.kind) {
    case Kind::Real:
    case Kind::Integer: return numberProblem(text, option.min, option.max, option.kind == Kind::Integer, {});
    case Kind::Choice: {
      for (const std::string& word : option.choices)
        if (text == word) return "";
      std::string words;
      for (const std::string& word : option.choices) words += (words.empty() ? "" : ", ") + word;
      return "'" + (text.size() > 40 ? text.substr(0, 40) + "..." : text) + "' is not one of " + words;
    }
    case Kind::Path: return fileNameProblem(text, true);
    case Kind::Text: return centerProblem(text);
    case Kind::Flag: return "";
  }
  return "";
}

namespace {

// The given text of --NAME, or its initial value.
std::string textOf(const SortValues& values, const std::string& name) {
  const auto found = values.given.find(name);
  return found != values.given.end() ? found->second : sortOptionNamed(name)->initial;
}
bool given(const SortValues& values, const std::string& name) { return values.given.count(name) > 0; }

// The numbers, each checked first as the command line checks it.
void readNumbers(const SortValues& values, PixelSortOptions& ps) {
  const auto real = [&](const std::string& name, double& out) {
    const std::string text = textOf(values, name);
    if (const std::string why = sortValueProblem(*sortOptionNamed(name), text); !why.empty()) {
      throw Error(ExitCode::Usage, "--" + name + ": " + why);
    }
    out = std::strtod(text.c_str(), nullptr);
  };
  const auto whole = [&](const std::string& name, std::uint32_t& out) {
    double v = 0;
    real(name, v);
    out = static_cast<std::uint32_t>(v);
  };
  real("angle", ps.angle);
  real("lower", ps.lower);
  real("upper", ps.upper);
  real("mix", ps.mix);
  whole("span-length", ps.spanLength);
  whole("seed", ps.seed);
  whole("max-span", ps.maxSpan);
  whole("skip", ps.skipPercent);
}

// The words, each looked up in its registry.
void readChoices(const SortValues& values, PixelSortOptions& ps) {
  for (const std::string name : {"direction", "path", "intervals", "select", "key", "order", "algo"}) {
    if (const std::string why = sortValueProblem(*sortOptionNamed(name), textOf(values, name)); !why.empty()) {
      throw Error(ExitCode::Usage, "--" + name + ": " + why);
    }
  }
  if (textOf(values, "direction") == "vertical") ps.angle = kVerticalAngle;
  for (const PathInfo& k : kPaths)
    if (textOf(values, "path") == k.name) ps.path = k.path;
  for (const IntervalsInfo& k : kIntervals)
    if (textOf(values, "intervals") == k.name) ps.intervals = k.intervals;
  for (const PixelKeyInfo& k : kPixelKeys) {
    if (textOf(values, "key") == k.name) ps.key = k.key;
    if (textOf(values, "select") == k.name) ps.select = k.key;
  }
  ps.order = textOf(values, "order") == "desc" ? SortOrder::Descending : SortOrder::Ascending;
  ps.invert = given(values, "invert");
}

// What a path takes and refuses: --angle and --direction only for lines, --field for flow alone,
// --center for the paths round a centre.
void checkPath(const SortValues& values, PixelSortOptions& ps) {
  if (ps.path != PixelPath::Lines && (given(values, "angle") || given(values, "direction"))) {
    throw Error(ExitCode::Usage, std::string("pixelsort: --angle and --direction turn --path lines; --path ") +
                                     pathInfo(ps.path).name +
                                     (ps.path == PixelPath::Flow      ? " follows its --field"
                                      : ps.path == PixelPath::Hilbert ? " is one curve"
                                                                      : " goes round its --center"));
  }
  if ((ps.path == PixelPath::Flow) != given(values, "field")) {
    throw Error(ExitCode::Usage, ps.path == PixelPath::Flow ? "pixelsort: --path flow needs --field FILE, the direction field"
                                                            : "pixelsort: --field gives --path flow its directions; add --path flow");
  }
  if (!given(values, "center")) return;
  const std::string center = textOf(values, "center");
  if (const std::string why = centerProblem(center); !why.empty()) throw Error(ExitCode::Usage, "--center: " + why);
  if (ps.path == PixelPath::Lines || ps.path == PixelPath::Hilbert || ps.path == PixelPath::Flow) {
    throw Error(ExitCode::Usage, "pixelsort: --center places circles, spiral and radial; not --path " +
                                     std::string(pathInfo(ps.path).name));
  }
  ps.centerX = std::strtod(center.substr(0, center.find(',')).c_str(), nullptr);
  ps.centerY = std::strtod(center.substr(center.find(',') + 1).c_str(), nullptr);
}

}  // namespace

PixelSortStage sortStageOf(const SortValues& values) {
  for (const auto& [name, text] : values.given) {
    if (!sortOptionNamed(name)) throw Error(ExitCode::Usage, "--" + name + ": not an option of a sort");
  }
  if (given(values, "angle") && given(values, "direction")) {
    throw Error(ExitCode::Usage, "--angle excludes --direction");
  }
  PixelSortStage stage;
  PixelSortOptions& ps = stage.options;
  readNumbers(values, ps);
  readChoices(values, ps);
  for (const std::string name : {"mask", "field"}) {
    if (!given(values, name)) continue;
    if (const std::string why = fileNameProblem(textOf(values, name), true); !why.empty()) {
      throw Error(ExitCode::Usage, "--" + name + ": " + why);
    }
  }
  stage.mask = given(values, "mask") ? textOf(values, "mask") : "";
  stage.field = given(values, "field") ? textOf(values, "field") : "";
  checkPath(values, ps);
  if (ps.intervals == Intervals::Mask && stage.mask.empty()) {
    throw Error(ExitCode::Usage, "pixelsort: --intervals mask needs --mask FILE");
  }
  if (ps.intervals != Intervals::Threshold && (given(values, "select") || ps.invert)) {
    throw Error(ExitCode::Usage, std::string("pixelsort: --select and --invert shape --intervals threshold, not ") +
                                     intervalsInfo(ps.intervals).name);
  }
  checkPixelSortOptions(ps);
  stage.algorithmChosen = parseAlgorithm(textOf(values, "algo"), stage.algorithm);  // false for auto
  return stage;
}

}  // namespace texsort
