// The network diagram's layout: one column per pass with exactly the pass's comparators, each in a
// lane where no other comparator of its column overlaps it, so every comparator can be seen.
#include <gtest/gtest.h>

#include "sort/algorithms.h"
#include "test_support.h"
#include "playback/network_layout.h"

namespace texsort {
namespace {

TEST(NetworkLayout, EveryComparatorIsDrawnInALaneOfItsOwn) {
  std::size_t drawn = 0;
  for (Algorithm a : kAlgorithms) {
    for (std::uint32_t n : {2u, 8u, 16u, 64u}) {
      const PassSchedule schedule = scheduleFor(a, n);
      const std::vector<DiagramColumn> columns = diagramColumns(schedule, n);
      if (!drawsAsComparatorNetwork(schedule)) {
        EXPECT_TRUE(columns.empty()) << algorithmName(a);
        continue;
      }
      ++drawn;
      ASSERT_EQ(columns.size(), schedule.size()) << algorithmName(a) << " n " << n;
      for (std::size_t k = 0; k < columns.size(); ++k) {
        const std::vector<CompareExchange> expected = compareExchanges(schedule[k], n);
        ASSERT_EQ(columns[k].comparators.size(), expected.size());
        for (std::size_t c = 0; c < expected.size(); ++c) {
          const DiagramComparator& d = columns[k].comparators[c];
          EXPECT_EQ(d.wires.low, expected[c].low);
          EXPECT_EQ(d.wires.high, expected[c].high);
          EXPECT_EQ(d.wires.ascending, expected[c].ascending);
          EXPECT_LT(d.lane, columns[k].lanes);
          for (std::size_t o = 0; o < c; ++o) {  // same lane: the wire spans must not touch
            const DiagramComparator& other = columns[k].comparators[o];
            if (other.lane == d.lane) {
              EXPECT_LT(other.wires.high, d.wires.low)
                  << algorithmName(a) << " n " << n << " pass " << k << ": comparators overlap in lane " << d.lane;
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(drawn, 4u * 4u);  // bitonic, legacy bitonic, odd-even merge, transposition at four sizes
}

TEST(NetworkLayout, RadixAndTheFusedFastPathAreNotDrawnAsComparators) {
  EXPECT_FALSE(drawsAsComparatorNetwork(scheduleFor(Algorithm::Radix, 16)));
  EXPECT_FALSE(drawsAsComparatorNetwork(scheduleFor(Algorithm::BitonicFast, 16)));
  EXPECT_TRUE(drawsAsComparatorNetwork(scheduleFor(Algorithm::Bitonic, 16)));
  EXPECT_FALSE(drawsAsComparatorNetwork(PassSchedule{}));
}

}  // namespace
}  // namespace texsort
