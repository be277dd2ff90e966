// The program of every pass of the schedule a runner prepared, found once, when it was prepared:
// passes then run in that order (a whole run, a viewer's steps, a replay after a fresh upload) take
// theirs, and their uniform blocks' record (PassBlockBuffer), by position, once the pass is seen to be the one prepared there and the source to have
// the shape the programs were made for. A pass out of that order is looked up as before.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "gl/objects.h"
#include "sort/cpu_model.h"
#include "sort/pass.h"
#include "sort/schedule.h"

namespace texsort {

class PreparedPrograms {
 public:
  // `find(pass)` gives the pass's program (a reference that stays valid as long as the runner).
  // All or nothing: after a throw (a program that does not compile), nothing is prepared.
  template <class Find>
  void prepare(const PassSchedule& schedule, const SourceShape& source, Find&& find) {
    clear();
    std::vector<const gl::Program*> programs;
    for (const Pass& pass : schedule) programs.push_back(&find(pass));
    passes_ = schedule.passes;
    programs_ = std::move(programs);
    source_ = source;
  }
  void clear() {
    passes_.clear();
    programs_.clear();
    next_ = 0;
  }
  // The passes start again from the first (an upload).
  void restart() { next_ = 0; }
  // The position of `pass` in the prepared schedule when it is the next in order there and the
  // source has shape `source`; else none, and none after it until restart().
  std::optional<std::size_t> next(const Pass& pass, const SourceShape& source) {
    if (next_ < passes_.size() && passes_[next_] == pass && source_ == source) return next_++;
    next_ = passes_.size();
    return std::nullopt;
  }
  const gl::Program& program(std::size_t position) const { return *programs_[position]; }

 private:
  std::vector<Pass> passes_;
  std::vector<const gl::Program*> programs_;
  SourceShape source_;
  std::size_t next_ = 0;
};

}  // namespace texsort
