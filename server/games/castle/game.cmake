# The Castle's adapter and its play figures, in carc_games.
target_sources(carc_games PRIVATE ${CMAKE_CURRENT_LIST_DIR}/castle_adapter.cc
                                  ${CMAKE_CURRENT_LIST_DIR}/castle_play_stats.cc)
