# The one place for Emscripten flags. wasm_library_options() is for the libraries
# a module links (size-optimised, link-time optimised with it); add_wasm_module()
# builds an ES module factory plus its .wasm for the browser:
#  - no eval (the page's CSP has no 'unsafe-eval'), no filesystem, size-optimised;
#  - a fixed heap: inputs are capped before they cross (see core-loader.js).
# Measured on glue+wasm (gzip): -flto -0.8 KB (the calculator) and -1.3 KB (the planner),
# INCOMING_MODULE_JS_API -0.3 KB, TEXTDECODER=2
# -0.2 KB, emmalloc -2.0 KB, -fno-exceptions -0.3 KB wasm and -0.24 KB glue
# (the core throws nothing; libc++'s noexcept build aborts where it would
# throw, as the default build did, and the core loader recovers from a trap);
# -fno-rtti made the wasm larger (measured again: +0.7 KB gzip);
# --closure=1 (Closure Compiler from npm, the version emsdk 3.1.6 pins, found
# through EM_CLOSURE_COMPILER, which scripts/build sets) -0.68 KB gzip of glue
# per module, after esbuild's own minify.
# embind-unused-types.js: Embind's wide-string and memory-view registrations,
# which no binding uses, made no-ops (-0.62 KB gzip of glue per module).
function(wasm_library_options target)
  target_compile_options(${target} PRIVATE -Oz -flto -fno-exceptions)
endfunction()

set(EMBIND_UNUSED_TYPES ${CMAKE_CURRENT_LIST_DIR}/embind-unused-types.js)

function(add_wasm_module target)
  cmake_parse_arguments(PARSE_ARGV 1 WASM "" "OUTPUT_NAME;EXPORT_NAME" "SOURCES;LIBRARIES")
  add_executable(${target} ${WASM_SOURCES})
  set_target_properties(${target} PROPERTIES OUTPUT_NAME ${WASM_OUTPUT_NAME} SUFFIX .js)
  target_link_libraries(${target} PRIVATE ${WASM_LIBRARIES} bp_warnings)
  target_compile_options(${target} PRIVATE -Oz -flto -fno-exceptions)
  target_link_options(${target} PRIVATE
    --bind -Oz -flto -fno-exceptions
    -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=${WASM_EXPORT_NAME}
    -sENVIRONMENT=web -sFILESYSTEM=0 -sDYNAMIC_EXECUTION=0
    -sALLOW_MEMORY_GROWTH=0 -sINITIAL_MEMORY=1MB -sTOTAL_STACK=64KB
    -sSTRICT=1 --no-entry
    -sINCOMING_MODULE_JS_API=[wasmBinary,print,printErr]
    -sTEXTDECODER=2 -sMALLOC=emmalloc -sSUPPORT_ERRNO=0 --closure=1
    --js-library ${EMBIND_UNUSED_TYPES})
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${EMBIND_UNUSED_TYPES})
endfunction()
