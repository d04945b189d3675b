# Precompiled headers for the heavy third-party headers (Boost.Beast and Asio, Catch2, protobuf,
# nlohmann-json, spdlog): most of a server or test file's compile time is spent parsing them
# again. carc_precompile(target header...) gives a target its own precompiled header; a target's
# header is built with that target's flags, so sanitizer and warning options stay consistent.
# CARC_PCH=OFF compiles without them (e.g. to check that every file includes what it uses).

option(CARC_PCH "Precompile the heavy third-party headers" ON)

function(carc_precompile target)
  if(CARC_PCH)
    target_precompile_headers(${target} PRIVATE ${ARGN})
    # GCC 12 loses the system-header status of libstdc++ code reached through a precompiled
    # header and reports its std::string concatenation as -Warray-bounds (GCC bug 105651, the
    # twin of the -Wrestrict one in Warnings.cmake) and -Wstringop-overflow: false positives in the
    # library.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
      target_compile_options(${target} PRIVATE -Wno-array-bounds -Wno-stringop-overflow)
    endif()
  endif()
endfunction()
