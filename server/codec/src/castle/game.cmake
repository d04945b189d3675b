# The Castle's records (carc_record), its board and tiles with the files of engine/data/castle
# embedded (carc_record; docs/castle-data.md; editing the files re-runs the configure step), and
# its wire forms and replays (carc_codec).
set(CASTLE_DATA_DIR ${PROJECT_SOURCE_DIR}/engine/data/castle)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CASTLE_DATA_DIR}/board.json
                                                               ${CASTLE_DATA_DIR}/tiles.json)
file(READ ${CASTLE_DATA_DIR}/board.json CASTLE_BOARD_JSON)
file(READ ${CASTLE_DATA_DIR}/tiles.json CASTLE_TILES_JSON)
configure_file(${CMAKE_CURRENT_LIST_DIR}/castle_data_embed.cc.in
               ${CMAKE_CURRENT_BINARY_DIR}/castle_data_embed.cc @ONLY)
target_sources(carc_record PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/castle_record.cc
  ${CMAKE_CURRENT_LIST_DIR}/castle_data.cc
  ${CMAKE_CURRENT_BINARY_DIR}/castle_data_embed.cc)
target_sources(carc_codec PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/castle_stream.cc
  ${CMAKE_CURRENT_LIST_DIR}/castle_replay.cc)
