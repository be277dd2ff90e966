// The fragment-shader runner: each pass is one full-screen draw from one texture of a ping-pong
// pair into the other, with the pass kind's program (GL 3.3 core). Knows nothing of windows or images.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "gl/fullscreen.h"
#include "gl/ping_pong.h"
#include "sort/pass_blocks.h"
#include "sort/prepared_programs.h"
#include "sort/runner.h"

namespace texsort {

class FragmentRunner final : public Runner {
 public:
  // Needs a current GL 3.3 context. Allocates the element pair for `elementCount` (a power of two,
  // at most kMaxElements) elements laid out as TextureLayout::forCount. Refuses, before allocating,
  // a layout larger than GL_MAX_TEXTURE_SIZE. Throws texsort::Error(Gpu).
  explicit FragmentRunner(std::uint64_t elementCount);

  const TextureLayout& layout() const override { return layouts_[0]; }
  void upload(const std::vector<Element>& elements) override;
  void uploadSource(const std::vector<PixelTexel>& texels, const SourceShape& shape) override;
  void uploadSource(const SourceFill& fill, const SourceShape& shape) override;
  void uploadSourceBytes(const std::uint8_t* rgba, const SourceShape& shape) override;
  void uploadSourcePixels(GLuint framebuffer) override;
  void restartFromSource() override;
  void prepare(const PassSchedule& schedule, const SourceShape& source = SourceShape{}) override;
  void runPass(const Pass& pass) override;
  std::uint64_t programLookups() const override { return programLookups_; }
  double run(const PassSchedule& schedule) override;
  double copyPassMs() override;
  std::vector<Element> readElements() const override;
  std::vector<std::uint8_t> readPixelBytes(std::uint64_t count, std::vector<std::uint8_t> storage) override;
  std::vector<std::uint32_t> readSpanWords() const override;
  SortState readState() const override;
  StateView view() const override;

 private:
  // The fragment shader `shader` after sort_common.glsl, the defines and, for the passes that read
  // the pixel sort's source (SOURCE_AXIS defined), pixel_source.glsl, and for those that make its
  // elements (PIXEL_KEY defined), pixel_order.glsl; every buffer's sampler bound to its unit, its
  // blocks checked against Common, `step` (a kind's Step block; null: none) and Order, and bound.
  static gl::Program makeProgram(const char* shader, const std::string& defines, const gl::BlockLayout* step);
  const gl::Program& program(const Pass& pass);
  // A buffer's pair when it has none yet: two halves, or as `halves` says (a pair of one half grows
  // a second when asked for two; what it held is lost then).
  void allocate(Buffer buffer) {
    if (!pair(buffer)) allocate(buffer, gl::Halves::Two);
  }
  void allocate(Buffer buffer, gl::Halves halves);
  void resetState(unsigned uploaded);
  void uploadInto(Buffer buffer, const void* texels);  // elementCount() RGBA32F texels into the pair's front
  void startSource(const SourceShape& shape);  // checks the shape; the source's buffers, maps only where used
  std::vector<PixelTexel> readSource() const;
  void imageOfGroups(std::uint8_t* bytes) const;  // the image's pixelCount() * 4 bytes
  gl::PingPong& pair(Buffer b) { return buffers_[static_cast<std::size_t>(b)]; }
  const gl::PingPong& pair(Buffer b) const { return buffers_[static_cast<std::size_t>(b)]; }
  const TextureLayout& layoutOf(Buffer b) const { return layouts_[static_cast<std::size_t>(b)]; }

  std::array<TextureLayout, kBufferCount> layouts_;  // by Buffer; Compact's is set on allocation
  std::array<gl::PingPong, kBufferCount> buffers_;   // by Buffer; Scan and Compact allocated on first use
  unsigned written_ = 0;                             // bufferBit()s written since upload()
  std::optional<Pass> lastPass_;                     // the last pass run since upload(); none: none ran
  Buffer shown_ = Buffer::Elements;                  // what positions hold: Elements or Compact
  Buffer shownBefore_ = Buffer::Elements;            // ... before the last pass that wrote them
  struct DecodedView {
    gl::Texture texture;
    gl::Framebuffer target;
  };
  const gl::Texture& decodeWide(const gl::Texture& layers, std::uint32_t window, DecodedView& into) const;
  const gl::Texture& decodeGroups() const;  // Buffer::Groups as the image's bytes, for view()

  std::uint32_t wideWindow_ = 0;        // the layout of the wide state's front half (the back half's,
                                        // before the last pass if it was wide, is that pass's source)
  SourceShape sourceShape_;             // the pixel source's, as uploaded
  gl::PixelBuffer sourcePixels_;        // uploadSourcePixels' way through: zero past the shape's pixels
  mutable std::array<DecodedView, 2> decoded_;  // view(): the wide state's front and back in index order
  mutable gl::Program decodeProgram_;
  mutable DecodedView decodedGroups_;
  mutable gl::Program groupsProgram_;
  std::map<std::pair<std::size_t, std::string>, gl::Program> programs_;  // by (pass kind, its defines)
  PreparedPrograms prepared_;  // the prepared schedule's, a pass each
  PassBlockBuffer blocks_;     // ... and their uniform blocks; a loose record for any other pass
  mutable gl::UniformBuffer readbackBlock_;  // the Common block of the readback's programs
  std::uint64_t programLookups_ = 0;  // program(pass) calls since prepare()
  gl::Program copyProgram_;
  gl::Texture copyTarget_;  // copyPassMs() only
  gl::Framebuffer copyFramebuffer_;
  gl::FullScreenTriangle triangle_;
  gl::GpuTimer timer_;
};

}  // namespace texsort
