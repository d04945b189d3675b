// The two kinds of game a room hosts behind GameSession: the base game (with The Count as its
// option) and The Castle.
#include "rooms/game_session.h"

#include "carc/codec/castle_data.h"
#include "carc/codec/castle_record.h"
#include "carc/codec/castle_stream.h"
#include "carc/codec/game_stream.h"
#include "carc/codec/proto_codec.h"
#include "carc/codec/record.h"
#include "carc/engine/castle/castle_play.h"
#include "carc/engine/game_state.h"
#include "carc/engine/replay.h"

namespace carc::server {
namespace {

namespace sv1 = carc::store::v1;
namespace castle = engine::castle;

std::string Refused(int seat, engine::RejectReason r) {
  return "the engine refuses seat " + std::to_string(seat) + "'s command (" +
         std::string(engine::Name(r)) + ", " + std::string(engine::RuleOf(r)) + ")";
}

class BaseSession final : public GameSession {
 public:
  explicit BaseSession(engine::GameConfig config) : config_(std::move(config)), state_(config_) {}

  std::uint64_t seq() const override { return state_.seq(); }
  bool IsOver() const override { return state_.IsOver(); }
  int ToMove() const override { return state_.ToMove(); }
  bool resigned(int seat) const override { return state_.resigned(seat); }
  int score(int seat) const override { return state_.score(seat); }

  std::string CheckWire(const v1::GameCommand& wire) const override {
    if (!wire.has_base()) return "a base-game command is required";
    const auto decoded = codec::CommandFromProto(wire.base(), state_.catalog());
    const auto* why = std::get_if<std::string>(&decoded);
    return why != nullptr ? *why : "";
  }
  engine::RejectReason ApplyWire(int seat, const v1::GameCommand& wire) override {
    return Apply(seat,
                 std::get<engine::Command>(codec::CommandFromProto(wire.base(), state_.catalog())));
  }
  engine::RejectReason ApplyTimeout(int seat) override { return Apply(seat, engine::Timeout{}); }
  engine::RejectReason ApplyResign(int seat) override { return Apply(seat, engine::Resign{}); }
  sv1::GameCommand Stored() const override { return stored_; }
  void Commit() override { log_.push_back(pending_); }
  void Undo() override {
    state_ = engine::Replay(config_, log_).state;
    events_.clear();
  }
  std::string ApplyStored(const sv1::GameCommand& stored) override {
    engine::Command command;
    if (stored.has_resign()) {
      command = engine::Resign{};
    } else if (stored.has_timeout()) {
      command = engine::Timeout{};
    } else if (stored.has_base()) {
      auto decoded = codec::CommandFromProto(stored.base(), state_.catalog());
      if (const auto* why = std::get_if<std::string>(&decoded)) return *why;
      command = std::get<engine::Command>(decoded);
    } else {
      return "a command of no known kind";
    }
    if (const auto r = Apply(stored.seat(), command); r != engine::RejectReason::kNone) {
      return Refused(stored.seat(), r);
    }
    Commit();
    return {};
  }

  std::uint64_t PublicHash() const override { return codec::PublicHashOf(state_); }
  v1::EventBatch BatchFor(std::uint64_t prev_seq, int seat, std::uint64_t hash) const override {
    return codec::BatchFor(state_, prev_seq, events_, seat, hash);
  }
  v1::GameSnapshot SnapshotFor(int seat) const override { return codec::SnapshotFor(state_, seat); }
  std::optional<std::string> RecordRefusal() const override {
    const engine::Options& o = config_.options;
    // The hands of a running game with private hands are secret; so is their draw order.
    if (!state_.IsOver() && o.hand_size > 0 &&
        o.hand_visibility == engine::HandVisibility::kPrivate) {
      return "the record of a game with private hands is ready when it ends";
    }
    return std::nullopt;
  }
  // A record holds no seed; while the game runs it holds only tiles already drawn (and shown:
  // the drawn tile, B-4, or public hands).
  std::string Record() const override { return codec::WriteRecord(codec::RecordOf(config_, log_)); }

 private:
  engine::RejectReason Apply(int seat, const engine::Command& command) {
    sv1::GameCommand stored;
    stored.set_seat(seat);
    if (std::holds_alternative<engine::Timeout>(command)) {
      stored.mutable_timeout();
    } else if (std::holds_alternative<engine::Resign>(command)) {
      stored.mutable_resign();
    } else {
      *stored.mutable_base() = codec::CommandToProto(command, state_.catalog());
    }
    events_.clear();
    const engine::RejectReason r = state_.Apply(seat, command, &events_);
    if (r == engine::RejectReason::kNone) {
      pending_ = {seat, command};
      stored_ = std::move(stored);
    }
    return r;
  }

  engine::GameConfig config_;
  engine::GameState state_;
  std::vector<engine::LoggedCommand> log_;
  std::vector<engine::Event> events_;  // of the command accepted last
  engine::LoggedCommand pending_;
  sv1::GameCommand stored_;
};

class CastleSession final : public GameSession {
 public:
  explicit CastleSession(castle::CastleConfig config)
      : config_(std::move(config)), state_(config_) {}

  std::uint64_t seq() const override { return state_.seq(); }
  bool IsOver() const override { return state_.IsOver(); }
  int ToMove() const override { return state_.ToMove(); }
  bool resigned(int seat) const override { return state_.resigned(seat); }
  int score(int seat) const override { return state_.score(seat); }

  std::string CheckWire(const v1::GameCommand& wire) const override {
    if (!wire.has_castle()) return "a Castle command is required";
    const auto decoded = codec::CastleCommandFromProto(wire.castle(), state_);
    const auto* why = std::get_if<std::string>(&decoded);
    return why != nullptr ? *why : "";
  }
  engine::RejectReason ApplyWire(int seat, const v1::GameCommand& wire) override {
    return Apply(seat,
                 std::get<castle::Command>(codec::CastleCommandFromProto(wire.castle(), state_)));
  }
  engine::RejectReason ApplyTimeout(int seat) override { return Apply(seat, engine::Timeout{}); }
  engine::RejectReason ApplyResign(int seat) override { return Apply(seat, engine::Resign{}); }
  sv1::GameCommand Stored() const override { return stored_; }
  void Commit() override { log_.push_back(pending_); }
  void Undo() override {
    state_ = castle::Replay(config_, log_).state;
    events_.clear();
  }
  std::string ApplyStored(const sv1::GameCommand& stored) override {
    castle::Command command;
    if (stored.has_resign()) {
      command = engine::Resign{};
    } else if (stored.has_timeout()) {
      command = engine::Timeout{};
    } else if (stored.has_castle()) {
      auto decoded = codec::CastleCommandFromProto(stored.castle(), state_);
      if (const auto* why = std::get_if<std::string>(&decoded)) return *why;
      command = std::get<castle::Command>(decoded);
    } else {
      return "a command of no known kind";
    }
    if (const auto r = Apply(stored.seat(), command); r != engine::RejectReason::kNone) {
      return Refused(stored.seat(), r);
    }
    Commit();
    return {};
  }

  std::uint64_t PublicHash() const override { return codec::CastlePublicHashOf(state_); }
  v1::EventBatch BatchFor(std::uint64_t prev_seq, int seat, std::uint64_t hash) const override {
    return codec::CastleBatchFor(state_, prev_seq, events_, seat, hash);
  }
  v1::GameSnapshot SnapshotFor(int seat) const override {
    return codec::CastleSnapshotFor(state_, seat);
  }
  std::optional<std::string> RecordRefusal() const override {
    // A Castle record lists the wall tiles dealt face down (docs/record-castle.md).
    if (!state_.IsOver()) return "the record of a Castle game is ready when it ends";
    return std::nullopt;
  }
  std::string Record() const override { return codec::WriteCastleRecord(config_, log_); }

 private:
  engine::RejectReason Apply(int seat, const castle::Command& command) {
    sv1::GameCommand stored;
    stored.set_seat(seat);
    if (std::holds_alternative<engine::Timeout>(command)) {
      stored.mutable_timeout();
    } else if (std::holds_alternative<engine::Resign>(command)) {
      stored.mutable_resign();
    } else {
      // Region ids are named from the state the command is meant for: before applying it.
      *stored.mutable_castle() = codec::CastleCommandToProto(command, state_);
    }
    events_.clear();
    const engine::RejectReason r = state_.Apply(seat, command, &events_);
    if (r == engine::RejectReason::kNone) {
      pending_ = {seat, command};
      stored_ = std::move(stored);
    }
    return r;
  }

  castle::CastleConfig config_;
  castle::CastleState state_;
  std::vector<castle::LoggedCommand> log_;
  std::vector<castle::Event> events_;
  castle::LoggedCommand pending_;
  sv1::GameCommand stored_;
};

}  // namespace

std::unique_ptr<GameSession> StartGameSession(const v1::RoomOptions& options,
                                              const engine::Options& base_options, int players,
                                              std::uint64_t seed, int host, std::string* error) {
  if (options.game_type() == v1::GAME_TYPE_CASTLE) {
    castle::CastleConfig config;
    config.set = codec::DefaultCastleSet();
    config.seed = seed;
    config.options = codec::CastleOptionsFromProto(options.castle());
    config.first_player = -1;  // drawn from the seed: the players choose (K-1)
    if (players != castle::kPlayers) {
      *error = "The Castle is for exactly 2 players (K-1)";
      return nullptr;
    }
    if (std::string e = castle::Validate(config); !e.empty()) {
      *error = e;
      return nullptr;
    }
    return std::make_unique<CastleSession>(std::move(config));
  }
  engine::GameConfig config;
  config.players = players;
  config.seed = seed;
  config.options = base_options;
  config.host_first_player = host;
  if (std::string e = engine::Validate(config); !e.empty()) {
    *error = e;
    return nullptr;
  }
  return std::make_unique<BaseSession>(std::move(config));
}

}  // namespace carc::server
