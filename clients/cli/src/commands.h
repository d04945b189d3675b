// The subcommands of `carcassonne`. Each returns the process exit code.
#pragma once

namespace carc::cli {

int ReplayCommand(int argc, char** argv);
int SelfplayCommand(int argc, char** argv);
int ArenaCommand(int argc, char** argv);
int ArenaRatingsCommand(int argc, char** argv);
int BenchCommand(int argc, char** argv);
int BotCommand(int argc, char** argv);
int LoadCommand(int argc, char** argv);
int WatchCommand(int argc, char** argv);
int GamesCommand(int argc, char** argv);
int RoomsCommand(int argc, char** argv);
int LoginCommand(int argc, char** argv);
int LogoutCommand(int argc, char** argv);

}  // namespace carc::cli
