# Warnings are attached per target through this INTERFACE library, never as global flags, so
# third-party code compiled in the same tree is not held to them.
add_library(carc_warnings INTERFACE)
target_compile_options(carc_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wnon-virtual-dtor
  -Wold-style-cast -Wcast-align -Woverloaded-virtual -Wnull-dereference -Wdouble-promotion
  -Wimplicit-fallthrough)
if(CARC_WARNINGS_AS_ERRORS)
  target_compile_options(carc_warnings INTERFACE -Werror)
endif()
