# The Castle's own subcommand (castle-data), in the `carcassonne` tool.
target_sources(carcassonne PRIVATE ${CMAKE_CURRENT_LIST_DIR}/castle_data_command.cc)
