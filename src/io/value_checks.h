// The checks every option's value goes through, wherever it is typed: a command line, a recipe, a
// plugin's parameter. Each gives why the text is refused, in one phrase, or "" when it is taken.
#pragma once

#include <string>
#include <vector>

namespace texsort {

// A number given as text: not empty, all of it a number, finite, whole (digits, a sign at most) if
// `whole`, within [min, max]; or one of `words`. The user's text is echoed, at most 40 characters.
std::string numberProblem(const std::string& text, double min, double max, bool whole, const std::vector<std::string>& words);

// A file name: not empty ("-" is standard input or output); an option's (not an operand's, which may
// follow `--`) not a word starting with "--": the next option, taken as its value.
std::string fileNameProblem(const std::string& text, bool ofAnOption);

}  // namespace texsort
