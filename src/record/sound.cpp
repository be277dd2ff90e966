// Sound track tones (sound.h).
#include "record/sound.h"

#include <algorithm>
#include <cmath>

#include "sort/pixel_rules.h"

namespace texsort {

Tone passTone(const Image& before, const Image& after) {
  const std::size_t pixels = std::min(before.rgba.size(), after.rgba.size()) / 4;
  double moved = 0, luma = 0;
  for (std::size_t i = 0; i < pixels; ++i) {
    const std::uint8_t* a = &after.rgba[i * 4];
    if (std::equal(a, a + 3, &before.rgba[i * 4])) continue;
    ++moved;
    luma += lumaKey(a[0], a[1], a[2]);
  }
  if (moved == 0 || pixels == 0) return Tone{};
  Tone tone;
  tone.frequency = 220.0 * std::pow(4.0, luma / moved / double(kMaxLuma));
  tone.amplitude = 0.15 + 0.45 * std::sqrt(moved / double(pixels));
  return tone;
}

std::vector<std::int16_t> toneSamples(const Tone& tone, std::uint32_t count) {
  std::vector<std::int16_t> samples(count, 0);
  if (tone.amplitude <= 0.0) return samples;
  const double fade = 0.005 * kSoundSampleRate, twoPi = 2.0 * std::acos(-1.0);
  for (std::uint32_t i = 0; i < count; ++i) {
    const double edge = std::min({1.0, double(i) / fade, double(count - 1 - i) / fade});
    const double value = tone.amplitude * edge * std::sin(twoPi * tone.frequency * double(i) / kSoundSampleRate);
    samples[i] = static_cast<std::int16_t>(std::lround(32767.0 * value));
  }
  return samples;
}

std::uint32_t samplesOfFrame(std::uint32_t frame, double fps) {
  const auto at = [&](std::uint32_t f) { return static_cast<std::uint64_t>(std::llround(double(f) * kSoundSampleRate / fps)); };
  return static_cast<std::uint32_t>(at(frame + 1) - at(frame));
}

}  // namespace texsort
