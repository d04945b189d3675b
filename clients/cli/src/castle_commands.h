// The Castle's parts of the subcommands (RULES.md section 4).
#pragma once

#include "game_options.h"

namespace carc::cli {

// bench --game castle: prints the timing and the play figures of `run`.
int CastleBench(const RandomGames& run, long (*peak_rss_kib)());

// castle-data [--check] [--board FILE] [--tiles FILE]: validates the Castle's data files (the
// built-in ones by default) and prints their summary.
int CastleDataCommand(int argc, char** argv);

}  // namespace carc::cli
