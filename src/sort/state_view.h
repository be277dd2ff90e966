// StateView: a runner's current state as the display and the statistics read it, without knowing
// which buffers the runner keeps; bindStateView() hands it to shaders built on state_view.glsl.
#pragma once

#include <string>

#include "gl/objects.h"
#include "gl/uniform_block.h"
#include "sort/cpu_model.h"
#include "sort/element.h"
#include "sort/pass.h"

namespace texsort {

struct StateView {
  Buffer form = Buffer::Elements;         // what positions hold: full elements, or (key, index) pairs
  const gl::Texture* current = nullptr;   // that buffer now
  const gl::Texture* previous = nullptr;  // that buffer before the last pass; null when the last pass did not
                                          // change it (radix flags and scans, pack, nothing run since upload)
  const gl::Texture* elements = nullptr;  // the element texels; on the compact form, as uploaded, so a
                                          // position's colour is found by the index it holds
  TextureLayout layout;                   // of the element texture
  TextureLayout compactLayout;            // of the compact texture (elements / 2 texels), when there is one
  TextureLayout spansLayout;              // of the span words (elements / 32 texels, at least one), when there are some
  const gl::Texture* pixels = nullptr;    // the pixel sort's source (its bytes, RGBA8UI), once uploaded
  const gl::Texture* pixelMaps = nullptr; // ... its maps, when its shape has them
  SourceShape sourceShape;                // ... how it is kept
  const gl::Texture* scan = nullptr;      // the scan buffer (radix flags and sums)
  const gl::Texture* spans = nullptr;     // the pixel sort's span words (RG32UI), 32 positions a texel
};

// Binds the view to texture units 0-2, sets state_view.glsl's uniforms and u_count on `program`
// (which must be in use), and binds sort_common.glsl's Common block for it from `common`.
void bindStateView(const gl::Program& program, const StateView& view, gl::UniformBuffer& common);

// pixel_source.glsl's defines for a source kept as `shape`: SOURCE_AXIS, and SOURCE_MASKED with a mask.
std::string sourceDefines(const SourceShape& shape);

// The pixel passes' programs, the same on both runners: pixel_order.glsl's defines (the key, and
// whether spans are cut into pieces or some left whole: an integer division and a hash per element
// that llvmpipe would pay for always), and span_starts.frag's (INTERVALS, SELECT_KEY, SELECT_OUTSIDE).
std::string pixelOrderDefines(const PixelOrder& order);
std::string spanStartsDefines(const SpanStarts& starts);
// Their uniforms are blocks (pass_blocks.h).

}  // namespace texsort
