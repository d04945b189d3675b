// Computer players in rooms: the host seats them (AddComputer) and removes them (KickPlayer),
// they play their seats from the server's own threads, and under ABANDON_POLICY_COMPUTER one
// stands in for a person away past the grace period until the person comes back.
#include <catch2/catch.hpp>

#include "test_server.h"

namespace carc::test {
namespace {

v1::ClientMessage KickMsg(int seat) {
  v1::ClientMessage m;
  m.mutable_kick_player()->set_seat(seat);
  return m;
}

v1::ClientMessage StartMsg() {
  v1::ClientMessage m;
  m.mutable_start_game();
  return m;
}

// Sends the seat to move in `snap` its simplest move: the first legal placement, no follower,
// or a pass.
void SendFirstMove(client::WsClient& c, const v1::GameSnapshot& snap) {
  const std::uint64_t seq = snap.seq();
  const v1::BasePhase phase = snap.base().phase();
  if (phase == v1::BASE_PHASE_PLACE_TILE) {
    const v1::Placement& p = snap.base().legal_moves().placements(0);
    c.Send(PlaceMsg(seq, p.position().x(), p.position().y(), static_cast<int>(p.rotation()),
                    p.tile()));
  } else if (phase == v1::BASE_PHASE_PLACE_FOLLOWER) {
    c.Send(SkipMsg(seq));
  } else {
    v1::ClientMessage pass;
    pass.mutable_game_command()->set_expected_seq(seq);
    pass.mutable_game_command()->mutable_base()->mutable_pass();
    c.Send(pass);
  }
}

// Seats a computer of `level` in seat 1 of the host's lobby and starts the game; false if the
// room did not show it or no snapshot came.
bool StartWithComputer(client::WsClient& host, const std::string& level) {
  host.Send(AddComputerMsg(1, level));
  if (!Skip(host, [&](const v1::ServerMessage& m) {
        return m.has_room_state() && m.room_state().seats(1).computer_level() == level;
      })) {
    return false;
  }
  host.Send(StartMsg());
  return Skip(host, [](const v1::ServerMessage& m) { return m.has_snapshot(); }).has_value();
}

// Plays the person's seat `seat` on `c` (first legal placement, no follower, pass) whenever it
// is to move, until the game is over; false if the game stalls for `stall` or a command fails.
bool PlayUntilOver(client::WsClient& c, int seat, std::chrono::milliseconds stall = 15s) {
  for (int guard = 0; guard < 2000; ++guard) {
    // At most two messages per round, under the server's 30 a second per connection.
    std::this_thread::sleep_for(70ms);
    const auto snap = Snapshot(c);
    if (!snap) return false;
    if (snap->base().phase() == v1::BASE_PHASE_GAME_OVER) return true;
    const std::uint64_t seq = snap->seq();
    if (snap->base().to_move() == seat) SendFirstMove(c, *snap);
    // The next batch, the person's or a computer's.
    if (!Skip(
            c,
            [seq](const v1::ServerMessage& m) {
              return m.has_event_batch() && m.event_batch().seq() > seq;
            },
            stall)) {
      UNSCOPED_INFO("stalled at seq " << seq << " to move " << snap->base().to_move() << " phase "
                                      << snap->base().phase());
      return false;
    }
  }
  return false;
}

std::optional<v1::RoomState> NextRoomState(client::WsClient& c) {
  const auto m = Skip(c, [](const v1::ServerMessage& x) { return x.has_room_state(); });
  if (!m) return std::nullopt;
  return m->room_state();
}

// Sends `m`: the answer is its error, or else the RoomState every member gets (request id 0).
std::optional<v1::ServerMessage> Lobby(client::WsClient& c, v1::ClientMessage m) {
  static std::uint32_t next_id = 1000;
  const std::uint32_t id = ++next_id;
  // Room states from before are not the answer.
  Skip(
      c, [](const v1::ServerMessage&) { return false; }, 150ms);
  m.set_request_id(id);
  c.Send(m);
  return Skip(c, [id](const v1::ServerMessage& x) {
    return (x.has_error() && x.request_id() == id) || x.has_room_state();
  });
}

}  // namespace

TEST_CASE("the host seats two computer players and a whole game plays to its end") {
  TestServer server;
  auto host = DialHello(server);
  REQUIRE(host);
  v1::RoomOptions room = RoomFor(3);
  room.set_is_public(true);
  const auto granted = Ask(*host, CreateMsg(room));
  REQUIRE(granted);
  REQUIRE(granted->has_seat_granted());
  const auto a = Lobby(*host, AddComputerMsg(-1, "greedy"));
  REQUIRE(a);
  REQUIRE(a->has_room_state());
  CHECK(a->room_state().seats(1).computer_level() == "greedy");
  CHECK(a->room_state().seats(1).occupied());
  CHECK(a->room_state().seats(1).ready());
  CHECK_FALSE(a->room_state().seats(1).is_host());
  const auto b = Lobby(*host, AddComputerMsg(2, "medium"));
  REQUIRE(b);
  REQUIRE(b->has_room_state());
  CHECK(b->room_state().seats(2).computer_level() == "mcts@250");
  CHECK(b->room_state().seats(0).computer_level().empty());
  CHECK(b->room_state().seats(0).is_host());
  // The room list marks the computer players.
  const auto listed = server.app().registry().ListPublic();
  REQUIRE(listed.size() == 1);
  CHECK(listed[0].players() == 3);
  CHECK(listed[0].computers() == 2);

  host->Send(StartMsg());
  REQUIRE(Skip(*host, [](const v1::ServerMessage& m) { return m.has_snapshot(); }));
  CHECK(PlayUntilOver(*host, 0));
  const auto snap = Snapshot(*host);
  REQUIRE(snap);
  CHECK(snap->base().phase() == v1::BASE_PHASE_GAME_OVER);
  const auto metrics = HttpGet(server.port(), "/metrics");
  CHECK(metrics.body.find("carc_bot_moves_total 0\n") == std::string::npos);
  CHECK(metrics.body.find("carc_bot_jobs_refused_total 0\n") != std::string::npos);
}

TEST_CASE("rematch: the finished game's computer players sit in the new room at their seats") {
  TestServer server;
  const auto message = [](void (*set)(v1::ClientMessage&)) {
    v1::ClientMessage m;
    set(m);
    return m;
  };
  auto host = DialHello(server);
  const auto created = Ask(*host, CreateMsg(2));
  REQUIRE(created);
  REQUIRE(created->has_seat_granted());
  REQUIRE(StartWithComputer(*host, "greedy"));
  host->Send(message([](v1::ClientMessage& m) { m.mutable_resign(); }));
  REQUIRE(Skip(*host,
               [](const v1::ServerMessage& m) { return HasEvent(m, v1::BaseEvent::kGameEnded); }));

  const auto rematch = Ask(*host, message([](v1::ClientMessage& m) { m.mutable_rematch(); }));
  REQUIRE(rematch);
  REQUIRE(rematch->has_rematch_created());
  REQUIRE(Ask(*host, message([](v1::ClientMessage& m) { m.mutable_leave_room(); })));
  const auto joined = Ask(*host, JoinMsg(rematch->rematch_created().room_code()));
  REQUIRE(joined);
  REQUIRE(joined->has_seat_granted());
  CHECK(joined->seat_granted().seat() == 0);  // the computer's seat was taken already
  const auto st = Await(*host, [](const v1::ServerMessage& m) { return m.has_room_state(); });
  REQUIRE(st);
  REQUIRE(st->room_state().seats_size() == 2);
  CHECK(st->room_state().seats(1).occupied());
  CHECK(st->room_state().seats(1).computer_level() == "greedy");
  CHECK(st->room_state().seats(0).is_host());
  // One more tap starts it: the computer is ready.
  host->Send(message([](v1::ClientMessage& m) { m.mutable_start_game(); }));
  CHECK(Await(*host, [](const v1::ServerMessage& m) { return m.has_snapshot(); }));
}

TEST_CASE("AddComputer is refused with a reason, and nothing changes") {
  server::ServerConfig config = TestConfig();
  config.max_computer_ms = std::chrono::milliseconds(500);
  TestServer server(config);
  v1::ServerMessage welcome;
  auto host = DialHello(server, "", &welcome);
  REQUIRE(host);
  CHECK(welcome.welcome().max_computer_ms() == 500);
  const auto granted = Ask(*host, CreateMsg(3));
  REQUIRE(granted);
  const std::string code = granted->seat_granted().room_code();
  auto guest = DialHello(server);
  REQUIRE(guest);
  REQUIRE(Ask(*guest, JoinMsg(code)));
  auto watcher = DialHello(server);
  REQUIRE(watcher);
  REQUIRE(Ask(*watcher, JoinMsg(code, true)));

  struct Case {
    client::WsClient* who;
    v1::ClientMessage message;
    v1::ErrorCode code;
  };
  const std::vector<Case> cases = {
      {guest.get(), AddComputerMsg(2, "greedy"), v1::ERROR_CODE_NOT_HOST},
      {watcher.get(), AddComputerMsg(2, "greedy"), v1::ERROR_CODE_NOT_A_PLAYER},
      {host.get(), AddComputerMsg(2, "grandmaster"), v1::ERROR_CODE_INVALID_OPTIONS},
      {host.get(), AddComputerMsg(2, ""), v1::ERROR_CODE_INVALID_OPTIONS},
      {host.get(), AddComputerMsg(2, std::string(40000, 'm')), v1::ERROR_CODE_INVALID_OPTIONS},
      {host.get(), AddComputerMsg(2, "mcts@9"), v1::ERROR_CODE_INVALID_OPTIONS},
      {host.get(), AddComputerMsg(2, "mcts@501"), v1::ERROR_CODE_INVALID_OPTIONS},
      {host.get(), AddComputerMsg(2, "hard"), v1::ERROR_CODE_INVALID_OPTIONS},  // 1000 > 500
      {host.get(), AddComputerMsg(1, "greedy"), v1::ERROR_CODE_SEAT_TAKEN},
      {host.get(), AddComputerMsg(3, "greedy"), v1::ERROR_CODE_SEAT_TAKEN},
      {host.get(), AddComputerMsg(-2, "greedy"), v1::ERROR_CODE_SEAT_TAKEN},
      {host.get(), AddComputerMsg(2147483647, "greedy"), v1::ERROR_CODE_SEAT_TAKEN},
  };
  for (const Case& c : cases) {
    INFO("level " << c.message.add_computer().level().substr(0, 20) << " seat "
                  << c.message.add_computer().seat());
    const auto answer = Lobby(*c.who, c.message);
    REQUIRE(answer);
    REQUIRE(answer->has_error());
    CHECK(answer->error().code() == c.code);
    CHECK_FALSE(answer->error().message().empty());
  }
  // Nothing changed: seat 2 is still free, and a level within the limit takes it.
  const auto ok = Lobby(*host, AddComputerMsg(-1, "mcts@500"));
  REQUIRE(ok);
  REQUIRE(ok->has_room_state());
  CHECK(ok->room_state().seats(2).computer_level() == "mcts@500");
  const auto full = Lobby(*host, AddComputerMsg(-1, "greedy"));
  REQUIRE(full);
  REQUIRE(full->has_error());
  CHECK(full->error().code() == v1::ERROR_CODE_ROOM_FULL);
  // The host removes it before the start, and seats another level.
  const auto kicked = Lobby(*host, KickMsg(2));
  REQUIRE(kicked);
  INFO(kicked->DebugString());
  REQUIRE(kicked->has_room_state());
  CHECK_FALSE(kicked->room_state().seats(2).occupied());
  CHECK(kicked->room_state().seats(2).computer_level().empty());
}

TEST_CASE("a server without computer players says so, and refuses them, their policy and hints") {
  server::ServerConfig config = TestConfig();
  config.bot_threads = 0;
  TestServer server(config);
  v1::ServerMessage welcome;
  auto host = DialHello(server, "", &welcome);
  REQUIRE(host);
  CHECK(welcome.welcome().max_computer_ms() == 0);
  v1::RoomOptions room = RoomFor(2);
  room.set_abandon_policy(v1::ABANDON_POLICY_COMPUTER);
  const auto refused = Ask(*host, CreateMsg(room));
  REQUIRE(refused);
  REQUIRE(refused->has_error());
  CHECK(refused->error().code() == v1::ERROR_CODE_INVALID_OPTIONS);
  // Nor hints, which the computer players search.
  v1::RoomOptions hints = RoomFor(2);
  hints.set_hints(true);
  const auto no_hints = Ask(*host, CreateMsg(hints));
  REQUIRE(no_hints);
  REQUIRE(no_hints->has_error());
  CHECK(no_hints->error().code() == v1::ERROR_CODE_INVALID_OPTIONS);
  CHECK(no_hints->error().message().find("hints") != std::string::npos);
  const auto granted = Ask(*host, CreateMsg(2));
  REQUIRE(granted);
  REQUIRE(granted->has_seat_granted());
  const auto state = NextRoomState(*host);
  REQUIRE(state);
  CHECK(state->options().abandon_policy() == v1::ABANDON_POLICY_WAIT);
  const auto add = Lobby(*host, AddComputerMsg(-1, "greedy"));
  REQUIRE(add);
  REQUIRE(add->has_error());
  CHECK(add->error().code() == v1::ERROR_CODE_INVALID_OPTIONS);
  const auto metrics = HttpGet(server.port(), "/metrics");
  CHECK(metrics.body.find("carc_bot_moves_total") == std::string::npos);
}

TEST_CASE("a computer stands in for a person away past the grace period and gives the seat back") {
  server::ServerConfig config = TestConfig();
  config.grace_period = std::chrono::seconds(1);
  config.absent_level = "greedy";
  TestServer server(config);
  RawGame game = StartRawGame(server, 2);
  REQUIRE(game.error.empty());
  // Rooms are created with the computer policy by default on a server with computer players.
  // Seat 1 leaves; seat 0 plays until seat 1 is to move, then waits for the computer.
  game.seats[1].reset();
  // Seat 0 plays whenever it is to move, up to seat 1's first decision.
  while (ToMove(game) == 0) REQUIRE(PlayOneCommand(game));
  const auto seq = SeqOf(game);
  REQUIRE(seq);
  // Past the grace period (and within a tick or two) the room says a computer stands in for
  // seat 1, then the computer plays seat 1's turn.
  const auto stood_in = Skip(
      *game.seats[0],
      [](const v1::ServerMessage& m) {
        return m.has_room_state() && m.room_state().seats(1).computer_standing_in();
      },
      10s);
  REQUIRE(stood_in);
  CHECK_FALSE(stood_in->room_state().seats(0).computer_standing_in());
  const auto moved = Skip(
      *game.seats[0],
      [&](const v1::ServerMessage& m) {
        return m.has_event_batch() && m.event_batch().seq() >= *seq + 2;
      },
      10s);
  REQUIRE(moved);
  CHECK(ToMove(game) == 0);

  // Seat 1 comes back with its token: the seat is its own again and the computer stops.
  v1::ServerMessage welcome;
  game.seats[1] = DialHello(server, game.tokens[1], &welcome);
  REQUIRE(game.seats[1]);
  REQUIRE(welcome.has_welcome());
  CHECK(welcome.welcome().seat() == 1);
  const auto back = Skip(*game.seats[1], [](const v1::ServerMessage& m) {
    return m.has_room_state() && !m.room_state().seats(1).computer_standing_in();
  });
  REQUIRE(back);
  while (ToMove(game) == 0) REQUIRE(PlayOneCommand(game));
  const auto waiting = SeqOf(game);
  REQUIRE(waiting);
  // Seat 1 is to move and connected: nobody plays for it, past the grace period too.
  std::this_thread::sleep_for(2500ms);
  CHECK(SeqOf(game) == waiting);
  REQUIRE(PlayOneCommand(game));  // seat 1 plays its own turn
  CHECK(SeqOf(game) == *waiting + 1);
}

}  // namespace carc::test

namespace carc::test {

TEST_CASE("a computer player's seat survives a restart and plays on", "[store][recovery]") {
  const server::ServerConfig config = TestConfig();  // one data directory for both servers
  std::string token;
  std::uint64_t seq = 0;
  {
    TestServer first(config);
    auto host = DialHello(first);
    REQUIRE(host);
    const auto granted = Ask(*host, CreateMsg(2));
    REQUIRE(granted);
    REQUIRE(granted->has_seat_granted());
    token = granted->seat_granted().resume_token();
    REQUIRE(StartWithComputer(*host, "greedy"));
    // A few turns each.
    for (int turn = 0; turn < 6; ++turn) {
      const auto snap = Snapshot(*host);
      REQUIRE(snap);
      if (snap->base().to_move() == 0) SendFirstMove(*host, *snap);
      const std::uint64_t at = snap->seq();
      REQUIRE(Skip(*host, [at](const v1::ServerMessage& m) {
        return m.has_event_batch() && m.event_batch().seq() > at;
      }));
    }
    const auto snap = Snapshot(*host);
    REQUIRE(snap);
    seq = snap->seq();
  }
  REQUIRE(seq >= 6);
  TestServer second(config);
  CHECK(second.app().restore_report().restored == 1);
  auto host = DialHello(second, token);
  REQUIRE(host);
  const auto state = NextRoomState(*host);
  REQUIRE(state);
  CHECK(state->seats(1).computer_level() == "greedy");
  CHECK(PlayUntilOver(*host, 0));
}

}  // namespace carc::test

namespace carc::test {

TEST_CASE("a computer player whose clock runs out gives up its search for the quick answer") {
  TestServer server;  // one computer-player thread
  auto host = DialHello(server);
  REQUIRE(host);
  v1::RoomOptions room = RoomFor(2);
  room.set_abandon_policy(v1::ABANDON_POLICY_COMPUTER);
  room.mutable_clock()->set_initial_seconds(1);
  room.mutable_clock()->set_increment_seconds(0);
  REQUIRE(Ask(*host, CreateMsg(room)));
  // Two seconds a move, on a one-second clock.
  REQUIRE(StartWithComputer(*host, "mcts@2000"));
  // The host plays its first turn at once if it starts; then the computer's turn comes.
  for (int i = 0; i < 2; ++i) {
    const auto snap = Snapshot(*host);
    REQUIRE(snap);
    if (snap->base().to_move() != 0) break;
    SendFirstMove(*host, *snap);
    const std::uint64_t at = snap->seq();
    REQUIRE(Skip(*host, [at](const v1::ServerMessage& m) {
      return m.has_event_batch() && m.event_batch().seq() > at;
    }));
  }
  // The computer's tile: placed by a player (no TurnTimedOut), its clock empty.
  const auto placed = Skip(
      *host,
      [](const v1::ServerMessage& m) {
        return m.has_event_batch() && HasEvent(m, v1::BaseEvent::kTilePlaced) &&
               m.event_batch().clock().remaining_ms(1) == 0;
      },
      10s);
  REQUIRE(placed);
  CHECK_FALSE(HasEvent(*placed, v1::BaseEvent::kTurnTimedOut));
  // The two-second search was dropped for the greedy answer when the clock ran out.
  const auto metrics = HttpGet(server.port(), "/metrics");
  CHECK(metrics.body.find("carc_bot_jobs_cancelled_total 0\n") == std::string::npos);
}

}  // namespace carc::test
