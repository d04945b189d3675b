// The subcommands a game adds to `carcassonne` (tools for its own data); each is written in the
// game's folder (src/<game>/) and game_commands.cc is the one place in the tool that names them.
#pragma once

#include <string_view>
#include <vector>

namespace carc::cli {

struct GameSubcommand {
  std::string_view name;      // the subcommand, e.g. "<game>-data"
  std::string_view synopsis;  // its options, for the usage text
  std::string_view summary;   // one line: what it does
  int (*run)(int argc, char** argv);
};

const std::vector<GameSubcommand>& GameSubcommands();

}  // namespace carc::cli
