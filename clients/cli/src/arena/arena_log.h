// The arena's game log: one JSON line per finished game, so that a run of hundreds of
// games (at a second a move, hours) survives an interruption and is taken up where it
// stopped. The first line names the options that decide the games; a log is only ever
// continued by a run with the same options, so the games it holds are exactly the games
// that run would have played.
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <mutex>
#include <string>

namespace carc::cli {

// One finished arena game, from the sides' point of view (a = 0, b = 1).
struct ArenaGame {
  int winner = -1;  // 0: a, 1: b, -1: draw
  double mean_a = 0, mean_b = 0;
  std::int64_t seats_a = 0, seats_b = 0;
  double think_s[2] = {0, 0};  // over the decisions that offered a choice
  std::int64_t moves[2] = {0, 0};
  std::uint64_t iterations[2] = {0, 0};
};

class ArenaLog {
 public:
  // Opens `path` for `options` (a one-line JSON object of what decides the games). A new
  // or empty file gets the options as its first line. An existing log is read: its games
  // below `games` are returned by Done(). Returns an error text (and nothing is written)
  // when the file cannot be opened, was written for other options, or holds a line that
  // is not a game; a last line cut short by an interruption is dropped.
  std::string Open(const std::string& path, const std::string& options, std::int64_t games);

  const std::map<std::int64_t, ArenaGame>& Done() const { return done_; }

  // Appends game `g` and flushes it to the file; thread-safe. False when the write failed.
  bool Append(std::int64_t g, const ArenaGame& game);

 private:
  std::map<std::int64_t, ArenaGame> done_;
  std::ofstream out_;
  std::mutex mutex_;
};

}  // namespace carc::cli
