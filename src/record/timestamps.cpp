// Frame times as runs of equal steps (timestamps.h).
#include "record/timestamps.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <sstream>

namespace texsort {

double rationalValue(const std::string& text) {
  std::istringstream in(text);
  double numerator = 0, denominator = 1;
  char slash = 0;
  if (!(in >> numerator)) return 0.0;
  if (in >> slash >> denominator && (slash != '/' || denominator == 0)) return 0.0;
  return numerator / denominator;
}

FrameTimes frameTimes(std::vector<std::int64_t> pts, std::int64_t start, std::int64_t defaultStep, const std::string& timeBase) {
  FrameTimes times;
  times.timeBase = timeBase;
  std::sort(pts.begin(), pts.end());
  if (std::adjacent_find(pts.begin(), pts.end()) != pts.end()) return times;  // two frames at one time: no order to keep
  for (std::size_t k = 0; k < pts.size();) {
    TimestampRun run{k, pts[k] - start, k + 1 < pts.size() ? pts[k + 1] - pts[k] : defaultStep};
    std::size_t end = k + 1;
    while (end < pts.size() && pts[end] - pts[end - 1] == run.step) ++end;
    times.runs.push_back(run);
    k = end;
  }
  // One run from 0 is a constant rate.
  if (times.runs.size() == 1 && times.runs[0].pts == 0) times.runs.clear();
  return times;
}

std::int64_t FrameTimes::ptsOf(std::uint64_t frame) const {
  if (runs.empty()) return 0;
  auto after = std::upper_bound(runs.begin(), runs.end(), frame, [](std::uint64_t k, const TimestampRun& r) { return k < r.first; });
  const TimestampRun& run = *(after == runs.begin() ? runs.begin() : after - 1);
  return run.pts + std::int64_t(frame - run.first) * run.step;
}

double FrameTimes::secondsOf(std::uint64_t frame) const { return double(ptsOf(frame)) * rationalValue(timeBase); }

namespace {

std::string expressionOf(const std::vector<TimestampRun>& runs, std::size_t lo, std::size_t hi) {
  if (hi - lo == 1) {
    const TimestampRun& r = runs[lo];
    return std::to_string(r.pts) + "+(N-" + std::to_string(r.first) + ")*" + std::to_string(r.step);
  }
  const std::size_t mid = (lo + hi) / 2;
  return "if(lt(N," + std::to_string(runs[mid].first) + ")," + expressionOf(runs, lo, mid) + "," + expressionOf(runs, mid, hi) + ")";
}

}  // namespace

std::string FrameTimes::setptsExpression() const { return runs.empty() ? "N" : expressionOf(runs, 0, runs.size()); }

std::string rateOfSteps(const std::vector<std::int64_t>& pts, const std::string& timeBase) {
  if (pts.size() < 2 || pts[1] <= pts[0]) return "";
  const std::int64_t step = pts[1] - pts[0];
  for (std::size_t k = 2; k < pts.size(); ++k)
    if (pts[k] - pts[k - 1] != step) return "";
  long long num = 0, den = 0;
  if (std::sscanf(timeBase.c_str(), "%lld/%lld", &num, &den) != 2 || num <= 0 || den <= 0) return "";
  const long long g = std::gcd(den, num * step);
  return std::to_string(den / g) + "/" + std::to_string(num * step / g);
}

}  // namespace texsort
