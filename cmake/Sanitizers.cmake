# Sanitizers as an INTERFACE library: every project target links it, so one switch instruments
# all of our code and the final link pulls in the runtimes.
#   CARC_SANITIZE         AddressSanitizer + UndefinedBehaviorSanitizer
#   CARC_SANITIZE_THREAD  ThreadSanitizer (cannot be combined with ASan)
#   CARC_BUILD_FUZZ       libFuzzer's coverage instrumentation with ASan + UBSan (clang only);
#                         tests/fuzz links the fuzzer's main into its targets
option(CARC_SANITIZE_THREAD "Build with ThreadSanitizer" OFF)
option(CARC_BUILD_FUZZ "Build only the libraries and the libFuzzer targets of tests/fuzz (clang)"
       OFF)
add_library(carc_sanitizers INTERFACE)
if(CARC_SANITIZE AND CARC_SANITIZE_THREAD)
  message(FATAL_ERROR "CARC_SANITIZE (ASan) and CARC_SANITIZE_THREAD (TSan) exclude each other")
endif()
if(CARC_BUILD_FUZZ AND (CARC_SANITIZE OR CARC_SANITIZE_THREAD))
  message(FATAL_ERROR "CARC_BUILD_FUZZ brings its own sanitizers: leave CARC_SANITIZE* off")
endif()
if(CARC_BUILD_FUZZ AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "CARC_BUILD_FUZZ needs clang++ (libFuzzer): use the fuzz preset")
endif()
if(CARC_BUILD_FUZZ)
  # fuzzer-no-link: the coverage counters, without libFuzzer's main; the targets add it.
  # -fno-sanitize=function: as below (the push sender's coroutines).
  set(_carc_san -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize=function
                -fno-sanitize-recover=all -fno-omit-frame-pointer)
elseif(CARC_SANITIZE)
  set(_carc_san -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  # clang 14's check of calls through function pointers (UBSan's "function", which g++ does not
  # have) cannot emit C++20 coroutines ("Cannot represent a difference across sections", LLVM
  # issues 54153 and 49689); the push sender's HTTP requests are coroutines.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    list(APPEND _carc_san -fno-sanitize=function)
  endif()
elseif(CARC_SANITIZE_THREAD)
  set(_carc_san -fsanitize=thread -fno-omit-frame-pointer)
  # Asio wraps handler calls in standalone fences, which TSan cannot model (GCC refuses them
  # under -Werror=tsan); the scheduler's mutexes, which TSan does see, order the handlers.
  # Defined for every project target alike, so Asio's inline code stays the same everywhere.
  target_compile_definitions(carc_sanitizers INTERFACE BOOST_ASIO_DISABLE_FENCED_BLOCK)
endif()
if(_carc_san)
  target_compile_options(carc_sanitizers INTERFACE ${_carc_san})
  if(CARC_BUILD_FUZZ)
    # Coverage steers the fuzzer through our code, not through the JSON library's lexer or the
    # standard library's containers (the file says why); a compile flag only.
    target_compile_options(
      carc_sanitizers
      INTERFACE -fsanitize-coverage-ignorelist=${PROJECT_SOURCE_DIR}/tests/fuzz/coverage_ignore.txt)
  endif()
  target_link_options(carc_sanitizers INTERFACE ${_carc_san})
endif()

# carc_unoptimised_when_sanitized(source...): these sources at -O0 in the sanitized builds. They
# are network glue whose Beast and coroutine templates cost most of a sanitized build's time at
# -O1, and whose speed no test measures: the push sender's HTTPS request, the command-line
# client's socket and the load tool's rooms. Compiled alone with ASan + UBSan on the 2-core CI
# machine, at -O1 against -O0: push_request.cc 68 s / 25 s, ws_client.cc 49 s / 16 s,
# load_room.cc 55 s / 16 s, load_run.cc 37 s / 15 s. The server's own sessions stay at -O1: the
# [timing] tests time them. Without the target's precompiled header, which is built at -O1 (its
# __OPTIMIZE__ would not match), and so outside the unity batches (CMake leaves out a source
# with options of its own). Call it in the directory that adds the target.
function(carc_unoptimised_when_sanitized)
  if(CARC_SANITIZE OR CARC_SANITIZE_THREAD)
    set_source_files_properties(${ARGN} PROPERTIES COMPILE_OPTIONS "-O0"
                                                   SKIP_PRECOMPILE_HEADERS ON)
  endif()
endfunction()

# lld links the sanitized binaries in under half of GNU ld's time (server_tests under ASan +
# UBSan: 2.0 s against 4.5 s); clang's builds use it where it is installed (deploy/install-deps.sh
# --dev installs it).
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  find_program(CARC_LLD ld.lld)
  if(CARC_LLD)
    add_link_options(-fuse-ld=lld)
  endif()
endif()
