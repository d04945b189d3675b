#include "games/base/base_adapter.h"

#include "carc/codec/game_stream.h"
#include "carc/codec/proto_codec.h"
#include "carc/codec/record.h"
#include "carc/codec/replay.h"
#include "carc/engine/base_game.h"
#include "carc/engine/replay.h"

namespace carc::server {
namespace {

namespace sv1 = carc::store::v1;
using engine::BaseState;

// The engine's work on a record grows faster than its length where tiles fit nowhere (B-6 with
// reshuffle looks through the whole stack at every discard); a whole game, reshuffles
// included, stays far below this.
constexpr std::size_t kMaxUploadedDraws = 5000;

const engine::GameState& Of(const engine::State& state) {
  return static_cast<const BaseState&>(state).game();
}

std::variant<engine::Move, std::string> MoveFrom(const v1::BaseCommand& proto,
                                                 const engine::State& state) {
  auto decoded = codec::CommandFromProto(proto, Of(state).catalog());
  if (auto* why = std::get_if<std::string>(&decoded)) return std::move(*why);
  return engine::MoveOf(std::get<engine::Command>(decoded));
}

engine::Command CommandFrom(const engine::Move& move) {
  engine::Command command;
  engine::CommandOf(move, command);  // moves in a log were accepted: they convert
  return command;
}

class BaseAdapter final : public GameAdapter {
 public:
  BaseAdapter() : game_(engine::MakeBaseGame()) {}

  v1::GameType game_type() const override { return v1::GAME_TYPE_BASE; }
  const engine::Game& game() const override { return *game_; }
  std::string_view title() const override { return "the base game"; }

  std::string NormalizeOptions(v1::RoomOptions& options) const override {
    if (options.seats() < 2 || options.seats() > 6) return "seats must be 2..6";
    auto parsed = codec::OptionsFromProto(options.base());
    if (const auto* why = std::get_if<std::string>(&parsed)) return *why;
    *options.mutable_base() = codec::OptionsToProto(std::get<engine::Options>(parsed));
    return "";
  }

  RatingPool RatingPoolOf(const v1::RoomOptions& room) const override {
    auto parsed = codec::OptionsFromProto(room.base());
    if (const auto* why = std::get_if<std::string>(&parsed)) return {"", *why};
    const engine::Options& options = std::get<engine::Options>(parsed);
    // The Count is a pool of its own, not a house rule; its own options are at their defaults.
    engine::Options standard;
    standard.count = options.count;
    return {options.count ? "count" : "base",
            FirstHouseRule(
                engine::OptionSpecs(),
                [&](std::string_view name) { return engine::GetOption(options, name); },
                [&](std::string_view name) { return engine::GetOption(standard, name); })};
  }

  std::variant<v1::RoomOptions, std::string> RoomOptionsFrom(
      int players, const std::vector<std::pair<std::string, std::string>>& named) const override {
    engine::Options options;
    for (const auto& [name, value] : named) {
      if (std::string e = engine::SetOption(options, name, value); !e.empty()) return e;
    }
    v1::RoomOptions room;
    room.set_game_type(game_type());
    room.set_seats(static_cast<std::uint32_t>(players));
    *room.mutable_base() = codec::OptionsToProto(options);
    if (std::string e = NormalizeOptions(room); !e.empty()) return e;
    return room;
  }

  std::string RestoreOptions(v1::RoomOptions& stored) const override {
    if (stored.has_base()) codec::UpgradeStoredOptions(*stored.mutable_base());
    // The check a new room passed; on a copy, so that the stored options stay as they are.
    v1::RoomOptions checked = stored;
    return NormalizeOptions(checked);
  }

  std::unique_ptr<engine::State> NewState(const v1::RoomOptions& options, int players,
                                          std::uint64_t seed, int host,
                                          std::string* error) const override {
    auto parsed = codec::OptionsFromProto(options.base());
    if (const auto* why = std::get_if<std::string>(&parsed)) {
      *error = *why;
      return nullptr;
    }
    engine::GameConfig config;
    config.players = players;
    config.seed = seed;
    config.options = std::get<engine::Options>(parsed);
    config.host_first_player = host;
    if (std::string e = engine::Validate(config); !e.empty()) {
      *error = std::move(e);
      return nullptr;
    }
    return std::make_unique<BaseState>(config);
  }

  std::variant<engine::Move, std::string> FromWire(const v1::GameCommand& wire,
                                                   const engine::State& state) const override {
    if (!wire.has_base()) return std::string("a base-game command is required");
    return MoveFrom(wire.base(), state);
  }

  void ToStored(const engine::Move& move, const v1::GameCommand&, const engine::State& after,
                sv1::GameCommand* out) const override {
    // Encoded from the move (the tile catalog is all it takes), not copied from the client's
    // command: nothing the server did not read reaches the log, and no reflection is needed to
    // strip it.
    *out->mutable_base() = codec::CommandToProto(CommandFrom(move), Of(after).catalog());
  }

  void ToWire(const engine::Move& move, const engine::State& state,
              v1::GameCommand* out) const override {
    *out->mutable_base() = codec::CommandToProto(CommandFrom(move), Of(state).catalog());
  }

  std::variant<engine::Move, std::string> FromStored(const sv1::GameCommand& stored,
                                                     const engine::State& state) const override {
    if (!stored.has_base()) return std::string("a command of no known kind");
    return MoveFrom(stored.base(), state);
  }

  std::uint64_t PublicHash(const engine::State& state) const override {
    return codec::PublicHashOf(Of(state));
  }
  void BatchFor(const engine::State& state, std::uint64_t prev_seq, engine::Seat seat,
                std::uint64_t public_hash, v1::EventBatch* out) const override {
    codec::BatchFor(Of(state), prev_seq, static_cast<const BaseState&>(state).events(), seat,
                    public_hash, out);
  }
  v1::GameSnapshot SnapshotFor(const engine::State& state, engine::Seat seat) const override {
    return codec::SnapshotFor(Of(state), seat);
  }

  std::optional<std::string> RecordRefusal(const engine::State& state) const override {
    const engine::Options& o = Of(state).config().options;
    // The hands of a running game with private hands are secret; so is their draw order.
    if (!state.IsOver() && o.hand_size > 0 &&
        o.hand_visibility == engine::HandVisibility::kPrivate) {
      return "the record of a game with private hands is ready when it ends";
    }
    return std::nullopt;
  }
  // A record holds no seed; while the game runs it holds only tiles already drawn (and shown:
  // the drawn tile, B-4, or public hands).
  std::string Record(const engine::State& start, const std::vector<SeatMove>& log) const override {
    std::vector<engine::LoggedCommand> logged;
    logged.reserve(log.size());
    for (const SeatMove& m : log) logged.push_back({m.seat, CommandFrom(m.move)});
    return codec::WriteRecord(codec::RecordOf(Of(start).config(), logged));
  }

  std::variant<v1::Replay, codec::RecordError> Replay(const nlohmann::ordered_json& value,
                                                      const std::vector<std::string>& players,
                                                      bool uploaded) const override {
    const codec::ParsedRecord parsed = codec::ParseRecordValue(value);
    if (!parsed.record) return parsed.error;
    const codec::Record& record = *parsed.record;
    if (uploaded && (record.turns.size() > kMaxUploadedDraws ||
                     (record.draw_order && record.draw_order->size() > kMaxUploadedDraws))) {
      return codec::RecordError{-1, "",
                                "a record of more than " + std::to_string(kMaxUploadedDraws) +
                                    " turns or draws is not replayed here"};
    }
    return codec::BuildReplay(record, players);
  }

  std::variant<GamePlay, codec::RecordError> Play(
      const nlohmann::ordered_json& value) const override {
    const codec::ParsedRecord parsed = codec::ParseRecordValue(value);
    if (!parsed.record) return parsed.error;
    const codec::ReplayedRecord replayed = codec::ReplayRecord(*parsed.record);
    if (replayed.error) return *replayed.error;
    GamePlay play{std::make_unique<BaseState>(replayed.config), {}};
    for (const engine::LoggedCommand& c : replayed.commands) {
      play.moves.push_back({c.seat, engine::MoveOf(c.command)});
    }
    return play;
  }
  RunTitle DescribeRun(const engine::State& state) const override {
    const engine::Options& o = Of(state).config().options;
    return {std::to_string(state.players()) + " players",
            std::string("farmers ") + (o.farmers ? "on" : "off") + ", expansion " +
                (o.count ? "count" : "none")};
  }

  RecordReport ReportRecord(std::string_view text, bool check,
                            nlohmann::ordered_json& line) const override {
    const codec::ParsedRecord parsed = codec::ParseRecord(text);
    if (!parsed.record) {
      line["error"] = WhereInRecord(parsed.error);
      return {2, WhereInRecord(parsed.error)};
    }
    const codec::ReplayedRecord replayed = codec::ReplayRecord(*parsed.record);
    if (replayed.error) {
      return IllegalRecord(*replayed.error, line);
    }
    line["after_turn"] = replayed.after_turn;
    line["final"] = replayed.final_scores;
    nlohmann::ordered_json breakdown = nlohmann::ordered_json::array();
    for (int p = 0; p < parsed.record->players; ++p) {
      const auto& b = replayed.final_breakdown.points[static_cast<std::size_t>(p)];
      breakdown.push_back({{"road", b[0]}, {"city", b[1]}, {"cloister", b[2]}, {"field", b[3]}});
    }
    line["final_breakdown"] = breakdown;
    if (!check) return {};
    const auto diff = codec::CompareScores(*parsed.record, replayed);
    line["match"] = !diff.has_value();
    if (!diff) return {};
    line["mismatch"] = diff->message;
    return {1, "score mismatch: " + diff->message};
  }

 private:
  std::unique_ptr<engine::Game> game_;
};

}  // namespace

std::unique_ptr<GameAdapter> MakeBaseAdapter() {
  return std::make_unique<BaseAdapter>();
}

}  // namespace carc::server
