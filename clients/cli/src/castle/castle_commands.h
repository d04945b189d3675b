// The Castle's own subcommand (RULES.md section 4).
#pragma once

namespace carc::cli {

// castle-data [--check] [--board FILE] [--tiles FILE]: validates the Castle's data files (the
// built-in ones by default) and prints their summary.
int CastleDataCommand(int argc, char** argv);

}  // namespace carc::cli
