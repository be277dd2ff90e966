# Generates the glad 2 OpenGL 3.3 core loader at configure time (python3-glad, --reproducible, so the
# Khronos XML shipped in the package is used and nothing is downloaded). Nothing generated is committed.
# Beyond 3.3 only extensions, each loaded only where the context advertises it: KHR_debug for labels,
# and the three ARB extensions that make up GL 4.3's compute shaders (the optional compute backend:
# dispatch, storage buffers, glMemoryBarrier), so a 3.3 build cannot call a 4.x function by accident.
find_program(GLAD_EXECUTABLE glad REQUIRED)
set(GLAD_OUT "${CMAKE_BINARY_DIR}/glad")
set(GLAD_ARGS --api gl:core=3.3 --extensions GL_KHR_debug,GL_ARB_compute_shader,GL_ARB_shader_storage_buffer_object,GL_ARB_shader_image_load_store --out-path "${GLAD_OUT}" --reproducible --quiet c)
if(NOT EXISTS "${GLAD_OUT}/src/gl.c" OR NOT "${GLAD_ARGS}" STREQUAL "${TEXSORT_GLAD_ARGS_USED}")
  message(STATUS "glad: generating the GL 3.3 core loader in ${GLAD_OUT}")
  execute_process(COMMAND "${GLAD_EXECUTABLE}" ${GLAD_ARGS}
                  RESULT_VARIABLE glad_result OUTPUT_QUIET ERROR_VARIABLE glad_error)
  if(NOT glad_result EQUAL 0)
    message(FATAL_ERROR "glad: generation failed (${glad_result}): ${glad_error}")
  endif()
  set(TEXSORT_GLAD_ARGS_USED "${GLAD_ARGS}" CACHE INTERNAL "glad arguments of the last generation")
endif()
add_library(glad STATIC "${GLAD_OUT}/src/gl.c")
target_include_directories(glad SYSTEM PUBLIC "${GLAD_OUT}/include")
set_target_properties(glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
