// Uniform blocks checked against their C++ mirrors, and the buffer that holds their bytes.
#include "gl/uniform_block.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace texsort::gl {

namespace {

struct ActiveMember {
  std::string name;
  GLint offset = 0, type = 0, arrayStride = 0;
};

// What GL reports of block `index` of `program`: its members and its data size.
std::vector<ActiveMember> activeMembers(GLuint program, GLuint index, GLint& dataSize) {
  GLint count = 0;
  glGetActiveUniformBlockiv(program, index, GL_UNIFORM_BLOCK_DATA_SIZE, &dataSize);
  glGetActiveUniformBlockiv(program, index, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS, &count);
  std::vector<GLint> signedIndices(static_cast<std::size_t>(count));
  if (count > 0) glGetActiveUniformBlockiv(program, index, GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES, signedIndices.data());
  const std::vector<GLuint> indices(signedIndices.begin(), signedIndices.end());
  std::vector<GLint> offsets(indices.size()), types(indices.size()), strides(indices.size());
  if (count > 0) {
    glGetActiveUniformsiv(program, count, indices.data(), GL_UNIFORM_OFFSET, offsets.data());
    glGetActiveUniformsiv(program, count, indices.data(), GL_UNIFORM_TYPE, types.data());
    glGetActiveUniformsiv(program, count, indices.data(), GL_UNIFORM_ARRAY_STRIDE, strides.data());
  }
  std::vector<ActiveMember> members;
  for (std::size_t i = 0; i < indices.size(); ++i) {
    char name[128] = {};
    GLsizei length = 0;
    GLint size = 0;
    GLenum type = 0;
    glGetActiveUniform(program, indices[i], sizeof name, &length, &size, &type, name);
    members.push_back({std::string(name, static_cast<std::size_t>(length)), offsets[i], types[i], strides[i]});
  }
  return members;
}

// Throws std::logic_error when the block GL reports differs from `layout` in any way.
void check(const Program& program, GLuint index, const BlockLayout& layout) {
  GLint dataSize = 0;
  const std::vector<ActiveMember> members = activeMembers(program.id(), index, dataSize);
  const std::string where = "GL: " + program.name() + ": uniform block " + layout.name;
  // Mesa rounds a block's size up to a vec4, as a struct's; ANGLE (the browser's) does not.
  if ((static_cast<std::uint32_t>(dataSize) + 15u) / 16u * 16u != layout.bytes) {
    throw std::logic_error(where + " is " + std::to_string(dataSize) + " bytes; its C++ struct " +
                           std::to_string(layout.bytes));
  }
  if (members.size() != layout.members.size()) {
    throw std::logic_error(where + " has " + std::to_string(members.size()) + " members; its C++ struct " +
                           std::to_string(layout.members.size()));
  }
  for (const ActiveMember& m : members) {
    const auto mirror = std::find_if(layout.members.begin(), layout.members.end(),
                                     [&](const BlockMember& b) { return m.name == b.name; });
    if (mirror == layout.members.end()) throw std::logic_error(where + ": " + m.name + " is not in its C++ struct");
    if (static_cast<std::uint32_t>(m.offset) != mirror->offset || static_cast<GLenum>(m.type) != mirror->type ||
        static_cast<std::uint32_t>(m.arrayStride) != mirror->arrayStride) {
      throw std::logic_error(where + ": " + m.name + " is at byte " + std::to_string(m.offset) + " (stride " +
                             std::to_string(m.arrayStride) + ", " + enumName(static_cast<GLenum>(m.type)) +
                             "); its C++ struct has it at " + std::to_string(mirror->offset) + " (stride " +
                             std::to_string(mirror->arrayStride) + ", " + enumName(mirror->type) + ")");
    }
  }
}

}  // namespace

void bindBlocks(const Program& program, std::initializer_list<const BlockLayout*> layouts) {
  GLint blocks = 0;
  glGetProgramiv(program.id(), GL_ACTIVE_UNIFORM_BLOCKS, &blocks);
  for (GLuint index = 0; index < static_cast<GLuint>(blocks); ++index) {
    char name[128] = {};
    GLsizei length = 0;
    glGetActiveUniformBlockName(program.id(), index, sizeof name, &length, name);
    const auto layout = std::find_if(layouts.begin(), layouts.end(),
                                     [&](const BlockLayout* l) { return l != nullptr && std::strcmp(l->name, name) == 0; });
    if (layout == layouts.end()) {
      throw std::logic_error("GL: " + program.name() + ": uniform block " + name + " has no C++ struct given");
    }
    check(program, index, **layout);
    glUniformBlockBinding(program.id(), index, (*layout)->binding);
  }
}

std::uint32_t UniformBuffer::alignment() {
  GLint alignment = 0;
  glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &alignment);
  return static_cast<std::uint32_t>(std::max(alignment, 16));
}

void UniformBuffer::write(std::uint32_t offset, const void* data, std::uint32_t bytes, const char* label) {
  if (bytes_ < offset + bytes) {
    handle_ = newBuffer(GL_UNIFORM_BUFFER, offset + bytes, nullptr, GL_DYNAMIC_DRAW, label);
    bytes_ = offset + bytes;
  }
  glBindBuffer(GL_UNIFORM_BUFFER, handle_.id());
  glBufferSubData(GL_UNIFORM_BUFFER, offset, bytes, data);
}

void UniformBuffer::bind(GLuint binding, std::uint32_t offset, std::uint32_t bytes) const {
  glBindBufferRange(GL_UNIFORM_BUFFER, binding, handle_.id(), offset, bytes);
}

}  // namespace texsort::gl
