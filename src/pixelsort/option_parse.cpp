// One sort's options from the table on a CLI11 app, and a line of sorts parsed (option_parse.h).
#include "pixelsort/option_parse.h"

#include "error.h"

namespace texsort {

void addSortOptions(CLI::App& app, SortTexts& texts,
                    const std::function<void(CLI::Option*, const SortOptionInfo&)>& added) {
  std::map<std::string, CLI::Option*> made;
  for (const SortOptionInfo& row : sortOptionTable()) {
    const std::string flag = "--" + row.name;
    CLI::Option* option = nullptr;
    if (row.kind == SortOptionInfo::Kind::Flag) {
      option = app.add_flag(flag, texts.flag[row.name], row.help);
    } else {
      std::string& text = texts.text[row.name];
      text = row.initial;
      option = app.add_option(flag, text, row.help);
      if (row.kind == SortOptionInfo::Kind::Choice) {
        option->check(CLI::IsMember(row.choices));
      } else {
        option->check(CLI::Validator([&row](std::string& value) { return sortValueProblem(row, value); },
                                     row.metavar.empty() ? "" : row.metavar));
      }
      if (!row.initial.empty()) option->default_str(row.initial);
    }
    made[row.name] = option;
    if (added) added(option, row);
  }
  made["angle"]->excludes(made["direction"]);
}

SortValues givenSortValues(const CLI::App& app, const SortTexts& texts) {
  SortValues values;
  for (const SortOptionInfo& row : sortOptionTable()) {
    if (app.count("--" + row.name) == 0) continue;
    if (row.kind == SortOptionInfo::Kind::Flag && !texts.flag.at(row.name)) continue;
    values.given[row.name] = row.kind == SortOptionInfo::Kind::Flag ? "true" : texts.text.at(row.name);
  }
  return values;
}

std::string recipeNameProblem(const std::string& text) {
  if (text.size() <= 2 || text.compare(0, 2, "--") != 0) return "";
  return "'" + text + "' is an option, not a preset or a recipe file (a file of that name: ./" + text + ")";
}

namespace {

// One sort's words through an app of the table's options alone: the values given.
SortValues parseSort(const std::vector<std::string>& words) {
  CLI::App app("a sort");
  app.set_help_flag();  // --help is no sort's option: refused as any other word
  SortTexts texts;
  addSortOptions(app, texts);
  std::vector<const char*> argv = {"texsort_pixelsort"};  // as a program's: CLI11's messages keep their order
  for (const std::string& word : words) argv.push_back(word.c_str());
  for (const std::string& word : words) {
    if (word.size() > 3 && word.compare(0, 2, "--") == 0 && word.back() == '=') {
      throw Error(ExitCode::Usage, word.substr(0, word.size() - 1) + ": an empty value after '='; give one");
    }
  }
  app.allow_extras();  // a word that is none of a sort's options is named below, the first one first
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& e) {
    throw Error(ExitCode::Usage, e.what());
  }
  if (!app.remaining().empty()) {
    const std::string first = app.remaining().front();
    throw Error(ExitCode::Usage, "'" + first.substr(0, 40) + (first.size() > 40 ? "...'" : "'") + " is not a sort's option" +
                                     (first.rfind('-', 0) == 0 ? "" : " (a sort names no picture and writes no file)"));
  }
  return givenSortValues(app, texts);
}

// `--preset NAME|FILE` replaced by its recipe's words, its later sorts behind --then.
std::vector<std::string> withRecipes(const std::vector<std::string>& words, std::vector<std::string>& files) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const bool joined = words[i].rfind("--preset=", 0) == 0;
    if (words[i] != "--preset" && !joined) {
      out.push_back(words[i]);
      continue;
    }
    if (!joined && i + 1 == words.size()) throw Error(ExitCode::Usage, "--preset needs a preset's name or a recipe file");
    const std::string which = joined ? words[i].substr(9) : words[++i];
    if (const std::string why = recipeNameProblem(which); !why.empty()) throw Error(ExitCode::Usage, "--preset: " + why);
    if (namesRecipeFile(which)) files.push_back(which);
    bool first = true;
    for (const RecipeLine& line : presetLines(which)) {
      const std::string at = (namesRecipeFile(which) ? which : "preset " + which) + ":" + std::to_string(line.number) + ": ";
      for (const std::string& word : line.words) {
        if (word == "--then" || word.rfind("--preset", 0) == 0) {
          throw Error(ExitCode::Usage, at + word + " is not a sort's option; a recipe line holds one sort's options");
        }
      }
      try {
        parseSort(line.words);  // each line checked where it stands, so that a message names the line
      } catch (const Error& e) {
        throw Error(e.code(), at + e.what());
      }
      if (!first) out.push_back("--then");
      out.insert(out.end(), line.words.begin(), line.words.end());
      first = false;
    }
  }
  return out;
}

}  // namespace

ParsedSorts parseSorts(const std::vector<std::string>& words) {
  ParsedSorts parsed;
  std::vector<std::vector<std::string>> parts(1);
  for (const std::string& word : withRecipes(words, parsed.recipeFiles)) {
    if (word == "--then") {
      parts.emplace_back();
    } else {
      parts.back().push_back(word);
    }
  }
  for (std::size_t k = 0; k < parts.size(); ++k) {
    if (parts[k].empty() && k > 0) {
      throw Error(ExitCode::Usage, "--then (sort " + std::to_string(k + 1) + ") needs the options of that sort");
    }
    parsed.values.push_back(parseSort(parts[k]));
    parsed.stages.push_back(sortStageOf(parsed.values.back()));
  }
  return parsed;
}

}  // namespace texsort
