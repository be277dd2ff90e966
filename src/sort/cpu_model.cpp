// CPU model of the passes: the oracle every GPU test compares against, texel for texel.
#include "sort/cpu_model.h"

#include <stdexcept>

namespace texsort {

Element passOutput(const Pass& pass, const std::vector<Element>& in, std::uint64_t i) {
  switch (pass.kind) {
    case PassKind::BitonicStep: {
      // Article 004: csign says whether the partner is ahead (+1) or behind (-1); cdir says whether
      // this block sorts ascending (+1) or descending (-1); keep the min when they agree.
      const bool partnerAhead = (i % pass.stage) < pass.offset;
      const bool ascending = ((i / pass.stepno) % 2) == 0;
      const std::uint64_t partner = partnerAhead ? i + pass.offset : i - pass.offset;
      const Element& self = in[i];
      const Element& other = in[partner];
      const bool otherFirst = elementLess(other, self);
      const Element& lo = otherFirst ? other : self;
      const Element& hi = otherFirst ? self : other;
      return partnerAhead == ascending ? lo : hi;
    }
  }
  throw std::logic_error("passOutput: unknown pass kind");
}

std::vector<Element> runPass(const Pass& pass, const std::vector<Element>& in) {
  std::vector<Element> out(in.size());
  for (std::uint64_t i = 0; i < in.size(); ++i) out[i] = passOutput(pass, in, i);
  return out;
}

std::vector<Element> runSchedule(const PassSchedule& schedule, std::vector<Element> elements) {
  if (!isPowerOfTwo(elements.size())) throw std::invalid_argument("runSchedule: size must be a power of two");
  for (const Pass& pass : schedule) elements = runPass(pass, elements);
  return elements;
}

}  // namespace texsort
