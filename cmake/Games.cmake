# The games this project builds: the one place the build names them (docs/adding-a-game.md).
# A layer calls carc_add_games(<folder>) after making its targets; every game with a
# `game.cmake` in <folder>/<game>/ adds its sources to them there (target_sources), so that a
# layer's own CMakeLists.txt names no game.
set(CARC_GAMES base castle)

macro(carc_add_games folder)
  foreach(carc_game IN LISTS CARC_GAMES)
    if(EXISTS ${folder}/${carc_game}/game.cmake)
      include(${folder}/${carc_game}/game.cmake)
    endif()
  endforeach()
endmacro()
