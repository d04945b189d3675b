# The Castle's rules engine (RULES.md section 4), in carc_engine.
target_sources(carc_engine PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/castle_board.cc
  ${CMAKE_CURRENT_LIST_DIR}/castle_config.cc
  ${CMAKE_CURRENT_LIST_DIR}/castle_determinize.cc
  ${CMAKE_CURRENT_LIST_DIR}/castle_game.cc
  ${CMAKE_CURRENT_LIST_DIR}/castle_refusals.cc
  ${CMAKE_CURRENT_LIST_DIR}/castle_play.cc
  ${CMAKE_CURRENT_LIST_DIR}/castle_scoring.cc
  ${CMAKE_CURRENT_LIST_DIR}/castle_set.cc
  ${CMAKE_CURRENT_LIST_DIR}/castle_state.cc
  ${CMAKE_CURRENT_LIST_DIR}/castle_text.cc
  ${CMAKE_CURRENT_LIST_DIR}/castle_view.cc)
