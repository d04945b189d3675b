# A bot seat's part in The Castle, in carc_client.
target_sources(carc_client PRIVATE ${CMAKE_CURRENT_LIST_DIR}/castle_seat_game.cc)
