// The compute runner's bitonic dispatches (article 000's kernels): compute_steps.comp's groups of
// steps in registers, written out as code for each shape, and compute_shared.comp's blocks in
// shared memory; their defines, uniforms and dispatch.
#include <string>
#include <vector>

#include "error.h"
#include "fault.h"
#include "sort/bits.h"
#include "sort/compute_runner.h"

namespace texsort {
namespace {

std::string define(const char* name, std::uint64_t value) {
  return "#define " + std::string(name) + " " + std::to_string(value) + "\n";
}

// A group's steps: step s connects the slots that differ in slot bit position[s]; ascending[s] is
// the GLSL condition for its lower slot keeping the min, with "%" for that slot's element (empty:
// the kernel's own).
struct GroupSteps {
  std::vector<unsigned> position;
  std::vector<std::string> ascending;
};

// The code of a group of 2^bits slots running `steps`, written out so every slot is a constant: the
// loads, the compare-exchanges of each step in order (the lower slot of each pair first), the
// stores, as calls of the kernel's own macros LOAD(j), EXCHANGE(i, k), STORE(j). With `elements`
// loads and stores also name the slot's element variable ej; EXCHANGE takes the step's condition.
struct GroupCode {
  std::string loads, network, stores;
};
GroupCode groupCode(unsigned bits, const GroupSteps& steps, bool elements) {
  const unsigned group = 1u << bits;
  const auto slot = [&](unsigned j) { return std::to_string(j) + (elements ? ", e" + std::to_string(j) : ""); };
  const auto ascending = [&](std::size_t s, unsigned j) {
    std::string condition = steps.ascending[s];
    const std::size_t at = condition.find('%');
    return at == std::string::npos ? condition : condition.replace(at, 1, "e" + std::to_string(j));
  };
  GroupCode code;
  for (unsigned j = 0; j < group; ++j) {
    code.loads += " LOAD(" + slot(j) + ")";
    code.stores += " STORE(" + slot(j) + ")";
  }
  for (std::size_t s = 0; s < steps.position.size(); ++s) {
    const unsigned partner = 1u << steps.position[s];
    for (unsigned j = 0; j < group; ++j) {
      if ((j & partner) != 0) continue;
      code.network += " EXCHANGE(" + std::to_string(j) + ", " + std::to_string(j + partner) +
                      (steps.ascending[s].empty() ? "" : ", " + ascending(s, j)) + ")";
    }
  }
  return code;
}

// `count` steps of one merge from the largest distance down: slot bits count - 1 ... 0.
GroupSteps oneMerge(unsigned count) {
  GroupSteps steps;
  for (unsigned s = 0; s < count; ++s) {
    steps.position.push_back(count - 1 - s);
    steps.ascending.emplace_back();
  }
  return steps;
}

}  // namespace

std::string computeStepsDefines(const ComputeBitonicSteps& p) {
  const unsigned bits = popCount(p.window);
  const std::vector<BitonicStep> steps = computeSteps(p);
  const bool inWindow =
      std::all_of(steps.begin(), steps.end(), [&](const BitonicStep& s) { return (p.window & s.offset) != 0; });
  const bool known = bits >= 1 && bits <= kMaxComputeFusedSteps && !steps.empty() &&
                     p.lastRank - p.firstRank < kMaxComputeFusedSteps && inWindow;
  if (!known) throw Error(ExitCode::Gpu, "GPU sorter: compute steps of an unknown shape: " + describe(Pass{p}));
  // Each step's distance as a slot bit (its bit's place among the window's bits), and its direction:
  // one for the group where its merge's stepno is no window bit (the article's kernels, the common
  // case), else each pair's own (a merge's last steps with the next one's first: bit r + 1 is both
  // merge r's direction and merge r + 1's first distance).
  GroupSteps group;
  std::string directions;
  for (const BitonicStep& s : steps) {
    group.position.push_back(popCount(p.window & (s.offset - 1)));
    const std::string m = std::to_string(s.rank - p.firstRank);
    if ((s.stepno & p.window) != 0) {
      group.ascending.push_back("((% & u_stepnos[" + m + "]) == 0u)");
    } else {
      group.ascending.push_back("ascending" + m);
      if (directions.find("ascending" + m + " ") == std::string::npos) {
        directions += " bool ascending" + m + " = (base & u_stepnos[" + m + "]) == 0u;";
      }
    }
  }
  const GroupCode code = groupCode(bits, group, true);
  // Slot j's element: base plus the window bits of j's binary digits, each from a slot one bit less.
  std::string indices = "#define INDICES" + directions + " uint e0 = base;";
  for (unsigned j = 1; j < (1u << bits); ++j) {
    const unsigned high = highestSetBit(j);
    indices += " uint e" + std::to_string(j) + " = e" + std::to_string(j & ~(1u << high)) + " + u_bits[" +
               std::to_string(high) + "];";
  }
  const std::string checks = std::string(boundsCheck() ? "#define TEXSORT_BOUNDS_CHECK\n" : "") +
                             (forcedFailure("compute-overrun") ? "#define TEXSORT_FORCED_OVERRUN\n" : "");
  return define("BITS", bits) + indices + "\n#define LAST_INDEX e" + std::to_string((1u << bits) - 1) +
         "\n#define LOADS" + code.loads + "\n#define NETWORK" + code.network + "\n#define STORES" + code.stores + "\n" +
         checks;
}

void ComputeRunner::dispatchSortSteps(const gl::Program& p, const Pass& pass) {
  if (const auto* shared = std::get_if<SharedBitonicSteps>(&pass)) {  // a workgroup a block
    dispatch(p, elementCount() >> shared->blockLog2);
  } else if (const auto* steps = std::get_if<ComputeBitonicSteps>(&pass)) {  // an invocation a group of the window's
    dispatch(p, ((elementCount() >> popCount(steps->window)) + kLocalSize - 1) / kLocalSize);
  } else {
    throw Error(ExitCode::Gpu, "GPU sorter: " + describe(pass) + " is no sort dispatch");
  }
}

std::string sharedStepsDefines(const SharedBitonicSteps& p, std::uint64_t elements) {
  const std::uint64_t block = std::uint64_t{1} << p.blockLog2;
  if (block > elements || p.stepsPerBarrier < 1 || p.stepsPerBarrier > kMaxComputeFusedSteps ||
      p.stepsPerBarrier > p.blockLog2) {
    throw Error(ExitCode::Gpu, "GPU sorter: shared-memory steps of an unknown shape: " + describe(Pass{p}));
  }
  std::string groups = "#define GROUPS";  // a case for every chunk size
  for (unsigned c = 1; c <= p.stepsPerBarrier; ++c) {
    const GroupCode code = groupCode(c, oneMerge(c), false);
    groups += " case " + std::to_string(c) + "u: { vec2 v[" + std::to_string(1u << c) + "];" + code.loads +
              code.network + code.stores + " } break;";
  }
  return define("BLOCK_LOG2", p.blockLog2) + define("PER_BARRIER", p.stepsPerBarrier) +
         define("THREADS", block >> p.stepsPerBarrier) + groups + "\n";
}

}  // namespace texsort
