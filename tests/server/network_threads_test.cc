// Nothing costly on the network threads (docs/security.md, "Work off the network threads"): each
// case is a hostile client against a real server on loopback, and checks what an honest client
// sees meanwhile: /healthz answers, another room's commands are acknowledged in time.
#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "archived_game.h"
#include "create_room.h"
#include "raw_socket.h"
#include "rooms/tokens.h"
#include "test_server.h"

namespace carc::test {
namespace {

using Clock = std::chrono::steady_clock;

double MsOf(Clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

// One JSON object of `keys` distinct keys: what made the old parser quadratic.
std::string WideObject(int keys) {
  std::string s = "{";
  for (int i = 0; i < keys; ++i) {
    if (i > 0) s += ',';
    s += "\"k" + std::to_string(i) + "\":0";
  }
  return s + "}";
}

// The time of one game command of the seat to move, from sending it to its event batch; nullopt
// when the game is over or something failed (which fails the test). Three messages a command:
// the server's per-connection rate must allow them (CommandTimes' callers raise it).
std::optional<double> TimedCommand(RawGame& game) {
  const auto any = Snapshot(*game.seats[0]);
  if (!any || any->base().phase() == v1::BASE_PHASE_GAME_OVER) return std::nullopt;
  const int mover = any->base().to_move();
  if (mover < 0 || mover >= static_cast<int>(game.seats.size())) return std::nullopt;
  client::WsClient& c = *game.seats[static_cast<std::size_t>(mover)];
  const auto snap = Snapshot(c);
  if (!snap || !snap->base().has_legal_moves()) return std::nullopt;
  const std::uint64_t seq = snap->seq();
  const v1::BaseLegalMoves& moves = snap->base().legal_moves();
  const auto sent = Clock::now();
  if (snap->base().phase() == v1::BASE_PHASE_PLACE_TILE) {
    if (moves.placements_size() == 0) return std::nullopt;
    const v1::Placement& p = moves.placements(0);
    c.Send(PlaceMsg(seq, p.position().x(), p.position().y(), static_cast<int>(p.rotation()),
                    p.tile()));
  } else {
    c.Send(SkipMsg(seq));
  }
  const auto batch = Await(c, [seq](const v1::ServerMessage& m) {
    return (m.has_event_batch() && m.event_batch().seq() == seq + 1) || m.has_error();
  });
  // An error ends the measure at once (not after Await's time-out) and says why.
  if (!batch || batch->has_error()) {
    FAIL_CHECK("no event batch for the command: " << (batch ? batch->DebugString() : "time-out"));
    return std::nullopt;
  }
  return MsOf(Clock::now() - sent);
}

// Commands of fresh two-player games until `n` were timed, 20 ms apart: spread over a while so
// that they meet the flood at every stage, not only its first connections.
std::vector<double> CommandTimes(TestServer& server, int n) {
  std::vector<double> times;
  while (static_cast<int>(times.size()) < n) {
    RawGame g = StartRawGame(server, 2);
    REQUIRE(g.error == "");
    while (static_cast<int>(times.size()) < n) {
      const auto t = TimedCommand(g);
      if (!t) break;
      times.push_back(*t);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  return times;
}

// Pipelines `requests` on connections from each of `sources` in turn until `stop`; counts the
// answers by status class.
struct Flood {
  std::atomic<bool> stop{false};
  std::atomic<long> sent{0};
  std::atomic<long> served{0};   // answers 200 or 202
  std::atomic<long> refused{0};  // answers 429 or 503
  std::thread thread;

  Flood(std::uint16_t port, std::vector<std::string> sources, std::string requests) {
    thread = std::thread([this, port, sources = std::move(sources), requests] {
      std::size_t i = 0;
      while (!stop.load()) {
        RawSocket s(port, sources[i++ % sources.size()]);
        if (!s.ok()) continue;
        if (s.SendAll(requests, std::chrono::milliseconds(500))) ++sent;
        const std::string answers = s.ReadUntilClosed(std::chrono::milliseconds(200));
        for (std::size_t at = answers.find("HTTP/1.1 "); at != std::string::npos;
             at = answers.find("HTTP/1.1 ", at + 1)) {
          const std::string status = answers.substr(at + 9, 3);
          if (status == "200" || status == "202") ++served;
          if (status == "429" || status == "503") ++refused;
        }
      }
    });
  }
  ~Flood() {
    stop = true;
    thread.join();
  }
};

std::string Pipelined(const std::vector<std::string>& targets, int times, const char* method) {
  std::string out;
  for (int i = 0; i < times; ++i) {
    for (const auto& t : targets) {
      out += std::string(method) + " " + t + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    }
  }
  return out;
}

std::vector<std::string> Sources(int n, int first = 10) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back("127.0.1." + std::to_string(first + i));
  return out;
}

}  // namespace

// [serial]: its 50 ms is a wall-clock figure of one server process; a sanitized test beside it
// on the other core pushed /healthz past it once (112 ms) while the uploads were parsed.
TEST_CASE("api: an 80000-key upload is refused in linear time while /healthz answers in 50 ms",
          "[server][security][serial][timing]") {
  TestServer server;
  const std::string wide = WideObject(80000);
  REQUIRE(wide.size() > 800000);
  // The widest objects the parser takes (256 keys), as many as fit in the upload limit.
  std::string many = "{\"x\":[";
  while (many.size() < 1000000) many += (many.size() > 6 ? "," : "") + WideObject(256);
  many += "]}";
  REQUIRE(many.size() <= server::kMaxApiUpload);

  std::atomic<bool> done{false};
  std::vector<HttpResult> answers(4);
  std::vector<double> upload_ms(4);
  std::vector<std::thread> uploaders;
  for (int i = 0; i < 4; ++i) {
    uploaders.emplace_back([&, i] {
      const auto t0 = Clock::now();
      answers[static_cast<std::size_t>(i)] =
          HttpRequestFrom("127.0.2." + std::to_string(i + 1), server.port(), "POST", "/api/replay",
                          i % 2 == 0 ? wide : many);
      upload_ms[static_cast<std::size_t>(i)] = MsOf(Clock::now() - t0);
    });
  }
  std::vector<double> health;
  std::thread prober([&] {
    while (!done.load()) {
      const auto t0 = Clock::now();
      const HttpResult h = HttpGet(server.port(), "/healthz");
      if (h.status == 200) health.push_back(MsOf(Clock::now() - t0));
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  for (auto& t : uploaders) t.join();
  // A few more probes after the uploads, in case they were quicker than the first probe.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  done = true;
  prober.join();

  for (int i = 0; i < 4; ++i) {
    INFO("upload " << i << ": " << answers[static_cast<std::size_t>(i)].body);
    CHECK(answers[static_cast<std::size_t>(i)].status == 400);
  }
  CHECK(answers[0].body.find("more than 256 keys") != std::string::npos);
  // Parsed whole (nothing quadratic about 256-key objects), then refused for what it is.
  CHECK(answers[1].body.find("format must be") != std::string::npos);
  const double worst = *std::max_element(health.begin(), health.end());
  WARN("uploads took " << upload_ms[0] << ", " << upload_ms[1] << ", " << upload_ms[2] << ", "
                       << upload_ms[3] << " ms; /healthz answered " << health.size()
                       << " times, the slowest in " << worst << " ms");
  REQUIRE(health.size() >= 5);
  CHECK(worst < 50.0);
}

TEST_CASE(
    "api: replay and analysis floods from one address and from 40 leave another room's "
    "command p99 under 20 ms",
    "[server][security][serial][timing]") {
  server::ServerConfig config = TestConfig();
  config.analysis_ms = std::chrono::milliseconds(10);
  // The measuring seats ask as fast as they can: the per-connection rate is not under test.
  config.rate_burst = 100000;
  config.rate_per_second = 100000;
  TestServer server(config);
  const auto castle = ArchiveRandomGame(server, "castle", 7);
  const auto base = ArchiveRandomGame(server, "base", 8);
  const std::vector<std::string> targets = {"/api/games/" + std::to_string(castle) + "/replay",
                                            "/api/games/" + std::to_string(base) + "/replay",
                                            "/api/games/" + std::to_string(castle) + "/analysis",
                                            "/api/games/" + std::to_string(base) + "/record"};
  const std::string requests = Pipelined(targets, 16, "HEAD");

  const std::vector<double> quiet = CommandTimes(server, 60);
  std::vector<double> one;
  std::vector<double> twenty;
  std::string seen_one;
  std::string seen_twenty;
  {
    Flood flood(server.port(), Sources(1), requests);
    one = CommandTimes(server, 100);
    seen_one = std::to_string(flood.sent.load()) + " connections, " +
               std::to_string(flood.served.load()) + " answers served, " +
               std::to_string(flood.refused.load()) + " refused";
    CHECK(flood.served.load() > 0);
  }
  {
    Flood flood(server.port(), Sources(20), requests);
    Flood flood2(server.port(), Sources(20, 40), requests);
    twenty = CommandTimes(server, 100);
    seen_twenty = std::to_string(flood.sent.load() + flood2.sent.load()) + " connections, " +
                  std::to_string(flood.served.load() + flood2.served.load()) + " answers served, " +
                  std::to_string(flood.refused.load() + flood2.refused.load()) + " refused";
    CHECK(flood.served.load() > 0);
  }
  const std::string metrics = HttpGet(server.port(), "/metrics").body;
  WARN("command p99: " << Percentile(quiet, 0.99) << " ms quiet, " << Percentile(one, 0.99)
                       << " ms under one address's flood (" << seen_one << "; "
                       << targets.size() * 16 << " requests pipelined on each), "
                       << Percentile(twenty, 0.99) << " ms under 40 addresses' (" << seen_twenty
                       << ")");
  CHECK(Percentile(one, 0.99) < 20.0);
  CHECK(Percentile(twenty, 0.99) < 20.0);
  // The limits did the work: requests were refused by the rate and the replays came from the
  // cache.
  CHECK(metrics.find("carc_rejections_total{reason=\"api_rate_limited\"}") != std::string::npos);
  CHECK(metrics.find("carc_replay_cache_hits_total 0\n") == std::string::npos);
}

TEST_CASE("api: an archived replay is built once and has an ETag that a request may match (304)",
          "[server][security]") {
  TestServer server;
  const auto id = ArchiveRandomGame(server, "castle", 11);
  const std::string path = "/api/games/" + std::to_string(id) + "/replay";
  const HttpResult first = HttpGet(server.port(), path);
  REQUIRE(first.status == 200);
  const std::string etag = first.Header("ETag");
  CHECK(!etag.empty());
  CHECK(first.Header("Cache-Control") == "public, max-age=86400");
  const HttpResult second = HttpGet(server.port(), path);
  CHECK(second.status == 200);
  CHECK(second.body == first.body);
  const HttpResult same = HttpRequest(server.port(), "GET", path, "", {{"If-None-Match", etag}});
  CHECK(same.status == 304);
  CHECK(same.body.empty());
  const HttpResult record = HttpGet(server.port(), "/api/games/" + std::to_string(id) + "/record");
  CHECK(record.status == 200);
  CHECK(!record.Header("ETag").empty());
  CHECK(record.Header("ETag") != etag);
  const std::string metrics = HttpGet(server.port(), "/metrics").body;
  CHECK(metrics.find("carc_replay_cache_hits_total 1\n") != std::string::npos);
  CHECK(metrics.find("carc_replay_cache_misses_total 1\n") != std::string::npos);
}

TEST_CASE("api: one address past --api-rate gets 429 with Retry-After and another is still served",
          "[server][security]") {
  server::ServerConfig config = TestConfig();
  config.api_burst = 5;
  config.api_rate = 1;
  TestServer server(config);
  int ok = 0;
  HttpResult refused;
  for (int i = 0; i < 12; ++i) {
    const HttpResult r = HttpRequestFrom("127.0.3.1", server.port(), "GET", "/api/game-types");
    if (r.status == 200) ++ok;
    if (r.status == 429) refused = r;
  }
  CHECK(ok >= 5);
  CHECK(ok <= 7);  // the burst, and a token or so refilled meanwhile
  CHECK(refused.status == 429);
  CHECK(refused.Header("Retry-After") == "1");
  CHECK(HttpRequestFrom("127.0.3.2", server.port(), "GET", "/api/game-types").status == 200);
}

TEST_CASE(
    "api: past --api-per-address requests in progress an address gets 503 with "
    "Retry-After and --api-queue bounds them all",
    "[server][security]") {
  server::ServerConfig config = TestConfig();
  config.api_per_address = 1;
  config.api_queue = 2;
  // Six uploads of 1 MB at once on a slow (sanitized) build: the test is of the queue's bounds,
  // not of the time to send a request or to parse three in turn (under ThreadSanitizer the last
  // of an address's answers once took over 10 s).
  config.handshake_timeout = std::chrono::seconds(30);
  TestServer server(config);
  // Uploads that take the parser a while (256-key objects up to the limit) keep the one API
  // thread busy.
  std::string slow = "[";
  while (slow.size() < 1000000) slow += (slow.size() > 1 ? "," : "") + WideObject(256);
  slow += "]";
  std::vector<HttpResult> same(6);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < same.size(); ++i) {
    threads.emplace_back([&, i] {
      same[i] = HttpRequestFrom(i < 3 ? "127.0.4.1" : "127.0.4." + std::to_string(i), server.port(),
                                "POST", "/api/replay", slow, {}, std::chrono::seconds(60));
    });
  }
  for (auto& t : threads) t.join();
  int busy = 0;
  for (const auto& r : same) {
    if (r.status == 503) {
      ++busy;
      CHECK(r.Header("Retry-After") == "1");
    } else {
      CHECK(r.status == 400);
    }
  }
  CHECK(busy >= 1);
  const std::string metrics = HttpGet(server.port(), "/metrics").body;
  CHECK(metrics.find("carc_api_jobs_refused_total") != std::string::npos);
}

TEST_CASE(
    "origin: a page of another origin gets 403 on /ws and on POST while the server's own "
    "and --allowed-origins are served",
    "[server][security]") {
  server::ServerConfig config = TestConfig();
  config.allowed_origins = "https://play.example.org";
  TestServer server(config);
  const std::string own = "http://127.0.0.1:" + std::to_string(server.port());
  const auto upgrade = [&](const std::string& origin) {
    std::vector<std::pair<std::string, std::string>> fields = {
        {"Upgrade", "websocket"},
        {"Connection", "Upgrade"},
        {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="},
        {"Sec-WebSocket-Version", "13"},
        {"Host", "127.0.0.1:" + std::to_string(server.port())}};
    if (!origin.empty()) fields.emplace_back("Origin", origin);
    return HttpRequest(server.port(), "GET", "/ws", "", fields).status;
  };
  CHECK(upgrade("https://evil.example") == 403);
  CHECK(upgrade("null") == 403);
  CHECK(upgrade(own) == 101);
  CHECK(upgrade("https://play.example.org") == 101);
  CHECK(upgrade("") == 101);  // not a browser: the command-line tools
  const auto post = [&](const std::string& origin) {
    return HttpRequest(
        server.port(), "POST", "/api/replay", "{}",
        {{"Origin", origin}, {"Host", "127.0.0.1:" + std::to_string(server.port())}});
  };
  const HttpResult foreign = post("https://evil.example");
  CHECK(foreign.status == 403);
  CHECK(foreign.body.find("origin") != std::string::npos);
  CHECK(post(own).status == 400);  // served: {} is no record
  const std::string metrics = HttpGet(server.port(), "/metrics").body;
  CHECK(metrics.find("carc_rejections_total{reason=\"foreign_origin\"} 3") != std::string::npos);
}

TEST_CASE("metrics: served to loopback only or to whoever shows --metrics-token",
          "[server][security]") {
  {
    server::ServerConfig config = TestConfig();
    config.trusted_proxies = "127.0.0.1";
    TestServer server(config);
    CHECK(HttpGet(server.port(), "/metrics").status == 200);
    // Through a trusted proxy, for a client elsewhere.
    CHECK(HttpRequest(server.port(), "GET", "/metrics", "", {{"X-Forwarded-For", "203.0.113.7"}})
              .status == 403);
  }
  server::ServerConfig config = TestConfig();
  config.metrics_token = "a-long-enough-metrics-secret";
  TestServer server(config);
  CHECK(HttpGet(server.port(), "/metrics").status == 403);
  CHECK(HttpRequest(server.port(), "GET", "/metrics", "", {{"Authorization", "Bearer wrong"}})
            .status == 403);
  const HttpResult ok = HttpRequest(server.port(), "GET", "/metrics", "",
                                    {{"Authorization", "Bearer a-long-enough-metrics-secret"}});
  CHECK(ok.status == 200);
  CHECK(ok.body.find("carc_rejections_total{reason=\"metrics_refused\"} 2") != std::string::npos);
}

TEST_CASE("headers: every answer says nosniff and DENY and has a Content-Security-Policy",
          "[server][security]") {
  TestServer server;
  for (const std::string target :
       {"/healthz", "/api/game-types", "/api/games", "/api/nothing", "/nothing"}) {
    INFO(target);
    const HttpResult r = HttpGet(server.port(), target);
    CHECK(r.Header("X-Content-Type-Options") == "nosniff");
    CHECK(r.Header("X-Frame-Options") == "DENY");
    CHECK(r.Header("Content-Security-Policy").find("frame-ancestors 'none'") != std::string::npos);
    CHECK(r.Header("Referrer-Policy") == "no-referrer");
  }
}

TEST_CASE(
    "websocket: a message in more than --max-message-fragments frames closes the "
    "connection with 1009",
    "[server][security]") {
  TestServer server;
  v1::ClientMessage hello = HelloMsg();
  const std::string bytes = hello.SerializeAsString();
  {
    RawWebSocket ws(server.port(), "127.0.0.1");
    REQUIRE(ws.ok());
    REQUIRE(ws.SendFragmented(bytes, 16));
    // Served: nothing closes it within a moment.
    CHECK(ws.ReadUntilCloseFrame(std::chrono::milliseconds(300)) == 0);
  }
  RawWebSocket ws(server.port(), "127.0.0.1");
  REQUIRE(ws.ok());
  // 100 frames of a byte or so each, the cost of 100 reads for one message.
  std::string big(200, '\0');
  REQUIRE(ws.SendFragmented(big, 100));
  CHECK(ws.ReadUntilCloseFrame(std::chrono::seconds(3)) == 1009);
  const std::string metrics = HttpGet(server.port(), "/metrics").body;
  CHECK(metrics.find("carc_rejections_total{reason=\"too_many_fragments\"} 1") !=
        std::string::npos);
}

}  // namespace carc::test

namespace carc::test {
namespace {

std::string RandomCode(std::mt19937_64& rng) {
  const std::string alphabet = server::kInviteAlphabet;
  std::string code;
  for (std::size_t i = 0; i < server::kInviteCodeLength; ++i)
    code += alphabet[rng() % alphabet.size()];
  return code;
}

}  // namespace

TEST_CASE(
    "codes: guessing at the limit for 20 s finds no room of 1000 and an unknown and a "
    "private code answer alike",
    "[server][security][timing]") {
  server::ServerConfig config = TestConfig();
  config.max_rooms = 1100;
  config.max_rooms_per_address = 2000;
  config.empty_lobby_ttl = std::chrono::seconds(3600);
  config.empty_room_ttl = std::chrono::seconds(3600);
  TestServer server(config);
  std::vector<std::string> codes;
  for (int i = 0; i < 1000; ++i) {
    const auto created = CreateRoomNow(server.app().registry(), RoomFor(2), "10.9.9.9");
    REQUIRE(created.room);
    CHECK_FALSE(created.room->IsPublic());
    codes.push_back(created.room->code());
    CHECK(codes.back().size() == server::kInviteCodeLength);
  }

  // Two channels at once, each its own address: the record over HTTP and JoinRoom over a
  // WebSocket (20 a second: under the connection's message rate, far over the guesses').
  std::mt19937_64 rng(35);
  auto ws = DialHello(server);
  REQUIRE(ws);
  int found = 0;
  int http_missed = 0;
  int http_limited = 0;
  int ws_missed = 0;
  int ws_limited = 0;
  // 20 s: the burst and a third of a minute's refill, against about 400 guesses per channel.
  const auto until = Clock::now() + std::chrono::seconds(20);
  while (Clock::now() < until) {
    const HttpResult r = HttpRequestFrom("127.0.5.1", server.port(), "GET",
                                         "/api/rooms/" + RandomCode(rng) + "/record");
    if (r.status == 404) {
      ++http_missed;
    } else if (r.status == 429) {
      ++http_limited;
    } else {
      ++found;
    }
    const auto a = Ask(*ws, JoinMsg(RandomCode(rng)));
    REQUIRE(a);
    if (a->has_error() && a->error().code() == v1::ERROR_CODE_ROOM_NOT_FOUND) {
      ++ws_missed;
    } else if (a->has_error() && a->error().code() == v1::ERROR_CODE_RATE_LIMITED) {
      ++ws_limited;
    } else {
      ++found;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  WARN("20 s of guessing: over HTTP " << http_missed << " missed, " << http_limited
                                      << " refused; over the WebSocket " << ws_missed << " missed, "
                                      << ws_limited << " refused; " << found << " found");
  CHECK(found == 0);
  // The burst (10), then 12 a minute: 4 in 20 s.
  CHECK(http_missed <= 10 + 4 + 1);
  CHECK(ws_missed <= 10 + 4 + 1);
  CHECK(http_limited > 100);
  CHECK(ws_limited > 100);

  // A stranger asking for a private room's record learns nothing an unknown code does not say.
  const HttpResult unknown =
      HttpRequestFrom("127.0.5.2", server.port(), "GET", "/api/rooms/ZZZZ2222/record");
  const HttpResult hidden =
      HttpRequestFrom("127.0.5.2", server.port(), "GET", "/api/rooms/" + codes[17] + "/record");
  CHECK(unknown.status == 404);
  CHECK(hidden.status == unknown.status);
  CHECK(hidden.body == unknown.body);
  CHECK(hidden.headers == unknown.headers);
}

}  // namespace carc::test

namespace carc::test {
namespace {

// A connection from `source` that said Hello.
std::unique_ptr<client::WsClient> DialFrom(TestServer& server, const std::string& source) {
  auto c = std::make_unique<client::WsClient>();
  client::ServerAddress a = server.address();
  a.source = source;
  if (!c->Connect(a, std::chrono::seconds(5)).empty()) return nullptr;
  if (!Ask(*c, HelloMsg())) return nullptr;
  return c;
}

// A room of `source`'s host and computers at `level` in the other seats, started; the host's
// connection, or nullptr.
std::unique_ptr<client::WsClient> ComputerRoom(TestServer& server, const std::string& source,
                                               int seats, const std::string& level) {
  auto host = DialFrom(server, source);
  if (!host) return nullptr;
  const auto granted = Ask(*host, CreateMsg(RoomFor(seats)));
  if (!granted || !granted->has_seat_granted()) return nullptr;
  for (int seat = 1; seat < seats; ++seat) {
    host->Send(AddComputerMsg(seat, level));
    if (!Skip(*host, [&](const v1::ServerMessage& m) {
          return m.has_room_state() && m.room_state().seats(seat).computer_level() == level;
        })) {
      return nullptr;
    }
  }
  v1::ClientMessage start;
  start.mutable_start_game();
  host->Send(start);
  if (!Skip(*host, [](const v1::ServerMessage& m) { return m.has_snapshot(); })) return nullptr;
  return host;
}

void Resign(client::WsClient& c) {
  v1::ClientMessage m;
  m.mutable_resign();
  c.Send(m);
}

std::uint64_t MetricValue(const std::string& metrics, const std::string& name) {
  const auto at = metrics.find("\n" + name + " ");
  if (at == std::string::npos) return 0;
  return std::stoull(metrics.substr(at + name.size() + 2));
}

}  // namespace

TEST_CASE(
    "bots: rooms of long-thinking computers from 19 addresses leave another room's hard "
    "move within its budget + 20%",
    "[server][security][serial][timing]") {
  server::ServerConfig config = TestConfig();
  config.bot_threads = 1;
  config.max_computer_ms = std::chrono::milliseconds(2000);
  TestServer server(config);
  // The flood: each address's host leaves the game to two computers at the longest budget
  // allowed, and stays connected (an attended room: its computers think for all of it).
  std::vector<std::unique_ptr<client::WsClient>> hosts;
  for (int i = 1; i <= 19; ++i) {
    auto host = ComputerRoom(server, "127.0.7." + std::to_string(i), 3, "mcts@2000");
    REQUIRE(host);
    Resign(*host);
    hosts.push_back(std::move(host));
  }
  std::this_thread::sleep_for(std::chrono::seconds(1));  // the pool is full of searches

  // The victim plays against a hard computer (mcts@1000): every computer decision is timed
  // from the batch that handed it the turn to the batch of its move.
  auto me = ComputerRoom(server, "127.0.0.1", 2, "mcts@1000");
  REQUIRE(me);
  std::vector<double> waits;
  for (int guard = 0; guard < 200 && waits.size() < 8; ++guard) {
    const auto snap = Snapshot(*me);
    REQUIRE(snap);
    if (snap->base().phase() == v1::BASE_PHASE_GAME_OVER) break;
    const std::uint64_t seq = snap->seq();
    if (snap->base().to_move() == 0) {
      if (snap->base().phase() == v1::BASE_PHASE_PLACE_TILE) {
        const v1::Placement& p = snap->base().legal_moves().placements(0);
        me->Send(PlaceMsg(seq, p.position().x(), p.position().y(), static_cast<int>(p.rotation()),
                          p.tile()));
      } else {
        me->Send(SkipMsg(seq));
      }
      REQUIRE(Skip(*me, [seq](const v1::ServerMessage& m) {
        return m.has_event_batch() && m.event_batch().seq() == seq + 1;
      }));
      continue;
    }
    // The computer's decision, due within its second from now.
    const auto asked = Clock::now();
    REQUIRE(Skip(
        *me,
        [seq](const v1::ServerMessage& m) {
          return m.has_event_batch() && m.event_batch().seq() == seq + 1;
        },
        std::chrono::seconds(30)));
    waits.push_back(MsOf(Clock::now() - asked));
  }
  const std::string metrics = HttpGet(server.port(), "/metrics").body;
  std::string shown;
  for (const double w : waits) shown += std::to_string(static_cast<int>(w)) + " ";
  WARN("the hard computer's decisions took (ms): "
       << shown << "; searches yielded: " << MetricValue(metrics, "carc_bot_searches_yielded_total")
       << ", answers late: " << MetricValue(metrics, "carc_bot_answers_late_total"));
  REQUIRE(waits.size() >= 6);
  CHECK(*std::max_element(waits.begin(), waits.end()) < 1200.0);
  // How many searches yielded is the scheduler's business (none, when the victim's requests
  // happened to find the thread between searches): the test asserts the times, not the means.
}

TEST_CASE("bots: a room nobody is connected to plays its computers at --unattended-level",
          "[server][security]") {
  server::ServerConfig config = TestConfig();
  config.max_computer_ms = std::chrono::milliseconds(2000);
  TestServer server(config);
  auto host = ComputerRoom(server, "127.0.8.1", 3, "mcts@2000");
  REQUIRE(host);
  Resign(*host);
  host.reset();  // gone: nobody watches
  const auto before = MetricValue(HttpGet(server.port(), "/metrics").body, "carc_bot_moves_total");
  std::this_thread::sleep_for(std::chrono::seconds(3));
  const auto after = MetricValue(HttpGet(server.port(), "/metrics").body, "carc_bot_moves_total");
  // At mcts@2000 three seconds are one or two moves; at mcts@10 they are dozens.
  WARN("moves in 3 s with nobody connected: " << after - before);
  CHECK(after - before >= 20);
}

}  // namespace carc::test
