// A third game for the rooms' tests: the base game under another game type, through an adapter
// of its own that counts how often commands are decoded from the wire, moves are turned into
// wire commands and commands into their stored form. What goes through it reaches a game the room
// cannot name.
#pragma once

#include <atomic>

#include "games/game_adapter.h"
#include "games/registry.h"
#include "rooms/game_session.h"

namespace carc::test {

class TestGame final : public server::GameAdapter {
 public:
  static constexpr auto kType = static_cast<v1::GameType>(99);

  TestGame() : inner_(*server::FindGame(v1::GAME_TYPE_BASE)) {}

  mutable std::atomic<int> decodes{0};
  mutable std::atomic<int> wire_forms{0};
  mutable std::atomic<int> stored_forms{0};

  v1::GameType game_type() const override { return kType; }
  const engine::Game& game() const override { return inner_.game(); }
  std::string_view title() const override { return "the test game"; }
  std::string NormalizeOptions(v1::RoomOptions& options) const override {
    options.set_game_type(v1::GAME_TYPE_BASE);
    std::string why = inner_.NormalizeOptions(options);
    options.set_game_type(kType);
    return why;
  }
  std::variant<v1::RoomOptions, std::string> RoomOptionsFrom(
      int players, const std::vector<std::pair<std::string, std::string>>& options) const override {
    return inner_.RoomOptionsFrom(players, options);
  }
  std::string RestoreOptions(v1::RoomOptions& stored) const override {
    return NormalizeOptions(stored);
  }
  server::RatingPool RatingPoolOf(const v1::RoomOptions& options) const override {
    return inner_.RatingPoolOf(options);
  }
  std::unique_ptr<engine::State> NewState(const v1::RoomOptions& options, int players,
                                          std::uint64_t seed, int host,
                                          std::string* error) const override {
    v1::RoomOptions base = options;
    base.set_game_type(v1::GAME_TYPE_BASE);
    return inner_.NewState(base, players, seed, host, error);
  }
  std::variant<engine::Move, std::string> FromWire(const v1::GameCommand& wire,
                                                   const engine::State& state) const override {
    ++decodes;
    return inner_.FromWire(wire, state);
  }
  void ToStored(const engine::Move& move, const v1::GameCommand& wire, const engine::State& after,
                carc::store::v1::GameCommand* out) const override {
    ++stored_forms;
    inner_.ToStored(move, wire, after, out);
  }
  std::variant<engine::Move, std::string> FromStored(const carc::store::v1::GameCommand& stored,
                                                     const engine::State& state) const override {
    return inner_.FromStored(stored, state);
  }
  void ToWire(const engine::Move& move, const engine::State& state,
              v1::GameCommand* out) const override {
    ++wire_forms;
    inner_.ToWire(move, state, out);
  }
  std::uint64_t PublicHash(const engine::State& state) const override {
    return inner_.PublicHash(state);
  }
  void BatchFor(const engine::State& state, std::uint64_t prev_seq, engine::Seat seat,
                std::uint64_t public_hash, v1::EventBatch* out) const override {
    inner_.BatchFor(state, prev_seq, seat, public_hash, out);
  }
  v1::GameSnapshot SnapshotFor(const engine::State& state, engine::Seat seat) const override {
    return inner_.SnapshotFor(state, seat);
  }
  std::optional<std::string> RecordRefusal(const engine::State& state) const override {
    return inner_.RecordRefusal(state);
  }
  std::string Record(const engine::State& start,
                     const std::vector<server::SeatMove>& log) const override {
    return inner_.Record(start, log);
  }
  std::variant<v1::Replay, codec::RecordError> Replay(const nlohmann::ordered_json& record,
                                                      const std::vector<std::string>& players,
                                                      bool uploaded) const override {
    return inner_.Replay(record, players, uploaded);
  }
  std::variant<server::GamePlay, codec::RecordError> Play(
      const nlohmann::ordered_json& record) const override {
    return inner_.Play(record);
  }
  server::RecordReport ReportRecord(std::string_view text, bool check,
                                    nlohmann::ordered_json& line) const override {
    return inner_.ReportRecord(text, check, line);
  }
  server::RunTitle DescribeRun(const engine::State& state) const override {
    return inner_.DescribeRun(state);
  }

 private:
  const server::GameAdapter& inner_;
};

// A two-seat game of `adapter`'s kind (the base game unless said), dealt from `seed`, seat 0
// first: what the room parts' tests play on.
inline std::unique_ptr<server::GameSession> TwoSeatGame(
    std::uint64_t seed,
    const server::GameAdapter& adapter = *server::FindGame(v1::GAME_TYPE_BASE)) {
  v1::RoomOptions options;
  options.set_seats(2);
  if (!adapter.NormalizeOptions(options).empty()) return nullptr;
  std::string error;
  auto start = adapter.NewState(options, 2, seed, 0, &error);
  if (!start) return nullptr;
  return std::make_unique<server::GameSession>(adapter, std::move(start));
}

}  // namespace carc::test
