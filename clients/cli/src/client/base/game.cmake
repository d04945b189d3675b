# A bot seat's part in the base game, in carc_client.
target_sources(carc_client PRIVATE ${CMAKE_CURRENT_LIST_DIR}/base_seat_game.cc)
