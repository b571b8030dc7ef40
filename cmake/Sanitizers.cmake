# The one place for sanitizer flags. Targets opt in by linking eb_sanitizers.
add_library(eb_sanitizers INTERFACE)
if(EB_SANITIZE)
  set(EB_SANITIZER_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_compile_options(eb_sanitizers INTERFACE ${EB_SANITIZER_FLAGS})
  target_link_options(eb_sanitizers INTERFACE ${EB_SANITIZER_FLAGS})
endif()
