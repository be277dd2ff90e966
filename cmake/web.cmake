# The browser edition (emscripten, WebGL2): texsort's core, fragment runner and command line as
# WebAssembly, and the page around it, in ${CMAKE_BINARY_DIR}/site (index.html, texsort.js, main.js
# and its modules, texsort-core.js, texsort-core.wasm, the sample images). Configured by the `web`
# preset; no glad, EGL, GLFW, ImGui or tests here. Debian's CLI11 and stb headers are reached
# through links in the build tree (emscripten must not see the host's /usr/include as a whole).
set(web_include "${CMAKE_BINARY_DIR}/host-headers")
file(MAKE_DIRECTORY "${web_include}")
file(CREATE_LINK /usr/include/CLI "${web_include}/CLI" SYMBOLIC)
foreach(header stb_image.h stb_image_write.h stb_easy_font.h)
  file(CREATE_LINK "/usr/include/stb/${header}" "${web_include}/${header}" SYMBOLIC)
endforeach()

include(cmake/embed_shaders.cmake)
texsort_embed_shaders(texsort_web_shaders
  shaders/fullscreen.vert shaders/sort_common.glsl shaders/bitonic.frag shaders/bitonic_legacy.frag
  shaders/oddeven_merge.frag shaders/transposition.frag shaders/radix_flags.frag shaders/radix_scan.frag
  shaders/radix_gather.frag shaders/copy.frag shaders/naive_bitonic.frag shaders/fast_pack.frag
  shaders/fast_bitonic.frag shaders/fast_gather.frag shaders/span_starts.frag shaders/span_scan.frag
  shaders/pixel_source.glsl shaders/pixel_order.glsl shaders/pixel_order.frag shaders/image_order.frag
  shaders/wide_bitonic.frag shaders/wide_gather.frag shaders/wide_decode.frag shaders/groups_decode.frag
  shaders/state_view.glsl shaders/display.frag shaders/pass_stats.frag shaders/pixelsort_view.frag)

add_executable(texsort-core
  src/web/web_main.cpp
  src/web/bindings.cpp
  src/web/watch_sort.cpp
  src/web/live_pixel_sort.cpp
  src/web/live_brush.cpp
  src/web/idle_warm.cpp
  src/playback/pixel_sort_view.cpp
  src/playback/mask_overlay.cpp
  src/playback/sort_session.cpp
  src/playback/state_display.cpp
  src/context/web_context.cpp
  src/context/context_info.cpp
  src/image/stb_impl.c
  src/fault.cpp src/sort/pass.cpp src/sort/pass_text.cpp src/sort/pass_words.cpp src/sort/schedule.cpp src/sort/algorithms.cpp src/sort/element.cpp
  src/sort/cpu_model.cpp src/sort/span_words.cpp src/sort/radix_model.cpp src/sort/source_texels.cpp src/pixelsort/conformance.cpp src/pixelsort/pixel_sort.cpp src/pixelsort/line_layout.cpp src/pixelsort/paths.cpp src/pixelsort/presets.cpp src/pixelsort/animation.cpp src/pixelsort/option_table.cpp src/pixelsort/option_parse.cpp
  src/io/files.cpp src/io/cache.cpp src/io/machine.cpp src/io/output_paths.cpp src/io/value_checks.cpp src/image/load_image.cpp src/image/png_plain_web.cpp src/image/gif_frames.cpp src/image/save_png.cpp src/image/png_encode.cpp
  src/image/png_filter.cpp src/image/deflate.cpp src/image/crc32.cpp src/image/stb_guards.cpp
  src/sort/packing.cpp src/sort/pixel_rules.cpp src/image/draw.cpp src/record/frames.cpp src/record/sound.cpp src/record/video_formats.cpp
  src/record/timestamps.cpp src/cli/pixelsort_batch.cpp
  src/gl/objects.cpp src/gl/program.cpp src/gl/ping_pong.cpp src/gl/fullscreen.cpp src/gl/capabilities.cpp src/gl/uniform_block.cpp
  src/sort/state_view.cpp src/sort/pass_blocks.cpp src/sort/fragment_runner.cpp src/sort/fragment_source.cpp
  src/sort/fragment_readback.cpp src/sort/runner.cpp src/pixelsort/pixel_runner.cpp src/pixelsort/recipe.cpp src/pixelsort/frame_sorter.cpp src/sort/memory_budget.cpp
  src/bench/benchmark.cpp src/bench/naive.cpp src/bench/plot.cpp
  src/cli/command_line.cpp src/cli/command_options.cpp src/cli/typed_options.cpp
  src/cli/sort_command.cpp src/cli/pixelsort_command.cpp src/cli/check_command.cpp src/cli/report.cpp
  src/cli/bench_command.cpp src/viewer/input_script.cpp src/playback/network_layout.cpp
  ${texsort_web_shaders})
target_include_directories(texsort-core PRIVATE src "${web_include}")
# Element counts are 64-bit for the desktop; wasm32's size_t is 32 bits, and every count is bounded
# by kMaxElements (2^28) and the memory budget before anything is allocated, so the narrowing that
# -Wconversion reports there (-Wshorten-64-to-32) cannot lose a bit.
target_compile_options(texsort-core PRIVATE $<$<COMPILE_LANGUAGE:CXX>:${TEXSORT_WARNINGS} -Wno-shorten-64-to-32> -fexceptions)
set(web_link
  -fexceptions -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB
  -sENVIRONMENT=web -sEXIT_RUNTIME=0 -sFORCE_FILESYSTEM=1
  -lembind "-sEXPORTED_RUNTIME_METHODS=['FS']")
target_link_options(texsort-core PRIVATE ${web_link})
set_target_properties(texsort-core PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/site")

# The page (web/: index.html, its style, texsort.js and the ES modules under core/, ui/, features/
# and media/, served as they are: no build step) and the samples beside the module.
file(GLOB_RECURSE web_page CONFIGURE_DEPENDS RELATIVE "${PROJECT_SOURCE_DIR}/web"
     "${PROJECT_SOURCE_DIR}/web/*.html" "${PROJECT_SOURCE_DIR}/web/*.js" "${PROJECT_SOURCE_DIR}/web/*.css")
foreach(file IN LISTS web_page)
  configure_file("${PROJECT_SOURCE_DIR}/web/${file}" "${CMAKE_BINARY_DIR}/site/${file}" COPYONLY)
endforeach()
foreach(image astronaut.png coffee.png)
  configure_file("${PROJECT_SOURCE_DIR}/assets/${image}" "${CMAKE_BINARY_DIR}/site/${image}" COPYONLY)
endforeach()
