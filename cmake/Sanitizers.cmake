# The one place for sanitizer flags. Targets opt in by linking bp_sanitizers.
add_library(bp_sanitizers INTERFACE)
if(BP_SANITIZE)
  set(BP_SANITIZER_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_compile_options(bp_sanitizers INTERFACE ${BP_SANITIZER_FLAGS})
  target_link_options(bp_sanitizers INTERFACE ${BP_SANITIZER_FLAGS})
endif()
