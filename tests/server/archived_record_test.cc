// A finished game is archived without its record; the record made later from the room's log is
// the one the room would have made, byte for byte, for every game; a log that holds no finished
// game is an error, not a wrong record. (Records and replays unchanged: the byte-for-byte
// promise of the straight-path work.)
#include <catch2/catch.hpp>

#include "carc/engine/rng.h"
#include "carc/store/v1/room_log.pb.h"
#include "flaky_store.h"
#include "games/registry.h"
#include "rooms/archived_record.h"
#include "rooms/game_session.h"

using namespace carc;
namespace sv1 = carc::store::v1;

namespace {

constexpr std::uint64_t kArchivedSeed = 20261128;

v1::RoomOptions ArchivedTwoSeats(const server::GameAdapter& game) {
  v1::RoomOptions options;
  options.set_game_type(game.game_type());
  options.set_seats(2);
  REQUIRE(game.NormalizeOptions(options).empty());
  return options;
}

// A room's log as a room writes it: created, started, then each command as the session stored
// it. Returns the room's id; `live` is the game as it was played (to its end unless `moves`).
server::store::RoomId PlayIntoLog(server::store::EventStore& store, const server::GameAdapter& game,
                                  std::unique_ptr<server::GameSession>& live, int moves = -1) {
  const v1::RoomOptions options = ArchivedTwoSeats(game);
  sv1::RoomLogEntry created;
  created.mutable_created()->set_code("ARCHIV");
  *created.mutable_created()->mutable_options() = options;
  const server::store::RoomId id = store.CreateRoom("ARCHIV", created.SerializeAsString());
  sv1::RoomLogEntry started;
  for (const char* name : {"Ada", "Bo"}) {
    sv1::StoredSeat* seat = started.mutable_started()->mutable_seats()->add_seats();
    seat->set_occupied(true);
    seat->set_name(name);
  }
  started.mutable_started()->set_seed(kArchivedSeed);
  std::uint32_t index = 1;
  store.Append(id, index++, started.SerializeAsString());
  std::string error;
  live = server::StartGameSession(options, 2, kArchivedSeed, 0, &error);
  INFO(error);
  REQUIRE(live);
  engine::Rng rng(3);
  for (int played = 0; !live->IsOver() && played != moves; ++played) {
    REQUIRE(played < 2000);
    const int seat = live->ToMove();
    const auto legal = live->state().LegalMoves(seat);
    REQUIRE_FALSE(legal.empty());
    const engine::Move move = legal[rng.Below(static_cast<std::uint32_t>(legal.size()))];
    REQUIRE(live->ApplyMove(seat, move, live->WireCommand(move)) == engine::RejectReason::kNone);
    live->Commit();
    sv1::RoomLogEntry command;
    *command.mutable_command() = live->Stored();
    store.Append(id, index++, command.SerializeAsString());
  }
  return id;
}

}  // namespace

TEST_CASE("archived record: made from the room's log, it is the live game's record byte for byte",
          "[rooms][archive]") {
  for (const server::GameAdapter* game : server::AllGames()) {
    DYNAMIC_SECTION(game->game().name()) {
      test::FlakyStore store;
      std::unique_ptr<server::GameSession> live;
      const server::store::RoomId id = PlayIntoLog(store, *game, live);
      REQUIRE(live->IsOver());
      REQUIRE_FALSE(live->RecordRefusal());
      server::store::ArchivedGame finished;
      finished.id = id;
      finished.code = "ARCHIV";
      finished.players = {{"Ada", live->score(0)}, {"Bo", live->score(1)}};
      finished.game = std::string(live->game_name());
      store.Archive(finished);

      const auto archived = store.Game(id);
      REQUIRE(archived);
      CHECK(archived->record.empty());  // nothing made when the game ended
      CHECK(archived->game == game->game().name());
      const server::ArchivedRecord made = server::RecordOfArchived(store, *archived);
      INFO(made.error);
      REQUIRE(made.error.empty());
      CHECK(made.record == live->Record());
      CHECK(made.record.size() > 200);
    }
  }
}

TEST_CASE(
    "archived record: a record kept in the archive is served as kept, a log without a "
    "finished game is an error",
    "[rooms][archive]") {
  const server::GameAdapter& base = *server::FindGame(v1::GAME_TYPE_BASE);
  test::FlakyStore store;
  std::unique_ptr<server::GameSession> live;
  const server::store::RoomId id = PlayIntoLog(store, base, live, 6);
  REQUIRE_FALSE(live->IsOver());

  server::store::ArchivedGame kept;
  kept.id = id;
  kept.record = R"({"format":"carcassonne-record/1"})";
  const server::ArchivedRecord as_kept = server::RecordOfArchived(store, kept);
  CHECK(as_kept.error.empty());
  CHECK(as_kept.record == kept.record);  // the log is not read

  server::store::ArchivedGame unfinished;
  unfinished.id = id;
  const server::ArchivedRecord none = server::RecordOfArchived(store, unfinished);
  CHECK(none.record.empty());
  CHECK(none.error == "the room's log holds no finished game");

  server::store::ArchivedGame unknown;
  unknown.id = id + 100;
  CHECK(server::RecordOfArchived(store, unknown).error == "the game's room has no log");

  const server::store::RoomId bad = store.CreateRoom("BADLOG", "not a log entry");
  server::store::ArchivedGame damaged;
  damaged.id = bad;
  CHECK(server::RecordOfArchived(store, damaged).error == "entry 0 is not the room's creation");
}
