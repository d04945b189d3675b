#include "games/registry.h"

#include <atomic>
#include <memory>

#include "games/base/base_adapter.h"
#include "games/castle/castle_adapter.h"

namespace carc::server {
namespace {

// Built once, on first use (thread-safe), and never changed: the adapters are stateless.
const std::vector<std::unique_ptr<GameAdapter>>& Adapters() {
  static const std::vector<std::unique_ptr<GameAdapter>> adapters = [] {
    std::vector<std::unique_ptr<GameAdapter>> v;
    v.push_back(MakeBaseAdapter());
    v.push_back(MakeCastleAdapter());
    return v;
  }();
  return adapters;
}

std::atomic<const GameAdapter*> extra_game{nullptr};

}  // namespace

const GameAdapter* FindGame(v1::GameType type) {
  // Rooms stored before there was more than one game name none: they are base games.
  if (type == v1::GAME_TYPE_UNSPECIFIED) type = v1::GAME_TYPE_BASE;
  for (const auto& a : Adapters()) {
    if (a->game_type() == type) return a.get();
  }
  const GameAdapter* extra = extra_game.load(std::memory_order_acquire);
  return extra != nullptr && extra->game_type() == type ? extra : nullptr;
}

ExtraGame::ExtraGame(const GameAdapter& adapter) {
  extra_game.store(&adapter, std::memory_order_release);
}

ExtraGame::~ExtraGame() {
  extra_game.store(nullptr, std::memory_order_release);
}

const GameAdapter* FindGameNamed(std::string_view name) {
  if (name.empty()) return FindGame(v1::GAME_TYPE_BASE);
  for (const auto& a : Adapters()) {
    if (a->game().name() == name) return a.get();
  }
  return nullptr;
}

const GameAdapter* FindGameOfRecord(const nlohmann::ordered_json& record) {
  if (!record.is_object()) return FindGameNamed("");  // the base reader says what is wrong
  const auto it = record.find("game");
  if (it == record.end()) return FindGameNamed("");
  if (!it->is_string()) return nullptr;
  return FindGameNamed(it->get_ref<const std::string&>());
}

std::string GameNames(std::string_view separator, std::string_view quote) {
  std::string names;
  for (const auto& a : Adapters()) {
    if (!names.empty()) names += separator;
    names += std::string(quote) + std::string(a->game().name()) + std::string(quote);
  }
  return names;
}

std::vector<const GameAdapter*> AllGames() {
  std::vector<const GameAdapter*> out;
  for (const auto& a : Adapters()) out.push_back(a.get());
  return out;
}

}  // namespace carc::server
