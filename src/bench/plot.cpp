// The benchmark plot: decades of milliseconds against powers of two of N, both logarithmic.
#include "bench/plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

#include "image/draw.h"

namespace texsort {
namespace {

Rgb colourOf(Algorithm a) {
  const Rgb8 c = info(a).colour;
  return Rgb{c.r, c.g, c.b};
}

}  // namespace

LogLogRange logLogRange(const std::vector<BenchCell>& cells) {
  LogLogRange r{1e30, -1e30, 1e30, -1e30, true};
  for (const BenchCell& c : cells) {
    if (c.skipped || c.gpuMs <= 0) continue;
    r.empty = false;
    r.xMin = std::min(r.xMin, std::log2(double(c.n)));
    r.xMax = std::max(r.xMax, std::log2(double(c.n)));
    r.yMin = std::min(r.yMin, std::floor(std::log10(c.gpuMs)));
    r.yMax = std::max(r.yMax, std::ceil(std::log10(c.gpuMs)));
  }
  if (r.empty) return LogLogRange{};
  r.xMax = std::max(r.xMax, r.xMin + 1);
  r.yMax = std::max(r.yMax, r.yMin + 1);
  return r;
}

Image plotBenchmark(const std::vector<BenchCell>& cells, const std::string& title) {
  Image image;
  image.width = 960;
  image.height = 600;
  image.channels = 3;
  image.rgba.assign(std::size_t{image.width} * image.height * 4, 255);
  const int left = 120, right = 210, top = 50, bottom = 60;
  const int plotW = int(image.width) - left - right, plotH = int(image.height) - top - bottom;

  drawText(image, left, 16, title, Rgb{0, 0, 0}, 2);
  const LogLogRange range = logLogRange(cells);
  if (range.empty) return image;
  const double xMin = range.xMin, xMax = range.xMax, yMin = range.yMin, yMax = range.yMax;
  const auto px = [&](double lx) { return left + int((lx - xMin) / (xMax - xMin) * plotW); };
  const auto py = [&](double ly) { return top + plotH - int((ly - yMin) / (yMax - yMin) * plotH); };

  const Rgb grid{225, 225, 225}, ink{60, 60, 60};
  char label[32];
  for (double ly = yMin; ly <= yMax + 1e-9; ly += 1) {
    drawLine(image, px(xMin), py(ly), px(xMax), py(ly), grid);
    std::snprintf(label, sizeof label, "%g ms", std::pow(10.0, ly));
    drawText(image, left - 10 - textWidth(label, 2), py(ly) - 7, label, ink, 2);
  }
  const double xStep = xMax - xMin > 8 ? 2 : 1;  // keep the labels apart
  for (double lx = xMin; lx <= xMax + 1e-9; lx += xStep) {
    drawLine(image, px(lx), py(yMin), px(lx), py(yMax), grid);
    std::snprintf(label, sizeof label, "2^%d", int(lx));
    drawText(image, px(lx) - textWidth(label, 2) / 2, top + plotH + 10, label, ink, 2);
  }
  drawText(image, left + plotW / 2 - 60, top + plotH + 36, "N (elements)", ink, 2);
  drawLine(image, px(xMin), py(yMin), px(xMax), py(yMin), ink);
  drawLine(image, px(xMin), py(yMin), px(xMin), py(yMax), ink);

  int legendY = top;
  for (Algorithm a : kAlgorithms) {
    bool any = false;
    int lastX = 0, lastY = 0;
    for (const BenchCell& c : cells) {
      if (c.naive || c.algorithm != a || c.skipped || c.gpuMs <= 0) continue;
      const int x = px(std::log2(double(c.n))), y = py(std::log10(c.gpuMs));
      if (any) drawLine(image, lastX, lastY, x, y, colourOf(a), 3);
      fillRect(image, x - 4, y - 4, x + 5, y + 5, colourOf(a));
      lastX = x;
      lastY = y;
      any = true;
    }
    if (!any) continue;
    fillRect(image, left + plotW + 20, legendY + 2, left + plotW + 34, legendY + 14, colourOf(a));
    drawText(image, left + plotW + 42, legendY, algorithmName(a), ink, 2);
    legendY += 24;
  }
  drawText(image, left + plotW + 20, legendY + 10, "GPU ms per sort", ink, 2);
  return image;
}

}  // namespace texsort
