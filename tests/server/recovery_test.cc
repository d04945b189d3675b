// Rooms rebuilt from the store when the server starts again: games resume at the same seq and
// public hash with the same tokens, lobbies keep their seats, finished games are in the archive,
// and a damaged room log is quarantined and reported while the other rooms play on.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "carc/codec/record.h"
#include "carc/store/v1/room_log.pb.h"
#include "store/crc32.h"
#include "store/sqlite_store.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;
namespace cs = carc::server::store;

namespace {

// Connections that resume every seat of a game with its token.
RawGame Resume(TestServer& server, const std::string& code,
               const std::vector<std::string>& tokens) {
  RawGame g;
  g.code = code;
  g.tokens = tokens;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    v1::ServerMessage welcome;
    auto c = DialHello(server, tokens[i], &welcome);
    if (!c || !welcome.has_welcome() || welcome.welcome().seat() != static_cast<int>(i)) {
      g.error = "seat " + std::to_string(i) + " did not resume";
      return g;
    }
    g.seats.push_back(std::move(c));
  }
  return g;
}

// Runs SQL on the store file directly (the server must not be running).
void Sql(const std::string& dir, const std::string& sql, const std::string& blob = "") {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(cs::StorePath(dir).c_str(), &db) == SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK);
  if (!blob.empty()) {
    sqlite3_bind_blob(stmt, 1, blob.data(), static_cast<int>(blob.size()), SQLITE_TRANSIENT);
  }
  CHECK(sqlite3_step(stmt) == SQLITE_DONE);
  sqlite3_finalize(stmt);
  sqlite3_close(db);
}

std::string RoomIdOf(const std::string& code) {
  return "(SELECT id FROM rooms WHERE code = '" + code + "')";
}

// Playing whole games through snapshots takes far more messages than a person sends.
server::ServerConfig Config() {
  server::ServerConfig c = TestConfig();
  c.rate_burst = 100000;
  c.rate_per_second = 100000;
  return c;
}

// Joins `code` (expecting `seat`) and says ready; returns the resume token.
std::string JoinReady(client::WsClient& c, const std::string& code, int seat) {
  const auto granted = Ask(c, JoinMsg(code));
  REQUIRE(granted);
  REQUIRE(granted->has_seat_granted());
  REQUIRE(granted->seat_granted().seat() == seat);
  v1::ClientMessage ready;
  ready.mutable_set_ready()->set_ready(true);
  c.Send(ready);
  REQUIRE(Await(c, [seat](const v1::ServerMessage& m) {
    return m.has_room_state() && m.room_state().seats(seat).ready();
  }));
  return granted->seat_granted().resume_token();
}

void PlayToEnd(RawGame& g) {
  for (int guard = 0; guard < 400 && PlayOneCommand(g); ++guard) {
  }
}

}  // namespace

TEST_CASE(
    "recovery: a game resumes after a restart at the same seq and public hash with the "
    "same tokens, the finished game is archived and its record replays",
    "[store][recovery]") {
  const server::ServerConfig config = Config();
  std::string code;
  std::vector<std::string> tokens;
  std::uint64_t seq = 0;
  std::uint64_t hash = 0;
  {
    TestServer first(config);
    RawGame g = StartRawGame(first, 3);
    REQUIRE(g.error == "");
    for (int i = 0; i < 15; ++i) REQUIRE(PlayOneCommand(g));
    const auto snap = Snapshot(*g.seats[1]);
    REQUIRE(snap);
    seq = snap->seq();
    hash = snap->public_hash();
    code = g.code;
    tokens = g.tokens;
  }
  REQUIRE(seq >= 15);

  TestServer second(config);
  CHECK(second.app().restore_report().restored == 1);
  CHECK(second.app().restore_report().quarantined.empty());
  RawGame g = Resume(second, code, tokens);
  REQUIRE(g.error == "");
  const auto snap = Snapshot(*g.seats[2]);
  REQUIRE(snap);
  CHECK(snap->seq() == seq);
  CHECK(snap->public_hash() == hash);
  PlayToEnd(g);
  const auto end = Snapshot(*g.seats[0]);
  REQUIRE(end);
  REQUIRE(end->base().phase() == v1::BASE_PHASE_GAME_OVER);
  CHECK(HttpGet(second.port(), "/metrics").body.find("carc_rooms_restored_total 1") !=
        std::string::npos);

  // The archive lists the game by player name and serves its record.
  const HttpResult all = HttpGet(second.port(), "/api/games");
  REQUIRE(all.status == 200);
  const auto list = nlohmann::json::parse(all.body);
  REQUIRE(list["games"].size() == 1);
  const auto& game = list["games"][0];
  CHECK(game["room"] == code);
  REQUIRE(game["players"].size() == 3);
  for (int i = 0; i < 3; ++i) {
    CHECK(game["players"][static_cast<std::size_t>(i)]["score"] == end->base().scores(i));
  }
  const std::string name = game["players"][0]["name"];
  CHECK(nlohmann::json::parse(
            HttpGet(second.port(), "/api/games?player=" + name + "&limit=5").body)["games"]
            .size() == 1);
  CHECK(
      nlohmann::json::parse(HttpGet(second.port(), "/api/games?player=nobody%20here").body)["games"]
          .empty());
  CHECK(HttpGet(second.port(), "/api/games?limit=0").status == 400);
  CHECK(HttpGet(second.port(), "/api/games?limit=abc").status == 400);
  CHECK(HttpGet(second.port(), "/api/games?player=%zz").status == 400);
  CHECK(HttpGet(second.port(), "/api/games/99999/record").status == 404);
  CHECK(HttpGet(second.port(), "/api/games/1/moves").status == 404);

  const HttpResult rec = HttpGet(second.port(), std::string(game["record"]));
  REQUIRE(rec.status == 200);
  const auto parsed = codec::ParseRecord(rec.body);
  REQUIRE(parsed.record);
  const auto replayed = codec::ReplayRecord(*parsed.record);
  REQUIRE_FALSE(replayed.error);
  CHECK(replayed.final_scores ==
        std::vector<int>(end->base().scores().begin(), end->base().scores().end()));
  // `carcassonne replay` takes the archived file as it is. The ThreadSanitizer build has no
  // CLI; the restart above is what it is run for, and the ASan run checks this step.
  if (CARC_CLI_BUILT) {
    const std::string file = NewDataDir() + "/archived.json";
    std::ofstream(file) << rec.body;
    const std::string cmd =
        std::string(CARC_CLI_PATH) + " replay --check " + file + " > " + file + ".out 2>&1";
    CHECK(std::system(cmd.c_str()) == 0);
  }
}

TEST_CASE("recovery: a lobby keeps its seats, readiness and tokens across a restart",
          "[store][recovery]") {
  const server::ServerConfig config = Config();
  std::string code;
  std::vector<std::string> tokens;
  {
    TestServer first(config);
    auto host = DialHello(first);
    const auto g0 = Ask(*host, CreateMsg(3));
    REQUIRE(g0);
    REQUIRE(g0->has_seat_granted());
    code = g0->seat_granted().room_code();
    auto guest = DialHello(first);
    tokens = {g0->seat_granted().resume_token(), JoinReady(*guest, code, 1)};
  }
  TestServer second(config);
  CHECK(second.app().restore_report().restored == 1);
  RawGame g = Resume(second, code, tokens);
  REQUIRE(g.error == "");
  const auto st = Skip(*g.seats[1], [](const v1::ServerMessage& m) { return m.has_room_state(); });
  REQUIRE(st);
  CHECK(st->room_state().status() == v1::ROOM_STATUS_LOBBY);
  CHECK(st->room_state().seats(0).is_host());
  CHECK(st->room_state().seats(1).ready());
  CHECK_FALSE(st->room_state().seats(2).occupied());
  // The third player joins and the host starts: the restored lobby works as before.
  auto third = DialHello(second);
  JoinReady(*third, code, 2);
  v1::ClientMessage start;
  start.mutable_start_game();
  g.seats[0]->Send(start);
  CHECK(Await(*third, [](const v1::ServerMessage& m) { return m.has_snapshot(); }));
}

TEST_CASE("recovery: damaged room logs are reported and quarantined, the other rooms play on",
          "[store][quarantine]") {
  const server::ServerConfig config = Config();
  std::vector<std::string> codes;
  std::vector<std::vector<std::string>> tokens;
  {
    TestServer first(config);
    for (int r = 0; r < 3; ++r) {
      RawGame g = StartRawGame(first, 2);
      REQUIRE(g.error == "");
      for (int i = 0; i < 6; ++i) REQUIRE(PlayOneCommand(g));
      codes.push_back(g.code);
      tokens.push_back(g.tokens);
    }
  }
  // Room 0: bytes changed under the entry's CRC (disk damage).
  Sql(config.data_dir,
      "UPDATE room_log SET entry = X'DEADBEEF' WHERE idx = 4 AND room_id = " + RoomIdOf(codes[0]));
  // Room 1: a well-formed entry with a valid CRC whose move breaks the rules (a bad edit).
  {
    const auto store = cs::OpenSqliteStore(cs::StorePath(config.data_dir), cs::Durability::kNormal);
    const auto list = store->OpenRooms();
    REQUIRE(list.size() == 3);
    const auto& room = list[1];
    REQUIRE(room.code == codes[1]);
    std::size_t at = 0;
    carc::store::v1::RoomLogEntry entry;
    for (at = 0; at < room.entries.size(); ++at) {
      REQUIRE(entry.ParseFromString(room.entries[at]));
      if (entry.has_command() && entry.command().base().has_place_tile()) break;
    }
    REQUIRE(at < room.entries.size());
    entry.mutable_command()->mutable_base()->mutable_place_tile()->mutable_position()->set_x(40);
    const std::string bytes = entry.SerializeAsString();
    Sql(config.data_dir,
        "UPDATE room_log SET entry = ?1, crc = " + std::to_string(cs::Crc32(bytes)) +
            " WHERE idx = " + std::to_string(at) + " AND room_id = " + RoomIdOf(codes[1]),
        bytes);
  }

  TestServer second(config);
  const auto& report = second.app().restore_report();
  CHECK(report.restored == 1);
  REQUIRE(report.quarantined.size() == 2);
  CHECK(report.quarantined[0].code == codes[0]);
  CHECK_THAT(report.quarantined[0].reason, Catch::Contains("CRC"));
  CHECK(report.quarantined[1].code == codes[1]);
  CHECK_THAT(report.quarantined[1].reason, Catch::Contains("engine refuses"));
  CHECK(HttpGet(second.port(), "/metrics").body.find("carc_rooms_quarantined_total 2") !=
        std::string::npos);
  // Kept in the store, set aside: listed as quarantined, the entries still there.
  const auto quarantined = second.app().store().Quarantined();
  REQUIRE(quarantined.size() == 2);
  CHECK(quarantined[0].reason == report.quarantined[0].reason);
  const auto kept = second.app().store().Log(quarantined[1].id);
  REQUIRE(kept);
  CHECK(kept->size() > 6);
  // Their tokens are no longer valid; the healthy room resumes and plays to the end.
  v1::ServerMessage answer;
  DialHello(second, tokens[0][0], &answer);
  CHECK(answer.error().code() == v1::ERROR_CODE_INVALID_TOKEN);
  RawGame g = Resume(second, codes[2], tokens[2]);
  REQUIRE(g.error == "");
  PlayToEnd(g);
  const auto end = Snapshot(*g.seats[0]);
  REQUIRE(end);
  CHECK(end->base().phase() == v1::BASE_PHASE_GAME_OVER);
}

TEST_CASE(
    "store failure: a command the store cannot write is refused with "
    "ERROR_CODE_STORE_UNAVAILABLE and changes nothing",
    "[store]") {
  const server::ServerConfig config = Config();
  TestServer server(config);
  RawGame g = StartRawGame(server, 2);
  REQUIRE(g.error == "");
  for (int i = 0; i < 4; ++i) REQUIRE(PlayOneCommand(g));  // two whole turns
  const auto before = Snapshot(*g.seats[0]);
  REQUIRE(before);
  const int mover = before->base().to_move();
  client::WsClient& c = *g.seats[static_cast<std::size_t>(mover)];
  const auto mine = Snapshot(c);
  REQUIRE(mine);
  REQUIRE(mine->base().phase() == v1::BASE_PHASE_PLACE_TILE);
  const v1::Placement& p = mine->base().legal_moves().placements(0);
  const auto place = PlaceMsg(mine->seq(), p.position().x(), p.position().y(),
                              static_cast<int>(p.rotation()), p.tile());

  // Another process holds the store's write lock past the server's busy timeout.
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(cs::StorePath(config.data_dir).c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr) == SQLITE_OK);
  const auto refused = Ask(c, place, 20s);
  REQUIRE(refused);
  REQUIRE(refused->has_error());
  CHECK(refused->error().code() == v1::ERROR_CODE_STORE_UNAVAILABLE);
  const auto after = Snapshot(*g.seats[0]);
  REQUIRE(after);
  CHECK(after->seq() == before->seq());
  CHECK(after->public_hash() == before->public_hash());
  CHECK(HttpGet(server.port(), "/metrics").body.find("carc_store_errors_total 1") !=
        std::string::npos);

  // Once the store can write again, the same command goes through.
  REQUIRE(sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
  REQUIRE(c.Send(place));
  const std::uint64_t next = before->seq() + 1;
  CHECK(Await(c, [next](const v1::ServerMessage& m) {
    return m.has_event_batch() && m.event_batch().seq() == next;
  }));
}
