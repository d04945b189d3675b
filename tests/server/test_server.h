// The server in-process for one test case, a tiny HTTP client, and raw WebSocket helpers: every
// wait is bounded, every address is loopback.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "app/server_app.h"
#include "app/server_config.h"
#include "carc/engine/game_config.h"
#include "carc/v1/messages.pb.h"
#include "client/ws_client.h"

namespace carc::test {

using namespace std::chrono_literals;

// A new empty directory for a store, removed when the test process exits.
std::string NewDataDir();
// Loopback, an ephemeral port, two threads, short timeouts, a fresh data directory and
// `normal` durability.
server::ServerConfig TestConfig();

// ServerApp::Open + Run on a thread; Stop and join on destruction.
class TestServer {
 public:
  explicit TestServer(server::ServerConfig config = TestConfig());
  ~TestServer();
  TestServer(const TestServer&) = delete;
  TestServer& operator=(const TestServer&) = delete;

  std::uint16_t port() { return app_.port(); }
  client::ServerAddress address();
  server::ServerApp& app() { return app_; }

 private:
  server::ServerApp app_;
  std::thread thread_;
};

struct HttpResult {
  unsigned status = 0;
  std::string body;
  std::string content_type;
  std::string allow;
  bool continued = false;                                    // a 100 Continue came first
  std::string error;                                         // empty when a response arrived
  std::vector<std::pair<std::string, std::string>> headers;  // every field, as sent
  // The value of header field `name` (any case), "" when absent.
  std::string Header(std::string_view name) const;
};
// GET http://127.0.0.1:port/target (10 s limit).
HttpResult HttpGet(std::uint16_t port, const std::string& target);
// The value of the /metrics sample `sample` ("name" or "name{label=\"x\"}") in `text`, a
// /metrics answer; -1 when it has none.
double MetricIn(const std::string& text, const std::string& sample);
// The same, from the server's /metrics now; -1 also when it does not answer.
double MetricValue(std::uint16_t port, const std::string& sample);
// Any method, with a body (sent with its Content-Length) and extra header fields (10 s limit).
// The response is read even when sending the body failed: a server may answer early and stop
// reading.
HttpResult HttpRequest(std::uint16_t port, const std::string& method, const std::string& target,
                       const std::string& body = "",
                       const std::vector<std::pair<std::string, std::string>>& fields = {});
// The same from local address `from` (any of 127.0.0.0/8: another client address to the server),
// given up after `limit`.
HttpResult HttpRequestFrom(const std::string& from, std::uint16_t port, const std::string& method,
                           const std::string& target, const std::string& body = "",
                           const std::vector<std::pair<std::string, std::string>>& fields = {},
                           std::chrono::seconds limit = std::chrono::seconds(10));

// A plain TCP connection that sends `bytes` (maybe nothing) and waits for the server to close
// it. Returns how long the server took, or nullopt if it was still open after `limit`.
std::optional<std::chrono::milliseconds> TimeUntilServerCloses(std::uint16_t port,
                                                               const std::string& bytes,
                                                               std::chrono::seconds limit);

using HeaderFields = std::vector<std::pair<std::string, std::string>>;
// A WebSocket connection without Hello; `fields` go with the upgrade (a session's Cookie or
// Authorization, an Origin).
std::unique_ptr<client::WsClient> Dial(TestServer& server, const HeaderFields& fields = {});
// A connection that said Hello (with `token` to resume a seat); `welcome` gets the answer.
std::unique_ptr<client::WsClient> DialHello(TestServer& server, const std::string& token = "",
                                            v1::ServerMessage* welcome = nullptr,
                                            const HeaderFields& fields = {});

// Whether the server's room list (ListRooms over a fresh connection) has room `code`;
// nullopt when the server did not answer with a list.
std::optional<bool> ListsRoom(TestServer& server, const std::string& code);

// Sends `m` with a fresh request id and waits for the message that answers it.
std::optional<v1::ServerMessage> Ask(client::WsClient& c, v1::ClientMessage m,
                                     std::chrono::milliseconds timeout = 10s);
// The next message that satisfies `pred` (other messages are kept for later).
template <typename Pred>
std::optional<v1::ServerMessage> Await(client::WsClient& c, Pred pred,
                                       std::chrono::milliseconds timeout = 10s) {
  return c.WaitFor(pred, timeout);
}
// The next message that satisfies `pred`, dropping every message before it.
template <typename Pred>
std::optional<v1::ServerMessage> Skip(client::WsClient& c, Pred pred,
                                      std::chrono::milliseconds timeout = 10s) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < until) {
    auto m = c.Receive(100ms);
    if (m && pred(*m)) return m;
    if (!m && c.closed()) break;  // messages read before the close are still delivered
  }
  return std::nullopt;
}
// Reads until the server closes the connection (bounded); returns the close code, 0 if none.
std::uint16_t AwaitClose(client::WsClient& c, std::chrono::milliseconds timeout = 10s);

v1::RoomOptions RoomFor(int seats, const engine::Options& options = {});
v1::ClientMessage HelloMsg(const std::string& token = "");
v1::ClientMessage CreateMsg(int seats, const engine::Options& options = {});
v1::ClientMessage CreateMsg(const v1::RoomOptions& room);
v1::ClientMessage JoinMsg(const std::string& code, bool spectate = false);
v1::ClientMessage SnapshotMsg();
v1::ClientMessage ChatMsg(const std::string& text);
v1::ClientMessage PlaceMsg(std::uint64_t expected_seq, int x, int y, int rotation,
                           const std::string& tile = "");
v1::ClientMessage FollowerMsg(std::uint64_t expected_seq, int segment);
v1::ClientMessage SkipMsg(std::uint64_t expected_seq);
// The host seats a computer of `level` in `seat` (-1: the first free one).
v1::ClientMessage AddComputerMsg(int seat, const std::string& level);

// Whether `m` is a batch holding a base-game event of kind `which`.
bool HasEvent(const v1::ServerMessage& m, v1::BaseEvent::EventCase which);

// Sends `m` and returns the error answering it, or nullopt when none came within `wait` (a
// request carried out that has no answer of its own: a vote, an ended grace period). Every
// message read meanwhile is dropped.
std::optional<v1::Error> ErrorAnswering(client::WsClient& c, const v1::ClientMessage& m,
                                        std::chrono::milliseconds wait = 1500ms);

// The seat's current snapshot (RequestSnapshot), or nullopt.
std::optional<v1::GameSnapshot> Snapshot(client::WsClient& c);

// A game of raw connections: seat i is seats[i]; started, every seat has had its snapshot.
struct RawGame {
  std::string code;
  std::vector<std::unique_ptr<client::WsClient>> seats;
  std::vector<std::string> tokens;
  std::string error;  // set when the game could not be set up
};
RawGame StartRawGame(TestServer& server, int players, const engine::Options& options = {});
// `seat_fields[i]`, when given, go with seat i's upgrade (signed-in seats).
RawGame StartRawGame(TestServer& server, const v1::RoomOptions& room,
                     const std::vector<HeaderFields>& seat_fields = {});
// The seat to move, asked on seat `via`'s connection (-1 if no answer).
int ToMove(RawGame& game, int via = 0);
// The game's seq, asked on seat `via`'s connection (nullopt if no answer).
std::optional<std::uint64_t> SeqOf(RawGame& game, int via = 0);
// Plays one legal command for the seat to move (the first placement, skip the follower, pass
// a Count decision).
// False when the game is over or something failed.
bool PlayOneCommand(RawGame& game);

}  // namespace carc::test
