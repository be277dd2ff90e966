// The frei0r filter's typed parameters against the option table they are made from: each sets an
// option of the table, of a matching kind, its default maps onto the option's default, its range
// lies inside the option's, and its words are the option's.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "error.h"
#include "pixelsort/option_table.h"
#include "plugin/parameters.h"

namespace texsort {
namespace {

using plugin::Parameter;
using Kind = SortOptionInfo::Kind;

const SortOptionInfo& rowFor(const Parameter& p) {
  const SortOptionInfo* row = sortOptionNamed(p.option);
  if (!row) throw std::runtime_error(std::string("no option ") + p.option);
  return *row;
}

TEST(PluginParameters, OptionsComesFirstAndEveryOtherSetsAnOptionOfTheTable) {
  const auto& list = plugin::parameters();
  ASSERT_GT(list.size(), 1u);
  EXPECT_EQ(std::string(list[0].name), "options");
  EXPECT_EQ(list[0].type, Parameter::Type::Text);
  for (std::size_t k = 1; k < list.size(); ++k) {
    const Parameter& p = list[k];
    ASSERT_NE(sortOptionNamed(p.option), nullptr) << p.name;
    const Kind kind = rowFor(p).kind;
    switch (p.type) {
      case Parameter::Type::Number: EXPECT_TRUE(kind == Kind::Real || kind == Kind::Integer) << p.name; break;
      case Parameter::Type::Words: EXPECT_EQ(kind, Kind::Choice) << p.name; break;
      case Parameter::Type::Switch: EXPECT_EQ(kind, Kind::Flag) << p.name; break;
      case Parameter::Type::Position: EXPECT_EQ(std::string(p.option), "center") << p.name; break;
      case Parameter::Type::Text: ADD_FAILURE() << p.name << ": only `options` is text"; break;
    }
  }
}

TEST(PluginParameters, DefaultsAreTheTablesAndRangesLieInsideIt) {
  for (const Parameter& p : plugin::parameters()) {
    if (p.type != Parameter::Type::Number && p.type != Parameter::Type::Words) continue;
    const SortOptionInfo& row = rowFor(p);
    const std::string text = plugin::optionText(p, plugin::defaultValue(p), 64, 48);
    if (p.type == Parameter::Type::Words) {
      EXPECT_EQ(text, row.initial) << p.name;
      continue;
    }
    EXPECT_EQ(std::strtod(text.c_str(), nullptr), std::strtod(row.initial.c_str(), nullptr)) << p.name;
    for (const double end : {0.0, 1.0}) {
      plugin::Value v;
      v.number = end;
      const double mapped = std::strtod(plugin::optionText(p, v, 64, 48).c_str(), nullptr);
      EXPECT_TRUE(mapped >= row.min && mapped <= row.max) << p.name << " at " << end << " is " << mapped;
      EXPECT_EQ(sortValueProblem(row, plugin::optionText(p, v, 64, 48)), "") << p.name;
    }
  }
}

TEST(PluginParameters, WordsAreExactlyTheTablesChoices) {
  for (const Parameter& p : plugin::parameters()) {
    if (p.type != Parameter::Type::Words) continue;
    for (const std::string& choice : rowFor(p).choices) {
      plugin::Value v;
      v.text = choice;
      EXPECT_EQ(plugin::optionText(p, v, 8, 8), choice) << p.name;
    }
    plugin::Value other;
    other.text = "sideways";
    EXPECT_THROW(plugin::optionText(p, other, 8, 8), Error) << p.name;
  }
}

}  // namespace
}  // namespace texsort
