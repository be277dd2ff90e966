// Lanes: a comparator of distance d goes in lane low mod d, where no other comparator of its pass
// can overlap it (those in the same lane start at least 2d further on).
#include "playback/network_layout.h"

namespace texsort {

bool drawsAsComparatorNetwork(const PassSchedule& schedule) {
  if (schedule.empty()) return false;
  for (const Pass& p : schedule) {
    const PassTraits& t = traitsOf(p);
    if (!t.network || t.writes != Buffer::Elements) return false;
  }
  return true;
}

std::vector<DiagramColumn> diagramColumns(const PassSchedule& schedule, std::uint32_t n) {
  std::vector<DiagramColumn> columns;
  if (!drawsAsComparatorNetwork(schedule)) return columns;
  for (const Pass& p : schedule) {
    DiagramColumn column;
    for (const CompareExchange& c : compareExchanges(p, n)) {
      const std::uint32_t distance = c.high - c.low;
      column.lanes = distance;
      column.comparators.push_back({c, c.low % distance});
    }
    columns.push_back(std::move(column));
  }
  return columns;
}

}  // namespace texsort
