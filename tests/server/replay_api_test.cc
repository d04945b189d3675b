// Replays over HTTP: a finished game's RoomState points at the archive, GET
// /api/games/{id}/replay is exactly the spectator stream the game had live and a view mirror
// checks every step of it, POST /api/replay replays an uploaded record or names its broken turn,
// and every bad request gets its status without harming the server. Running games are never
// replayed.
#include <catch2/catch.hpp>
#include <filesystem>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>

#include "bot_game.h"
#include "carc/codec/proto_codec.h"
#include "carc/codec/view_mirror.h"
#include "carc/v1/replay.pb.h"
#include "read_file.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

constexpr std::size_t kMaxUpload = 1024 * 1024;

server::ServerConfig ReplayServerConfig() {
  server::ServerConfig c = TestConfig();
  c.rate_burst = 100000;
  c.rate_per_second = 100000;
  return c;
}

std::string GoldenRecord(const std::string& name) {
  return ReadFile(std::filesystem::path(CARC_SOURCE_DIR) / "tests" / "golden" / "records" /
                  (name + ".json"));
}

// The whole replay through the view mirror: every step applies in order and matches its hash.
// Returns the final view.
v1::BaseView Mirror(const v1::Replay& replay) {
  REQUIRE(replay.start().has_base());
  CHECK(replay.start().seq() == 0);
  CHECK(replay.start().base().tile_set_size() == 24);
  CHECK(replay.start().public_hash() == codec::PublicHash(replay.start().base()));
  v1::BaseView view = replay.start().base();
  std::uint64_t seq = replay.start().seq();
  for (int i = 0; i < replay.steps_size(); ++i) {
    const v1::EventBatch& step = replay.steps(i);
    INFO("step " << i);
    REQUIRE(step.prev_seq() == static_cast<std::uint64_t>(i));
    REQUIRE(step.seq() == static_cast<std::uint64_t>(i) + 1);
    CHECK_FALSE(step.has_base_legal_moves());
    REQUIRE(codec::ApplyBatch(view, seq, step) == codec::BatchResult::kApplied);
  }
  CHECK(view.phase() == v1::BASE_PHASE_GAME_OVER);
  return view;
}

std::vector<int> Scores(const v1::BaseView& view) {
  return {view.scores().begin(), view.scores().end()};
}

v1::Replay ParseReplay(const HttpResult& r) {
  INFO(r.error << " " << r.body.substr(0, 200));
  REQUIRE(r.status == 200);
  CHECK(r.content_type == "application/x-protobuf");
  v1::Replay replay;
  REQUIRE(replay.ParseFromString(r.body));
  return replay;
}

// What the spectator received live, clocks left out (a replay has none).
struct LiveStream {
  std::mutex mu;
  std::optional<v1::GameSnapshot> start;
  std::vector<v1::EventBatch> batches;

  // A BotGameSpec hook that keeps the spectator's stream.
  std::function<void(int, const v1::ServerMessage&)> Hook() {
    return [this](int seat, const v1::ServerMessage& m) {
      if (seat != -1) return;
      std::lock_guard lock(mu);
      if (m.has_snapshot() && !start && m.snapshot().seq() == 0) {
        start = m.snapshot();
        start->clear_clock();
      }
      if (m.has_event_batch()) {
        batches.push_back(m.event_batch());
        batches.back().clear_clock();
      }
    };
  }

  // The replay is byte for byte what the spectator received live.
  void CheckSame(const v1::Replay& replay) {
    std::lock_guard lock(mu);
    REQUIRE(start);
    CHECK(replay.start().ShortDebugString() == start->ShortDebugString());
    REQUIRE(static_cast<std::size_t>(replay.steps_size()) == batches.size());
    for (int i = 0; i < replay.steps_size(); ++i) {
      INFO("step " << i);
      CHECK(replay.steps(i).SerializeAsString() ==
            batches[static_cast<std::size_t>(i)].SerializeAsString());
    }
  }
};

// Waits on a spectator of the room for the RoomState of the end; returns the game's id.
std::uint64_t AwaitGameId(client::WsClient& watcher) {
  const auto final_state = Await(
      watcher,
      [](const v1::ServerMessage& m) {
        return m.has_room_state() && m.room_state().status() == v1::ROOM_STATUS_FINISHED;
      },
      30s);
  REQUIRE(final_state);
  return final_state->room_state().game_id();
}

}  // namespace

TEST_CASE(
    "replay API: a finished game's RoomState names its archive id and its replay is the "
    "spectator stream it had live",
    "[server][replay]") {
  TestServer server(ReplayServerConfig());
  LiveStream live;
  BotGameSpec spec;
  spec.players = 3;
  spec.seed = 7;
  spec.hook = live.Hook();
  BotGame game(server, spec);
  REQUIRE(game.setup_error() == "");
  // A second spectator stays connected to hear the RoomState of the end of the game.
  auto watcher = DialHello(server);
  REQUIRE(watcher);
  const auto joined = Ask(*watcher, JoinMsg(game.code(), true));
  REQUIRE(joined);
  REQUIRE(joined->has_room_state());
  game.Join();
  CheckFinished(game);
  const std::uint64_t game_id = AwaitGameId(*watcher);
  CHECK(game_id != 0);
  const auto room = server.app().registry().Find(game.code());
  REQUIRE(room);
  CHECK(game_id == static_cast<std::uint64_t>(room->room_id()));

  // The archive lists the game under that id.
  const HttpResult list = HttpGet(server.port(), "/api/games");
  REQUIRE(list.status == 200);
  const auto games = nlohmann::json::parse(list.body)["games"];
  REQUIRE(games.size() == 1);
  CHECK(games[0]["id"] == game_id);
  CHECK(games[0]["game"] == "base");
  CHECK(games[0]["replay"] == "/api/games/" + std::to_string(game_id) + "/replay");
  std::vector<int> archived_scores;
  std::vector<std::string> names;
  for (const auto& p : games[0]["players"]) {
    archived_scores.push_back(p["score"]);
    names.push_back(p["name"]);
  }

  // Joining the finished room (a late spectator) gets the id at once.
  auto late = DialHello(server);
  REQUIRE(late);
  const auto late_state = Ask(*late, JoinMsg(game.code(), true));
  REQUIRE(late_state);
  REQUIRE(late_state->has_room_state());
  CHECK(late_state->room_state().game_id() == game_id);

  const v1::Replay replay =
      ParseReplay(HttpGet(server.port(), "/api/games/" + std::to_string(game_id) + "/replay"));
  const v1::BaseView end = Mirror(replay);
  CHECK(Scores(end) == archived_scores);
  CHECK(Scores(end) == game.seats().front().final_scores);
  CHECK(std::vector<std::string>(replay.players().begin(), replay.players().end()) == names);

  live.CheckSame(replay);
  // HEAD is served like GET.
  CHECK(HttpRequest(server.port(), "HEAD", "/api/games/" + std::to_string(game_id) + "/replay")
            .status == 200);
}

TEST_CASE(
    "K-1..K-12 replay API: a finished Castle game replays as the spectator stream it had live, "
    "from the archive and from its record",
    "[server][replay][castle]") {
  TestServer server(ReplayServerConfig());
  LiveStream live;
  BotGameSpec spec;
  spec.players = 2;
  spec.seed = 3;
  spec.room.emplace();
  spec.room->set_game_type(v1::GAME_TYPE_CASTLE);
  spec.room->set_seats(2);
  spec.hook = live.Hook();
  BotGame game(server, spec);
  REQUIRE(game.setup_error() == "");
  auto watcher = DialHello(server);
  REQUIRE(watcher);
  REQUIRE(Ask(*watcher, JoinMsg(game.code(), true)));
  game.Join();
  CheckFinished(game);
  const std::uint64_t game_id = AwaitGameId(*watcher);
  REQUIRE(game_id != 0);
  const std::string base = "/api/games/" + std::to_string(game_id);

  const HttpResult list = HttpGet(server.port(), "/api/games");
  REQUIRE(list.status == 200);
  const auto games = nlohmann::json::parse(list.body)["games"];
  REQUIRE(games.size() == 1);
  CHECK(games[0]["game"] == "castle");
  std::vector<std::string> names;
  for (const auto& p : games[0]["players"]) names.push_back(p["name"]);

  const v1::Replay replay = ParseReplay(HttpGet(server.port(), base + "/replay"));
  REQUIRE(replay.start().has_castle());
  CHECK_FALSE(replay.start().castle().definitions().board_json().empty());
  CHECK(replay.start().castle().seats_size() == 2);
  CHECK(std::vector<std::string>(replay.players().begin(), replay.players().end()) == names);
  for (const v1::EventBatch& step : replay.steps()) {
    CHECK_FALSE(step.has_castle_legal_moves());
    for (const v1::GameEvent& e : step.events()) CHECK(e.has_castle());
  }
  live.CheckSame(replay);

  // The record uploaded gives the same steps, the seats named by number.
  const HttpResult record = HttpGet(server.port(), base + "/record");
  REQUIRE(record.status == 200);
  const v1::Replay uploaded =
      ParseReplay(HttpRequest(server.port(), "POST", "/api/replay", record.body));
  CHECK(uploaded.start().SerializeAsString() == replay.start().SerializeAsString());
  REQUIRE(uploaded.steps_size() == replay.steps_size());
  CHECK(uploaded.steps(uploaded.steps_size() - 1).SerializeAsString() ==
        replay.steps(replay.steps_size() - 1).SerializeAsString());
  CHECK(std::vector<std::string>(uploaded.players().begin(), uploaded.players().end()) ==
        std::vector<std::string>{"Player 1", "Player 2"});

  // A Castle record with a move the rules refuse names its turn and rule.
  auto broken = nlohmann::json::parse(record.body);
  REQUIRE(broken["turns"].size() > 3);
  REQUIRE(broken["turns"][0].contains("x"));
  REQUIRE(broken["turns"][1].contains("x"));
  broken["turns"][1]["x"] = broken["turns"][0]["x"];
  broken["turns"][1]["y"] = broken["turns"][0]["y"];
  const HttpResult refused = HttpRequest(server.port(), "POST", "/api/replay", broken.dump());
  INFO(refused.body);
  CHECK(refused.status == 400);
  const auto why = nlohmann::json::parse(refused.body, nullptr, false);
  REQUIRE(why.is_object());
  CHECK(why["turn"] == 1);
  CHECK(why["error"].get<std::string>().find("a tile already lies on that space") !=
        std::string::npos);
}

TEST_CASE("replay API: the RoomState of a finished game restored after a restart keeps its id",
          "[server][replay][recovery]") {
  const server::ServerConfig config = ReplayServerConfig();
  std::string code;
  std::vector<std::string> tokens;
  std::uint64_t game_id = 0;
  {
    TestServer first(config);
    RawGame g = StartRawGame(first, 2);
    REQUIRE(g.error == "");
    for (int guard = 0; guard < 400 && PlayOneCommand(g); ++guard) {
    }
    const auto end = Skip(*g.seats[1], [](const v1::ServerMessage& m) {
      return m.has_room_state() && m.room_state().status() == v1::ROOM_STATUS_FINISHED;
    });
    REQUIRE(end);
    game_id = end->room_state().game_id();
    code = g.code;
    tokens = g.tokens;
  }
  REQUIRE(game_id != 0);
  TestServer second(config);
  v1::ServerMessage welcome;
  auto c = DialHello(second, tokens[1], &welcome);
  REQUIRE(c);
  REQUIRE(welcome.has_welcome());
  CHECK(welcome.welcome().room_code() == code);
  const auto st = Skip(*c, [](const v1::ServerMessage& m) { return m.has_room_state(); });
  REQUIRE(st);
  CHECK(st->room_state().status() == v1::ROOM_STATUS_FINISHED);
  CHECK(st->room_state().game_id() == game_id);
  Mirror(ParseReplay(HttpGet(second.port(), "/api/games/" + std::to_string(game_id) + "/replay")));
}

TEST_CASE("replay API: a running game has no game id and no replay", "[server][replay]") {
  TestServer server(ReplayServerConfig());
  RawGame g = StartRawGame(server, 2);
  REQUIRE(g.error == "");
  for (int i = 0; i < 4; ++i) REQUIRE(PlayOneCommand(g));
  const auto room = server.app().registry().Find(g.code);
  REQUIRE(room);
  const std::string id = std::to_string(room->room_id());
  for (const char* what : {"/replay", "/record"}) {
    const HttpResult r = HttpGet(server.port(), "/api/games/" + id + what);
    CHECK(r.status == 404);
    CHECK(r.content_type == "application/json");
    CHECK(nlohmann::json::parse(r.body).contains("error"));
  }
  // The RoomStates the players got while it runs carry no id.
  auto spectator = DialHello(server);
  REQUIRE(spectator);
  const auto joined = Ask(*spectator, JoinMsg(g.code, true));
  REQUIRE(joined);
  REQUIRE(joined->has_room_state());
  CHECK(joined->room_state().status() == v1::ROOM_STATUS_PLAYING);
  CHECK(joined->room_state().game_id() == 0);
}

TEST_CASE("replay API: POST /api/replay replays the golden records to their scores",
          "[server][replay]") {
  TestServer server(ReplayServerConfig());
  for (const char* name : {"base_2p", "base_6p", "c1_farms_4p", "hand3_private_3p",
                           "hole_extra_turn_4p", "table_5x9_reshuffle_3p"}) {
    INFO(name);
    const std::string text = GoldenRecord(name);
    REQUIRE_FALSE(text.empty());
    const v1::Replay replay = ParseReplay(HttpRequest(server.port(), "POST", "/api/replay", text,
                                                      {{"Content-Type", "application/json"}}));
    const auto record = nlohmann::json::parse(text);
    const std::vector<int> want = record["scores"]["final"];
    CHECK(Scores(Mirror(replay)) == want);
    REQUIRE(replay.players_size() == record["players"].get<int>());
    CHECK(replay.players(0) == "Player 1");
  }
  // A body of exactly the limit is taken (a record padded with spaces).
  std::string padded = GoldenRecord("base_2p");
  padded.append(kMaxUpload - padded.size(), ' ');
  Mirror(ParseReplay(HttpRequest(server.port(), "POST", "/api/replay", padded)));
  // A client that waits for 100 Continue gets it and then its answer.
  const HttpResult continued = HttpRequest(server.port(), "POST", "/api/replay",
                                           GoldenRecord("base_3p"), {{"Expect", "100-continue"}});
  CHECK(continued.continued);
  Mirror(ParseReplay(continued));
}

TEST_CASE("replay API: bad uploads get 400 or 413 and unknown games 404 and wrong methods 405",
          "[server][replay]") {
  TestServer server(ReplayServerConfig());
  const std::uint16_t port = server.port();
  auto post = [port](const std::string& body) {
    return HttpRequest(port, "POST", "/api/replay", body);
  };
  auto error_of = [](const HttpResult& r) {
    INFO(r.body);
    CHECK(r.content_type == "application/json");
    return nlohmann::json::parse(r.body);
  };

  SECTION("an illegal turn is named with its rule") {
    auto record = nlohmann::json::parse(GoldenRecord("base_2p"));
    record["turns"][5]["x"] = 40;  // far from every tile
    const HttpResult r = post(record.dump());
    REQUIRE(r.status == 400);
    const auto e = error_of(r);
    CHECK(e["turn"] == 5);
    CHECK(e["rule"] == "B-5");
    CHECK_THAT(e["error"].get<std::string>(), Catch::StartsWith("turn 5: ") &&
                                                  Catch::EndsWith("(B-5)") &&
                                                  Catch::Contains("must share a full edge"));
  }
  SECTION("a follower where none may stand") {
    auto record = nlohmann::json::parse(GoldenRecord("base_2p"));
    record["turns"][3]["meeple"] = {{"segment", "c9"}};
    const HttpResult r = post(record.dump());
    REQUIRE(r.status == 400);
    const auto e = error_of(r);
    CHECK(e["turn"] == 3);
    CHECK(e["rule"] == "B-7");
  }
  SECTION("what is not a record at all") {
    auto options = nlohmann::json::parse(GoldenRecord("base_2p"));
    options["rules"]["no_such_rule"] = true;
    auto players = nlohmann::json::parse(GoldenRecord("base_2p"));
    players["players"] = 9;
    const std::string nested = std::string(200000, '[') + std::string(200000, ']');
    for (const std::string& body :
         {std::string(), std::string("not json"), std::string("[1,2,3]"), std::string("{}"),
          std::string(R"({"format":"carcassonne-record/1","players":"two","turns":[]})"),
          std::string(R"({"format":"carcassonne-record/1","players":2,"turns":[{"tile":"Z"}]})"),
          std::string("\xff\xfe\x00garbage", 10), options.dump(), players.dump(), nested}) {
      INFO(body.substr(0, 80));
      const HttpResult r = post(body);
      CHECK(r.status == 400);
      CHECK(error_of(r).contains("error"));
    }
  }
  SECTION("a record of a game this server does not offer names the ones it does") {
    for (const nlohmann::json& game : {nlohmann::json("chess"), nlohmann::json(7)}) {
      auto record = nlohmann::json::parse(GoldenRecord("base_2p"));
      record["game"] = game;
      const HttpResult r = post(record.dump());
      REQUIRE(r.status == 400);
      CHECK(error_of(r)["error"] == "game must be one of \"base\", \"castle\"");
    }
  }
  SECTION("records that would cost the engine more than any game: refused at once") {
    // Every B (cloister in a field) fits anywhere: far more copies than the set has (B-1).
    nlohmann::json record = {{"format", "carcassonne-record/1"},
                             {"players", 2},
                             {"rules", {{"unplaceable_tile", "reshuffle"}}},
                             {"turns", nlohmann::json::array()}};
    for (int y = 1; y <= 80; ++y) {
      record["turns"].push_back({{"tile", "B"}, {"x", 0}, {"y", y}, {"rotation", 0}});
    }
    const HttpResult copies = post(record.dump());
    REQUIRE(copies.status == 400);
    CHECK(error_of(copies)["rule"] == "B-1");
    // Thousands of tiles that fit nowhere (B-6): over the limit of turns and draws.
    record["turns"] = {{{"tile", "E"}, {"x", 0}, {"y", -1}, {"rotation", 2}}};
    for (int i = 0; i < 6000; ++i) record["turns"].push_back({{"tile", "C"}, {"discarded", true}});
    const HttpResult discards = post(record.dump());
    REQUIRE(discards.status == 400);
    CHECK_THAT(error_of(discards)["error"].get<std::string>(), Catch::Contains("5000"));
    record["turns"] = nlohmann::json::array();
    record["rules"]["hand_size"] = 2;
    record["draw_order"] = std::string(6000, 'C');
    CHECK(post(record.dump()).status == 400);
  }
  SECTION("a body over 1 MiB is refused with 413, and the server goes on") {
    const HttpResult r = post(std::string(kMaxUpload + 1, ' '));
    CHECK(r.error == "");
    CHECK(r.status == 413);
    CHECK(error_of(r).contains("error"));
    CHECK(HttpGet(port, "/healthz").status == 200);
  }
  SECTION("unknown games") {
    for (const char* target :
         {"/api/games/999999/replay", "/api/games/0/replay", "/api/games/-1/replay",
          "/api/games/abc/replay", "/api/games/1/replay/x"}) {
      INFO(target);
      const HttpResult r = HttpGet(port, target);
      CHECK(r.status == 404);
      CHECK(error_of(r).contains("error"));
    }
  }
  SECTION("wrong methods") {
    const HttpResult get = HttpGet(port, "/api/replay");
    CHECK(get.status == 405);
    CHECK(get.allow == "POST");
    CHECK(error_of(get).contains("error"));
    CHECK(HttpRequest(port, "PUT", "/api/replay", GoldenRecord("base_2p")).status == 405);
    CHECK(HttpRequest(port, "DELETE", "/api/replay").status == 405);
    const HttpResult post_game = HttpRequest(port, "POST", "/api/games/1/replay", "{}");
    CHECK(post_game.status == 405);
    CHECK(post_game.allow == "GET, HEAD");
    CHECK(HttpRequest(port, "POST", "/api/games", "{}").status == 405);
    CHECK(HttpRequest(port, "POST", "/api/rooms/ABC234/record", "{}").status == 405);
    // Outside the API nothing changed: only GET and HEAD.
    const HttpResult health = HttpRequest(port, "POST", "/healthz", "x");
    CHECK(health.status == 405);
    CHECK(health.body == "only GET\n");
  }
  // Whatever came before, the server still serves.
  CHECK(HttpGet(port, "/healthz").status == 200);
}

TEST_CASE("B-1 K-1 GET /api/game-types serves every game's option table, as the golden file has it",
          "[api]") {
  TestServer server;
  const HttpResult r = HttpGet(server.port(), "/api/game-types");
  REQUIRE(r.status == 200);
  CHECK(r.content_type == "application/json");
  const auto table = nlohmann::json::parse(r.body);
  const auto golden = nlohmann::json::parse(carc::test::ReadFile(
      std::filesystem::path(CARC_SOURCE_DIR) / "tests" / "golden" / "game_table.json"));
  CHECK(table == golden);  // the web client's tests read the golden file
  REQUIRE(table["games"].size() == 2);
  for (const auto& game : table["games"]) {
    INFO(game["name"]);
    CHECK_FALSE(game["options"].empty());
    for (const auto& o : game["options"]) CHECK_FALSE(o["default"].get<std::string>().empty());
  }
  CHECK(HttpRequest(server.port(), "POST", "/api/game-types", "").status == 405);
  CHECK(HttpGet(server.port(), "/api/game-types/x").status == 404);
}
