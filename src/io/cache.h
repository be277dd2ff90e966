// texsort's cache: small files of measurements worth keeping between runs (the pixel sort's
// backend probe), in $XDG_CACHE_HOME/texsort, else $HOME/.cache/texsort, as Mesa keeps its shaders.
// A cache is an aid, never an input: a file that cannot be read, written or parsed is as none, and
// nothing is said. Each file holds one value a key, a line "KEY<TAB>VALUE" each, the newest last.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace texsort {

// The path of the cache file `name`, or "" where neither variable names an absolute folder.
std::string cachePath(const std::string& name);

// The value kept for `key` in the cache file at `path`, if any (the newest, should a hand have
// written it twice; "" or a file that is not a regular one, a FIFO say: none, and nothing read).
std::optional<std::string> cachedValue(const std::string& path, const std::string& key);

// Keeps `value` for `key` in the file at `path` ("": nowhere), its folder made where missing: the
// file written anew beside it and renamed over it, so a reader sees the old one or the new one; the
// other keys' lines kept, the newest kCacheKeys in all (a line over kCacheLineBytes is no key's:
// dropped, so the file stays whole within what a read looks at). Tabs and line breaks become
// spaces. Whether it was kept.
constexpr std::size_t kCacheKeys = 16, kCacheLineBytes = 1024;
bool keepCachedValue(const std::string& path, const std::string& key, const std::string& value);

}  // namespace texsort
