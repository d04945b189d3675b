// The store's write lock held by another process (docs/security.md, "A busy store"): the network
// threads never wait for it, /healthz says so at once, and nothing acknowledged is lost.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "test_server.h"

namespace carc::test {
namespace {

using Clock = std::chrono::steady_clock;

// A python3 process that holds SQLite's write lock on `path` for `seconds`; ready() once it does.
class LockHolder {
 public:
  LockHolder(const std::string& path, int seconds) {
    const std::string script =
        "import sqlite3,sys,time\n"
        "c=sqlite3.connect(sys.argv[1],isolation_level=None,timeout=10)\n"
        "c.execute('BEGIN IMMEDIATE')\n"
        "print('locked',flush=True)\n"
        "time.sleep(float(sys.argv[2]))\n"
        "c.execute('ROLLBACK')\n";
    const std::string command =
        "python3 -c \"" + script + "\" '" + path + "' " + std::to_string(seconds);
    pipe_ = ::popen(command.c_str(), "r");
    if (pipe_ == nullptr) return;
    char line[64] = {};
    ready_ = std::fgets(line, sizeof line, pipe_) != nullptr && std::string(line) == "locked\n";
  }
  ~LockHolder() { Wait(); }
  bool ready() const { return ready_; }
  // Until the process has let go of the lock and ended.
  void Wait() {
    if (pipe_ != nullptr) ::pclose(pipe_);
    pipe_ = nullptr;
  }

 private:
  FILE* pipe_ = nullptr;
  bool ready_ = false;
};

// /healthz asked every 100 ms until `until`: how it answered.
struct Probed {
  double slowest_ms = 0;
  int answers = 0;
  int busy = 0;        // 503s
  std::string said;    // the last 503's body
  bool other = false;  // an answer neither 200 nor 503
};
Probed ProbeHealth(std::uint16_t port, Clock::time_point until) {
  Probed p;
  while (Clock::now() < until) {
    const auto t0 = Clock::now();
    const HttpResult h = HttpGet(port, "/healthz");
    p.slowest_ms = std::max(p.slowest_ms,
                            std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    ++p.answers;
    if (h.status == 503) {
      ++p.busy;
      p.said = h.body;
    } else if (h.status != 200) {
      p.other = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return p;
}

// One command of the seat to move; its batch's seq, 0 when it was refused (or no answer came).
std::uint64_t Command(RawGame& game, std::chrono::seconds wait) {
  const auto any = Snapshot(*game.seats[0]);
  if (!any) return 0;
  client::WsClient& c = *game.seats[static_cast<std::size_t>(any->base().to_move())];
  const auto snap = Snapshot(c);
  if (!snap || !snap->base().has_legal_moves()) return 0;
  const std::uint64_t seq = snap->seq();
  if (snap->base().phase() == v1::BASE_PHASE_PLACE_TILE) {
    const v1::Placement& p = snap->base().legal_moves().placements(0);
    c.Send(PlaceMsg(seq, p.position().x(), p.position().y(), static_cast<int>(p.rotation()),
                    p.tile()));
  } else {
    c.Send(SkipMsg(seq));
  }
  const auto answer = Await(
      c,
      [seq](const v1::ServerMessage& m) {
        return (m.has_event_batch() && m.event_batch().seq() == seq + 1) || m.has_error();
      },
      wait);
  if (answer && answer->has_error()) UNSCOPED_INFO("refused: " << answer->error().message());
  if (!answer || !answer->has_event_batch()) return 0;
  return answer->event_batch().seq();
}

}  // namespace

TEST_CASE(
    "store: the write lock held by another process for 10 s leaves /healthz answering "
    "in 50 ms and nothing acknowledged is lost",
    "[server][security][serial][timing]") {
  server::ServerConfig config = TestConfig();
  // The seat not to move reads nothing while the lock is held: the test's 10 s idle timeout
  // would close it.
  config.idle_timeout = std::chrono::seconds(60);
  const std::string path = config.data_dir + "/carcassonne.sqlite";
  std::string code;
  std::string token;
  std::uint64_t acknowledged = 0;
  {
    TestServer server(config);
    RawGame g = StartRawGame(server, 2);
    REQUIRE(g.error == "");
    code = g.code;
    token = g.tokens[0];
    for (int i = 0; i < 4; ++i) {
      const auto seq = Command(g, std::chrono::seconds(10));
      REQUIRE(seq > 0);
      acknowledged = seq;
    }
    REQUIRE(std::filesystem::exists(path));
    LockHolder lock(path, 10);
    REQUIRE(lock.ready());
    const auto locked_at = Clock::now();
    // Commands while the lock is held: each waits for the store and is refused or written.
    std::thread player([&] {
      while (Clock::now() - locked_at < std::chrono::seconds(9)) {
        const auto seq = Command(g, std::chrono::seconds(15));
        if (seq > 0) acknowledged = seq;
      }
    });
    const Probed health = ProbeHealth(server.port(), locked_at + std::chrono::seconds(10));
    lock.Wait();
    player.join();
    WARN("/healthz: " << health.answers << " answers, the slowest in " << health.slowest_ms
                      << " ms, " << health.busy << " said 503 (\"" << health.said << "\")");
    CHECK(health.slowest_ms < 50.0);
    CHECK(health.busy > 0);
    CHECK(health.said.rfind("store: ", 0) == 0);
    // The lock gone, commands are written again (one the store refused in the moment it was let
    // go is tried again, as its client is told to), and /healthz is well once one is.
    int written = 0;
    for (int attempt = 0; attempt < 6 && written < 3; ++attempt) {
      const auto seq = Command(g, std::chrono::seconds(10));
      if (seq == 0) continue;
      ++written;
      acknowledged = seq;
    }
    CHECK(written == 3);
    CHECK(HttpGet(server.port(), "/healthz").status == 200);
  }
  // A new process on the same store has every acknowledged command.
  TestServer again(config);
  v1::ServerMessage welcome;
  auto c = DialHello(again, token, &welcome);
  REQUIRE(c);
  const auto snap = Snapshot(*c);
  REQUIRE(snap);
  CHECK(snap->seq() == acknowledged);
}

TEST_CASE(
    "store: rooms created, joined and started while another process holds the write lock "
    "leave /healthz answering in 50 ms, and every request is answered",
    "[server][security][serial][timing]") {
  server::ServerConfig config = TestConfig();
  config.idle_timeout = std::chrono::seconds(60);
  const std::string path = config.data_dir + "/carcassonne.sqlite";
  TestServer server(config);
  // Made before the lock: a lobby with a seat free (its join comes while the lock is held), and
  // one whose players are ready (its start comes then).
  auto host = DialHello(server);
  REQUIRE(host);
  const auto open_lobby = Ask(*host, CreateMsg(2));
  REQUIRE((open_lobby && open_lobby->has_seat_granted()));
  const std::string open_code = open_lobby->seat_granted().room_code();
  auto starter = DialHello(server);
  auto second = DialHello(server);
  REQUIRE((starter && second));
  const auto ready_lobby = Ask(*starter, CreateMsg(2));
  REQUIRE((ready_lobby && ready_lobby->has_seat_granted()));
  const auto joined = Ask(*second, JoinMsg(ready_lobby->seat_granted().room_code()));
  REQUIRE((joined && joined->has_seat_granted()));
  v1::ClientMessage ready;
  ready.mutable_set_ready()->set_ready(true);
  second->Send(ready);
  REQUIRE(Await(*starter, [](const v1::ServerMessage& m) {
    return m.has_room_state() && m.room_state().seats_size() > 1 && m.room_state().seats(1).ready();
  }));
  REQUIRE(std::filesystem::exists(path));

  LockHolder lock(path, 8);
  REQUIRE(lock.ready());
  const auto locked_at = Clock::now();
  // The review's case (three creations tied up both network threads), a join and a start,
  // each from a connection of its own.
  std::atomic<int> answered{0};
  std::atomic<int> refused{0};
  std::vector<std::thread> clients;
  for (int i = 0; i < 3; ++i) {
    clients.emplace_back([&] {
      auto c = DialHello(server);
      if (!c) return;
      const auto a = Ask(*c, CreateMsg(2), std::chrono::seconds(30));
      if (a && (a->has_seat_granted() || a->has_error())) ++answered;
      if (a && a->has_error()) ++refused;
    });
  }
  clients.emplace_back([&] {
    auto c = DialHello(server);
    if (!c) return;
    const auto a = Ask(*c, JoinMsg(open_code), std::chrono::seconds(30));
    if (a && (a->has_seat_granted() || a->has_error())) ++answered;
    if (a && a->has_error()) ++refused;
  });
  clients.emplace_back([&] {
    v1::ClientMessage start;
    start.mutable_start_game();
    starter->Send(start);
    const auto a = Await(
        *starter, [](const v1::ServerMessage& m) { return m.has_snapshot() || m.has_error(); },
        std::chrono::seconds(30));
    if (a) ++answered;
    if (a && a->has_error()) ++refused;
  });
  const Probed health = ProbeHealth(server.port(), locked_at + std::chrono::seconds(8));
  lock.Wait();
  for (auto& t : clients) t.join();
  WARN("/healthz: " << health.answers << " answers while the lock was held, the slowest in "
                    << health.slowest_ms << " ms; " << answered << " of 5 room requests answered, "
                    << refused << " of them refused");
  CHECK(health.slowest_ms < 50.0);
  CHECK_FALSE(health.other);
  CHECK(answered == 5);
  // Each write waits on the store's own thread: past the lock, a room is made at once.
  auto after = DialHello(server);
  REQUIRE(after);
  const auto made = Ask(*after, CreateMsg(2));
  CHECK((made && made->has_seat_granted()));
  CHECK(MetricValue(server.port(), "carc_store_room_writes_total") >= 6);
}

}  // namespace carc::test
