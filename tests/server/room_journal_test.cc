// The room's journal on its own (rooms/room_journal.h), with no room, socket or application: a
// store in memory that can be made to fail, and the rooms' own metrics interface.
#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <optional>

#include "flaky_store.h"
#include "games/registry.h"
#include "rooms/room_journal.h"

namespace carc::test {
namespace {

namespace sv1 = carc::store::v1;
using server::RoomJournal;

struct CountingMetrics final : server::RoomMetrics {
  void Reject(const std::string&) override {}
  void ObserveCommandLatency(double) override {}
};

// The first default game of the registry, for two seats (clock on: 60 s and 5 s a turn).
v1::RoomOptions TwoSeatOptions() {
  v1::RoomOptions options;
  options.set_game_type(server::AllGames().front()->game_type());
  options.set_seats(2);
  options.mutable_clock()->set_initial_seconds(60);
  options.mutable_clock()->set_increment_seconds(5);
  REQUIRE(server::AllGames().front()->NormalizeOptions(options).empty());
  return options;
}

struct JournalFixture {
  server::store::RoomId CreateRoom() {
    sv1::RoomLogEntry created;
    created.mutable_created()->set_code("JRNL");
    *created.mutable_created()->mutable_options() = options;
    return store.CreateRoom("JRNL", created.SerializeAsString());
  }
  std::vector<std::string> Log() { return store.Log(id).value(); }
  // Runs what the strand has and the store answered, until nothing is left.
  void Run() {
    do {
      store.Flush();
      io.restart();
    } while (io.poll() > 0);
  }
  // Each write as the room makes it, then the answer waited for: whether it landed.
  bool Seats(const server::SeatTable& seats, bool with_ready) {
    std::optional<bool> landed;
    journal.WriteSeats(seats.ToStored(), with_ready, [&landed](bool ok) { landed = ok; });
    Run();
    REQUIRE(landed);
    return *landed;
  }
  bool Write(RoomJournal& into, const sv1::RoomLogEntry& entry) {
    std::optional<bool> landed;
    into.Write(entry, [&landed](bool ok) { landed = ok; });
    Run();
    REQUIRE(landed);
    return *landed;
  }
  // Writes the command the game accepted last, as the room does, and waits for the answer.
  bool WriteCommand(RoomJournal& into, const server::GameSession& game,
                    const server::TurnClock& clock) {
    std::optional<bool> landed;
    into.WriteCommand(game.Stored(), clock.Readings(), nullptr,
                      [&landed](bool ok) { landed = ok; });
    Run();
    REQUIRE(landed);
    return *landed;
  }
  bool Archive(const server::store::ArchivedGame& game) {
    std::optional<bool> landed;
    journal.Archive(game, [&landed](auto changes) { landed = changes.has_value(); });
    Run();
    REQUIRE(landed);
    return *landed;
  }
  RoomJournal::Owner Owner() {
    return {io.get_executor(), &gate, [] { return std::shared_ptr<void>(); }};
  }

  v1::RoomOptions options = TwoSeatOptions();
  boost::asio::io_context io;
  server::WriteGate gate{8};
  FlakyStore store;
  CountingMetrics metrics;
  server::store::RoomId id = CreateRoom();
  RoomJournal journal{store, id, "JRNL", metrics, Owner()};
};

server::SeatTable TwoPlayers() {
  server::SeatTable seats(2);
  seats.Grant(0, "Ada", nullptr, "hash-a");
  seats.Grant(1, "Bo", nullptr, "hash-b");
  return seats;
}

}  // namespace

TEST_CASE("journal: an unchanged seat table or readiness alone writes nothing, a seat change one",
          "[rooms][journal]") {
  JournalFixture f;
  RoomJournal& journal = f.journal;
  server::SeatTable seats = TwoPlayers();
  REQUIRE(f.Seats(seats, false));
  CHECK(f.Log().size() == 2);
  CHECK(journal.size() == 2);
  REQUIRE(f.Seats(seats, false));  // unchanged
  seats[1].ready = true;
  REQUIRE(f.Seats(seats, false));  // readiness alone
  CHECK(f.Log().size() == 2);
  REQUIRE(f.Seats(seats, true));  // readiness, when asked to
  CHECK(f.Log().size() == 3);
  seats[1].name = "Bea";
  REQUIRE(f.Seats(seats, false));
  CHECK(f.Log().size() == 4);
  CHECK(journal.size() == 4);
}

TEST_CASE(
    "journal: writes go one at a time with the room's work held, tables waiting behind one "
    "are merged, and no table follows a start",
    "[rooms][journal]") {
  JournalFixture f;
  server::SeatTable seats = TwoPlayers();
  std::vector<bool> answers;
  const auto note = [&answers](bool ok) { answers.push_back(ok); };
  f.journal.WriteSeats(seats.ToStored(), false, note);
  CHECK(f.gate.writing());
  bool held_ran = false;
  f.gate.RunOrHold([&held_ran] { held_ran = true; });
  CHECK_FALSE(held_ran);  // the room's next work waits for the store
  // Three changes while the first table is with the store: one write, of the newest.
  for (const char* name : {"A1", "A2", "A3"}) {
    seats[0].name = name;
    f.journal.WriteSeats(seats.ToStored(), false, note);
  }
  sv1::RoomLogEntry started;
  *started.mutable_started()->mutable_seats() = seats.ToStored();
  started.mutable_started()->set_seed(7);
  f.journal.Write(started, note);
  // Once the start is handed in, a table would break the log's order (a replay refuses it).
  seats[1].name = "Late";
  f.journal.WriteSeats(seats.ToStored(), false, note);
  CHECK(answers == std::vector<bool>{true});  // the late table: nothing to write
  f.Run();
  CHECK_FALSE(f.gate.writing());
  CHECK(held_ran);
  CHECK(answers == std::vector<bool>(6, true));
  const auto log = f.Log();
  REQUIRE(log.size() == 4);  // created, Ada's table, A3's table, the start
  sv1::RoomLogEntry merged;
  REQUIRE(merged.ParseFromString(log[2]));
  CHECK(merged.seats().seats(0).name() == "A3");
  sv1::RoomLogEntry last;
  REQUIRE(last.ParseFromString(log[3]));
  CHECK(last.has_started());
  CHECK(f.journal.size() == 4);
}

TEST_CASE("journal: a refused write leaves the log as it was, is counted, and the next one fits",
          "[rooms][journal]") {
  JournalFixture f;
  RoomJournal& journal = f.journal;
  server::SeatTable seats = TwoPlayers();
  f.store.failing = true;
  CHECK_FALSE(f.Seats(seats, false));
  CHECK(f.metrics.store_errors == 1);
  CHECK(journal.size() == 1);
  // The failed table is not taken as written: the same table is tried again.
  f.store.failing = false;
  REQUIRE(f.Seats(seats, false));
  CHECK(f.Log().size() == 2);

  sv1::RoomLogEntry started;
  *started.mutable_started()->mutable_seats() = seats.ToStored();
  started.mutable_started()->set_seed(99);
  REQUIRE(f.Write(journal, started));
  std::string error;
  auto game = server::StartGameSession(f.options, 2, 99, 0, &error);
  REQUIRE(game);
  server::TurnClock clock;
  REQUIRE(game->ApplyTimeout(game->ToMove()) == engine::RejectReason::kNone);
  f.store.failing = true;
  CHECK_FALSE(f.WriteCommand(journal, *game, clock));
  CHECK(f.metrics.store_errors == 2);
  CHECK(journal.size() == 3);
  f.store.failing = false;
  REQUIRE(f.WriteCommand(journal, *game, clock));  // at the index the failed one would have had
  CHECK(journal.size() == 4);
  CHECK(f.Log().size() == 4);
}

TEST_CASE("journal: a replay rebuilds seats, game and clock, and the log goes on after it",
          "[rooms][journal]") {
  JournalFixture f;
  RoomJournal& journal = f.journal;
  server::SeatTable seats = TwoPlayers();
  REQUIRE(f.Seats(seats, false));
  server::TurnClock clock(2, std::chrono::seconds(60), std::chrono::seconds(5));
  sv1::RoomLogEntry started;
  *started.mutable_started()->mutable_seats() = seats.ToStored();
  started.mutable_started()->set_seed(2026);
  for (const std::uint32_t ms : clock.Readings()) {
    started.mutable_started()->add_clock_remaining_ms(ms);
  }
  REQUIRE(f.Write(journal, started));
  std::string error;
  auto game = server::StartGameSession(f.options, 2, 2026, 0, &error);
  REQUIRE(game);
  for (int i = 0; i < 6; ++i) {
    REQUIRE(game->ApplyTimeout(game->ToMove()) == engine::RejectReason::kNone);
    REQUIRE(clock.Load({60000, static_cast<std::uint32_t>(59000 - 1000 * i)}));
    REQUIRE(f.WriteCommand(journal, *game, clock));
    game->Commit();
  }

  server::SeatTable seats_back;
  std::unique_ptr<server::GameSession> game_back;
  server::TurnClock clock_back;
  std::optional<server::MoveDeadline> turn_based_back;
  RoomJournal restored(f.store, f.id, "JRNL", f.metrics, f.Owner());
  REQUIRE(restored.Replay(f.Log(), f.options,
                          {seats_back, game_back, clock_back, turn_based_back}) == "");
  REQUIRE(game_back);
  CHECK(game_back->seq() == game->seq());
  CHECK(game_back->state().Hash() == game->state().Hash());
  CHECK(seats_back[1].name == "Bo");
  CHECK(seats_back.SeatOfToken("hash-b") == 1);
  CHECK(clock_back.Readings() == clock.Readings());
  CHECK(restored.size() == 9);  // created, seats, started and 6 commands
  // The next write lands at the end of the log, not over an entry.
  sv1::RoomLogEntry ended;
  ended.mutable_ended();
  REQUIRE(f.Write(restored, ended));
  CHECK(f.Log().size() == 10);
}

TEST_CASE("journal: a replay names the entry that is out of order or unreadable",
          "[rooms][journal]") {
  JournalFixture f;
  const std::string created = f.Log().front();
  sv1::RoomLogEntry seats_entry;
  *seats_entry.mutable_seats() = TwoPlayers().ToStored();
  sv1::RoomLogEntry wrong_seats;
  *wrong_seats.mutable_seats() = server::SeatTable(3).ToStored();
  sv1::RoomLogEntry started;
  *started.mutable_started()->mutable_seats() = TwoPlayers().ToStored();
  sv1::RoomLogEntry command;
  command.mutable_command();
  sv1::RoomLogEntry ended;
  ended.mutable_ended();
  const auto replay = [&](std::vector<std::string> entries) {
    server::SeatTable seats;
    std::unique_ptr<server::GameSession> game;
    server::TurnClock clock;
    RoomJournal journal(f.store, f.id, "JRNL", f.metrics);
    entries.insert(entries.begin(), created);
    std::optional<server::MoveDeadline> turn_based;
    return journal.Replay(entries, f.options, {seats, game, clock, turn_based});
  };
  CHECK(replay({seats_entry.SerializeAsString(), "\xff\xff"}) == "entry 2: not a RoomLogEntry");
  CHECK(replay({wrong_seats.SerializeAsString()}) ==
        "entry 1: the seat table does not match the room's seats");
  CHECK(replay({command.SerializeAsString()}) == "entry 1: a command before the start");
  CHECK(replay({ended.SerializeAsString()}) == "entry 1: an end before the start");
  CHECK(replay({started.SerializeAsString(), started.SerializeAsString()}) ==
        "entry 2: a second start");
  CHECK(replay({started.SerializeAsString(), seats_entry.SerializeAsString()}) ==
        "entry 2: a seat table after the start");
  CHECK(replay({started.SerializeAsString(), ended.SerializeAsString(),
                ended.SerializeAsString()}) == "entry 3: an end after the end");
  CHECK(replay({created}) == "entry 1: an entry of no known kind");
  // A vote's end naming a seat the room does not have (a rated game would rank it last).
  for (const int seat : {2, -1, 1 << 30}) {
    sv1::RoomLogEntry absent;
    absent.mutable_ended()->add_absent_seats(seat);
    CHECK(replay({started.SerializeAsString(), absent.SerializeAsString()}) ==
          "entry 2: an absent seat that is not one");
  }
}

TEST_CASE(
    "journal: the archive entry is refused, then written, and an unreadable archive is unknown",
    "[rooms][journal]") {
  JournalFixture f;
  RoomJournal& journal = f.journal;
  server::store::ArchivedGame game;
  game.finished_at = 1700000000;
  game.players = {{"Ada", 12}, {"Bo", 9}};
  game.record = R"({"format":"carcassonne-record/1"})";
  CHECK(journal.Archived() == false);
  f.store.failing = true;
  CHECK_FALSE(f.Archive(game));
  CHECK(f.metrics.store_errors == 1);
  CHECK(journal.Archived() == std::nullopt);
  f.store.failing = false;
  CHECK(journal.Archived() == false);
  REQUIRE(f.Archive(game));
  CHECK(journal.Archived() == true);
  const auto kept = f.store.Game(f.id);
  REQUIRE(kept);
  CHECK(kept->code == "JRNL");
  CHECK(kept->players.size() == 2);
}

}  // namespace carc::test
