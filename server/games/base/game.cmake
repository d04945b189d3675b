# The base game's adapter, in carc_games.
target_sources(carc_games PRIVATE ${CMAKE_CURRENT_LIST_DIR}/base_adapter.cc)
