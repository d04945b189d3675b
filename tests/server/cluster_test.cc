// Servers as nodes of a cluster on one PostgreSQL database (cluster/cluster_node.h), in this
// process: a client asking a node for a room another node serves is redirected there; a node
// that stops hands its rooms over at once; a node that loses a room's lease closes the room's
// connections with 1012 and sends the players on. The failover of killed node processes is
// cluster_failover_test.cc's.
#include <catch2/catch.hpp>
#include <chrono>
#include <optional>
#include <thread>

#include "account_helpers.h"
#include "client/server_list.h"
#include "store/pg_connection.h"
#include "test_postgres.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;
namespace cs = carc::server::store;

namespace {

server::ServerConfig NodeConfig(const std::string& url, const std::string& id) {
  server::ServerConfig c = TestConfig();
  c.store = url;
  c.node_id = id;
  c.lease = std::chrono::milliseconds(600);
  return c;
}

std::string UrlOf(TestServer& s) {
  return client::UrlOf(s.address());
}

}  // namespace

TEST_CASE(
    "cluster: a node sends a client to the node that serves the room, by code and by "
    "resume token",
    "[postgres][cluster]") {
  const std::string url = NewPostgresDatabase();
  TestServer a(NodeConfig(url, "a"));
  TestServer b(NodeConfig(url, "b"));
  RawGame game = StartRawGame(a, 2);
  REQUIRE(game.error == "");
  REQUIRE(PlayOneCommand(game));

  auto by_code = DialHello(b);
  REQUIRE(by_code);
  const auto joined = Ask(*by_code, JoinMsg(game.code, true));
  REQUIRE(joined);
  REQUIRE(joined->has_redirect());
  CHECK(joined->redirect().url() == UrlOf(a));
  CHECK(joined->redirect().room_code() == game.code);

  auto by_token = Dial(b);
  REQUIRE(by_token);
  const auto hello = Ask(*by_token, HelloMsg(game.tokens[1]));
  REQUIRE(hello);
  REQUIRE(hello->has_redirect());
  CHECK(hello->redirect().url() == UrlOf(a));
  CHECK(b.app().metrics().cluster_redirects.load() == 2);

  // Nothing was done on b: the room is still a's alone, and a's player plays on.
  CHECK(b.app().registry().Find(game.code) == nullptr);
  CHECK(PlayOneCommand(game));
  // An unknown code is still just unknown.
  const auto none = Ask(*by_code, JoinMsg("ZZZZZZ"));
  REQUIRE(none);
  CHECK(none->error().code() == v1::ERROR_CODE_ROOM_NOT_FOUND);
}

TEST_CASE(
    "cluster: a node that stops hands its rooms over at once, and a player resumes on "
    "another node with the game as it was",
    "[postgres][cluster]") {
  const std::string url = NewPostgresDatabase();
  std::optional<TestServer> a;
  a.emplace(NodeConfig(url, "a"));
  server::ServerConfig slow = NodeConfig(url, "b");
  slow.lease = std::chrono::milliseconds(60000);  // b claims nothing by itself for 20 s
  TestServer b(slow);
  RawGame game = StartRawGame(*a, 2);
  REQUIRE(game.error == "");
  for (int i = 0; i < 3; ++i) REQUIRE(PlayOneCommand(game));
  const auto seq = SeqOf(game);
  REQUIRE(seq);
  const auto stopped = std::chrono::steady_clock::now();
  a.reset();  // SIGTERM's path: close with 1012, write what is queued, hand the rooms over

  auto c = Dial(b);
  REQUIRE(c);
  const auto welcome = Ask(*c, HelloMsg(game.tokens[0]));
  const auto took = std::chrono::steady_clock::now() - stopped;
  REQUIRE(welcome);
  REQUIRE(welcome->has_welcome());
  CHECK(welcome->welcome().room_code() == game.code);
  CHECK(welcome->welcome().seat() == 0);
  // Well inside the 60 s lease: the room was handed over, not left to run out.
  CHECK(took < std::chrono::seconds(5));
  const auto snap = Snapshot(*c);
  REQUIRE(snap);
  CHECK(snap->seq() == *seq);
  CHECK(b.app().metrics().cluster_rooms_claimed.load() == 1);
}

TEST_CASE(
    "cluster: a turn-based game taken over by another node keeps its clock, which runs on "
    "there",
    "[postgres][cluster][turn-based]") {
  const std::string url = NewPostgresDatabase();
  constexpr std::int64_t kDay = 24 * 60 * 60;
  constexpr std::int64_t kStart = 1'800'000'000;
  std::optional<TestServer> a;
  server::ServerConfig config_a = NodeConfig(url, "a");
  config_a.wall_now = [] { return kStart; };
  a.emplace(config_a);
  // b's clock is 25 hours on: the running turn ran out while it was a's.
  server::ServerConfig config_b = NodeConfig(url, "b");
  config_b.lease = std::chrono::milliseconds(60000);
  config_b.wall_now = [] { return kStart + kDay + 3600; };
  TestServer b(config_b);
  v1::RoomOptions room = RoomFor(2);
  room.set_abandon_policy(v1::ABANDON_POLICY_FALLBACK_MOVE);
  room.mutable_turn_based()->set_move_seconds(kDay);
  // Only accounts sit in turn-based rooms; the accounts are the cluster's (its store's).
  RawGame game = StartRawGame(
      *a, room, {Cookie(NewAccount(a->port(), "Ann")), Cookie(NewAccount(a->port(), "Bob"))});
  REQUIRE(game.error == "");
  const auto before = Snapshot(*game.seats[0]);
  REQUIRE(before);
  REQUIRE(before->clock().has_turn_based());
  const v1::TurnBasedClock clock = before->clock().turn_based();
  CHECK(clock.turn_started() == kStart);
  CHECK(clock.deadline() == kStart + kDay);
  a.reset();

  auto c = Dial(b);
  REQUIRE(c);
  const auto welcome = Ask(*c, HelloMsg(game.tokens[1 - clock.seat()]));
  REQUIRE(welcome);
  REQUIRE(welcome->has_welcome());
  // The clock b rebuilt is a's: had the turn started when b took the room, it would have a day
  // to go; from a's start it ran out an hour ago, so b's first tick expires it and the fallback
  // plays for the seat.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (b.app().metrics().turns_expired.load() == 0 &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK(b.app().metrics().turns_expired.load() == 1);
  const auto played = Snapshot(*c);
  REQUIRE(played);
  CHECK(played->seq() > before->seq());
  REQUIRE(played->clock().has_turn_based());
  CHECK(played->clock().turn_based().seat() == 1 - clock.seat());
  CHECK(played->clock().turn_based().turn_started() == kStart + kDay + 3600);
}

TEST_CASE(
    "cluster: a node that loses a room's lease closes its connections with 1012, and the "
    "players are sent to the node that took it",
    "[postgres][cluster]") {
  const std::string url = NewPostgresDatabase();
  TestServer a(NodeConfig(url, "a"));
  RawGame game = StartRawGame(a, 2);
  REQUIRE(game.error == "");
  REQUIRE(PlayOneCommand(game));
  TestServer b(NodeConfig(url, "b"));
  // As if a had been paused past its lease and b had claimed the room meanwhile. The handover
  // is written in one statement: a lease merely left to run out is an orphan a's own next tick
  // may claim back before b does, which is right for the server and a coin toss for this test.
  {
    cs::PgConnection db(url);
    db.Exec(
        "UPDATE room_leases SET node_id = 'b', token = token + 1, "
        "expires_at = clock_timestamp() + INTERVAL '1 hour'");
  }
  CHECK(AwaitClose(*game.seats[0], std::chrono::seconds(5)) == 1012);
  CHECK(a.app().metrics().cluster_rooms_lost.load() == 1);
  CHECK(a.app().registry().Find(game.code) == nullptr);

  auto again = Dial(a);  // the player reconnects where it was
  REQUIRE(again);
  const auto hello = Ask(*again, HelloMsg(game.tokens[0]));
  REQUIRE(hello);
  REQUIRE(hello->has_redirect());
  CHECK(hello->redirect().url() == UrlOf(b));

  // b holds the lease but not yet the room: the redirected player's hello rebuilds it there.
  auto moved = Dial(b);
  REQUIRE(moved);
  const auto welcome = Ask(*moved, HelloMsg(game.tokens[0]));
  REQUIRE(welcome);
  REQUIRE(welcome->has_welcome());
  CHECK(welcome->welcome().room_code() == game.code);
  CHECK(b.app().registry().Find(game.code) != nullptr);
}

namespace {

// Whether `code` is in the node's room list (ListRooms over a fresh connection).
bool Lists(TestServer& node, const std::string& code) {
  const auto listed = ListsRoom(node, code);
  REQUIRE(listed);
  return *listed;
}

}  // namespace

TEST_CASE(
    "cluster: every node lists the public rooms of the whole cluster, and a node that left "
    "lists none",
    "[postgres][cluster]") {
  const std::string url = NewPostgresDatabase();
  std::optional<TestServer> a;
  a.emplace(NodeConfig(url, "a"));
  TestServer b(NodeConfig(url, "b"));

  v1::RoomOptions options;
  options.set_game_type(v1::GAME_TYPE_BASE);
  options.set_seats(3);
  options.set_is_public(true);
  auto host = DialHello(*a);
  REQUIRE(host);
  const auto open = Ask(*host, CreateMsg(options));
  REQUIRE(open);
  REQUIRE(open->has_seat_granted());
  const std::string code = open->seat_granted().room_code();
  options.set_is_public(false);
  auto other = DialHello(*a);
  REQUIRE(other);
  const auto hidden = Ask(*other, CreateMsg(options));
  REQUIRE(hidden);
  REQUIRE(hidden->has_seat_granted());

  // b hears of a's public room within two of its periods (a publishes, b reads: 200 ms each).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (!Lists(b, code) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK(Lists(b, code));
  CHECK(Lists(*a, code));
  CHECK_FALSE(Lists(b, hidden->seat_granted().room_code()));
  CHECK(b.app().metrics().cluster_rooms_listed_elsewhere.load() == 1);
  CHECK(a->app().metrics().cluster_listings_published.load() >= 1);
  // Listed on b, served by a: a join there is sent on.
  auto joiner = DialHello(b);
  REQUIRE(joiner);
  const auto joined = Ask(*joiner, JoinMsg(code));
  REQUIRE(joined);
  CHECK(joined->has_redirect());

  // a leaves: b no longer lists what a published (the room itself, emptied by a's shutdown,
  // is listed by nobody).
  host.reset();
  other.reset();
  a.reset();
  const auto gone = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (Lists(b, code) && std::chrono::steady_clock::now() < gone) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK_FALSE(Lists(b, code));
  CHECK(b.app().metrics().cluster_rooms_listed_elsewhere.load() == 0);

  // a comes back with nothing to list: what its last process published is replaced, not
  // listed again.
  a.emplace(NodeConfig(url, "a"));
  const auto published = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (a->app().metrics().cluster_listings_published.load() == 0 &&
         std::chrono::steady_clock::now() < published) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(a->app().metrics().cluster_listings_published.load() >= 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(600));  // b reads again meanwhile
  CHECK_FALSE(Lists(b, code));
}

TEST_CASE(
    "cluster: a session made on one node opens a signed-in socket on another, and ends "
    "on every node",
    "[postgres][cluster][accounts]") {
  const std::string url = NewPostgresDatabase();
  TestServer a(NodeConfig(url, "a"));
  TestServer b(NodeConfig(url, "b"));
  const auto made = HttpRequest(a.port(), "POST", "/api/accounts",
                                R"({"name":"Ada","password":"correct horse"})");
  REQUIRE(made.status == 201);
  const std::string cookie =
      made.Header("Set-Cookie").substr(0, made.Header("Set-Cookie").find(';'));
  v1::ServerMessage welcome;
  auto on_b = DialHello(b, "", &welcome, {{"Cookie", cookie}});
  REQUIRE(on_b);
  CHECK(welcome.welcome().account_name() == "Ada");
  // Ended on b: a opens no socket for it either.
  REQUIRE(
      HttpRequest(b.port(), "DELETE", "/api/sessions/current", "", {{"Cookie", cookie}}).status ==
      204);
  CHECK(Dial(a, {{"Cookie", cookie}}) == nullptr);
}
