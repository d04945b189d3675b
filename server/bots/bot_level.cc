#include "bots/bot_level.h"

#include <charconv>

namespace carc::bots {

std::optional<BotLevel> ParseBotLevel(std::string_view text) {
  if (text == "random") return BotLevel{BotKind::kRandom, {}};
  if (text == "greedy" || text == "easy") return BotLevel{BotKind::kGreedy, {}};
  if (text == "mcts" || text == "hard") return BotLevel{BotKind::kMcts, std::chrono::seconds(1)};
  if (text == "medium") return BotLevel{BotKind::kMcts, std::chrono::milliseconds(250)};
  constexpr std::string_view kPrefix = "mcts@";
  if (!text.starts_with(kPrefix)) return std::nullopt;
  const std::string_view digits = text.substr(kPrefix.size());
  // Digits only: from_chars would take a sign and stop at the first other character.
  if (digits.empty() || digits.size() > 5 ||
      digits.find_first_not_of("0123456789") != std::string_view::npos) {
    return std::nullopt;
  }
  int ms = 0;
  std::from_chars(digits.data(), digits.data() + digits.size(), ms);
  const std::chrono::milliseconds budget(ms);
  if (budget < kMinBudget || budget > kMaxBudget) return std::nullopt;
  return BotLevel{BotKind::kMcts, budget};
}

std::string LevelText(const BotLevel& level) {
  switch (level.kind) {
    case BotKind::kRandom:
      return "random";
    case BotKind::kGreedy:
      return "greedy";
    case BotKind::kMcts:
      break;
  }
  return "mcts@" + std::to_string(level.budget.count());
}

}  // namespace carc::bots
