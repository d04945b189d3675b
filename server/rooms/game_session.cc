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

// What differs between the games: their engine types and their codec functions.
struct BaseGame {
  using Config = engine::GameConfig;
  using State = engine::GameState;
  using Command = engine::Command;
  using Logged = engine::LoggedCommand;
  using Event = engine::Event;
  static constexpr const char* kMissing = "a base-game command is required";
  static bool Has(const v1::GameCommand& c) { return c.has_base(); }
  static bool Has(const sv1::GameCommand& c) { return c.has_base(); }
  template <typename Message>
  static std::variant<Command, std::string> Decode(const Message& c, const State& s) {
    return codec::CommandFromProto(c.base(), s.catalog());
  }
  static void Encode(const Command& c, const State& s, sv1::GameCommand* out) {
    *out->mutable_base() = codec::CommandToProto(c, s.catalog());
  }
  static State Replay(const Config& config, const std::vector<Logged>& log) {
    return engine::Replay(config, log).state;
  }
  static std::uint64_t Hash(const State& s) { return codec::PublicHashOf(s); }
  static v1::EventBatch Batch(const State& s, std::uint64_t prev, const std::vector<Event>& e,
                              int seat, std::uint64_t hash) {
    return codec::BatchFor(s, prev, e, seat, hash);
  }
  static v1::GameSnapshot Snapshot(const State& s, int seat) { return codec::SnapshotFor(s, seat); }
  static std::optional<std::string> Refusal(const Config& config, const State& s) {
    const engine::Options& o = config.options;
    // The hands of a running game with private hands are secret; so is their draw order.
    if (!s.IsOver() && o.hand_size > 0 && o.hand_visibility == engine::HandVisibility::kPrivate) {
      return "the record of a game with private hands is ready when it ends";
    }
    return std::nullopt;
  }
  // A record holds no seed; while the game runs it holds only tiles already drawn (and shown:
  // the drawn tile, B-4, or public hands).
  static std::string Record(const Config& config, const std::vector<Logged>& log) {
    return codec::WriteRecord(codec::RecordOf(config, log));
  }
};

struct CastleGame {
  using Config = castle::CastleConfig;
  using State = castle::CastleState;
  using Command = castle::Command;
  using Logged = castle::LoggedCommand;
  using Event = castle::Event;
  static constexpr const char* kMissing = "a Castle command is required";
  static bool Has(const v1::GameCommand& c) { return c.has_castle(); }
  static bool Has(const sv1::GameCommand& c) { return c.has_castle(); }
  template <typename Message>
  static std::variant<Command, std::string> Decode(const Message& c, const State& s) {
    return codec::CastleCommandFromProto(c.castle(), s);
  }
  static void Encode(const Command& c, const State& s, sv1::GameCommand* out) {
    // Region ids are named from the state the command is meant for: before applying it.
    *out->mutable_castle() = codec::CastleCommandToProto(c, s);
  }
  static State Replay(const Config& config, const std::vector<Logged>& log) {
    return castle::Replay(config, log).state;
  }
  static std::uint64_t Hash(const State& s) { return codec::CastlePublicHashOf(s); }
  static v1::EventBatch Batch(const State& s, std::uint64_t prev, const std::vector<Event>& e,
                              int seat, std::uint64_t hash) {
    return codec::CastleBatchFor(s, prev, e, seat, hash);
  }
  static v1::GameSnapshot Snapshot(const State& s, int seat) {
    return codec::CastleSnapshotFor(s, seat);
  }
  static std::optional<std::string> Refusal(const Config&, const State& s) {
    // A Castle record lists the wall tiles dealt face down (docs/record-castle.md).
    if (!s.IsOver()) return "the record of a Castle game is ready when it ends";
    return std::nullopt;
  }
  static std::string Record(const Config& config, const std::vector<Logged>& log) {
    return codec::WriteCastleRecord(config, log);
  }
};

template <typename Game>
class Session final : public GameSession {
 public:
  explicit Session(typename Game::Config config) : config_(std::move(config)), state_(config_) {}

  std::uint64_t seq() const override { return state_.seq(); }
  bool IsOver() const override { return state_.IsOver(); }
  int ToMove() const override { return state_.ToMove(); }
  bool resigned(int seat) const override { return state_.resigned(seat); }
  int score(int seat) const override { return state_.score(seat); }

  std::string CheckWire(const v1::GameCommand& wire) const override {
    if (!Game::Has(wire)) return Game::kMissing;
    const auto decoded = Game::Decode(wire, state_);
    const auto* why = std::get_if<std::string>(&decoded);
    return why != nullptr ? *why : "";
  }
  engine::RejectReason ApplyWire(int seat, const v1::GameCommand& wire) override {
    return Apply(seat, std::get<Command>(Game::Decode(wire, state_)));
  }
  engine::RejectReason ApplyTimeout(int seat) override { return Apply(seat, engine::Timeout{}); }
  engine::RejectReason ApplyResign(int seat) override { return Apply(seat, engine::Resign{}); }
  sv1::GameCommand Stored() const override { return stored_; }
  void Commit() override { log_.push_back(pending_); }
  void Undo() override {
    state_ = Game::Replay(config_, log_);
    events_.clear();
  }
  std::string ApplyStored(const sv1::GameCommand& stored) override {
    Command command;
    if (stored.has_resign()) {
      command = engine::Resign{};
    } else if (stored.has_timeout()) {
      command = engine::Timeout{};
    } else if (Game::Has(stored)) {
      auto decoded = Game::Decode(stored, state_);
      if (const auto* why = std::get_if<std::string>(&decoded)) return *why;
      command = std::get<Command>(decoded);
    } else {
      return "a command of no known kind";
    }
    if (const auto r = Apply(stored.seat(), command); r != engine::RejectReason::kNone) {
      return Refused(stored.seat(), r);
    }
    Commit();
    return {};
  }

  std::uint64_t PublicHash() const override { return Game::Hash(state_); }
  v1::EventBatch BatchFor(std::uint64_t prev_seq, int seat, std::uint64_t hash) const override {
    return Game::Batch(state_, prev_seq, events_, seat, hash);
  }
  v1::GameSnapshot SnapshotFor(int seat) const override { return Game::Snapshot(state_, seat); }
  std::optional<std::string> RecordRefusal() const override {
    return Game::Refusal(config_, state_);
  }
  std::string Record() const override { return Game::Record(config_, log_); }

 private:
  using Command = typename Game::Command;

  engine::RejectReason Apply(int seat, const Command& command) {
    sv1::GameCommand stored;
    stored.set_seat(seat);
    if (std::holds_alternative<engine::Timeout>(command)) {
      stored.mutable_timeout();
    } else if (std::holds_alternative<engine::Resign>(command)) {
      stored.mutable_resign();
    } else {
      Game::Encode(command, state_, &stored);
    }
    events_.clear();
    const engine::RejectReason r = state_.Apply(seat, command, &events_);
    if (r == engine::RejectReason::kNone) {
      pending_ = {seat, command};
      stored_ = std::move(stored);
    }
    return r;
  }

  typename Game::Config config_;
  typename Game::State state_;
  std::vector<typename Game::Logged> log_;
  std::vector<typename Game::Event> events_;  // of the command accepted last
  typename Game::Logged pending_;
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
    return std::make_unique<Session<CastleGame>>(std::move(config));
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
  return std::make_unique<Session<BaseGame>>(std::move(config));
}

}  // namespace carc::server
