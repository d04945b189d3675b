// The game a room hosts on its own (rooms/room_game.h): a fake host instead of the room, fake
// sessions instead of sockets, a store in memory that can fail (flaky_store.h), and the strand
// an io_context this thread runs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <tuple>

#include "fake_room.h"
#include "games/registry.h"
#include "rooms/room_game.h"

namespace carc::test {
namespace {

namespace sv1 = carc::store::v1;

// What the game asks of its room, kept for the test to read.
class RecordingHost final : public server::GameHost {
 public:
  const std::vector<std::shared_ptr<server::Session>>& spectators() const override {
    return watchers;
  }
  bool Attended() const override { return true; }
  void BroadcastRoomState() override { ++room_states; }
  void Error(const std::shared_ptr<server::Session>& s, std::uint32_t rid, v1::ErrorCode code,
             std::string text) override {
    errors.push_back(code);
    s->Send(server::ErrorMessage(rid, code, std::move(text), 0));
  }
  void Post(std::function<void()> fn) override { fn(); }
  std::shared_ptr<void> KeepAlive() override { return life; }
  bots::BotPool* bots() const override { return nullptr; }
  std::string JobOwner() const override { return "127.0.0.1"; }

  std::vector<std::shared_ptr<server::Session>> watchers;
  int room_states = 0;
  std::vector<v1::ErrorCode> errors;
  std::shared_ptr<int> life = std::make_shared<int>(0);
};

v1::RoomOptions BaseTwoSeats() {
  v1::RoomOptions options;
  options.set_game_type(v1::GAME_TYPE_BASE);
  options.set_seats(2);
  REQUIRE(server::FindGame(v1::GAME_TYPE_BASE)->NormalizeOptions(options).empty());
  return options;
}

server::RoomConfig SeededConfig() {
  server::RoomConfig config;
  config.game_seed = 11;
  return config;
}

struct GameFixture {
  GameFixture() {
    seats.Grant(0, "Ada", ada, "hash-a");
    seats.Grant(1, "Bo", bo, "hash-b");
    bool started = false;
    game.Start([&started](bool ok) { started = ok; });
    // The start is the store's before the game begins.
    CHECK_FALSE(game.started());
    Run();
    REQUIRE(started);
    REQUIRE(game.started());
    game.SendSnapshot(ada, 0, 0);
    game.SendSnapshot(bo, 1, 0);
  }
  server::store::RoomId CreateRoom() {
    sv1::RoomLogEntry created;
    created.mutable_created()->set_code("GAME");
    *created.mutable_created()->mutable_options() = options;
    return store.CreateRoom("GAME", created.SerializeAsString());
  }
  // Runs what the strand has and the store answered, until nothing is left.
  void Run() {
    do {
      store.Flush();
      io.restart();
    } while (io.poll() > 0);
  }
  const std::shared_ptr<FakeSession>& Mover() {
    const auto snapshot = ada->Last(&v1::ServerMessage::has_snapshot);
    REQUIRE(snapshot);
    return snapshot->snapshot().base().to_move() == 0 ? ada : bo;
  }
  // The seat to move's session, the other seat's, and the seat to move.
  std::tuple<std::shared_ptr<FakeSession>, std::shared_ptr<FakeSession>, int> Turn() {
    const auto mover = Mover();
    return {mover, mover == ada ? bo : ada, mover == ada ? 0 : 1};
  }
  // The first legal placement the mover was sent, as its command at `seq`.
  static v1::ClientMessage FirstPlacement(const FakeSession& mover, std::uint32_t rid) {
    const auto snapshot = mover.Last(&v1::ServerMessage::has_snapshot);
    REQUIRE(snapshot);
    const auto& legal = snapshot->snapshot().base().legal_moves();
    REQUIRE(legal.placements_size() > 0);
    v1::ClientMessage m;
    m.set_request_id(rid);
    m.mutable_game_command()->set_expected_seq(snapshot->snapshot().seq());
    auto* place = m.mutable_game_command()->mutable_base()->mutable_place_tile();
    *place->mutable_position() = legal.placements(0).position();
    place->set_rotation(legal.placements(0).rotation());
    return m;
  }
  static int Batches(const FakeSession& s) {
    return static_cast<int>(std::count_if(s.received.begin(), s.received.end(),
                                          [](const auto& m) { return m.has_event_batch(); }));
  }

  boost::asio::io_context io;
  FlakyStore store;
  FakeRoomMetrics metrics;
  server::RoomConfig config = SeededConfig();
  v1::RoomOptions options = BaseTwoSeats();
  std::string code = "GAME";
  server::store::RoomId id = CreateRoom();
  server::WriteGate gate{8};
  server::RoomJournal journal{
      store, id, code, metrics, {io.get_executor(), &gate, [] { return std::shared_ptr<void>(); }}};
  server::RoomPhaseTracker phase{
      {metrics.rooms_lobby, metrics.rooms_playing, metrics.rooms_finished}};
  server::SeatTable seats{2};
  RecordingHost host;
  server::RoomGame game{host,    io.get_executor(), code, options, config,
                        metrics, journal,           gate, phase,   seats};
  std::shared_ptr<FakeSession> ada = std::make_shared<FakeSession>("ada");
  std::shared_ptr<FakeSession> bo = std::make_shared<FakeSession>("bo");
};

}  // namespace

TEST_CASE("room game: a command is written before anyone hears of it, then each seat has its batch",
          "[rooms][room_game]") {
  GameFixture f;
  CHECK(f.phase.phase() == server::RoomPhase::kPlaying);
  CHECK(f.store.Log(f.id).value().size() == 2);  // created, started
  const auto& mover = f.Mover();
  const auto& other = mover == f.ada ? f.bo : f.ada;
  const std::uint64_t seq = f.game.seq();

  f.game.Command(mover, mover == f.ada ? 0 : 1, GameFixture::FirstPlacement(*mover, 5));
  // Accepted by the engine, not yet by the store: the gate holds the room, nobody heard.
  CHECK(f.gate.writing());
  CHECK(GameFixture::Batches(*mover) == 0);
  CHECK(GameFixture::Batches(*other) == 0);

  f.Run();
  CHECK_FALSE(f.gate.writing());
  CHECK(f.game.seq() == seq + 1);
  CHECK(f.store.Log(f.id).value().size() == 3);
  REQUIRE(GameFixture::Batches(*mover) == 1);
  REQUIRE(GameFixture::Batches(*other) == 1);
  const auto mine = mover->Last(&v1::ServerMessage::has_event_batch)->event_batch();
  const auto theirs = other->Last(&v1::ServerMessage::has_event_batch)->event_batch();
  CHECK(mine.seq() == seq + 1);
  CHECK(mine.public_hash() == theirs.public_hash());
  // Only the seat that decides next (the mover, for its follower) is sent legal moves.
  CHECK(mine.has_base_legal_moves());
  CHECK_FALSE(theirs.has_base_legal_moves());
  CHECK(f.metrics.commands == 1);
  CHECK(f.host.errors.empty());
}

TEST_CASE("room game: a stale seq, a spectator's command and a malformed one change nothing",
          "[rooms][room_game]") {
  GameFixture f;
  const auto& mover = f.Mover();
  const int seat = mover == f.ada ? 0 : 1;
  const std::uint64_t seq = f.game.seq();

  v1::ClientMessage stale = GameFixture::FirstPlacement(*mover, 1);
  stale.mutable_game_command()->set_expected_seq(seq + 3);
  f.game.Command(mover, seat, stale);
  f.game.Command(mover, -1, GameFixture::FirstPlacement(*mover, 2));
  v1::ClientMessage empty;
  empty.set_request_id(3);
  empty.mutable_game_command()->set_expected_seq(seq);
  f.game.Command(mover, seat, empty);
  f.Run();

  CHECK(f.host.errors == std::vector<v1::ErrorCode>{v1::ERROR_CODE_STALE_SEQ,
                                                    v1::ERROR_CODE_NOT_A_PLAYER,
                                                    v1::ERROR_CODE_MALFORMED_MESSAGE});
  CHECK(f.game.seq() == seq);
  CHECK(f.store.Log(f.id).value().size() == 2);
  CHECK(GameFixture::Batches(*f.ada) + GameFixture::Batches(*f.bo) == 0);
}

TEST_CASE(
    "room game: a command the store refuses is undone, its sender told, and can be sent again",
    "[rooms][room_game]") {
  GameFixture f;
  const auto& mover = f.Mover();
  const int seat = mover == f.ada ? 0 : 1;
  const std::uint64_t seq = f.game.seq();

  f.store.failing = true;
  f.game.Command(mover, seat, GameFixture::FirstPlacement(*mover, 9));
  f.Run();
  CHECK(f.host.errors == std::vector<v1::ErrorCode>{v1::ERROR_CODE_STORE_UNAVAILABLE});
  CHECK(f.game.seq() == seq);
  CHECK(GameFixture::Batches(*f.ada) + GameFixture::Batches(*f.bo) == 0);
  CHECK(f.metrics.commands == 0);

  f.store.failing = false;
  f.game.Command(mover, seat, GameFixture::FirstPlacement(*mover, 10));
  f.Run();
  CHECK(f.game.seq() == seq + 1);
  CHECK(GameFixture::Batches(*mover) == 1);
  CHECK(f.store.Log(f.id).value().size() == 3);
}

TEST_CASE("room game: a resignation that leaves one player ends the game, archived once",
          "[rooms][room_game]") {
  GameFixture f;
  const auto& mover = f.Mover();
  const auto& other = mover == f.ada ? f.bo : f.ada;
  const int seat = mover == f.ada ? 0 : 1;
  const std::uint64_t seq = f.game.seq();
  const int room_states = f.host.room_states;

  f.game.Resign(mover, seat, 4);
  f.Run();
  CHECK(f.game.seq() == seq + 1);
  CHECK(f.phase.phase() == server::RoomPhase::kFinished);
  CHECK(f.game.archived());
  CHECK(f.metrics.games_finished == 1);
  // Everyone hears of the end: the batch, then the room state (finished, pointing at the archive).
  const auto batch = other->Last(&v1::ServerMessage::has_event_batch);
  REQUIRE(batch);
  CHECK(batch->event_batch().seq() == seq + 1);
  CHECK(f.host.room_states == room_states + 1);
  CHECK(f.host.errors.empty());

  // Nothing is left to resign from, and nothing more is played.
  f.game.Resign(other, 1 - seat, 5);
  f.game.PlayDue();
  f.Run();
  CHECK(f.host.errors == std::vector<v1::ErrorCode>{v1::ERROR_CODE_RULE_VIOLATION});
  CHECK(f.game.seq() == seq + 1);
  CHECK(f.metrics.games_finished == 1);
}

TEST_CASE("room game: rebuilt from its log, the game is where it was and plays on",
          "[rooms][room_game]") {
  GameFixture f;
  const auto& mover = f.Mover();
  f.game.Command(mover, mover == f.ada ? 0 : 1, GameFixture::FirstPlacement(*mover, 1));
  f.Run();
  REQUIRE(f.game.seq() == 1);

  server::SeatTable seats{2};
  server::RoomJournal journal{f.store, f.id, f.code, f.metrics, {f.io.get_executor(), &f.gate, [] {
                                                                   return std::shared_ptr<void>();
                                                                 }}};
  server::RoomPhaseTracker phase{
      {f.metrics.rooms_lobby, f.metrics.rooms_playing, f.metrics.rooms_finished}};
  RecordingHost host;
  server::RoomGame again{
      host, f.io.get_executor(), f.code, f.options, f.config, f.metrics, journal, f.gate, phase,
      seats};
  const auto entries = f.store.Log(f.id).value();
  REQUIRE(again.Restore(entries).empty());
  CHECK(again.started());
  CHECK(again.seq() == 1);
  CHECK(phase.phase() == server::RoomPhase::kPlaying);
  CHECK(seats[0].name == "Ada");
  CHECK(seats[1].name == "Bo");
  const auto watcher = std::make_shared<FakeSession>("w");
  again.SendSnapshot(watcher, -1, 0);
  const auto snap = watcher->Last(&v1::ServerMessage::has_snapshot);
  REQUIRE(snap);
  CHECK(snap->snapshot().seq() == 1);
  CHECK(snap->snapshot().public_hash() ==
        f.ada->Last(&v1::ServerMessage::has_event_batch)->event_batch().public_hash());
  CHECK_FALSE(snap->snapshot().base().has_legal_moves());  // a spectator decides nothing
}

TEST_CASE(
    "room game: a placement previewed is answered to its asker alone, stored nowhere, and the "
    "placement sent after it gets the spots the preview named",
    "[rooms][room_game][preview]") {
  GameFixture f;
  const auto [mover, other, seat] = f.Turn();
  const std::uint64_t seq = f.game.seq();
  const v1::ClientMessage place = GameFixture::FirstPlacement(*mover, 7);
  v1::PreviewPlacement ask;
  *ask.mutable_command() = place.game_command();
  const std::size_t other_had = other->received.size();

  f.game.Preview(mover, seat, ask, 21);
  f.Run();
  const auto answer = mover->Last(&v1::ServerMessage::has_placement_preview);
  REQUIRE(answer);
  CHECK(answer->request_id() == 21);
  const v1::PlacementPreview& preview = answer->placement_preview();
  CHECK(preview.command().base().place_tile().position().SerializeAsString() ==
        place.game_command().base().place_tile().position().SerializeAsString());
  CHECK(preview.command().base().place_tile().rotation() ==
        place.game_command().base().place_tile().rotation());
  // Nothing happened: no write, no batch, nothing to the other seat, the game where it was.
  CHECK(f.game.seq() == seq);
  CHECK(f.store.Log(f.id).value().size() == 2);
  CHECK(GameFixture::Batches(*f.ada) + GameFixture::Batches(*f.bo) == 0);
  CHECK(other->received.size() == other_had);
  CHECK(f.metrics.placement_previews == 1);
  CHECK(f.host.errors.empty());

  f.game.Command(mover, seat, place);
  f.Run();
  const auto batch = mover->Last(&v1::ServerMessage::has_event_batch);
  REQUIRE(batch);
  CHECK(batch->event_batch().base_legal_moves().SerializeAsString() ==
        preview.base_legal_moves().SerializeAsString());
  CHECK(preview.base_legal_moves().follower_spots_size() > 0);  // a fresh board has free features
}

TEST_CASE(
    "room game: previews out of turn, of a spectator, on an old seq, malformed or after the "
    "placement are refused and change nothing",
    "[rooms][room_game][preview]") {
  GameFixture f;
  const auto [mover, other, seat] = f.Turn();
  const v1::ClientMessage place = GameFixture::FirstPlacement(*mover, 1);
  v1::PreviewPlacement ask;
  *ask.mutable_command() = place.game_command();
  const auto error_codes = [](const FakeSession& s) {
    std::vector<v1::ErrorCode> codes;
    for (const auto& m : s.received) {
      if (m.has_error()) codes.push_back(m.error().code());
    }
    return codes;
  };

  f.game.Preview(other, 1 - seat, ask, 1);  // not its turn
  f.game.Preview(mover, -1, ask, 2);        // as a spectator
  v1::PreviewPlacement stale = ask;
  stale.mutable_command()->set_expected_seq(f.game.seq() + 2);
  f.game.Preview(mover, seat, stale, 3);
  v1::PreviewPlacement empty;
  empty.mutable_command()->set_expected_seq(f.game.seq());
  f.game.Preview(mover, seat, empty, 4);
  f.Run();
  CHECK(error_codes(*other) == std::vector<v1::ErrorCode>{v1::ERROR_CODE_RULE_VIOLATION});
  CHECK(other->Last(&v1::ServerMessage::has_error)->error().reject_reason() == "not_your_turn");
  CHECK(error_codes(*mover) == std::vector<v1::ErrorCode>{v1::ERROR_CODE_NOT_A_PLAYER,
                                                          v1::ERROR_CODE_STALE_SEQ,
                                                          v1::ERROR_CODE_MALFORMED_MESSAGE});

  // Once the tile is placed, the decision is the follower's: no placement to preview.
  f.game.Command(mover, seat, place);
  f.Run();
  v1::PreviewPlacement after = ask;
  after.mutable_command()->set_expected_seq(f.game.seq());
  f.game.Preview(mover, seat, after, 5);
  f.Run();
  const auto refused = mover->Last(&v1::ServerMessage::has_error);
  REQUIRE(refused);
  CHECK(refused->request_id() == 5);
  CHECK(refused->error().code() == v1::ERROR_CODE_RULE_VIOLATION);
  CHECK(refused->error().reject_reason() == "wrong_phase");
  CHECK(f.metrics.placement_previews == 0);
  CHECK_FALSE(mover->Last(&v1::ServerMessage::has_placement_preview));
  CHECK(f.store.Log(f.id).value().size() == 3);  // created, started, the one placement
}

}  // namespace carc::test
