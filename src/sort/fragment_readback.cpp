// The fragment runner's state read back (elements, the image's bytes, span words, the whole state
// for the tests and `texsort check`) and shown (a StateView of the current and the previous state,
// the wide path's layers decoded into index order for the viewer).
#include "sort/fragment_runner.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "error.h"
#include "sort/bits.h"
#include "sort/fragment_buffers.h"
#include "sort/wide_layout.h"

namespace texsort {

std::vector<Element> FragmentRunner::readElements() const {
  if (!pair(Buffer::Elements)) throw Error(ExitCode::Gpu, "GPU sorter: no elements uploaded");
  std::vector<Element> elements(elementCount());
  gl::readTexels(pair(Buffer::Elements).frontTarget(), layout().width, layout().height, GL_RGBA, GL_FLOAT, elements.data());
  return elements;
}

std::vector<std::uint8_t> FragmentRunner::readPixelBytes(std::uint64_t count, std::vector<std::uint8_t> bytes) {
  if (count > elementCount()) throw Error(ExitCode::Gpu, "GPU sorter: more pixels asked for than there are elements");
  if (written_ & bufferBit(Buffer::Groups)) {
    bytes.resize(sourceShape_.pixelCount() * 4);
    imageOfGroups(bytes.data());
    bytes.resize(count * 4);
    return bytes;
  }
  if (!(written_ & bufferBit(Buffer::Pixels))) throw Error(ExitCode::Gpu, "GPU sorter: no pixel sort has run to its end");
  // Only the rows that hold the first `count` pixels are read.
  const auto rows = static_cast<std::uint32_t>((count + layout().width - 1) / layout().width);
  bytes.resize(std::uint64_t{rows} * layout().width * 4);
  gl::readTexels(pair(Buffer::Pixels).frontTarget(), layout().width, rows, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE,
                 bytes.data());
  bytes.resize(count * 4);
  return bytes;
}

// The pixel sort of rows after its last pass (Buffer::Groups, in line order): the image's bytes into
// `bytes` (the image's pixels, each written once), pixel (x, y) from element y * 2^lineBits + x.
// Layer k's texel t holds elements 16t + 4k .. 16t + 4k + 3: read a layer at a time, each texel
// goes to its row (lines of 4 or more: four pixels of one row).
void FragmentRunner::imageOfGroups(std::uint8_t* bytes) const {
  const SourceShape& s = sourceShape_;
  if (s.axis != LineAxis::Rows) throw Error(ExitCode::Gpu, "GPU sorter: pixel groups of lines other than rows");
  const TextureLayout& l = layoutOf(Buffer::Groups);
  std::vector<std::uint8_t> layer(l.count() * 16);
  const std::uint64_t run = s.lineBits >= 2 ? 4 : 1, lineMask = (std::uint64_t{1} << s.lineBits) - 1;
  for (std::uint32_t k = 0; k < kGroupLayers; ++k) {
    gl::readLayer(pair(Buffer::Groups).front(), k, GL_RGBA_INTEGER, GL_UNSIGNED_INT, layer.data());
    for (std::uint64_t t = 0; t < l.count(); ++t) {
      for (std::uint64_t c = 0; c < 4; c += run) {
        const std::uint64_t e = 16 * t + 4 * k + c, x = e & lineMask, y = e >> s.lineBits;
        if (x >= s.width || y >= s.height) continue;  // padding
        std::copy_n(layer.data() + 16 * t + 4 * c, std::min(run, s.width - x) * 4, bytes + (y * s.width + x) * 4);
      }
    }
  }
}

std::vector<std::uint32_t> FragmentRunner::readSpanWords() const {
  if (!(written_ & bufferBit(Buffer::Spans))) return {};
  const TextureLayout& l = layoutOf(Buffer::Spans);  // a word to a texel, in word order: read straight
  std::vector<std::uint32_t> words(l.count() * 2);
  gl::readTexels(pair(Buffer::Spans).frontTarget(), l.width, l.height, GL_RG_INTEGER, GL_UNSIGNED_INT, words.data());
  return words;
}

SortState FragmentRunner::readState() const {
  SortState state;
  if (written_ & bufferBit(Buffer::Elements)) state.elements = readElements();
  const auto read = [&](Buffer b, std::vector<float>& out, std::size_t floatsPerElement) {
    if (!(written_ & bufferBit(b))) return;
    const TextureLayout& l = layoutOf(b);
    out.resize(elementCount() * floatsPerElement);
    gl::readTexels(pair(b).frontTarget(), l.width, l.height, fragment::spec(b).readFormat, GL_FLOAT, out.data());
  };
  read(Buffer::Scan, state.scan, 4);  // RGBA: the counts of the four digit values
  read(Buffer::Compact, state.compact, 2);  // two (key, index) pairs per RGBA texel
  if (written_ & bufferBit(Buffer::Source)) state.source = readSource();
  state.spans = readSpanWords();
  if (written_ & bufferBit(Buffer::Groups)) {  // as Buffer::Pixels would hold them: zero past the image
    state.pixels.assign(elementCount() * 4, 0);
    imageOfGroups(state.pixels.data());
  }
  if (written_ & bufferBit(Buffer::Pixels)) {
    state.pixels.resize(elementCount() * 4);
    gl::readTexels(pair(Buffer::Pixels).frontTarget(), layout().width, layout().height, GL_RGBA_INTEGER,
                   GL_UNSIGNED_BYTE, state.pixels.data());
  }
  if (written_ & bufferBit(Buffer::Wide)) {  // layer by layer, as SortState::wide keeps them
    const TextureLayout& l = layoutOf(Buffer::Wide);
    state.wide.resize(elementCount() * 2);
    for (std::uint32_t layer = 0; layer < kWideLayers; ++layer)
      gl::readLayer(pair(Buffer::Wide).front(), layer, GL_RGBA, GL_FLOAT, state.wide.data() + std::size_t{layer} * l.count() * 4);
  }
  return state;
}

StateView FragmentRunner::view() const {
  StateView v;
  v.form = shown_;
  v.current = &pair(shown_).front();
  // The pair's back half is the state before the last pass only when that pass read and wrote it
  // and positions held the same form before it (pack and gather change the form, moving nothing).
  const bool changed = lastPass_ && passWrites(*lastPass_) == shown_ && shownBefore_ == shown_ &&
                       (passReads(*lastPass_) & bufferBit(shown_));
  v.previous = changed ? &pair(shown_).back() : nullptr;
  if (pair(Buffer::Elements)) v.elements = &pair(Buffer::Elements).front();
  v.layout = layout();
  v.compactLayout = layoutOf(Buffer::Compact);
  if (written_ & bufferBit(Buffer::Source)) {
    v.pixels = &pair(Buffer::Source).front();
    if (pair(Buffer::Maps)) v.pixelMaps = &pair(Buffer::Maps).front();
    v.sourceShape = sourceShape_;
  }
  if (written_ & bufferBit(Buffer::Scan)) v.scan = &pair(Buffer::Scan).front();
  if (written_ & bufferBit(Buffer::Spans)) v.spans = &pair(Buffer::Spans).front();
  v.spansLayout = layoutOf(Buffer::Spans);
  if (shown_ == Buffer::Groups) {  // shown as the image's bytes (Buffer::Pixels' layout)
    v.form = Buffer::Pixels;
    v.current = &decodeGroups();
    v.previous = nullptr;
  }
  if (shown_ == Buffer::Wide) {  // shown as the compact form: the layers decoded into index order
    v.form = Buffer::Compact;
    v.compactLayout = TextureLayout::forCount(elementCount() / 2);
    v.current = &decodeWide(pair(Buffer::Wide).front(), wideWindow_, decoded_[0]);
    // Before a wide pass: the back half in the previous pass's layout, or, before the first (which
    // folds the pack in), the elements as uploaded.
    const auto* wide = lastPass_ && passWrites(*lastPass_) == Buffer::Wide ? std::get_if<WideBitonicSteps>(&*lastPass_)
                                                                           : nullptr;
    if (wide && wide->source != kWideFromPixels) {  // from the pixels: nothing to show before it
      v.previous = &decodeWide(pair(Buffer::Wide).back(), wide->source, decoded_[1]);
    }
  }
  return v;
}

const gl::Texture& FragmentRunner::decodeGroups() const {
  DecodedView& into = decodedGroups_;
  if (!into.texture) {
    into.texture = gl::Texture(layout().width, layout().height, gl::TextureFormat::Rgba8ui, nullptr, "pixel-sorted image (view)");
    into.target = gl::Framebuffer(into.texture, "pixel-sorted image (view)");
  }
  GLint callersProgram = 0;  // as decodeWide: leave the caller's program in use
  glGetIntegerv(GL_CURRENT_PROGRAM, &callersProgram);
  if (!groupsProgram_) groupsProgram_ = makeProgram("groups_decode.frag", "", nullptr);
  glUseProgram(groupsProgram_.id());
  bindCommonBlock(readbackBlock_, elementCount(), sourceShape_);  // the groups' layers are as wide as the wide path's
  const auto set = [&](const char* name, std::uint64_t v) { glUniform1i(groupsProgram_.uniform(name), static_cast<GLint>(v)); };
  set("u_imageWidth", sourceShape_.width);
  set("u_pixelCount", sourceShape_.pixelCount());
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(Buffer::Groups));
  glBindTexture(GL_TEXTURE_2D_ARRAY, pair(Buffer::Groups).front().id());
  glActiveTexture(GL_TEXTURE0);
  triangle_.draw(into.target, layout().width, layout().height);
  glUseProgram(static_cast<GLuint>(callersProgram));
  TEXSORT_GL_CHECK("pixel-sorted image view");
  return into.texture;
}

const gl::Texture& FragmentRunner::decodeWide(const gl::Texture& layers, std::uint32_t window, DecodedView& into) const {
  const TextureLayout compact = TextureLayout::forCount(elementCount() / 2);
  if (!into.texture) {
    into.texture = gl::Texture(compact.width, compact.height, nullptr, "wide state (view)");
    into.target = gl::Framebuffer(into.texture, "wide state (view)");
  }
  // view() is called between a caller's glUseProgram and its uniforms: leave its program in use.
  GLint callersProgram = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &callersProgram);
  if (!decodeProgram_) decodeProgram_ = makeProgram("wide_decode.frag", "", nullptr);
  glUseProgram(decodeProgram_.id());
  bindCommonBlock(readbackBlock_, elementCount(), sourceShape_);
  const std::array<int, kWideGroupLog2> bits = wideWindowBits(window == kWideFromElements ? kWideLowWindow : window);
  glUniform4i(decodeProgram_.uniform("u_window"), bits[0], bits[1], bits[2], bits[3]);
  glUniform1i(decodeProgram_.uniform("u_fromElements"), window == kWideFromElements);
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(Buffer::Wide));
  glBindTexture(GL_TEXTURE_2D_ARRAY, layers.id());
  glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(Buffer::Elements));
  glBindTexture(GL_TEXTURE_2D, pair(Buffer::Elements) ? pair(Buffer::Elements).front().id() : 0);
  triangle_.draw(into.target, compact.width, compact.height);
  glUseProgram(static_cast<GLuint>(callersProgram));
  TEXSORT_GL_CHECK("wide state view");
  return into.texture;
}

}  // namespace texsort
