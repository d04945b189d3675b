// What a room needs of the game it hosts, whichever game that is (the base game with its
// options and The Count, or The Castle): the room drives every game through this one interface
// and never sees an engine type beyond Seat and RejectReason.
//
// Contract: a command is applied, then either committed (the store kept it: it joins the log)
// or undone (the store refused it: the game is rebuilt from its config and log, as if the
// command never came). Everything sent is built by the codec from the engine's views, so
// nothing hidden can reach a message.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "carc/engine/game_config.h"
#include "carc/engine/reject_reason.h"
#include "carc/store/v1/room_log.pb.h"
#include "carc/v1/messages.pb.h"

namespace carc::server {

class GameSession {
 public:
  virtual ~GameSession() = default;

  virtual std::uint64_t seq() const = 0;
  virtual bool IsOver() const = 0;
  virtual int ToMove() const = 0;  // -1 once the game is over
  virtual bool resigned(int seat) const = 0;
  virtual int score(int seat) const = 0;

  // Why a command from the wire cannot be a command of this game ("" when it can).
  virtual std::string CheckWire(const v1::GameCommand& wire) const = 0;
  // Apply for `seat`; kNone when accepted. A wire command must have passed CheckWire().
  virtual engine::RejectReason ApplyWire(int seat, const v1::GameCommand& wire) = 0;
  virtual engine::RejectReason ApplyTimeout(int seat) = 0;
  virtual engine::RejectReason ApplyResign(int seat) = 0;
  // The command accepted last, as the room log stores it (without clock readings).
  virtual carc::store::v1::GameCommand Stored() const = 0;
  virtual void Commit() = 0;
  virtual void Undo() = 0;
  // Restore: applies and commits a command from the room log; "" or what is wrong.
  virtual std::string ApplyStored(const carc::store::v1::GameCommand& stored) = 0;

  // The same for every viewer at one seq (docs/protocol.md).
  virtual std::uint64_t PublicHash() const = 0;
  // What `seat` (-1: spectators) receives of the command accepted last.
  virtual v1::EventBatch BatchFor(std::uint64_t prev_seq, int seat,
                                  std::uint64_t public_hash) const = 0;
  virtual v1::GameSnapshot SnapshotFor(int seat) const = 0;
  // The game as a record; an error text instead while the record would reveal a secret.
  virtual std::optional<std::string> RecordRefusal() const = 0;
  virtual std::string Record() const = 0;
};

// The game a room with these options starts: seats compacted to 0..players-1, `host` the seat
// named first when the options let the host choose. Null and `error` set when the options and
// players do not make a game.
std::unique_ptr<GameSession> StartGameSession(const v1::RoomOptions& options,
                                              const engine::Options& base_options, int players,
                                              std::uint64_t seed, int host, std::string* error);

}  // namespace carc::server
