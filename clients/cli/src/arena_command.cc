// `carcassonne arena --game G --players N --a LEVEL --b LEVEL --games K [--json]`
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "arena/arena_log.h"
#include "args.h"
#include "bots/computer_player.h"
#include "commands.h"
#include "game_options.h"

namespace carc::cli {
namespace {

constexpr const char* kArenaHelp =
    "usage: carcassonne arena --a LEVEL --b LEVEL [--games K] [--game G] [--players N]\n"
    "                         [--expansion E] [--rules LIST] [--seed S] [--parallel P]\n"
    "                         [--threads T] [--iterations-per-ms R] [--log FILE] [--json]\n"
    "Plays K games between two computer players, seats alternating: in even games a takes\n"
    "seat 0 (and every other seat), in odd games b does. A game is won by the side whose best\n"
    "seat scores most (a tie between the sides is a draw). Prints each side's wins, mean score\n"
    "per seat, the score difference a - b per game with its 95% confidence interval, and the\n"
    "mean time per move over the decisions that offered a choice.\n"
    "  --a, --b LEVEL  random, greedy, mcts (1 s a move), mcts@MS (MS from 10 to 60000),\n"
    "                  easy (greedy), medium (mcts@250), hard (mcts@1000)\n"
    "  --games K       1..100000 (default 20)\n"
    "  --game G        the game (default base); --players 2..6 (default 2)\n"
    "  --expansion E   none (default) or count; --rules NAME=VALUE,... room options\n"
    "  --seed S        base seed (default 1): game i's setup and players' seeds derive from it\n"
    "  --parallel P    games played at once, 1..64 (default 1)\n"
    "  --threads T     search threads of each mcts move, 1..64 (default 1)\n"
    "  --iterations-per-ms R\n"
    "                  mcts levels search R iterations per millisecond of their budget\n"
    "                  (1..10000) instead of by the clock: the games no longer depend on\n"
    "                  how busy the machine is, and replay the same anywhere\n"
    "  --log FILE      keeps each finished game in FILE (JSON lines); a run given the same\n"
    "                  FILE and options plays only the games not in it yet, so a long run\n"
    "                  can be stopped and taken up again, or extended with a larger --games\n"
    "  --json          one JSON object instead of the table\n";

struct Side {
  bots::BotLevel level;
  std::int64_t wins = 0;
  double score_sum = 0;  // over seats
  std::int64_t seats = 0;
  double think_s = 0;  // decisions with a choice
  std::int64_t moves = 0;
  std::uint64_t iterations = 0;  // mcts
};

// The side of `seat` in game `g`: a = 0, b = 1.
int SideOf(std::int64_t g, engine::Seat seat) {
  return static_cast<int>((static_cast<std::int64_t>(seat) + g) % 2);
}

ArenaGame PlayOne(const RandomGames& run, std::int64_t g, const bots::BotLevel levels[2],
                  int threads, std::uint64_t iterations_per_ms) {
  const std::unique_ptr<engine::State> state = NewGame(run, g);
  state->KeepEvents(false);
  const std::uint64_t seed = PlayerSeed(run.seed, g);
  std::vector<bots::ComputerPlayer> players;
  for (engine::Seat s = 0; s < run.players; ++s) {
    players.emplace_back(levels[SideOf(g, s)], seed + 0x9e3779b97f4a7c15ULL * (s + 1),
                         iterations_per_ms);
  }
  ArenaGame r;
  std::vector<engine::Move> legal;
  while (!state->IsOver()) {
    const engine::Seat seat = state->ToMove();
    state->LegalMoves(seat, legal);
    const auto t0 = std::chrono::steady_clock::now();
    const bots::Choice choice = players[static_cast<std::size_t>(seat)].Choose(*state, {}, threads);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - t0;
    if (legal.size() > 1) {
      r.think_s[SideOf(g, seat)] += took.count();
      ++r.moves[SideOf(g, seat)];
      r.iterations[SideOf(g, seat)] += choice.iterations;
    }
    if (state->Apply(seat, choice.move) != engine::RejectReason::kNone) {
      // A player's move refused is a bug in the player: the game goes on by the fallback.
      std::cerr << "arena: game " << g << ": a move of seat " << seat << " was refused\n";
      state->Apply(seat, engine::Move{engine::kTimeoutMove, {}});
    }
  }
  int best[2] = {INT32_MIN, INT32_MIN};
  double sum[2] = {0, 0};
  std::int64_t count[2] = {0, 0};
  for (engine::Seat s = 0; s < run.players; ++s) {
    const int side = SideOf(g, s);
    best[side] = std::max(best[side], state->Score(s));
    sum[side] += state->Score(s);
    ++count[side];
  }
  r.winner = best[0] > best[1] ? 0 : best[1] > best[0] ? 1 : -1;
  r.seats_a = count[0], r.seats_b = count[1];
  r.mean_a = sum[0] / static_cast<double>(count[0]);
  r.mean_b = sum[1] / static_cast<double>(count[1]);
  return r;
}

// What decides the games of a run, as the first line of its log: the games a log holds
// are the games a run with these options plays.
std::string RunOptions(const RandomGames& run, const bots::BotLevel levels[2], int threads,
                       std::uint64_t iterations_per_ms) {
  nlohmann::ordered_json j;
  j["arena"] = run.game->game().name();
  j["players"] = run.players;
  j["options"] = run.options;
  j["seed"] = run.seed;
  j["a"] = bots::LevelText(levels[0]);
  j["b"] = bots::LevelText(levels[1]);
  j["threads"] = threads;
  // Only when set, so that the logs of clocked runs keep the header they were written with.
  if (iterations_per_ms > 0) j["iterations_per_ms"] = iterations_per_ms;
  return j.dump();
}

}  // namespace

int ArenaCommand(int argc, char** argv) {
  Args args(argc, argv, 2,
            {"a", "b", "games", "players", "seed", "game", "expansion", "rules", "parallel",
             "threads", "iterations-per-ms", "log"},
            {"help", "json"});
  if (args.Has("help")) {
    std::cout << kArenaHelp;
    return 0;
  }
  RandomGames run;
  std::string error = args.error();
  if (error.empty()) error = ParseRandomGames(args, 20, 100000, run);
  const auto parallel = static_cast<int>(args.Int("parallel", 1, 1, 64));
  const auto threads = static_cast<int>(args.Int("threads", 1, 1, 64));
  const auto iterations_per_ms = static_cast<std::uint64_t>(
      args.Has("iterations-per-ms") ? args.Int("iterations-per-ms", 1, 1, 10000) : 0);
  if (error.empty()) error = args.error();
  bots::BotLevel levels[2];
  for (int i = 0; i < 2 && error.empty(); ++i) {
    const std::string name = i == 0 ? "a" : "b";
    if (!args.Has(name)) {
      error = "--" + name + " LEVEL is required";
      break;
    }
    const auto level = bots::ParseBotLevel(args.Get(name, ""));
    if (!level) {
      error = "--" + name + " takes random, greedy, mcts, mcts@MS (MS from 10 to 60000), easy, " +
              "medium or hard, not '" + args.Get(name, "") + "'";
      break;
    }
    levels[i] = *level;
  }
  if (!error.empty()) {
    std::cerr << "carcassonne arena: " << error << "\n" << kArenaHelp;
    return 2;
  }

  std::vector<ArenaGame> results(static_cast<std::size_t>(run.games));
  std::vector<bool> played(results.size());
  std::int64_t done = 0, wins[2] = {0, 0};
  ArenaLog log;
  const bool logged = args.Has("log");
  if (logged) {
    const std::string log_error = log.Open(
        args.Get("log", ""), RunOptions(run, levels, threads, iterations_per_ms), run.games);
    if (!log_error.empty()) {
      std::cerr << "carcassonne arena: " << log_error << "\n";
      return 2;
    }
    for (const auto& [g, game] : log.Done()) {
      results[static_cast<std::size_t>(g)] = game;
      played[static_cast<std::size_t>(g)] = true;
      ++done;
      if (game.winner >= 0) ++wins[game.winner];
    }
    if (done > 0) {
      std::cerr << "arena: " << done << " of the " << run.games << " games are in "
                << args.Get("log", "") << ", a " << wins[0] << " b " << wins[1] << "\n";
    }
  }
  std::atomic<std::int64_t> next{0};
  std::mutex progress;
  const bool json = args.Has("json");
  bool write_failed = false;
  const auto worker = [&] {
    for (std::int64_t g = next++; g < run.games; g = next++) {
      if (played[static_cast<std::size_t>(g)]) continue;
      const ArenaGame game = PlayOne(run, g, levels, threads, iterations_per_ms);
      const bool kept = !logged || log.Append(g, game);
      const std::lock_guard lock(progress);
      results[static_cast<std::size_t>(g)] = game;
      write_failed = write_failed || !kept;
      ++done;
      if (game.winner >= 0) ++wins[game.winner];
      std::cerr << "arena: " << done << "/" << run.games << " games, a " << wins[0] << " b "
                << wins[1] << "\n";
    }
  };
  {
    std::vector<std::jthread> pool;
    for (int i = 1; i < parallel; ++i) pool.emplace_back(worker);
    worker();
  }
  if (write_failed) {
    std::cerr << "carcassonne arena: could not write every game to " << args.Get("log", "") << "\n";
    return 1;
  }

  Side side[2] = {{levels[0]}, {levels[1]}};
  std::int64_t draws = 0;
  double diff_sum = 0, diff_sq = 0;
  for (const ArenaGame& r : results) {
    if (r.winner < 0)
      ++draws;
    else
      ++side[r.winner].wins;
    side[0].score_sum += r.mean_a * static_cast<double>(r.seats_a);
    side[1].score_sum += r.mean_b * static_cast<double>(r.seats_b);
    side[0].seats += r.seats_a;
    side[1].seats += r.seats_b;
    for (int i = 0; i < 2; ++i) {
      side[i].think_s += r.think_s[i];
      side[i].moves += r.moves[i];
      side[i].iterations += r.iterations[i];
    }
    const double d = r.mean_a - r.mean_b;
    diff_sum += d;
    diff_sq += d * d;
  }
  const auto n = static_cast<double>(run.games);
  const double diff_mean = diff_sum / n;
  const double variance = run.games > 1 ? (diff_sq - n * diff_mean * diff_mean) / (n - 1) : 0;
  const double half_width = 1.96 * std::sqrt(std::max(0.0, variance) / n);
  const auto mean_score = [](const Side& s) {
    return s.seats == 0 ? 0.0 : s.score_sum / static_cast<double>(s.seats);
  };
  const auto ms_per_move = [](const Side& s) {
    return s.moves == 0 ? 0.0 : 1000.0 * s.think_s / static_cast<double>(s.moves);
  };
  const auto iterations_per_move = [](const Side& s) {
    return s.moves == 0 ? 0.0 : static_cast<double>(s.iterations) / static_cast<double>(s.moves);
  };
  std::cout << std::fixed << std::setprecision(2);
  if (json) {
    std::cout << "{\"game\": \"" << run.game->game().name() << "\", \"players\": " << run.players
              << ", \"a\": \"" << bots::LevelText(levels[0]) << "\", \"b\": \""
              << bots::LevelText(levels[1]) << "\", \"games\": " << run.games
              << ", \"wins_a\": " << side[0].wins << ", \"wins_b\": " << side[1].wins
              << ", \"draws\": " << draws << ", \"mean_score_a\": " << mean_score(side[0])
              << ", \"mean_score_b\": " << mean_score(side[1]) << ", \"score_diff\": " << diff_mean
              << ", \"score_diff_ci95\": " << half_width
              << ", \"ms_per_move_a\": " << ms_per_move(side[0])
              << ", \"ms_per_move_b\": " << ms_per_move(side[1])
              << ", \"iterations_per_move_a\": " << iterations_per_move(side[0])
              << ", \"iterations_per_move_b\": " << iterations_per_move(side[1]) << "}\n";
    return 0;
  }
  std::cout << run.game->game().name() << ", " << run.players << " players, " << run.games
            << " games, seats alternating\n";
  for (int i = 0; i < 2; ++i) {
    std::cout << (i == 0 ? "a " : "b ") << std::left << std::setw(12) << bots::LevelText(levels[i])
              << std::right << " wins " << std::setw(6) << side[i].wins << " (" << std::setw(5)
              << 100.0 * static_cast<double>(side[i].wins) / n << "%)  mean score " << std::setw(7)
              << mean_score(side[i]) << "  " << std::setw(8) << ms_per_move(side[i])
              << " ms a move (" << side[i].moves << " decisions with a choice)";
    if (levels[i].kind == bots::BotKind::kMcts) {
      std::cout << ", " << std::setprecision(0) << iterations_per_move(side[i])
                << " iterations a move" << std::setprecision(2);
    }
    std::cout << "\n";
  }
  std::cout << "draws " << draws << "\nscore difference a - b per game: " << diff_mean << " +/- "
            << half_width << " (95% confidence)\n";
  return 0;
}

}  // namespace carc::cli
