// The frei0r filter loaded as a host loads it (dlopen, the f0r_* entry points): two instances with
// different options sorting in two threads at once, one instance called from a new thread every
// frame, a size change (a new instance), and doubles outside 0..1: every sorted frame byte for byte
// `texsort pixelsort` of it, every bad value said in one line with the frame passed through.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <unistd.h>

extern "C" {
#include <frei0r.h>
}

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "image/image_io.h"
#include "test_support.h"

namespace texsort {
namespace {

struct Plugin {
  void* library = nullptr;
  int (*init)() = nullptr;
  f0r_instance_t (*construct)(unsigned, unsigned) = nullptr;
  void (*destruct)(f0r_instance_t) = nullptr;
  void (*setParam)(f0r_instance_t, f0r_param_t, int) = nullptr;
  void (*update)(f0r_instance_t, double, const uint32_t*, uint32_t*) = nullptr;

  Plugin() {
    library = dlopen((std::string(TEXSORT_PLUGIN_DIR) + "/texsort_pixelsort.so").c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    init = reinterpret_cast<int (*)()>(dlsym(library, "f0r_init"));
    construct = reinterpret_cast<f0r_instance_t (*)(unsigned, unsigned)>(dlsym(library, "f0r_construct"));
    destruct = reinterpret_cast<void (*)(f0r_instance_t)>(dlsym(library, "f0r_destruct"));
    setParam = reinterpret_cast<void (*)(f0r_instance_t, f0r_param_t, int)>(dlsym(library, "f0r_set_param_value"));
    update = reinterpret_cast<void (*)(f0r_instance_t, double, const uint32_t*, uint32_t*)>(dlsym(library, "f0r_update"));
  }
  bool loaded() const { return library && init && construct && destruct && setParam && update && init() == 1; }
  void setOptions(f0r_instance_t instance, const char* options) const {
    f0r_param_string text = const_cast<char*>(options);
    setParam(instance, &text, 0);
  }
  void setNumber(f0r_instance_t instance, int index, double value) const { setParam(instance, &value, index); }
};

const Plugin& plugin() {
  static const Plugin loaded;
  return loaded;
}

// A random picture (few colours: many ties) and its PNG, which the command line reads.
Image picture(const test::TempFolder& dir, std::uint32_t width, std::uint32_t height, unsigned seed) {
  std::mt19937 rng(seed);
  Image image = test::randomImage(width, height, rng, 24);
  saveImagePng(dir.path("in" + std::to_string(seed) + ".png"), image);
  return image;
}

// `texsort pixelsort` of picture `seed` with `options`, as RGBA bytes.
std::vector<std::uint8_t> commandLine(const test::TempFolder& dir, unsigned seed, const std::vector<std::string>& options) {
  const std::string out = dir.path("cli" + std::to_string(seed) + ".png");
  std::vector<std::string> args = {"pixelsort", dir.path("in" + std::to_string(seed) + ".png"), "-o", out, "-q"};
  args.insert(args.end(), options.begin(), options.end());
  const test::RunResult run = test::runTexsort(args);
  EXPECT_EQ(run.exitCode, 0) << run.err;
  return loadImage(out, 1u << 24).rgba;
}

std::vector<std::uint8_t> sorted(f0r_instance_t instance, const Image& image) {
  std::vector<std::uint8_t> out(image.rgba.size());
  plugin().update(instance, 0.0, reinterpret_cast<const uint32_t*>(image.rgba.data()), reinterpret_cast<uint32_t*>(out.data()));
  return out;
}

// Standard error of the test process, caught while `run` runs.
template <typename Run>
std::string standardErrorOf(Run run) {
  std::fflush(stderr);
  test::TempFolder dir;
  const std::string path = dir.path("err.txt");
  std::FILE* file = std::fopen(path.c_str(), "w");
  const int kept = dup(2);
  dup2(fileno(file), 2);
  run();
  std::fflush(stderr);
  dup2(kept, 2);
  close(kept);
  std::fclose(file);
  const std::vector<std::uint8_t> bytes = test::readFile(path);
  return std::string(bytes.begin(), bytes.end());
}

TEST(Frei0rApi, TwoInstancesInTwoThreadsAtOnceSortExactly) {
  ASSERT_TRUE(plugin().loaded()) << dlerror();
  test::TempFolder dir;
  const Image a = picture(dir, 48, 32, 1), b = picture(dir, 33, 17, 2);
  f0r_instance_t first = plugin().construct(48, 32), second = plugin().construct(33, 17);
  ASSERT_TRUE(first && second);
  plugin().setOptions(first, "--angle 30 --key hue");
  plugin().setOptions(second, "--direction vertical --order desc --then --intervals edges");
  std::vector<std::vector<std::uint8_t>> outA(4), outB(4);
  std::thread one([&] {
    for (auto& out : outA) out = sorted(first, a);
  });
  std::thread two([&] {
    for (auto& out : outB) out = sorted(second, b);
  });
  one.join();
  two.join();
  const std::vector<std::uint8_t> expectA = commandLine(dir, 1, {"--angle", "30", "--key", "hue"});
  const std::vector<std::uint8_t> expectB =
      commandLine(dir, 2, {"--direction", "vertical", "--order", "desc", "--then", "--intervals", "edges"});
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_TRUE(outA[k] == expectA) << "first instance, frame " << k;
    EXPECT_TRUE(outB[k] == expectB) << "second instance, frame " << k;
  }
  plugin().destruct(first);
  plugin().destruct(second);
}

TEST(Frei0rApi, OneInstanceCalledFromANewThreadEachFrameSortsExactly) {
  ASSERT_TRUE(plugin().loaded()) << dlerror();
  test::TempFolder dir;
  const Image image = picture(dir, 40, 24, 3);
  f0r_instance_t instance = plugin().construct(40, 24);
  ASSERT_TRUE(instance);
  plugin().setOptions(instance, "--path circles --mix 0.5");
  const std::vector<std::uint8_t> expected = commandLine(dir, 3, {"--path", "circles", "--mix", "0.5"});
  for (int frame = 0; frame < 4; ++frame) {
    std::vector<std::uint8_t> out;
    std::thread([&] { out = sorted(instance, image); }).join();
    EXPECT_TRUE(out == expected) << "frame " << frame;
  }
  std::thread([&] { plugin().destruct(instance); }).join();  // destroyed from yet another thread
}

// A host meets a new frame size with a new instance (frei0r's sizes are fixed at construction).
TEST(Frei0rApi, ASizeChangeBetweenFramesSortsEachSizeExactly) {
  ASSERT_TRUE(plugin().loaded()) << dlerror();
  test::TempFolder dir;
  const Image small = picture(dir, 16, 9, 4), large = picture(dir, 31, 21, 5);
  for (const Image* image : {&small, &large, &small}) {
    f0r_instance_t instance = plugin().construct(image->width, image->height);
    ASSERT_TRUE(instance);
    plugin().setNumber(instance, 1, 0.625);  // angle: 45 degrees
    const unsigned seed = image == &small ? 4 : 5;
    EXPECT_TRUE(sorted(instance, *image) == commandLine(dir, seed, {"--angle", "45"})) << image->width;
    plugin().destruct(instance);
  }
}

// NaN, negative and > 1 doubles: one line naming the parameter, the frame passed through, and the
// next good value sorts again.
TEST(Frei0rApi, DoublesOutsideZeroToOnePassTheFrameThroughWithOneLine) {
  ASSERT_TRUE(plugin().loaded()) << dlerror();
  test::TempFolder dir;
  const Image image = picture(dir, 20, 12, 6);
  f0r_instance_t instance = plugin().construct(20, 12);
  ASSERT_TRUE(instance);
  for (const double bad : {std::nan(""), -0.25, 1.5, std::numeric_limits<double>::infinity()}) {
    std::vector<std::uint8_t> out;
    const std::string err = standardErrorOf([&] {
      plugin().setNumber(instance, 2, bad);  // lower
      out = sorted(instance, image);
      out = sorted(instance, image);  // the same bad value is not said again
    });
    EXPECT_EQ(err.rfind("texsort_pixelsort: parameter 'lower': ", 0), 0u) << bad << ": " << err;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
    EXPECT_TRUE(out == image.rgba) << bad << ": the frame passed through";
  }
  plugin().setNumber(instance, 2, 0.25);
  EXPECT_TRUE(sorted(instance, image) == commandLine(dir, 6, {"--lower", "0.25"}));
  plugin().destruct(instance);
}

}  // namespace
}  // namespace texsort
