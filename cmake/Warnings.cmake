# Warnings are attached per target through this INTERFACE library, never as global flags, so
# third-party code compiled in the same tree is not held to them.
add_library(carc_warnings INTERFACE)
target_compile_options(carc_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wnon-virtual-dtor
  -Wold-style-cast -Wcast-align -Woverloaded-virtual -Wdouble-promotion
  -Wimplicit-fallthrough)
if(CARC_WARNINGS_AS_ERRORS)
  target_compile_options(carc_warnings INTERFACE -Werror)
endif()
# GCC 12 at -O3 reports -Wrestrict inside libstdc++'s std::string for ordinary concatenation
# (GCC bug 105329): a false positive in the library, not in our code.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(carc_warnings INTERFACE -Wno-restrict)
endif()
# clang's -Wconversion takes in -Wsign-conversion, which g++'s leaves out for C++: the same set
# under both compilers (the check and tsan presets build with clang, release and dev with g++).
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  target_compile_options(carc_warnings INTERFACE -Wno-sign-conversion)
endif()
