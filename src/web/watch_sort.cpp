// The page's Watch (watch_sort.h): a sort held at any pass, drawn, counted and put in words.
#include <algorithm>
#include <memory>
#include <string>

#include "context/egl_context.h"
#include "error.h"
#include "image/image_io.h"
#include "playback/sort_session.h"
#include "playback/state_display.h"
#include "record/sound.h"
#include "sort/algorithms.h"
#include "sort/element.h"
#include "sort/pass_words.h"
#include "sort/packing.h"
#include "playback/network_layout.h"
#include "web/canvas.h"
#include "web/watch_sort.h"

namespace {

using namespace texsort;

// Transposition has as many passes as elements: a larger picture is watched as a copy of at most
// kSmallSide x kSmallSide pixels (nearest neighbour, its shape kept), as the viewer's showcase
// gives it a small input.
constexpr std::uint32_t kSmallSide = 64;
Image smallCopy(const Image& image, std::uint32_t side) {
  const double scale = std::min(1.0, double(side) / std::max(image.width, image.height));
  Image small = image;
  small.width = std::max(1u, static_cast<std::uint32_t>(image.width * scale));
  small.height = std::max(1u, static_cast<std::uint32_t>(image.height * scale));
  small.rgba.resize(std::size_t(small.width) * small.height * 4);
  for (std::uint32_t y = 0; y < small.height; ++y)
    for (std::uint32_t x = 0; x < small.width; ++x) {
      const std::size_t from = (std::size_t(y) * image.height / small.height * image.width + std::size_t(x) * image.width / small.width) * 4;
      std::copy_n(&image.rgba[from], 4, &small.rgba[(std::size_t(y) * small.width + x) * 4]);
    }
  return small;
}

// The viewer's overlays as the page asks for them.
DisplayOptions displayOptions(bool roles, bool changed) {
  DisplayOptions options;
  options.showRoles = roles;
  options.showChanged = changed;
  return options;
}

}  // namespace

namespace texsort {

std::uint32_t WatchedSort::open(const std::vector<std::uint8_t>& bytes, const std::string& name, const std::string& algorithm,
                                const std::string& order, int side) {
  Algorithm chosen = Algorithm::Bitonic;
  if (!parseAlgorithm(algorithm, chosen) || usesCompute(chosen)) throw Error(ExitCode::Usage, algorithm + ": not a fragment algorithm");
  if (order != "asc" && order != "desc") throw Error(ExitCode::Usage, order + ": the order is asc or desc");
  if (!context_) context_ = std::make_unique<HeadlessContext>();
  context_->makeCurrent();
  session_.reset();
  sounded_ = Image{};
  Image image = decodeImage(name, bytes.data(), bytes.size(), kMaxElements);
  const std::uint32_t most = side > 0 ? std::min<std::uint32_t>(side, kSmallSide)
                                      : chosen == Algorithm::Transposition ? kSmallSide : 0;
  scaled_ = most > 0 && std::max(image.width, image.height) > most;
  if (scaled_) image = smallCopy(image, most);
  const SortOrder sortOrder = order == "desc" ? SortOrder::Descending : SortOrder::Ascending;
  session_ = std::make_unique<SortSession>(std::move(image), sortOrder, chosen, name);
  if (!display_) display_ = std::make_unique<StateDisplay>();
  return session_->passCount();
}

std::uint32_t WatchedSort::seek(int pass) {
  if (!session_) return 0;
  context_->makeCurrent();
  session_->seek(static_cast<std::uint32_t>(std::max(0, pass)));
  return session_->pass();
}

const Image& WatchedSort::picture(bool roles, bool changed) {
  picture_ = Image{};
  if (!session_) return picture_;
  context_->makeCurrent();
  display_->render(*session_, displayOptions(roles, changed));
  picture_ = display_->readBack(session_->image().height);
  return picture_;
}

void WatchedSort::draw(bool roles, bool changed) {
  if (!session_) return;
  context_->makeCurrent();
  display_->render(*session_, displayOptions(roles, changed));
  showOnCanvas(display_->framebuffer(), static_cast<int>(display_->width()), static_cast<int>(session_->image().height));
}

// Read from the plain state, overlays off; the first call after opening is silent.
WatchTone WatchedSort::tone() {
  if (!session_) return {};
  context_->makeCurrent();
  display_->render(*session_, DisplayOptions{});
  Image now = display_->readBack(session_->image().height);
  WatchTone tone;
  if (sounded_.rgba.size() == now.rgba.size()) {
    const Tone t = passTone(sounded_, now);
    tone = {t.frequency, t.amplitude};
  }
  sounded_ = std::move(now);
  return tone;
}

std::string WatchedSort::text() const {
  if (!session_) return "";
  const Pass* shown = session_->shownPass();
  if (session_->pass() == 0 || !shown) return "the image as loaded\n\n\n";
  const std::uint64_t n = session_->schedule().shape.count();
  const PassText t = passText(*shown, n);
  return t.title + "\n" + t.parameters + "\n" + plainWords(*shown, n, session_->order()) + "\n" + t.explanation;
}

double WatchedSort::gpuMs() const { return session_ && session_->pass() > 0 ? session_->stats(session_->pass()).gpuMs : 0.0; }

std::optional<WatchNetwork> WatchedSort::network() const {
  if (!session_ || session_->elementCount() > kDiagramMaxElements || !drawsAsComparatorNetwork(session_->schedule())) {
    return std::nullopt;
  }
  WatchNetwork network;
  network.n = static_cast<std::uint32_t>(session_->elementCount());
  for (const DiagramColumn& column : diagramColumns(session_->schedule(), network.n)) {
    std::vector<WatchNetwork::Comparator>& pass = network.columns.emplace_back();
    for (const DiagramComparator& c : column.comparators) pass.push_back({c.wires.low, c.wires.high, c.lane, c.wires.ascending});
  }
  const unsigned high = indexHighBits(network.n);
  for (const Element& e : session_->runner().readElements()) {
    const auto rgb = static_cast<std::uint32_t>(e.rgb);
    if (isPadding(e, high)) {
      network.wires.push_back({0x464646u, true, 0, 0});
    } else {
      const auto luma = lumaKey(std::uint8_t(rgb >> 16), std::uint8_t(rgb >> 8), std::uint8_t(rgb)) / 1000;
      network.wires.push_back({rgb, false, static_cast<std::uint32_t>(luma), originalIndex(e, high)});
    }
  }
  return network;
}

WatchCounters WatchedSort::counters() const {
  if (!session_) return {};
  const PassStats& s = session_->stats(session_->pass());
  return {double(session_->totalCompareExchanges()), double(session_->totalMoved()), s.inOrderPercent, s.settledPercent,
          s.distancePercent, s.runLengthLog2};
}

}  // namespace texsort
