// A whole game of BotSeat players (and a spectator), each seat on its own thread, and the
// checks every finished game must pass.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "carc/engine/game_config.h"
#include "client/bot_seat.h"
#include "test_server.h"

namespace carc::test {

struct BotGameSpec {
  int players = 2;
  // Computer players (of the server's, at computer_level) the host seats before the others
  // join: the room has players + computers seats.
  int computers = 0;
  std::string computer_level = "greedy";
  engine::Options options;
  // When set, the room is created with these options instead of a base game with `options`.
  std::optional<v1::RoomOptions> room;
  bool spectator = true;
  std::uint64_t seed = 1;
  int drop_seat = -1;  // this seat drops its connection once after `drop_after` commands
  int drop_after = 0;
  std::chrono::milliseconds move_delay{0};  // each seat waits this long before each command
  // Header fields each seat's upgrade carries (seat i: seat_fields[i], when given): a signed-in
  // seat's "Authorization: Bearer TOKEN".
  std::vector<std::vector<std::pair<std::string, std::string>>> seat_fields{};
  // Every message a seat (or the spectator, -1) receives while playing; called on that
  // seat's thread.
  std::function<void(int seat, const v1::ServerMessage&)> hook;
};

class BotGame {
 public:
  // Sets the room up (host creates, the spectator and the other players join) and starts
  // every seat's Play on its own thread. On failure setup_error() says why.
  BotGame(TestServer& server, BotGameSpec spec);
  // The same against a server in another process.
  BotGame(const client::ServerAddress& address, BotGameSpec spec);
  // The same against servers in turn (a cluster's nodes): each seat connects to the first that
  // answers, fails over to the others and follows redirects.
  BotGame(const std::vector<client::ServerAddress>& servers, BotGameSpec spec);
  ~BotGame();
  BotGame(const BotGame&) = delete;
  BotGame& operator=(const BotGame&) = delete;

  // Waits for every thread (each bounded by the 120 s game deadline).
  void Join();

  const std::string& setup_error() const { return setup_error_; }
  const std::string& code() const { return code_; }
  // The server's computer players seated in the room beside the bots.
  int computers() const { return spec_.computers; }
  client::BotSeat& bot(int seat) { return *bots_[static_cast<std::size_t>(seat)]; }
  // After Join(): seat results in seat order, and the spectator's.
  const std::vector<client::SeatResult>& seats() const { return results_; }
  const client::SeatResult& spectator() const { return spectator_result_; }

 private:
  BotGameSpec spec_;
  std::string code_;
  std::string setup_error_;
  std::vector<std::unique_ptr<client::BotSeat>> bots_;
  std::unique_ptr<client::BotSeat> watcher_;
  std::vector<client::SeatResult> results_;
  client::SeatResult spectator_result_;
  std::vector<std::thread> threads_;
};

// Every seat and the spectator finished without error, with no hash mismatch, all with one
// mirror hash equal to the server's last public hash and the same final scores.
void CheckFinished(const BotGame& game);
// GET /api/rooms/{code}/record parses, replays without error, states the scores the clients
// saw and CompareScores finds no difference.
void CheckRecord(TestServer& server, const BotGame& game);

// A server with a background bot game in another room (3 players and a spectator) and a raw
// 2-player game to attack. The background game must finish normally whatever happens here.
struct Arena {
  Arena();
  // Waits for the background game and checks it (CheckFinished).
  void CheckBackground();
  // The raw game's seq is still `seq` (asked on seat 1's connection).
  void CheckSeq(std::uint64_t seq);

  TestServer server;
  std::unique_ptr<BotGame> background;
  RawGame game;
};

}  // namespace carc::test
