# Embeds GLSL files into the binary as C++ string constants, so texsort never depends on its working
# directory. texsort_embed_shaders(OUT_VAR file...) generates one .cpp per shader at build time and a
# header shaders/embedded.h declaring `extern const char* const kShader_<stem>_<ext>` and
# `shaders::source("bitonic.frag")`, the look-up by file name that pass traits use.
set(TEXSORT_EMBED_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/embed_one.cmake")

function(texsort_embed_shaders out_var)
  set(gen_dir "${CMAKE_BINARY_DIR}/generated/shaders")
  set(sources "")
  set(decls "")
  set(index "")
  set(all "")
  foreach(shader IN LISTS ARGN)
    get_filename_component(stem "${shader}" NAME_WE)
    get_filename_component(ext "${shader}" LAST_EXT)
    string(SUBSTRING "${ext}" 1 -1 ext)
    set(symbol "kShader_${stem}_${ext}")
    set(out "${gen_dir}/${stem}_${ext}.cpp")
    add_custom_command(
      OUTPUT "${out}"
      COMMAND "${CMAKE_COMMAND}" -DIN="${CMAKE_SOURCE_DIR}/${shader}" -DOUT="${out}"
              -DSYMBOL="${symbol}" -DNAME="${shader}" -P "${TEXSORT_EMBED_SCRIPT}"
      DEPENDS "${CMAKE_SOURCE_DIR}/${shader}" "${TEXSORT_EMBED_SCRIPT}"
      COMMENT "Embedding ${shader}")
    list(APPEND sources "${out}")
    string(APPEND decls "extern const char* const ${symbol};  // ${shader}\n")
    get_filename_component(file_name "${shader}" NAME)
    string(APPEND index "    {\"${file_name}\", &${symbol}},\n")
    string(APPEND all "${symbol}, ")
  endforeach()
  file(WRITE "${gen_dir}/embedded.h.in"
       "// Generated: GLSL sources embedded at build time.\n#pragma once\nnamespace texsort::shaders {\n${decls}"
       "// The source of shaders/NAME (a file name such as \"bitonic.frag\"), null if none was embedded.\n"
       "const char* source(const char* name);\n"
       "// Every embedded source, then null.\nconst char* const* all();\n}\n")
  configure_file("${gen_dir}/embedded.h.in" "${gen_dir}/include/shaders/embedded.h" COPYONLY)
  file(WRITE "${gen_dir}/index.cpp.in"
       "// Generated: look-up of the embedded shaders by file name.\n#include <cstring>\n"
       "#include \"shaders/embedded.h\"\nnamespace texsort::shaders {\n"
       "const char* source(const char* name) {\n  static const struct { const char* name; const char* const* text; } kIndex[] = {\n"
       "${index}  };\n  for (const auto& entry : kIndex)\n    if (std::strcmp(entry.name, name) == 0) return *entry.text;\n"
       "  return nullptr;\n}\n"
       "const char* const* all() {\n  static const char* const kAll[] = {${all}nullptr};\n  return kAll;\n}\n}\n")
  configure_file("${gen_dir}/index.cpp.in" "${gen_dir}/index.cpp" COPYONLY)
  list(APPEND sources "${gen_dir}/index.cpp")
  set(${out_var} ${sources} PARENT_SCOPE)
  include_directories("${gen_dir}/include")
endfunction()
