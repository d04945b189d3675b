// Turn-based rooms (RoomOptions.turn_based; the clock: rooms/move_deadline.h) without a socket:
// the room's game on a store in memory, a wall clock the test moves by days, and a notifier that
// keeps what it is asked to send.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>

#include "fake_room.h"
#include "games/registry.h"
#include "rooms/room_game.h"

namespace carc::test::turn_based_rooms {
namespace {

namespace sv1 = carc::store::v1;
constexpr std::int64_t kDay = 24 * 60 * 60;
constexpr std::int64_t kStart = 1'800'000'000;  // 2027-01-15, seconds since the epoch

struct KeptNotices final : server::push::Notifier {
  void Notify(server::push::Notice notice) override { kept.push_back(std::move(notice)); }
  std::vector<server::push::Notice> kept;
};

class Host final : public server::GameHost {
 public:
  const std::vector<std::shared_ptr<server::Session>>& spectators() const override {
    return watchers;
  }
  bool Attended() const override { return true; }
  void BroadcastRoomState() override { ++room_states; }
  void Error(const std::shared_ptr<server::Session>&, std::uint32_t, v1::ErrorCode code,
             std::string) override {
    errors.push_back(code);
  }
  void Post(std::function<void()> fn) override { fn(); }
  std::shared_ptr<void> KeepAlive() override { return life; }
  bots::BotPool* bots() const override { return nullptr; }
  std::string JobOwner() const override { return "127.0.0.1"; }
  server::push::Notifier* notices() const override { return notifier; }
  void TurnPassed(int seat, std::int64_t deadline) override {
    to_move = seat;
    turn_deadline = deadline;
  }

  std::vector<std::shared_ptr<server::Session>> watchers;
  int room_states = 0;
  std::vector<v1::ErrorCode> errors;
  std::shared_ptr<int> life = std::make_shared<int>(0);
  server::push::Notifier* notifier = nullptr;
  int to_move = -2;
  std::int64_t turn_deadline = -1;
};

v1::RoomOptions TurnBasedOptions(v1::AbandonPolicy policy) {
  v1::RoomOptions options;
  options.set_game_type(v1::GAME_TYPE_BASE);
  options.set_seats(2);
  options.set_abandon_policy(policy);
  options.mutable_turn_based()->set_move_seconds(kDay);
  options.mutable_turn_based()->set_reserve_seconds(0);
  REQUIRE(server::FindGame(v1::GAME_TYPE_BASE)->NormalizeOptions(options).empty());
  return options;
}

// One room's parts on `store` (the same store and id: the room again after a restart).
struct RoomParts {
  RoomParts(FlakyStore& store, server::store::RoomId id, const v1::RoomOptions& room_options,
            std::int64_t& now)
      : options(room_options),
        journal(store, id, code, metrics,
                {io.get_executor(), &gate, [] { return std::shared_ptr<void>(); }}),
        store_(store) {
    config.game_seed = 11;
    config.wall_now = [&now] { return now; };
    host.notifier = &notices;
  }
  // Ann and Bob sit, away (accounts 101 and 102, or guests), and the game starts.
  void SeatAndStart(bool accounts) {
    seats.Grant(0, "Ann", nullptr, "hash-a");
    seats.Grant(1, "Bob", nullptr, "hash-b");
    if (accounts) {
      seats[0].account = 101;
      seats[1].account = 102;
    }
    bool started = false;
    game.Start([&started](bool ok) { started = ok; });
    Run(store_);
    REQUIRE(started);
  }
  void Run(FlakyStore& store) {
    do {
      store.Flush();
      io.restart();
    } while (io.poll() > 0);
  }

  boost::asio::io_context io;
  FakeRoomMetrics metrics;
  server::RoomConfig config;
  v1::RoomOptions options;
  std::string code = "DAYS";
  server::WriteGate gate{8};
  server::RoomJournal journal;
  FlakyStore& store_;
  server::RoomPhaseTracker phase{
      {metrics.rooms_lobby, metrics.rooms_playing, metrics.rooms_finished}};
  server::SeatTable seats{2};
  KeptNotices notices;
  Host host;
  server::RoomGame game{host,    io.get_executor(), code, options, config,
                        metrics, journal,           gate, phase,   seats};
};

server::store::RoomId CreateRoom(FlakyStore& store, const v1::RoomOptions& options) {
  sv1::RoomLogEntry created;
  created.mutable_created()->set_code("DAYS");
  *created.mutable_created()->mutable_options() = options;
  return store.CreateRoom("DAYS", created.SerializeAsString());
}

sv1::RoomLogEntry Entry(FlakyStore& store, server::store::RoomId id, std::size_t i) {
  const auto log = store.Log(id).value();
  REQUIRE(i < log.size());
  sv1::RoomLogEntry e;
  REQUIRE(e.ParseFromString(log[i]));
  return e;
}

// A room of its own on a store of its own, its game started.
struct OneRoom {
  OneRoom(v1::AbandonPolicy policy, bool accounts)
      : options(TurnBasedOptions(policy)),
        id(CreateRoom(store, options)),
        room(store, id, options, now) {
    room.SeatAndStart(accounts);
  }
  FlakyStore store;
  std::int64_t now = kStart;
  v1::RoomOptions options;
  server::store::RoomId id;
  RoomParts room;
};

}  // namespace

TEST_CASE(
    "turn-based room: a reminder at 80% of a day, the absent policy at 100%, across a "
    "restart",
    "[rooms][turn-based]") {
  FlakyStore store;
  std::int64_t now = kStart;
  const v1::RoomOptions options = TurnBasedOptions(v1::ABANDON_POLICY_FALLBACK_MOVE);
  const server::store::RoomId id = CreateRoom(store, options);
  auto first = std::make_unique<RoomParts>(store, id, options, now);
  first->SeatAndStart(/*accounts=*/true);  // both away: a game over days
  const int mover = first->game.to_move();
  REQUIRE(mover >= 0);
  const std::int64_t account = mover == 0 ? 101 : 102;

  // The start carries the clock: the first turn runs from now.
  const auto started = Entry(store, id, 1);
  REQUIRE(started.has_started());
  CHECK(started.started().turn_based().seat() == mover);
  CHECK(started.started().turn_based().turn_started() == kStart);
  CHECK(first->host.turn_deadline == kStart + kDay);
  v1::ClockState clock;
  std::size_t entries = store.Log(id).value().size();

  // Just short of 80%: nothing; a room with nothing due for hours sleeps an hour at most.
  now = kStart + kDay * 4 / 5 - 1;
  first->game.PlayDue();
  first->Run(store);
  CHECK(first->notices.kept.empty());
  CHECK(store.Log(id).value().size() == entries);
  CHECK(first->game.NextTick() == std::chrono::milliseconds(1000));
  now = kStart + kDay / 2;
  CHECK(first->game.NextTick() == std::chrono::milliseconds(3'600'000));

  // At 80%: written, then the reminder to the mover's account, once.
  now = kStart + kDay * 4 / 5;
  first->game.PlayDue();
  first->game.PlayDue();
  first->Run(store);
  REQUIRE(first->notices.kept.size() == 1);
  CHECK(first->notices.kept[0].kind == server::push::NoticeKind::kReminder);
  CHECK(first->notices.kept[0].account == account);
  CHECK(first->notices.kept[0].room == "DAYS");
  CHECK(first->metrics.turn_reminders == 1);
  REQUIRE(store.Log(id).value().size() == entries + 1);
  const auto noted = Entry(store, id, entries);
  REQUIRE(noted.has_turn_noted());
  CHECK(noted.turn_noted().reminded());
  CHECK_FALSE(noted.turn_noted().expired());
  const std::uint64_t seq = first->game.seq();

  // The server stops; it starts again 20 hours later, past the day: the clock ran on.
  first.reset();
  now = kStart + kDay + 3600;
  RoomParts second(store, id, options, now);
  REQUIRE(second.game.Restore(store.Log(id).value()) == "");
  CHECK(second.game.seq() == seq);
  CHECK(second.host.turn_deadline == kStart + kDay);                 // right after the restart
  CHECK(second.game.NextTick() == std::chrono::milliseconds(1000));  // overdue

  // Its first tick: the turn expired (written), the fallback move played for the mover; the
  // reminder was not sent again, and the other player is told it is their turn.
  second.game.PlayDue();
  second.Run(store);
  REQUIRE(second.notices.kept.size() == 1);
  CHECK(second.notices.kept[0].kind == server::push::NoticeKind::kTurn);
  CHECK(second.notices.kept[0].account == (mover == 0 ? 102 : 101));
  CHECK(second.metrics.turns_expired == 1);
  const auto log = store.Log(id).value();
  REQUIRE(log.size() >= entries + 3);
  const auto expired = Entry(store, id, entries + 1);
  REQUIRE(expired.has_turn_noted());
  CHECK(expired.turn_noted().expired());
  const auto played = Entry(store, id, entries + 2);
  REQUIRE(played.has_command());
  CHECK(played.command().seat() == mover);
  CHECK(played.command().has_timeout());
  CHECK(second.game.seq() > seq);
  // The other seat's turn now runs from the moment the fallback played.
  REQUIRE(second.game.to_move() == 1 - mover);
  const auto last = Entry(store, id, log.size() - 1);
  CHECK(last.command().turn_based().seat() == 1 - mover);
  CHECK(last.command().turn_based().turn_started() == now);
  CHECK(second.host.to_move == 1 - mover);
  CHECK(second.host.turn_deadline == now + kDay);
}

TEST_CASE("turn-based room: a room that waits notes the expiry once and plays nothing",
          "[rooms][turn-based]") {
  OneRoom one(v1::ABANDON_POLICY_WAIT, /*accounts=*/false);
  const std::uint64_t seq = one.room.game.seq();
  const std::size_t entries = one.store.Log(one.id).value().size();
  one.now = kStart + 3 * kDay;
  for (int i = 0; i < 3; ++i) one.room.game.PlayDue();
  one.room.Run(one.store);
  CHECK(one.room.game.seq() == seq);
  CHECK(one.room.metrics.turns_expired == 1);
  // The expiry is written, and no reminder after it; guests: nobody to remind.
  CHECK(one.store.Log(one.id).value().size() == entries + 1);
  CHECK(one.room.notices.kept.empty());
  CHECK(one.room.game.NextTick() == std::chrono::milliseconds(3'600'000));
}

TEST_CASE("turn-based room: a note the store refuses is tried again, nothing told before",
          "[rooms][turn-based]") {
  OneRoom one(v1::ABANDON_POLICY_FALLBACK_MOVE, /*accounts=*/true);
  one.now = kStart + kDay * 9 / 10;
  one.store.failing = true;
  one.room.game.PlayDue();
  one.room.Run(one.store);
  CHECK(one.room.notices.kept.empty());
  CHECK(one.room.metrics.turn_reminders == 0);
  one.store.failing = false;
  one.room.game.PlayDue();
  one.room.Run(one.store);
  CHECK(one.room.notices.kept.size() == 1);
  CHECK(one.room.metrics.turn_reminders == 1);
}

TEST_CASE("turn-based room: options out of range, or with a live clock, are refused",
          "[rooms][turn-based]") {
  FakeRooms rooms;
  const auto s = rooms.Connect();
  struct Case {
    std::uint32_t move, reserve, clock;
    const char* why;
  };
  for (const Case& c : {Case{3599, 0, 0, "move_seconds must be 3600..1209600"},
                        Case{14 * 86400 + 1, 0, 0, "move_seconds must be 3600..1209600"},
                        Case{0, 3600, 0, "move_seconds must be 3600..1209600"},
                        Case{86400, 14 * 86400 + 1, 0, "reserve_seconds must be 0..1209600"},
                        Case{86400, 0, 600, "has no live clock"}}) {
    INFO(c.move << " " << c.reserve << " " << c.clock);
    v1::ClientMessage m;
    m.set_request_id(7);
    v1::RoomOptions* o = m.mutable_create_room()->mutable_options();
    o->set_game_type(v1::GAME_TYPE_BASE);
    o->set_seats(2);
    o->mutable_turn_based()->set_move_seconds(c.move);
    o->mutable_turn_based()->set_reserve_seconds(c.reserve);
    o->mutable_clock()->set_initial_seconds(c.clock);
    m.mutable_create_room()->set_player_name("Ann");
    rooms.Deliver(s, m);
    const auto error = s->Last(&v1::ServerMessage::has_error);
    REQUIRE(error);
    CHECK(error->error().code() == v1::ERROR_CODE_INVALID_OPTIONS);
    CHECK_THAT(error->error().message(), Catch::Contains(c.why));
    CHECK_FALSE(s->Last(&v1::ServerMessage::has_room_state));
  }
}

TEST_CASE("turn-based room: a guest may not create one, an account up to its limit",
          "[rooms][turn-based]") {
  server::RoomConfig config;
  config.max_turn_based_games = 2;
  FakeRooms rooms(config);
  const auto create = [&](const std::shared_ptr<FakeSession>& s) {
    v1::ClientMessage m;
    m.set_request_id(3);
    v1::RoomOptions* o = m.mutable_create_room()->mutable_options();
    o->set_game_type(v1::GAME_TYPE_BASE);
    o->set_seats(2);
    o->mutable_turn_based()->set_move_seconds(kDay);
    rooms.Deliver(s, m);
  };
  const auto guest = rooms.Connect();
  create(guest);
  REQUIRE(guest->Last(&v1::ServerMessage::has_error));
  CHECK(guest->Last(&v1::ServerMessage::has_error)->error().code() ==
        v1::ERROR_CODE_SIGN_IN_REQUIRED);
  std::vector<std::shared_ptr<FakeSession>> ann;
  for (int i = 0; i < 3; ++i) {
    ann.push_back(rooms.Connect());
    ann.back()->set_account({7, "Ann"});
    create(ann.back());
  }
  CHECK(ann[0]->Last(&v1::ServerMessage::has_room_state));
  CHECK(ann[1]->Last(&v1::ServerMessage::has_room_state));
  const auto refused = ann[2]->Last(&v1::ServerMessage::has_error);
  REQUIRE(refused);
  CHECK(refused->error().code() == v1::ERROR_CODE_TOO_MANY_ROOMS);
  CHECK_THAT(refused->error().message(), Catch::Contains("--max-turn-based-games"));
  CHECK_FALSE(ann[2]->Last(&v1::ServerMessage::has_room_state));
}

}  // namespace carc::test::turn_based_rooms

namespace carc::test::turn_based_rooms {

TEST_CASE(
    "turn-based room: a new turn sets the room's next look to its own due time, a command "
    "within the turn leaves it",
    "[rooms][turn-based]") {
  std::int64_t now = kStart;
  server::RoomConfig config;
  config.game_seed = 5;
  config.wall_now = [&now] { return now; };
  FakeRooms rooms(config);
  const auto ann = rooms.Connect();
  ann->set_account({7, "Ann"});
  v1::ClientMessage create;
  create.set_request_id(1);
  v1::RoomOptions* o = create.mutable_create_room()->mutable_options();
  o->set_game_type(v1::GAME_TYPE_BASE);
  o->set_seats(2);
  o->mutable_turn_based()->set_move_seconds(3600);  // reminded at 48 minutes
  create.mutable_create_room()->set_player_name("Ann");
  rooms.Deliver(ann, create);
  const auto granted = ann->Last(&v1::ServerMessage::has_seat_granted);
  REQUIRE(granted);
  const auto room = rooms.registry().Find(granted->seat_granted().room_code());
  REQUIRE(room);
  const auto bob = rooms.Connect();
  bob->set_account({8, "Bob"});
  v1::ClientMessage join;
  join.mutable_join_room()->set_code(granted->seat_granted().room_code());
  join.mutable_join_room()->set_player_name("Bob");
  rooms.Deliver(bob, join);
  REQUIRE(bob->Last(&v1::ServerMessage::has_seat_granted));
  v1::ClientMessage ready;
  ready.mutable_set_ready()->set_ready(true);
  rooms.Deliver(bob, ready);

  // In the lobby the room looks every second.
  const auto in_lobby = room->NextLook() - std::chrono::steady_clock::now();
  CHECK(in_lobby <= std::chrono::seconds(1));

  // The start passes the first turn: the room's next look is that turn's reminder, 48 minutes
  // on, not the lobby's second (nor the hour a waiting room sleeps at most).
  v1::ClientMessage start;
  start.mutable_start_game();
  rooms.Deliver(ann, start);
  const auto snapshot = ann->Last(&v1::ServerMessage::has_snapshot);
  REQUIRE(snapshot);
  const auto reminder = room->NextLook() - std::chrono::steady_clock::now();
  CHECK(reminder > std::chrono::minutes(47));
  CHECK(reminder <= std::chrono::minutes(48));

  // Half an hour later the mover places a tile: the turn goes on, the look stays where it was
  // (set again, it would be 18 minutes on: what is left to the reminder).
  now += 30 * 60;
  const bool ann_first = snapshot->snapshot().base().to_move() == 0;
  const auto& mover = ann_first ? ann : bob;
  const auto mover_view = mover->Last(&v1::ServerMessage::has_snapshot);
  REQUIRE(mover_view);
  const auto& legal = mover_view->snapshot().base().legal_moves();
  REQUIRE(legal.placements_size() > 0);
  v1::ClientMessage place;
  place.set_request_id(2);
  place.mutable_game_command()->set_expected_seq(mover_view->snapshot().seq());
  auto* tile = place.mutable_game_command()->mutable_base()->mutable_place_tile();
  *tile->mutable_position() = legal.placements(0).position();
  tile->set_rotation(legal.placements(0).rotation());
  const auto look = room->NextLook();
  rooms.Deliver(mover, place);
  const auto placed = mover->Last(&v1::ServerMessage::has_event_batch);
  REQUIRE(placed);
  CHECK(room->NextLook() == look);

  // The mover ends the turn: the other seat's turn runs from now, its reminder 48 minutes on.
  v1::ClientMessage skip;
  skip.set_request_id(3);
  skip.mutable_game_command()->set_expected_seq(placed->event_batch().seq());
  skip.mutable_game_command()->mutable_base()->mutable_skip_follower();
  rooms.Deliver(mover, skip);
  REQUIRE(mover->Last(&v1::ServerMessage::has_event_batch)->event_batch().seq() >
          placed->event_batch().seq());
  const auto next = room->NextLook() - std::chrono::steady_clock::now();
  CHECK(next > std::chrono::minutes(47));
  CHECK(next <= std::chrono::minutes(48));
}

}  // namespace carc::test::turn_based_rooms
