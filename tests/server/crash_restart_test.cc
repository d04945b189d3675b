// The server as a child process, killed (SIGKILL) or stopped (SIGTERM) at random moments while
// 20 rooms of bots play; each time it is started again on the same data directory. Every game
// must finish, its archived record must replay to the scores the bots saw, and every command a
// bot saw acknowledged must be in the store's log at the seq it was acknowledged with.
#include <signal.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <map>
#include <memory>
#include <random>
#include <thread>

#include "bot_game.h"
#include "carc/codec/record.h"
#include "carc/store/v1/room_log.pb.h"
#include "server_process.h"
#include "store/sqlite_store.h"
#include "test_server.h"

namespace carc::test {
namespace {

namespace cs = carc::server::store;

constexpr int kRooms = 20;
constexpr int kRestarts = 5;

// A command in a form that the bot's message and the stored one share.
std::string Canonical(const v1::BaseCommand& c) {
  switch (c.command_case()) {
    case v1::BaseCommand::kPlaceTile:
      return "place " + std::to_string(c.place_tile().position().x()) + "," +
             std::to_string(c.place_tile().position().y()) + " r" +
             std::to_string(c.place_tile().rotation());
    case v1::BaseCommand::kPlaceFollower:
      return "follower " + std::to_string(c.place_follower().segment());
    case v1::BaseCommand::kSkipFollower:
      return "skip";
    default:
      return "?";
  }
}

int PlayingRooms(std::uint16_t port) {
  const HttpResult r = HttpGet(port, "/metrics");
  const std::string key = "carc_rooms{state=\"playing\"} ";
  const auto at = r.body.find(key);
  return at == std::string::npos ? -1 : std::stoi(r.body.substr(at + key.size()));
}

struct StoredCommand {
  int seat = -1;
  std::string canonical;  // empty for Timeout / Resign
};

void PlayThroughRestarts(int signal, std::uint64_t seed) {
  const std::string dir = NewDataDir();
  // Every bot connects from 127.0.0.1.
  ServerProcess server(FreePort(), dir, dir + "/server.log", {"--max-rooms-per-address", "1000"});
  REQUIRE(server.Start() == "");

  std::vector<std::unique_ptr<BotGame>> games;
  for (int i = 0; i < kRooms; ++i) {
    BotGameSpec spec;
    spec.players = 2 + i % 3;
    spec.spectator = false;
    spec.seed = seed * 1000 + static_cast<std::uint64_t>(i);
    // A human-like pace, so that the stops land while games are in progress: at full speed a
    // game is over in a few hundredths of a second.
    spec.move_delay = std::chrono::milliseconds(20);
    games.push_back(std::make_unique<BotGame>(server.address(), spec));
    REQUIRE(games.back()->setup_error() == "");
  }

  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> wait_ms(100, 700);
  int restarts = 0;
  for (; restarts < kRestarts; ++restarts) {
    std::this_thread::sleep_for(std::chrono::milliseconds(wait_ms(rng)));
    const int playing = PlayingRooms(server.port());
    INFO("restart " << restarts << ": rooms playing " << playing);
    REQUIRE(playing > 0);  // the stop lands while games are in progress
    const int status = server.Stop(signal);
    if (signal == SIGTERM) {
      INFO("server output: " << server.LogTail());
      CHECK(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 0);
    }
    REQUIRE(server.Start() == "");
  }
  CHECK(restarts >= 5);

  for (auto& g : games) g->Join();

  // Every game finished with one set of scores and one public hash.
  int acked = 0;
  int reconnects = 0;
  for (auto& g : games) {
    INFO("room " << g->code());
    for (const auto& seat : g->seats()) {
      INFO("seat " << seat.seat << ": " << seat.error);
      CHECK(seat.finished);
      CHECK(seat.error.empty());
      CHECK(seat.hash_mismatches == 0);
      CHECK(seat.final_scores == g->seats()[0].final_scores);
      CHECK(seat.mirror_hash == g->seats()[0].mirror_hash);
      acked += static_cast<int>(seat.acked.size());
      reconnects += seat.reconnects;
      if (signal == SIGTERM) {
        // A restart is the only thing a client may notice.
        for (const auto code : seat.close_codes) CHECK(code == 1012);
        CHECK(seat.errors_seen.empty());
      }
    }
  }
  CHECK(reconnects >= kRooms);  // every room lived through restarts

  // The archive: every game's record replays to the scores its players saw.
  std::map<std::string, cs::RoomId> ids;
  {
    const HttpResult list = HttpGet(server.port(), "/api/games?limit=100");
    REQUIRE(list.status == 200);
    const auto store = cs::OpenSqliteStore(cs::StorePath(dir), cs::Durability::kNormal);
    for (const auto& game : store->ListGames("", 100)) ids[game.code] = game.id;
  }
  REQUIRE(ids.size() == static_cast<std::size_t>(kRooms));
  for (auto& g : games) {
    INFO("room " << g->code());
    REQUIRE(ids.count(g->code()) == 1);
    const cs::RoomId id = ids[g->code()];
    const HttpResult rec = HttpGet(server.port(), "/api/games/" + std::to_string(id) + "/record");
    REQUIRE(rec.status == 200);
    const codec::ParsedRecord parsed = codec::ParseRecord(rec.body);
    REQUIRE(parsed.record);
    const codec::ReplayedRecord replayed = codec::ReplayRecord(*parsed.record);
    REQUIRE_FALSE(replayed.error);
    CHECK(replayed.final_scores == g->seats()[0].final_scores);
    CHECK_FALSE(codec::CompareScores(*parsed.record, replayed));
  }
  REQUIRE(server.Stop(SIGTERM) == 0);

  // Not one acknowledged command is missing from the store: the command at each acknowledged
  // seq is the one the bot sent.
  const auto store = cs::OpenSqliteStore(cs::StorePath(dir), cs::Durability::kNormal);
  int checked = 0;
  std::size_t stored = 0;
  int sent_total = 0;
  for (auto& g : games) {
    INFO("room " << g->code());
    const auto log = store->Log(ids[g->code()]);
    REQUIRE(log);
    std::vector<StoredCommand> commands;
    for (const auto& bytes : *log) {
      carc::store::v1::RoomLogEntry entry;
      REQUIRE(entry.ParseFromString(bytes));
      if (!entry.has_command()) continue;
      commands.push_back({entry.command().seat(),
                          entry.command().has_base() ? Canonical(entry.command().base()) : ""});
    }
    stored += commands.size();
    for (const auto& seat : g->seats()) {
      sent_total += seat.commands;
      for (const auto& a : seat.acked) {
        INFO("seat " << seat.seat << " seq " << a.seq);
        REQUIRE(a.seq >= 1);
        REQUIRE(a.seq <= commands.size());
        v1::BaseCommand sent;
        REQUIRE(sent.ParseFromString(a.command));
        CHECK(commands[a.seq - 1].seat == seat.seat);
        CHECK(commands[a.seq - 1].canonical == Canonical(sent));
        ++checked;
      }
    }
  }
  CHECK(checked == acked);
  WARN("signal " << signal << ": " << restarts << " restarts, " << reconnects << " reconnects, "
                 << sent_total << " commands sent, " << stored << " stored, " << checked
                 << " acknowledged and every one found in the store");
}

}  // namespace

TEST_CASE(
    "crash: 20 rooms of bots, the server SIGKILLed at random moments 5 times, every game "
    "finishes and no acknowledged command is lost",
    "[store][crash][kills]") {
  PlayThroughRestarts(SIGKILL, 20261121);
}

TEST_CASE(
    "restart: 20 rooms of bots, the server stopped with SIGTERM 5 times, clients see only "
    "the restart close code",
    "[store][restart][kills]") {
  PlayThroughRestarts(SIGTERM, 1012);
}

}  // namespace carc::test
