# ASan + UBSan as an INTERFACE library: every project target links it, so one switch
# instruments all of our code and the final link pulls in the runtimes.
add_library(carc_sanitizers INTERFACE)
if(CARC_SANITIZE)
  set(_carc_san -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_compile_options(carc_sanitizers INTERFACE ${_carc_san})
  target_link_options(carc_sanitizers INTERFACE ${_carc_san})
endif()
