// The Castle's board and tile set from their JSON files (docs/castle-data.md), and the set the
// build embeds from engine/data/castle/.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <variant>

#include "carc/engine/castle/castle_set.h"

namespace carc::codec {

// Parses and validates both files; an error names the file, the entry and what is wrong.
std::variant<engine::castle::CastleSet, std::string> ParseCastleSet(std::string_view board_json,
                                                                    std::string_view tiles_json);

// The set written back in the files' format (parsing the result gives the same set): what a
// client receives to draw the board and the tiles.
std::string WriteCastleBoardJson(const engine::castle::CastleSet& set);
std::string WriteCastleTilesJson(const engine::castle::CastleSet& set);

// The set built into this binary (the project's reconstruction unless the data files were
// replaced before the build). Parsed once; never fails in a binary whose tests pass.
std::shared_ptr<const engine::castle::CastleSet> DefaultCastleSet();

// The embedded files' text, for clients that draw the board.
std::string_view DefaultCastleBoardJson();
std::string_view DefaultCastleTilesJson();

}  // namespace carc::codec
