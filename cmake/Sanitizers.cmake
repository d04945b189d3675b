# Sanitizers as an INTERFACE library: every project target links it, so one switch instruments
# all of our code and the final link pulls in the runtimes.
#   CARC_SANITIZE         AddressSanitizer + UndefinedBehaviorSanitizer
#   CARC_SANITIZE_THREAD  ThreadSanitizer (cannot be combined with ASan)
option(CARC_SANITIZE_THREAD "Build with ThreadSanitizer" OFF)
add_library(carc_sanitizers INTERFACE)
if(CARC_SANITIZE AND CARC_SANITIZE_THREAD)
  message(FATAL_ERROR "CARC_SANITIZE (ASan) and CARC_SANITIZE_THREAD (TSan) exclude each other")
endif()
if(CARC_SANITIZE)
  set(_carc_san -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
elseif(CARC_SANITIZE_THREAD)
  set(_carc_san -fsanitize=thread -fno-omit-frame-pointer)
  # Asio wraps handler calls in standalone fences, which TSan cannot model (GCC refuses them
  # under -Werror=tsan); the scheduler's mutexes, which TSan does see, order the handlers.
  # Defined for every project target alike, so Asio's inline code stays the same everywhere.
  target_compile_definitions(carc_sanitizers INTERFACE BOOST_ASIO_DISABLE_FENCED_BLOCK)
endif()
if(_carc_san)
  target_compile_options(carc_sanitizers INTERFACE ${_carc_san})
  target_link_options(carc_sanitizers INTERFACE ${_carc_san})
endif()
