// How strong a computer player is: the three players of any game (random, greedy, mcts) and,
// for mcts, its time per move. Text forms, as flags and room options write them:
//   random | greedy | mcts | mcts@MS   (MS: milliseconds per move, 10..60000; mcts alone: 1000)
//   easy = greedy, medium = mcts@250, hard = mcts@1000
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace carc::bots {

enum class BotKind { kRandom, kGreedy, kMcts };

struct BotLevel {
  BotKind kind = BotKind::kMcts;
  std::chrono::milliseconds budget{1000};  // per move, for kMcts
  friend bool operator==(const BotLevel&, const BotLevel&) = default;
};

inline constexpr std::chrono::milliseconds kMinBudget{10};
inline constexpr std::chrono::milliseconds kMaxBudget{60000};

// The level a text names, or nothing (unknown name, a budget out of range or not a number).
std::optional<BotLevel> ParseBotLevel(std::string_view text);
// The text form: "random", "greedy", "mcts@250".
std::string LevelText(const BotLevel& level);

}  // namespace carc::bots
