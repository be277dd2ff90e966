// Programs: shader pieces compiled and linked with readable logs (GLSL 3.30, or ES 3.00 in the
// browser), and their plain uniforms looked up by name with a check for misspellings.
#include <cctype>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include "error.h"
#include "fault.h"
#include "gl/objects.h"
#include "shaders/embedded.h"

namespace texsort::gl {

namespace {

// An info log as one line: lines joined with "; ", trailing space dropped.
std::string oneLine(const char* log) {
  std::string text(log);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\r')) text.pop_back();
  for (std::size_t at; (at = text.find('\n')) != std::string::npos;) text.replace(at, 1, "; ");
  return text;
}

// A shader's or a program's info log on one line (getInt, getLog: glGetShaderiv and
// glGetShaderInfoLog, or the program's pair).
template <typename GetInt, typename GetLog>
std::string infoLog(GLuint id, GetInt getInt, GetLog getLog) {
  GLint length = 0;
  getInt(id, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(length > 1 ? length : 1), '\0');
  getLog(id, static_cast<GLsizei>(log.size()), nullptr, log.data());
  return oneLine(log.data());
}

std::string glslVersion() {
  const auto* v = reinterpret_cast<const char*>(glGetString(GL_SHADING_LANGUAGE_VERSION));
  return v ? v : "unknown";
}

// The shaders are written once, for GLSL 3.30 core; where the context speaks GLSL ES 3.00 (WebGL2)
// the first piece's #version line becomes ES's, with every precision highp (the sort's integers
// and float32 keys need all their bits).
#ifdef TEXSORT_WEBGL
constexpr char kDesktopVersion[] = "#version 330 core\n";
constexpr char kWebPrelude[] =
    "#version 300 es\nprecision highp float;\nprecision highp int;\nprecision highp sampler2D;\n"
    "precision highp isampler2D;\nprecision highp usampler2D;\nprecision highp sampler2DArray;\n"
    "precision highp usampler2DArray;\n";
#endif

GLuint compile(GLenum type, const char* name, std::initializer_list<const char*> sources) {
  const GLuint shader = glCreateShader(type);
  std::vector<const char*> pieces(sources);
#ifdef TEXSORT_WEBGL
  std::string first;
  if (!pieces.empty() && std::strncmp(pieces[0], kDesktopVersion, sizeof kDesktopVersion - 1) == 0) {
    first = std::string(kWebPrelude) + (pieces[0] + sizeof kDesktopVersion - 1);
    pieces[0] = first.c_str();
  }
#endif
  // Forced failures feed the real compiler and linker a real mistake, so the real log comes back.
  if (type == GL_FRAGMENT_SHADER && forcedFailure("shader")) pieces.push_back("\nforced compile error\n");
  if (type == GL_FRAGMENT_SHADER && forcedFailure("link")) {
    // main itself calls a function nothing defines (a call from unused code, NVIDIA's compiler
    // drops): after the prelude's #version line, main() becomes one that calls it, and the pass's
    // own main a function of another name.
    static const char kUndefinedCall[] =
        "\nvoid forcedLinkError();\n#define main() main() { forcedLinkError(); } void forcedPassMain()\n";
    pieces.insert(pieces.begin() + (pieces.size() > 1 ? 1 : 0), kUndefinedCall);
  }
  glShaderSource(shader, static_cast<GLsizei>(pieces.size()), pieces.data(), nullptr);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    const std::string log = infoLog(shader, glGetShaderiv, glGetShaderInfoLog);
    glDeleteShader(shader);
    throw Error(ExitCode::Gpu, std::string("GL: cannot compile ") + name + " (GLSL " + glslVersion() + "): " + log);
  }
  return shader;
}

}  // namespace

Program::Program(const char* vertexName, const char* vertexSource, const char* fragmentName,
                 std::initializer_list<const char*> fragmentSources) {
  const GLuint vs = compile(GL_VERTEX_SHADER, vertexName, {vertexSource});
  GLuint fs = 0;
  try {
    fs = compile(GL_FRAGMENT_SHADER, fragmentName, fragmentSources);
  } catch (...) {
    glDeleteShader(vs);
    throw;
  }
  link({vs, fs}, std::string(vertexName) + " + " + fragmentName);
  label(GL_PROGRAM, handle_.id(), fragmentName);
  name_ = fragmentName;
  declare({vertexSource});
  declare(fragmentSources);
}

#ifndef TEXSORT_WEBGL  // WebGL2 has no compute shaders
Program Program::compute(const char* name, std::initializer_list<const char*> sources) {
  Program program;
  program.link({compile(GL_COMPUTE_SHADER, name, sources)}, name);
  label(GL_PROGRAM, program.id(), name);
  program.name_ = name;
  program.declare(sources);
  return program;
}
#endif

void Program::link(std::initializer_list<GLuint> shaders, const std::string& name) {
  const GLuint id = glCreateProgram();
  handle_ = Handle<deleteProgram>(id);
  for (GLuint shader : shaders) glAttachShader(id, shader);
  glLinkProgram(id);
  for (GLuint shader : shaders) glDeleteShader(shader);  // flagged for deletion; freed with the program
  GLint ok = GL_FALSE;
  glGetProgramiv(id, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) throw Error(ExitCode::Gpu, "GL: cannot link " + name + ": " + infoLog(id, glGetProgramiv, glGetProgramInfoLog));
}

std::vector<std::string> declaredUniforms(const std::string& source) {
  std::vector<std::string> names;
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t at = source.find("uniform"); at != std::string::npos; at = source.find("uniform", at + 7)) {
    if ((at > 0 && word(source[at - 1])) || (at + 7 < source.size() && word(source[at + 7]))) continue;
    const std::size_t end = source.find_first_of(";{", at);
    if (end == std::string::npos || source[end] == '{') continue;  // a block: its members are not looked up by name
    std::string declaration = source.substr(at + 7, end - at - 7);
    declaration = declaration.substr(0, declaration.find('['));  // NAME[5]
    std::size_t last = declaration.size();
    while (last > 0 && !word(declaration[last - 1])) --last;
    std::size_t first = last;
    while (first > 0 && word(declaration[first - 1])) --first;
    if (first < last) names.push_back(declaration.substr(first, last - first));
  }
  return names;
}

void Program::declare(std::initializer_list<const char*> sources) {
  for (const char* source : sources) {
    for (std::string& name : declaredUniforms(source)) declared_.insert(std::move(name));
  }
}

namespace {

// Whether any embedded shader declares a uniform of this name: the runners set some uniforms on
// every program (the counts, the buffers' samplers, the pixel source's maps), each used by some.
bool anyShaderDeclares(const std::string& name) {
  static const std::unordered_set<std::string> kDeclared = [] {
    std::unordered_set<std::string> names;
    for (const char* const* source = shaders::all(); *source; ++source) {
      for (std::string& n : declaredUniforms(*source)) names.insert(std::move(n));
    }
    return names;
  }();
  return kDeclared.count(name) > 0;
}

}  // namespace

GLint Program::uniformIfDeclared(const char* name) const {
  return declared_.count(name) ? uniform(name) : -1;
}

GLint Program::uniform(const char* name) const {
  const auto found = uniforms_.find(name);
  if (found != uniforms_.end()) return found->second;
  const std::string declared = std::string(name).substr(0, std::string(name).find('['));  // u_steps[0]: u_steps
  if (!declared_.count(declared) && !anyShaderDeclares(declared)) {
    throw std::logic_error(std::string("GL: ") + name_ + ": no shader declares the uniform " + name);
  }
  return uniforms_[name] = glGetUniformLocation(handle_.id(), name);
}

}  // namespace texsort::gl
