// std140 uniform blocks mirrored by C++ structs: a block's layout (its members' names, offsets and
// types, as the struct has them) is checked against what GL reports for each program that declares
// the block, once when the program is made, so the GLSL and the struct cannot drift apart silently;
// and the uniform buffer the blocks' bytes live in, bound a range per block.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "gl/objects.h"

namespace texsort::gl {

// std140's vector types as C++ members: the struct's offsets then match the block's.
struct alignas(16) IVec4 {
  std::int32_t x = 0, y = 0, z = 0, w = 0;
};
struct alignas(8) Vec2 {
  float x = 0, y = 0;
};

struct BlockMember {
  const char* name;               // as GL names it: "u_stepno"; an array's first element "u_bits[0]"
  std::uint32_t offset;           // offsetof() in the C++ struct
  GLenum type;                    // GL_INT, GL_UNSIGNED_INT, GL_FLOAT, GL_BOOL, GL_INT_VEC4, ...
  std::uint32_t arrayStride = 0;  // an array's (16 under std140); 0 for a single value
};

struct BlockLayout {
  const char* name;     // the GLSL block's name
  GLuint binding;       // the binding point every program binds it to
  std::uint32_t bytes;  // sizeof the C++ struct, which is alignas(16): GL's data size of the block,
                        // rounded up to 16 bytes
  std::vector<BlockMember> members;
};

// Binds each uniform block of `program` to the binding of the layout of its name in `layouts`
// (null entries are skipped), after checking the block against that layout: the same members at
// the same offsets with the same types, and the same size. A block with no layout given, or one
// that differs, throws std::logic_error naming the program, the block and the member: the shader
// and its struct disagree. Layouts of blocks the program does not declare are not used.
void bindBlocks(const Program& program, std::initializer_list<const BlockLayout*> layouts);

// A uniform buffer that holds block records, each at an offset a bound range may start at.
class UniformBuffer {
 public:
  // GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT: where a bound range may start.
  static std::uint32_t alignment();
  // `bytes` bytes from `data` at `offset`; the buffer grows (its old bytes lost) when it is smaller
  // than offset + bytes. Throws texsort::Error(Gpu) when it cannot be allocated.
  void write(std::uint32_t offset, const void* data, std::uint32_t bytes, const char* label);
  // The range [offset, offset + bytes) as the block at `binding`.
  void bind(GLuint binding, std::uint32_t offset, std::uint32_t bytes) const;
  explicit operator bool() const { return static_cast<bool>(handle_); }

 private:
  Handle<deleteBuffer> handle_;
  std::uint32_t bytes_ = 0;  // not in liveBufferBytes(): a few bytes a pass, outside the memory budget
};

}  // namespace texsort::gl
