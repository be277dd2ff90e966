// Typed options for CLI11: every option of texsort is added through Options, by the type of its
// value, so that every value is checked in one place and what each option accepts can be listed.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cli/command_line.h"
#include "pixelsort/option_table.h"

namespace texsort {

OptionSpec makeSpec(const std::string& command, const std::string& name, OptionSpec::Kind kind);

// Checks a number given as text: not empty, all of it a number, finite, whole if `whole`, within
// [min, max]; or one of `words`. Its message echoes the user's text, at most 40 characters.
CLI::Validator numberIn(double min, double max, bool whole, const std::vector<std::string>& words);

// Checks a file name: not empty ("-" is standard input or output); an option's (not an operand's,
// which may follow `--`) not a word starting with "--": the next option, taken as its value.
CLI::Validator fileName(bool ofAnOption);

// [validation] Every option is added through one of these, by the type of its value, so every
// value is checked in one place before anything runs: numbers must be finite, in their range and
// whole where they count things (nan, inf, "" and 1e300 are refused, never read as 0 or clamped);
// file names must not be empty; words must be one of their list. Each records what it accepts
// (OptionSpec), which the contract test reads to feed every option hostile values.
class Options {
 public:
  Options(CLI::App* app, std::vector<std::pair<const CLI::Option*, OptionSpec>>& specs) : app_(app), specs_(specs) {}

  template <typename T>
  CLI::Option* number(const std::string& name, T& value, double min, double max, const std::string& help,
                      std::vector<std::string> words = {}) {
    constexpr bool whole = std::is_integral_v<T> || std::is_integral_v<typename ElementOf<T>::type>;
    CLI::Option* option = app_->add_option(name, value, help)->check(numberIn(min, max, whole, words));
    OptionSpec spec =
        makeSpec(app_->get_name(), option->get_name(), whole ? OptionSpec::Kind::Integer : OptionSpec::Kind::Real);
    spec.min = min;
    spec.max = max;
    spec.choices = std::move(words);
    return record(option, spec);
  }
  // A number or a word (--speed max): the option's value stays text, checked as the number would be.
  CLI::Option* numberOrWord(const std::string& name, std::string& value, double min, double max,
                            std::vector<std::string> words, const std::string& help) {
    CLI::Option* option = app_->add_option(name, value, help)->check(numberIn(min, max, false, words));
    OptionSpec spec = makeSpec(app_->get_name(), option->get_name(), OptionSpec::Kind::Real);
    spec.min = min;
    spec.max = max;
    spec.choices = std::move(words);
    return record(option, spec);
  }
  template <typename T>
  CLI::Option* path(const std::string& name, T& value, const std::string& help) {
    CLI::Option* option = app_->add_option(name, value, help)->check(fileName(name[0] == '-'));
    return record(option, makeSpec(app_->get_name(), option->get_name(), OptionSpec::Kind::Path));
  }
  template <typename T>
  CLI::Option* choice(const std::string& name, T& value, std::vector<std::string> words, const std::string& help) {
    CLI::Option* option = app_->add_option(name, value, help)->check(CLI::IsMember(words));
    OptionSpec spec = makeSpec(app_->get_name(), option->get_name(), OptionSpec::Kind::Choice);
    spec.choices = std::move(words);
    return record(option, spec);
  }
  // Text with its own grammar (--size WxH), checked by `validator`; none of the hostile values fits.
  CLI::Option* text(const std::string& name, std::string& value, const CLI::Validator& validator,
                    const std::string& help) {
    CLI::Option* option = app_->add_option(name, value, help)->check(validator);
    return record(option, makeSpec(app_->get_name(), option->get_name(), OptionSpec::Kind::Text));
  }
  // The same, given any number of times (--animate a --animate b).
  CLI::Option* texts(const std::string& name, std::vector<std::string>& values, const CLI::Validator& validator,
                     const std::string& help) {
    CLI::Option* option = app_->add_option(name, values, help)->check(validator)->allow_extra_args(false);
    return record(option, makeSpec(app_->get_name(), option->get_name(), OptionSpec::Kind::Text));
  }
  // An option made elsewhere from the pixel sort's option table (addSortOptions), recorded by its row.
  CLI::Option* adopt(CLI::Option* option, const SortOptionInfo& row) {
    using Row = SortOptionInfo::Kind;
    using Kind = OptionSpec::Kind;
    const Kind kind = row.kind == Row::Real      ? Kind::Real
                      : row.kind == Row::Integer ? Kind::Integer
                      : row.kind == Row::Choice  ? Kind::Choice
                      : row.kind == Row::Flag    ? Kind::Flag
                      : row.kind == Row::Path    ? Kind::Path
                                                 : Kind::Text;
    OptionSpec spec = makeSpec(app_->get_name(), option->get_name(), kind);
    spec.min = row.min;
    spec.max = row.max;
    spec.choices = row.choices;
    return record(option, spec);
  }
  CLI::Option* flag(const std::string& name, bool& value, const std::string& help) {
    CLI::Option* option = app_->add_flag(name, value, help);
    return record(option, makeSpec(app_->get_name(), option->get_name(), OptionSpec::Kind::Flag));
  }

 private:
  template <typename T>
  struct ElementOf {
    using type = T;
  };
  template <typename T>
  struct ElementOf<std::vector<T>> {
    using type = T;
  };

  CLI::Option* record(CLI::Option* option, OptionSpec spec) {
    spec.positional = option->get_positional();
    specs_.emplace_back(option, std::move(spec));
    return option;
  }

  CLI::App* app_;
  std::vector<std::pair<const CLI::Option*, OptionSpec>>& specs_;
};

}  // namespace texsort
