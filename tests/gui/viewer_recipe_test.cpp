// Recipes in the viewer's Pixel sort mode, driven as a user drives them (demo --input under Xvfb): a
// preset picked from the combo, or named with demo --preset, shows and saves exactly what
// `texsort pixelsort --preset` writes; a sort of the recipe edited, or one added, saves as the
// command line's --then recipe with that change.
#include <gtest/gtest.h>

#include "test_support.h"

namespace texsort {
namespace {

// The viewer's export after `script`, and the command line's picture for `pixelsortArgs`.
void expectSame(const std::vector<std::string>& demoArgs, const std::string& script,
                const std::vector<std::string>& pixelsortArgs) {
  test::TempFolder dir;
  const std::string astronaut = test::assetPath("astronaut.png");
  std::vector<std::string> all = {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--pixelsort",
                                  "--frames", "40", "--export-state", dir.path("viewer.png")};
  if (!script.empty()) all.insert(all.end(), {"--input", script});
  all.insert(all.end(), demoArgs.begin(), demoArgs.end());
  const test::RunResult run = test::runXvfb(all);
  ASSERT_EQ(run.exitCode, 0) << run.err << run.out;
  EXPECT_EQ(run.err.find("no widget named"), std::string::npos) << run.err;
  std::vector<std::string> cli = {"pixelsort", astronaut, "-o", dir.path("cli.png"), "-q"};
  cli.insert(cli.end(), pixelsortArgs.begin(), pixelsortArgs.end());
  ASSERT_EQ(test::runTexsort(cli).exitCode, 0);
  EXPECT_EQ(test::readFile(dir.path("viewer.png")), test::readFile(dir.path("cli.png")));
  // Not the plain sort: the recipe made a difference.
  ASSERT_EQ(test::runTexsort({"pixelsort", astronaut, "-o", dir.path("plain.png"), "-q"}).exitCode, 0);
  EXPECT_NE(test::readFile(dir.path("viewer.png")), test::readFile(dir.path("plain.png")));
}

TEST(GuiRecipe, APresetPickedIsTheCommandLinesPreset) {
  expectSame({}, "3: click @Recipe; 6: click @preset; 9: click @preset asdf", {"--preset", "asdf"});
  expectSame({"--preset", "rays"}, "", {"--preset", "rays"});
}

// asdf's first sort turned descending: the picture saved is that sort, then the second one on it.
TEST(GuiRecipe, AnEarlierSortEditedSavesWithTheLaterOnesAfterIt) {
  expectSame({"--preset", "asdf"}, "3: click @< sort; 8: click @pixel desc",
             {"--direction", "vertical", "--key", "rgb", "--lower", "0.3", "--upper", "1", "--order", "desc", "--then",
              "--key", "rgb", "--lower", "0.3", "--upper", "1"});
}

// + sort adds a copy of the sort shown, run on its result.
TEST(GuiRecipe, AnAddedSortRunsOnTheResultOfTheOneBefore) {
  const std::vector<std::string> melt = {"--direction", "vertical", "--intervals", "edges", "--lower", "0.5", "--order", "desc"};
  std::vector<std::string> twice = melt;
  twice.push_back("--then");
  twice.insert(twice.end(), melt.begin(), melt.end());
  expectSame({"--preset", "melt"}, "3: click @+ sort", twice);
}

// A line sort picked whose plan fails (bitonic-fast where its textures cannot be allocated: forced)
// leaves the view on auto: the recipe saved then says auto for asdf's second sort (the one shown),
// not the line sort auto happened to run.
TEST(GuiRecipe, AFailedPickLeavesTheSortOnAuto) {
  test::TempFolder dir;
  const std::string recipe = dir.path("after.txt");
  const test::RunResult run = test::runXvfb(
      {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--pixelsort", "--preset", "asdf", "--frames",
       "30", "--input",
       "3: click @line sort; 6: click @line sort bitonic-fast; 9: click @recipe save path; 11: key ctrl+a; 13: type " +
           recipe + "; 16: click @Save recipe"},
      test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "oom-compact"}}});
  ASSERT_EQ(run.exitCode, 0) << run.err << run.out;
  EXPECT_EQ(run.err.find("no widget named"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("GL: cannot allocate compact state"), std::string::npos) << run.err;
  const std::vector<std::uint8_t> bytes = test::readFile(recipe);
  const std::string saved(bytes.begin(), bytes.end());
  const std::size_t first = saved.find("--algo auto");
  ASSERT_NE(first, std::string::npos) << saved;
  EXPECT_NE(saved.find("--algo auto", first + 1), std::string::npos) << "both of asdf's sorts on auto\n" << saved;
}

// The viewer on `text` as a recipe file for 12 frames, its picture exported to `picture`, with the
// forced `failures` (TEXSORT_FORCE_FAILURE).
test::RunResult demoOnRecipe(const test::TempFolder& dir, const std::string& text, const std::string& picture,
                             const char* failures, const std::string& script = "") {
  const std::string recipe = dir.path("recipe.txt");
  test::writeFile(recipe, std::vector<std::uint8_t>(text.begin(), text.end()));
  std::vector<std::string> args = {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--pixelsort", "--preset",
                                   recipe, "--frames", "12", "--export-state", picture};
  if (!script.empty()) args.insert(args.end(), {"--input", script});
  return test::runXvfb(args, test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", failures}}});
}

// A recipe naming a line sort this context cannot run (a compute one without compute shaders,
// bitonic-wide where a draw writes 4 targets), is refused in one line (it was tried, and failed,
// every frame, with no panel to change it); the view runs the default sort. The line sort combo
// does not offer it.
TEST(GuiRecipe, ARecipeThisContextCannotRunIsRefusedOnce) {
  {
    test::TempFolder dir;
    const test::RunResult run = demoOnRecipe(dir, "--algo bitonic-wide\n", dir.path("viewer.png"), "four-draw-buffers",
                                             "3: click @line sort; 6: click @line sort bitonic-wide");
    const std::string refusal = dir.path("recipe.txt") + ": sort 1: bitonic-wide draws into 8 targets at once";
    const std::size_t at = run.err.find(refusal);
    ASSERT_NE(at, std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("draws into 8", at + refusal.size()), std::string::npos) << "once\n" << run.err;
    EXPECT_NE(run.err.find("no widget named 'line sort bitonic-wide'"), std::string::npos) << run.err;
  }
  test::TempFolder dir;
  const test::RunResult run = demoOnRecipe(dir, "--algo compute-b32\n--angle 90\n", dir.path("viewer.png"), "no-compute");
  ASSERT_EQ(run.exitCode, 0) << run.err << run.out;
  const std::string refusal = dir.path("recipe.txt") + ": sort 1: compute-b32 needs compute shaders";  // not the sort shown
  const std::size_t at = run.err.find(refusal);
  ASSERT_NE(at, std::string::npos) << run.err;
  EXPECT_EQ(run.err.find("needs compute shaders", at + refusal.size()), std::string::npos) << "once\n" << run.err;
  ASSERT_EQ(test::runTexsort({"pixelsort", test::assetPath("astronaut.png"), "-o", dir.path("cli.png"), "-q"}).exitCode, 0);
  EXPECT_EQ(test::readFile(dir.path("viewer.png")), test::readFile(dir.path("cli.png")));
}

// A recipe's line sort is a pick: saved by its name, until auto is picked in its place.
TEST(GuiRecipe, ARecipesLineSortSavesAsPickedUntilAutoIsPicked) {
  test::TempFolder dir;
  const std::string recipe = dir.path("fast.txt"), text = "--angle 90\n--algo bitonic-fast\n";
  test::writeFile(recipe, std::vector<std::uint8_t>(text.begin(), text.end()));
  const auto saved = [&](const std::string& pick, const std::string& file) {
    const test::RunResult run = test::runXvfb(
        {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--pixelsort", "--preset", recipe, "--frames",
         "30", "--input", pick + "9: click @recipe save path; 11: key ctrl+a; 13: type " + file + "; 16: click @Save recipe"});
    EXPECT_EQ(run.exitCode, 0) << run.err << run.out;
    EXPECT_EQ(run.err.find("no widget named"), std::string::npos) << run.err;
    const std::vector<std::uint8_t> bytes = test::readFile(file);
    return std::string(bytes.begin(), bytes.end());
  };
  const std::string kept = saved("", dir.path("kept.txt"));
  EXPECT_NE(kept.find("--algo bitonic-fast"), std::string::npos) << kept;
  const std::string automatic = saved("3: click @line sort; 6: click @line sort auto; ", dir.path("auto.txt"));
  EXPECT_EQ(automatic.find("--algo bitonic-fast"), std::string::npos) << automatic;
  EXPECT_NE(automatic.find("--algo auto", automatic.find('\n', automatic.find("--algo"))), std::string::npos) << automatic;
}

// A recipe's line sort that cannot be set up here (bitonic-fast where its textures cannot be
// allocated: forced) runs on auto's, the error said once (it was tried every frame, with no panel,
// and nothing exported).
TEST(GuiRecipe, ARecipesLineSortThatFailsHereRunsOnAutos) {
  test::TempFolder dir;
  const test::RunResult run = demoOnRecipe(dir, "--angle 90\n--algo bitonic-fast\n", dir.path("viewer.png"), "oom-compact");
  ASSERT_EQ(run.exitCode, 0) << run.err << run.out;
  const std::size_t at = run.err.find("cannot allocate compact state");
  ASSERT_NE(at, std::string::npos) << run.err;
  EXPECT_EQ(run.err.find("cannot allocate compact state", at + 1), std::string::npos) << "once\n" << run.err;
  const std::string runs = dir.path("runs.txt"), same = "--angle 90\n--algo bitonic-fast\n";  // every line sort: one picture
  test::writeFile(runs, std::vector<std::uint8_t>(same.begin(), same.end()));
  ASSERT_EQ(test::runTexsort({"pixelsort", test::assetPath("astronaut.png"), "-o", dir.path("cli.png"), "-q", "--preset", runs})
                .exitCode, 0);
  EXPECT_EQ(test::readFile(dir.path("viewer.png")), test::readFile(dir.path("cli.png")));
  // The sort before the one shown names it: no view can be made for the one shown (on auto). Said
  // once, not every frame; the export asked for fails, exit 4.
  const std::string before = "--algo bitonic-fast\n--angle 90\n";
  const test::RunResult none = demoOnRecipe(dir, before, dir.path("none.png"), "oom-compact");
  EXPECT_EQ(none.exitCode, 4) << none.err;
  std::size_t said = 0;
  for (std::size_t k = none.err.find("compact state"); k != std::string::npos; k = none.err.find("compact state", k + 1)) ++said;
  EXPECT_EQ(said, 1u) << none.err;
  EXPECT_NE(none.err.find("none.png: no pixel-sorted picture to save"), std::string::npos) << none.err;
  EXPECT_FALSE(test::fileExists(dir.path("none.png")));
  // Another picture opened is tried again (and fails again here): said once for each.
  const test::RunResult other = demoOnRecipe(dir, before, dir.path("other.png"), "oom-compact", "4: click @coffee");
  EXPECT_EQ(other.exitCode, 4) << other.err;
  said = 0;
  for (std::size_t k = other.err.find("compact state"); k != std::string::npos; k = other.err.find("compact state", k + 1)) ++said;
  EXPECT_EQ(said, 2u) << other.err;
  // The recipe's controls stay: back on sort 1, which then runs on auto's line sort, and the export
  // (both sorts) is made.
  const test::RunResult back = demoOnRecipe(dir, before, dir.path("back.png"), "oom-compact", "3: click @< sort");
  ASSERT_EQ(back.exitCode, 0) << back.err;
  const std::string one = dir.path("one.txt"), first = "--algo bitonic-fast\n--angle 90\n";
  test::writeFile(one, std::vector<std::uint8_t>(first.begin(), first.end()));
  ASSERT_EQ(test::runTexsort({"pixelsort", test::assetPath("astronaut.png"), "-o", dir.path("one.png"), "-q", "--preset", one})
                .exitCode, 0);
  EXPECT_EQ(test::readFile(dir.path("back.png")), test::readFile(dir.path("one.png")));
}

// Where auto's own line sort cannot be set up (bitonic-fast, all this context would take: forced)
// no view is made; the line sort can still be picked, and one that runs makes it: the command line's
// picture with that line sort.
TEST(GuiRecipe, WithoutAViewALineSortThatRunsCanBePicked) {
  test::TempFolder dir;
  const test::RunResult run = test::runXvfb(
      {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--pixelsort", "--frames", "12",
       "--export-state", dir.path("viewer.png"), "--input", "3: click @line sort; 6: click @line sort bitonic"},
      test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "oom-compact,four-draw-buffers,no-compute"}}});
  ASSERT_EQ(run.exitCode, 0) << run.err << run.out;
  EXPECT_NE(run.err.find("GL: cannot allocate compact state"), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find("no widget named"), std::string::npos) << run.err;
  ASSERT_EQ(test::runTexsort({"pixelsort", test::assetPath("astronaut.png"), "-o", dir.path("cli.png"), "--algo", "bitonic",
                              "-q"}).exitCode, 0);
  EXPECT_EQ(test::readFile(dir.path("viewer.png")), test::readFile(dir.path("cli.png")));
}

// Save recipe writes the sorts as a recipe file that `pixelsort --preset FILE` reads back into the
// same picture; a painted mask, which no file holds, is refused in one line.
TEST(GuiRecipe, ASavedRecipeIsTheCommandLinesPreset) {
  test::TempFolder dir;
  const std::string astronaut = test::assetPath("astronaut.png"), recipe = dir.path("mine.txt");
  const auto demo = [&](const std::string& script) {
    return test::runXvfb({"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--pixelsort", "--preset",
                          "asdf", "--frames", "40", "--export-state", dir.path("viewer.png"), "--input", script});
  };
  const test::RunResult run = demo("3: click @< sort; 8: click @pixel desc; 12: click @recipe save path; 14: key ctrl+a; "
                                   "16: type " + recipe + "; 19: click @Save recipe");
  ASSERT_EQ(run.exitCode, 0) << run.err << run.out;
  ASSERT_TRUE(test::fileExists(recipe)) << run.err;
  ASSERT_EQ(test::runTexsort({"pixelsort", astronaut, "-o", dir.path("cli.png"), "--preset", recipe, "-q"}).exitCode, 0);
  EXPECT_EQ(test::readFile(dir.path("viewer.png")), test::readFile(dir.path("cli.png")));
  ASSERT_EQ(test::runTexsort({"pixelsort", astronaut, "-o", dir.path("asdf.png"), "--preset", "asdf", "-q"}).exitCode, 0);
  EXPECT_NE(test::readFile(dir.path("cli.png")), test::readFile(dir.path("asdf.png"))) << "the edit is in the recipe";
  // asdf names no line sort: each sort is saved as auto, whatever auto ran here; one picked in the
  // line sort combo is saved by its name.
  const auto text = [](const std::string& file) {
    const std::vector<std::uint8_t> bytes = test::readFile(file);
    return std::string(bytes.begin(), bytes.end());
  };
  const std::string saved = text(recipe);
  std::size_t autos = 0;
  for (std::size_t at = saved.find("--algo auto"); at != std::string::npos; at = saved.find("--algo auto", at + 1)) ++autos;
  EXPECT_EQ(autos, 2u) << saved;
  const test::RunResult picked = demo("3: click @line sort; 6: click @line sort bitonic-fast; 9: click @recipe save path; "
                                      "11: key ctrl+a; 13: type " + dir.path("picked.txt") + "; 16: click @Save recipe");
  ASSERT_EQ(picked.exitCode, 0) << picked.err << picked.out;
  EXPECT_EQ(picked.err.find("no widget named"), std::string::npos) << picked.err;
  const std::string second = text(dir.path("picked.txt"));
  const std::size_t firstLineEnd = second.find('\n', second.find("--algo"));
  ASSERT_NE(second.find("--algo auto"), std::string::npos) << second;
  ASSERT_NE(second.find("--algo bitonic-fast"), std::string::npos) << "sort 2, picked\n" << second;
  EXPECT_LT(second.find("--algo auto"), firstLineEnd) << "sort 1 untouched: auto\n" << second;
  EXPECT_GT(second.find("--algo bitonic-fast"), firstLineEnd) << "sort 2, picked\n" << second;
  // Picking the line sort auto runs (bitonic-wide, the compute copies read slow) is a pick too.
  const test::RunResult same = test::runXvfb(
      {"-a", "-s", "-screen 0 1280x820x24", test::texsortBinary(), "demo", "--pixelsort", "--preset", "asdf", "--frames",
       "40", "--input", "3: click @line sort; 6: click @line sort bitonic-wide; 9: click @recipe save path; 11: key ctrl+a; "
       "13: type " + dir.path("same.txt") + "; 16: click @Save recipe"},
      test::RunOptions{{}, {{"TEXSORT_FORCE_FAILURE", "slow-compute"}}});
  ASSERT_EQ(same.exitCode, 0) << same.err << same.out;
  EXPECT_NE(text(dir.path("same.txt")).find("--algo bitonic-wide"), std::string::npos) << text(dir.path("same.txt"));

  const test::RunResult painted = demo("3: click @Mask; 6: click @brush; 9: move @picture +0 +0; 11: press; 13: release; "
                                       "16: click @recipe save path; 18: key ctrl+a; 20: type " + dir.path("p.txt") +
                                       "; 23: click @Save recipe");
  EXPECT_EQ(painted.exitCode, 2) << painted.err;
  EXPECT_NE(painted.err.find("texsort: error: sort 2's mask was painted"), std::string::npos) << painted.err;
  EXPECT_FALSE(test::fileExists(dir.path("p.txt")));
}

}  // namespace
}  // namespace texsort
