# Writes one GLSL file as a C++ raw string constant (script mode: IN, OUT, SYMBOL, NAME).
file(READ "${IN}" text)
if(text MATCHES "\\)glsl\"")
  message(FATAL_ERROR "${NAME}: contains the raw-string terminator )glsl\"")
endif()
file(WRITE "${OUT}" "// Generated from ${NAME}; edit that file instead.\n#include \"shaders/embedded.h\"\nnamespace texsort::shaders {\nconst char* const ${SYMBOL} = R\"glsl(${text})glsl\";\n}\n")
