# `format-check` fails when any tracked C++ file differs from clang-format's output;
# `format` rewrites them. The style is pinned in .clang-format (clang-format 14).
find_program(CLANG_FORMAT_EXE NAMES clang-format-14 clang-format)
if(CLANG_FORMAT_EXE)
  file(GLOB_RECURSE CARC_FORMAT_SOURCES CONFIGURE_DEPENDS
    ${CMAKE_SOURCE_DIR}/engine/*.h ${CMAKE_SOURCE_DIR}/engine/*.cc
    ${CMAKE_SOURCE_DIR}/server/*.h ${CMAKE_SOURCE_DIR}/server/*.cc
    ${CMAKE_SOURCE_DIR}/clients/cli/*.h ${CMAKE_SOURCE_DIR}/clients/cli/*.cc
    ${CMAKE_SOURCE_DIR}/tests/*.h ${CMAKE_SOURCE_DIR}/tests/*.cc)
  # Not ours: the C headers some npm packages ship (tests/ratings' openskill pulls in @stdlib's).
  list(FILTER CARC_FORMAT_SOURCES EXCLUDE REGEX "/node_modules/")
  add_custom_target(format-check
    COMMAND ${CLANG_FORMAT_EXE} --dry-run --Werror ${CARC_FORMAT_SOURCES}
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
    COMMENT "Checking formatting with ${CLANG_FORMAT_EXE}")
  add_custom_target(format
    COMMAND ${CLANG_FORMAT_EXE} -i ${CARC_FORMAT_SOURCES}
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
endif()
