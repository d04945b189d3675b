// One seat played by a program over its own connection: joins, readies (or, as host, starts
// the game when every seat is ready), plays uniformly random legal moves from the legal-move
// lists the server sends, checks the public hash where its game keeps a copy of the state,
// resyncs on a gap and reconnects with its resume token. The game's own part is a SeatGame
// (client/seat_game.h), chosen by the first snapshot: this class names no game.
//
// With several servers (the nodes of a cluster) it connects to the first that answers and,
// when a connection is lost, tries the room's server first and then the others in turn. A
// Redirect (the room is served by another node) is followed at once, a few hops at most.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "carc/v1/messages.pb.h"
#include "client/seat_game.h"
#include "client/ws_client.h"

namespace carc::client {

// A command of this seat that the server acknowledged: the batch it caused reached the seat.
struct AckedCommand {
  std::uint64_t seq = 0;  // the game's seq after the command
  std::string command;    // the game's own command message that was sent, serialized
  std::chrono::steady_clock::time_point at;  // when the acknowledgement arrived
};

struct SeatResult {
  bool finished = false;
  std::string error;  // empty when all went well
  std::string room;
  int seat = -1;
  std::vector<int> final_scores;
  // PublicHash of the copy of the state built from events, where the game keeps one.
  bool has_mirror = false;
  std::uint64_t mirror_hash = 0;
  std::uint64_t server_hash = 0;  // the public hash the server sent last
  int hash_mismatches = 0;
  int resyncs = 0;
  int reconnects = 0;
  int commands = 0;
  // Decisions of the game's rarer kinds, by the game's name for them (client/<game>/).
  DecisionCounts decisions;
  std::vector<AckedCommand> acked;
  std::vector<std::uint16_t> close_codes;  // of every connection the server closed or lost
  std::vector<std::string> errors_seen;    // every Error's code name, in order
  // Where the seat's view stood at the end (for diagnosing a game that did not finish).
  std::uint64_t last_seq = 0;
  int last_to_move = -1;
  int last_phase = 0;
  bool had_legal_moves = false;
};

class BotSeat {
 public:
  BotSeat(ServerAddress address, std::string name, std::uint64_t seed);
  BotSeat(std::vector<ServerAddress> servers, std::string name, std::uint64_t seed);

  // Connects and says Hello; returns an error message or "".
  std::string Connect();
  // Creates a room and takes its first seat (the host). Returns the code, or "" (see error()).
  std::string CreateRoom(const v1::RoomOptions& options);
  // The host seats a computer player of `level` in the next free seat; returns an error
  // message or "" once the room's state shows it.
  std::string AddComputer(const std::string& level);
  // Joins a room by code, as a player or a spectator. Returns an error message or "".
  std::string JoinRoom(const std::string& code, bool spectate = false);
  // Plays (or watches) until the game ends, the deadline passes, or an error.
  // `drop_after_commands` > 0: once, after that many own commands, drop the connection and
  // resume with the token (tests of reconnection). With `deadline_is_silence`, the deadline
  // counts from the server's last message instead: a game that goes on is never given up.
  SeatResult Play(std::chrono::milliseconds deadline, int drop_after_commands = 0,
                  bool deadline_is_silence = false);

  const std::string& error() const { return error_; }
  const std::string& token() const { return token_; }
  int seat() const { return seat_; }
  // Every event line seen (watch mode prints these).
  std::vector<std::string>& event_log() { return event_log_; }
  void set_log_events(bool on) { log_events_ = on; }
  // Time the bot waits before each game command it sends: a human-like pace for tests that
  // need games to last (a bot at full speed plays a whole game in a few hundredths of a second).
  void set_move_delay(std::chrono::milliseconds delay) { move_delay_ = delay; }
  // Called with every message received while playing, before the seat acts on it (tests of
  // what reaches the wire).
  void set_message_hook(std::function<void(const v1::ServerMessage&)> hook) {
    hook_ = std::move(hook);
  }

 private:
  bool Reconnect();
  // Connects to the room's server if known, else to the servers in turn; "" or why not.
  std::string Dial();
  // Hello (with the resume token if `resume`): the Welcome, a Redirect or an Error.
  std::optional<v1::ServerMessage> SayHello(bool resume);
  // Remembers a Redirect's server as the room's; false when its URL is not one.
  bool Follow(const v1::Redirect& redirect);
  void OnMessage(const v1::ServerMessage& m, SeatResult& result);
  // Answers the game's question, if it asked this seat one.
  void Act(SeatResult& result);
  // Sends `m` with a new request id; returns that id.
  std::uint32_t Request(v1::ClientMessage m);
  // Sends a game command after the move delay.
  void SendCommand(v1::ClientMessage m);

  std::vector<ServerAddress> servers_;
  std::size_t next_server_ = 0;
  // Where the room is, once a Redirect said so (tried first; forgotten when it cannot be
  // reached).
  std::optional<ServerAddress> home_;
  std::string name_;
  std::mt19937_64 rng_;
  std::optional<WsClient> client_;
  std::string error_;
  std::string token_;
  std::string room_;
  int seat_ = -1;
  bool spectator_ = false;
  bool host_ = false;
  int computers_ = 0;  // computer players this host has seated
  bool start_sent_ = false;
  bool have_view_ = false;
  std::uint64_t seq_ = 0;
  // The last command sent and the seq it was decided on, until its batch or an answer comes.
  std::optional<std::pair<std::uint64_t, std::string>> pending_;
  // Refused for its rate (the server's token bucket): ask for the state again at this time, and
  // act on it, instead of dropping out of the game.
  std::optional<std::chrono::steady_clock::time_point> retry_at_;
  std::unique_ptr<SeatGame> game_;  // from the first snapshot
  bool log_events_ = false;
  std::vector<std::string> event_log_;
  std::function<void(const v1::ServerMessage&)> hook_;
  std::chrono::milliseconds move_delay_{0};
};

}  // namespace carc::client
