#include "games/castle/castle_adapter.h"

#include "games/castle/castle_play_stats.h"

#include "carc/codec/castle/castle_data.h"
#include "carc/codec/castle/castle_record.h"
#include "carc/codec/castle/castle_replay.h"
#include "carc/codec/castle/castle_stream.h"
#include "carc/engine/castle/castle_game.h"
#include "carc/engine/castle/castle_play.h"

namespace carc::server {
namespace {

namespace sv1 = carc::store::v1;
namespace castle = engine::castle;

const castle::CastleState& Of(const engine::State& state) {
  return static_cast<const castle::CastleGameState&>(state).game();
}

std::variant<engine::Move, std::string> MoveFrom(const v1::CastleCommand& proto,
                                                 const engine::State& state) {
  auto decoded = codec::CastleCommandFromProto(proto, Of(state));
  if (auto* why = std::get_if<std::string>(&decoded)) return std::move(*why);
  return castle::MoveOf(std::get<castle::Command>(decoded));
}

castle::Command CommandFrom(const engine::Move& move) {
  castle::Command command;
  castle::CommandOf(move, command);  // moves in a log were accepted: they convert
  return command;
}

class CastleAdapter final : public GameAdapter {
 public:
  CastleAdapter() : set_(codec::DefaultCastleSet()), game_(castle::MakeCastleGame(set_)) {}

  v1::GameType game_type() const override { return v1::GAME_TYPE_CASTLE; }
  const engine::Game& game() const override { return *game_; }
  std::string_view title() const override { return "The Castle"; }

  std::string NormalizeOptions(v1::RoomOptions& options) const override {
    if (options.seats() != 2) return "The Castle is for exactly 2 players (K-1)";
    if (options.has_base()) return "The Castle takes CastleOptions, not base-game options";
    if (!options.has_castle()) options.mutable_castle();
    const auto read = codec::CastleOptionsFromProto(options.castle());
    if (const auto* e = std::get_if<std::string>(&read)) return *e;
    return "";
  }

  RatingPool RatingPoolOf(const v1::RoomOptions& room) const override {
    const auto read = codec::CastleOptionsFromProto(room.castle());
    if (const auto* why = std::get_if<std::string>(&read)) return {"", *why};
    const castle::CastleOptions& options = std::get<castle::CastleOptions>(read);
    const castle::CastleOptions standard;
    return {"castle",
            FirstHouseRule(
                castle::CastleOptionSpecs(),
                [&](std::string_view name) { return castle::GetCastleOption(options, name); },
                [&](std::string_view name) { return castle::GetCastleOption(standard, name); })};
  }

  std::variant<v1::RoomOptions, std::string> RoomOptionsFrom(
      int players, const std::vector<std::pair<std::string, std::string>>& named) const override {
    castle::CastleOptions options;
    for (const auto& [name, value] : named) {
      if (std::string e = castle::SetCastleOption(options, name, value); !e.empty()) return e;
    }
    v1::RoomOptions room;
    room.set_game_type(game_type());
    room.set_seats(static_cast<std::uint32_t>(players));
    *room.mutable_castle() = codec::CastleOptionsToProto(options);
    if (std::string e = NormalizeOptions(room); !e.empty()) return e;
    return room;
  }

  std::string RestoreOptions(v1::RoomOptions& stored) const override {
    if (stored.seats() != 2) return "The Castle is for exactly 2 players (K-1)";
    return "";
  }

  std::unique_ptr<engine::State> NewState(const v1::RoomOptions& options, int players,
                                          std::uint64_t seed, int /*host*/,
                                          std::string* error) const override {
    castle::CastleConfig config;
    config.set = set_;
    config.seed = seed;
    const auto read = codec::CastleOptionsFromProto(options.castle());
    if (const auto* e = std::get_if<std::string>(&read)) {
      *error = *e;
      return nullptr;
    }
    config.options = std::get<castle::CastleOptions>(read);
    config.first_player = -1;  // drawn from the seed: the players choose (K-1)
    if (players != castle::kPlayers) {
      *error = "The Castle is for exactly 2 players (K-1)";
      return nullptr;
    }
    // set_ was checked when it was loaded.
    if (std::string e = castle::ValidateWithCheckedSet(config); !e.empty()) {
      *error = std::move(e);
      return nullptr;
    }
    return std::make_unique<castle::CastleGameState>(config);
  }

  std::variant<engine::Move, std::string> FromWire(const v1::GameCommand& wire,
                                                   const engine::State& state) const override {
    if (!wire.has_castle()) return std::string("a Castle command is required");
    return MoveFrom(wire.castle(), state);
  }

  void ToStored(const engine::Move&, const v1::GameCommand& wire, const engine::State&,
                sv1::GameCommand* out) const override {
    // Copied from the command: its region ids are named from the state before the move, which
    // is gone by now, and FromStored reads them against that state again.
    *out->mutable_castle() = wire.castle();
    out->mutable_castle()->DiscardUnknownFields();  // a client's bytes the server did not read
  }

  void ToWire(const engine::Move& move, const engine::State& state,
              v1::GameCommand* out) const override {
    *out->mutable_castle() = codec::CastleCommandToProto(CommandFrom(move), Of(state));
  }

  std::variant<engine::Move, std::string> FromStored(const sv1::GameCommand& stored,
                                                     const engine::State& state) const override {
    if (!stored.has_castle()) return std::string("a command of no known kind");
    return MoveFrom(stored.castle(), state);
  }

  std::uint64_t PublicHash(const engine::State& state) const override {
    return codec::CastlePublicHashOf(Of(state));
  }
  void BatchFor(const engine::State& state, std::uint64_t prev_seq, engine::Seat seat,
                std::uint64_t public_hash, v1::EventBatch* out) const override {
    codec::CastleBatchFor(Of(state), prev_seq,
                          static_cast<const castle::CastleGameState&>(state).events(), seat,
                          public_hash, out);
  }
  v1::GameSnapshot SnapshotFor(const engine::State& state, engine::Seat seat) const override {
    return codec::CastleSnapshotFor(Of(state), seat);
  }

  std::optional<std::string> RecordRefusal(const engine::State& state) const override {
    // A Castle record lists the wall tiles dealt face down (docs/record-castle.md).
    if (!state.IsOver()) return "the record of a Castle game is ready when it ends";
    return std::nullopt;
  }
  std::string Record(const engine::State& start, const std::vector<SeatMove>& log) const override {
    std::vector<castle::LoggedCommand> logged;
    logged.reserve(log.size());
    for (const SeatMove& m : log) logged.push_back({m.seat, CommandFrom(m.move)});
    return codec::WriteCastleRecord(Of(start).config(), logged);
  }

  // No length limit for uploads: a Castle game ends with its 60 tiles, and the engine refuses
  // any turn after the end.
  std::variant<v1::Replay, codec::RecordError> Replay(const nlohmann::ordered_json& value,
                                                      const std::vector<std::string>& players,
                                                      bool /*uploaded*/) const override {
    return codec::BuildCastleReplay(codec::ReplayCastleRecordValue(value, set_), players);
  }

  std::variant<GamePlay, codec::RecordError> Play(
      const nlohmann::ordered_json& value) const override {
    const codec::CastleReplay replayed = codec::ReplayCastleRecordValue(value, set_);
    if (replayed.error) return *replayed.error;
    GamePlay play{std::make_unique<castle::CastleGameState>(replayed.config), {}};
    for (const castle::LoggedCommand& c : replayed.commands) {
      play.moves.push_back({c.seat, castle::MoveOf(c.command)});
    }
    return play;
  }

  RunTitle DescribeRun(const engine::State& state) const override {
    return {
        "The Castle (board: " + set_->board.provenance + ", tiles: " + set_->tiles_provenance + ")",
        std::string("wall4_fountain_bonus ") +
            (Of(state).config().options.wall4_fountain_bonus ? "true" : "false") +
            ", castle_start_spaces_empty " +
            castle::GetCastleOption(Of(state).config().options, "castle_start_spaces_empty")};
  }
  std::unique_ptr<PlayStats> NewPlayStats() const override { return MakeCastlePlayStats(set_); }

  RecordReport ReportRecord(std::string_view text, bool check,
                            nlohmann::ordered_json& line) const override {
    const codec::CastleReplay replayed = codec::ReplayCastleRecord(text, set_);
    line["game"] = "castle";
    if (replayed.error) {
      return IllegalRecord(*replayed.error, line);
    }
    line["after_turn"] = replayed.after_turn;
    line["final"] = replayed.final_scores;
    if (!check) return {};
    const auto diff = codec::CompareCastleScores(replayed);
    line["match"] = !diff.has_value();
    if (!diff) return {};
    line["mismatch"] = *diff;
    return {1, "score mismatch: " + *diff};
  }

 private:
  std::shared_ptr<const castle::CastleSet> set_;
  std::unique_ptr<engine::Game> game_;
};

}  // namespace

std::unique_ptr<GameAdapter> MakeCastleAdapter() {
  return std::make_unique<CastleAdapter>();
}

}  // namespace carc::server
