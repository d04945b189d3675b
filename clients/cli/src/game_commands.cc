#include "game_commands.h"

#include "castle/castle_commands.h"

namespace carc::cli {

const std::vector<GameSubcommand>& GameSubcommands() {
  static const std::vector<GameSubcommand> commands = {
      {"castle-data", "--check [--board FILE] [--tiles FILE]",
       "validate The Castle's board and tile files", &CastleDataCommand},
  };
  return commands;
}

}  // namespace carc::cli
