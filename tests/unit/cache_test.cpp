// texsort's cache files (io/cache.h): where they live, one value a key, the newest kept, and no
// file that is not a plain one read, nor any failure said.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdlib>
#include <string>

#include "io/cache.h"
#include "test_support.h"

namespace texsort {
namespace {

std::string text(const std::string& path) {
  const std::vector<std::uint8_t> bytes = test::readFile(path);
  return std::string(bytes.begin(), bytes.end());
}

// Sets an environment variable for the scope (unset: nullptr), and puts it back after.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    const char* old = std::getenv(name);
    if (old) old_ = old;
    had_ = old != nullptr;
    if (value) ::setenv(name, value, 1);
    else ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (had_) ::setenv(name_, old_.c_str(), 1);
    else ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::string old_;
  bool had_ = false;
};

TEST(Cache, LivesInTheXdgCacheFolderElseTheHomeOne) {
  {
    const ScopedEnv xdg("XDG_CACHE_HOME", "/x/cache"), home("HOME", "/home/u");
    EXPECT_EQ(cachePath("probe"), "/x/cache/texsort/probe");
  }
  {
    const ScopedEnv xdg("XDG_CACHE_HOME", "relative/cache"), home("HOME", "/home/u");  // the spec: absolute only
    EXPECT_EQ(cachePath("probe"), "/home/u/.cache/texsort/probe");
  }
  const ScopedEnv xdg("XDG_CACHE_HOME", nullptr), home("HOME", nullptr);
  EXPECT_EQ(cachePath("probe"), "");
}

TEST(Cache, KeepsOneValueAKeyTheNewestLast) {
  test::TempFolder dir;
  const std::string path = dir.path("made/on/demand/probe");
  EXPECT_FALSE(cachedValue(path, "gpu a"));
  EXPECT_TRUE(keepCachedValue(path, "gpu a", "1 2 1"));
  EXPECT_TRUE(keepCachedValue(path, "gpu b", "3 4 1"));
  EXPECT_TRUE(keepCachedValue(path, "gpu a", "0.5 2 2"));
  EXPECT_EQ(text(path), "gpu b\t3 4 1\ngpu a\t0.5 2 2\n");
  EXPECT_EQ(cachedValue(path, "gpu a"), "0.5 2 2");
  EXPECT_EQ(cachedValue(path, "gpu b"), "3 4 1");
  EXPECT_FALSE(cachedValue(path, "gpu"));  // a key, not a prefix of one
  // Tabs and line breaks cannot split a line.
  keepCachedValue(path, "a\tkey\nwith breaks", "a\nvalue");
  EXPECT_EQ(cachedValue(path, "a\tkey\nwith breaks"), "a value");
  EXPECT_EQ(cachedValue(path, "a key with breaks"), "a value");
  // The newest kCacheKeys keys stay.
  for (std::size_t k = 0; k < kCacheKeys + 4; ++k) keepCachedValue(path, "key " + std::to_string(k), std::to_string(k));
  EXPECT_FALSE(cachedValue(path, "gpu a"));
  EXPECT_FALSE(cachedValue(path, "key 3"));
  EXPECT_EQ(cachedValue(path, "key 4"), "4");
  EXPECT_EQ(cachedValue(path, "key " + std::to_string(kCacheKeys + 3)), std::to_string(kCacheKeys + 3));
  EXPECT_EQ(test::listFolder(dir.path("made/on/demand")), std::vector<std::string>{"probe"});  // no temporary left
  // A key written twice by hand: the newest, the last. A line too long for a key's is dropped, so
  // what is kept stays within what a read looks at.
  const std::string twice = "k\told\nk\tnew\n" + std::string("long\t") + std::string(kCacheLineBytes, 'x') + "\n";
  test::writeFile(path, std::vector<std::uint8_t>(twice.begin(), twice.end()));
  EXPECT_EQ(cachedValue(path, "k"), "new");
  EXPECT_FALSE(cachedValue(path, "long"));
  EXPECT_TRUE(keepCachedValue(path, "other", "1"));
  EXPECT_EQ(text(path), "k\told\nk\tnew\nother\t1\n");
}

TEST(Cache, WhatIsNotAPlainFileIsNoneAndNothingIsSaid) {
  test::TempFolder dir;
  EXPECT_FALSE(cachedValue("", "key"));
  EXPECT_FALSE(keepCachedValue("", "key", "value"));  // nowhere: nothing happens
  const std::string fifo = dir.path("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_FALSE(cachedValue(fifo, "key"));  // not opened: a FIFO without a writer would block
  const std::string folder = dir.path("folder");
  ASSERT_EQ(::mkdir(folder.c_str(), 0700), 0);
  EXPECT_FALSE(keepCachedValue(folder, "key", "value"));  // cannot be replaced: left as it was
  EXPECT_TRUE(test::listFolder(folder).empty());
  EXPECT_FALSE(cachedValue(folder, "key"));
  test::writeFile(dir.path("junk"), {'n', 'o', ' ', 't', 'a', 'b', '\n', 0, 1, 2});
  EXPECT_FALSE(cachedValue(dir.path("junk"), "no"));
  keepCachedValue(dir.path("junk"), "key", "value");  // lines that are no key's are dropped
  EXPECT_EQ(text(dir.path("junk")), "key\tvalue\n");
  // A folder that cannot be made (a file stands in its way): nothing kept, nothing thrown.
  EXPECT_FALSE(keepCachedValue(dir.path("junk") + "/sub/probe", "key", "value"));
  EXPECT_EQ(text(dir.path("junk")), "key\tvalue\n");
}

}  // namespace
}  // namespace texsort
