// What the server needs of a game beyond the engine's game interface (carc/engine/game.h): its
// room options, its commands on the wire and in the room log, its views as messages and its
// record. One adapter per game, in the game's own folder (server/games/<game>/); the registry
// (server/games/registry.h) is the one place that names them.
//
// Contract: stateless and thread-safe (one instance serves every room). The states handed in
// are states of this adapter's game (from NewState or game().NewState): an adapter may rely on
// their concrete type.
// Everything sent is built from the engine's views, so nothing hidden can reach a message;
// decoding never trusts its input: an unusable command gives an error text.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "carc/codec/record.h"
#include "carc/engine/game.h"
#include "carc/store/v1/room_log.pb.h"
#include "carc/v1/messages.pb.h"
#include "carc/v1/replay.pb.h"
#include "games/rating_pool.h"

namespace carc::server {

using engine::SeatMove;

// What `carcassonne replay` reports of one record (besides its JSON line).
struct RecordReport {
  int exit_code = 0;    // 0 replayed (and matching), 1 a score mismatch, 2 no legal record
  std::string message;  // for the user when exit_code is not 0
};

// "turn T (rule R): message" or "record: message": how the command-line tool names a place in
// a record.
std::string WhereInRecord(const codec::RecordError& error);
// The report of a record the engine refuses: the error with its turn and rule in `line`.
RecordReport IllegalRecord(const codec::RecordError& error, nlohmann::ordered_json& line);

// Figures of many random games beyond the common ones (`carcassonne bench`): what play looks
// like in this game, so that a change to its rules or data shows its effect.
class PlayStats {
 public:
  virtual ~PlayStats() = default;
  // After each accepted move (the state holds that move's events), and at each game's end.
  virtual void AfterMove(const engine::State& state) = 0;
  virtual void AtEnd(const engine::State& state) = 0;
  virtual void Print(std::FILE* out, std::int64_t games) const = 0;
};

// How `carcassonne bench` describes a run: who plays (before the seed) and with which options.
struct RunTitle {
  std::string table;    // "3 players"
  std::string options;  // "farmers on, expansion none"
};

// A game from its start, move by move (GameAdapter::Play).
struct GamePlay {
  std::unique_ptr<engine::State> start;
  std::vector<SeatMove> moves;
};

class GameAdapter {
 public:
  virtual ~GameAdapter() = default;

  virtual v1::GameType game_type() const = 0;
  virtual const engine::Game& game() const = 0;
  // The game's name in sentences: "the base game", ...
  virtual std::string_view title() const = 0;

  // The game's part of a new room's options (seats, the game's own options): refuses what
  // the game cannot play (the error text for ERROR_CODE_INVALID_OPTIONS) and writes out the
  // defaults, so that the stored options say everything. "" when accepted.
  virtual std::string NormalizeOptions(v1::RoomOptions& options) const = 0;
  // The rating pool of a room with these (normalized) options, and the first house rule that
  // keeps it from being rated (games/rating_pool.h).
  virtual RatingPool RatingPoolOf(const v1::RoomOptions& options) const = 0;
  // A new room's options for `players` seats from the game's options in their text form
  // (NAME=VALUE, as records and `carcassonne bot --rules` write them; engine::OptionSpec),
  // normalized as above; or what is wrong with them.
  virtual std::variant<v1::RoomOptions, std::string> RoomOptionsFrom(
      int players, const std::vector<std::pair<std::string, std::string>>& options) const = 0;
  // Options a room stored, by this server or an earlier one: brought up to date and checked
  // again (a damaged log must not make a room). "" or what is wrong.
  virtual std::string RestoreOptions(v1::RoomOptions& stored) const = 0;
  // A room's game at its start: seats 0..players-1, `host` the seat named first where the
  // options let the host choose. Null and `error` set when options and players make no game.
  virtual std::unique_ptr<engine::State> NewState(const v1::RoomOptions& options, int players,
                                                  std::uint64_t seed, int host,
                                                  std::string* error) const = 0;

  // A command from a client, or why it is none of this game's, for the state it is meant for.
  virtual std::variant<engine::Move, std::string> FromWire(const v1::GameCommand& wire,
                                                           const engine::State& state) const = 0;
  // The room log's form of a move, made only once the engine has accepted it: `after` is the
  // state it led to, `wire` the command it was decoded from (a client's, or ToWire's for a move
  // of the server's), whichever the game's log form needs; and back. Timeout and Resign are the
  // room's (game_session.cc): these see only the game's own moves.
  virtual void ToStored(const engine::Move& move, const v1::GameCommand& wire,
                        const engine::State& after, carc::store::v1::GameCommand* out) const = 0;
  virtual std::variant<engine::Move, std::string> FromStored(
      const carc::store::v1::GameCommand& stored, const engine::State& state) const = 0;
  // A game move as the command a client would send for it in `state` (the state before it):
  // its game part only, the caller sets expected_seq. Hints and anything else that shows a
  // move to a client go through this, whatever the game.
  virtual void ToWire(const engine::Move& move, const engine::State& state,
                      v1::GameCommand* out) const = 0;

  // The same for every viewer at one seq (docs/protocol.md).
  virtual std::uint64_t PublicHash(const engine::State& state) const = 0;
  // What `seat` (kSpectator: spectators) receives of the move that took the game from
  // `prev_seq` to `state`, written into `out` (empty; the room builds it on an arena), and its
  // snapshot of the state.
  virtual void BatchFor(const engine::State& state, std::uint64_t prev_seq, engine::Seat seat,
                        std::uint64_t public_hash, v1::EventBatch* out) const = 0;
  virtual v1::GameSnapshot SnapshotFor(const engine::State& state, engine::Seat seat) const = 0;

  // The game as a record file, from its start and its log; while the record would reveal a
  // secret, the reason instead (RecordRefusal).
  virtual std::optional<std::string> RecordRefusal(const engine::State& state) const = 0;
  virtual std::string Record(const engine::State& start,
                             const std::vector<SeatMove>& log) const = 0;
  // A record of this game (parsed with codec::ParseLimitedJson) as the replay clients step
  // through (carc.v1.Replay); `players` names the seats ("Player N" where empty). An upload is
  // held to the limits of work for strangers; an archived game is the server's own. What is
  // wrong with the record names its turn and rule.
  virtual std::variant<v1::Replay, codec::RecordError> Replay(
      const nlohmann::ordered_json& record, const std::vector<std::string>& players,
      bool uploaded) const = 0;
  // A finished game's start and its moves from its record (parsed with ParseLimitedJson), for
  // whatever replays it move by move (the analysis of archived games). The moves are the
  // replay's steps: move i takes the game from seq i to i + 1.
  virtual std::variant<GamePlay, codec::RecordError> Play(
      const nlohmann::ordered_json& record) const = 0;
  // `carcassonne replay`: replays the record text and adds to the report `line` (which has its
  // "file") what it found: the scores after every turn and at the end, or the error with its
  // turn and rule; with `check`, whether the record's own scores match the engine's.
  virtual RecordReport ReportRecord(std::string_view text, bool check,
                                    nlohmann::ordered_json& line) const = 0;

  // `carcassonne bench`: the run's title from one of its games, and the game's own figures
  // (null when it has none beyond the common ones).
  virtual RunTitle DescribeRun(const engine::State& state) const = 0;
  virtual std::unique_ptr<PlayStats> NewPlayStats() const { return nullptr; }
};

}  // namespace carc::server
