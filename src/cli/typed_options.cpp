// Typed options (typed_options.h): the checks every option's value goes through.
#include "cli/typed_options.h"

#include "error.h"
#include "io/value_checks.h"

namespace texsort {

OptionSpec makeSpec(const std::string& command, const std::string& name, OptionSpec::Kind kind) {
  OptionSpec spec;
  spec.command = command;
  spec.name = name;
  spec.kind = kind;
  return spec;
}

CLI::Validator numberIn(double min, double max, bool whole, const std::vector<std::string>& words) {
  return CLI::Validator([=](std::string& text) { return numberProblem(text, min, max, whole, words); },
                        "in [" + numberText(min) + ", " + numberText(max) + "]");
}

CLI::Validator fileName(bool ofAnOption) {
  return CLI::Validator([ofAnOption](std::string& text) { return fileNameProblem(text, ofAnOption); }, "");
}

}  // namespace texsort
