// ABANDON_POLICY_VOTE: a seat whose player is away past the grace period is awaited, the
// players present vote to skip it (the engine's fallback plays its turns until the player
// returns) or to end the game where it stands, scored as if its last tile had been placed.
#include <algorithm>
#include <catch2/catch.hpp>

#include "rooms/absent_vote.h"
#include "test_server.h"

namespace carc::test {
namespace {

constexpr auto kSkip = v1::ABSENT_VOTE_SKIP;
constexpr auto kEnd = v1::ABSENT_VOTE_END;
constexpr auto kNone = v1::ABSENT_VOTE_UNSPECIFIED;

v1::ClientMessage VoteMsg(int vote) {
  static std::uint32_t next_id = 5000;
  v1::ClientMessage m;
  m.set_request_id(++next_id);
  m.mutable_vote_on_absent()->set_vote(static_cast<v1::AbsentVote>(vote));
  return m;
}

std::optional<v1::RoomState> RoomStateWhere(client::WsClient& c,
                                            const std::function<bool(const v1::RoomState&)>& pred,
                                            std::chrono::milliseconds wait = 10s) {
  const auto m = Skip(
      c, [&](const v1::ServerMessage& x) { return x.has_room_state() && pred(x.room_state()); },
      wait);
  if (!m) return std::nullopt;
  return m->room_state();
}

v1::RoomOptions VoteRoom(int seats) {
  v1::RoomOptions room = RoomFor(seats);
  room.set_abandon_policy(v1::ABANDON_POLICY_VOTE);
  return room;
}

server::ServerConfig ShortGrace() {
  server::ServerConfig config = TestConfig();
  config.grace_period = std::chrono::seconds(1);
  return config;
}

}  // namespace

TEST_CASE("a vote on absent players is carried by more than half of the players present") {
  using server::CarriedVote;
  // A lone voter decides alone.
  CHECK(CarriedVote({kSkip, kNone}, {true, false}) == kSkip);
  CHECK(CarriedVote({kEnd, kNone}, {true, false}) == kEnd);
  CHECK(CarriedVote({kNone, kNone}, {true, false}) == kNone);
  // Two voters: both, a half is not enough.
  CHECK(CarriedVote({kSkip, kNone, kNone}, {true, true, false}) == kNone);
  CHECK(CarriedVote({kSkip, kEnd, kNone}, {true, true, false}) == kNone);
  CHECK(CarriedVote({kEnd, kEnd, kNone}, {true, true, false}) == kEnd);
  // Three voters: two of them.
  CHECK(CarriedVote({kSkip, kNone, kSkip, kNone}, {true, true, true, false}) == kSkip);
  CHECK(CarriedVote({kSkip, kEnd, kNone, kNone}, {true, true, true, false}) == kNone);
  // A seat that may not vote (away, resigned) does not count, whatever it holds.
  CHECK(CarriedVote({kNone, kEnd, kEnd}, {true, false, false}) == kNone);
  // Nobody to vote: nothing is carried.
  CHECK(CarriedVote({kEnd}, {false}) == kNone);
  CHECK(CarriedVote({}, {}) == kNone);
}

TEST_CASE("the absent vote on its own: awaited seats, votes cleared on a change, skip and end",
          "[rooms][votes]") {
  server::AbsentVotes votes(3);
  using SeatNow = server::AbsentVotes::SeatNow;
  const SeatNow here{false, true, false};
  const SeatNow away{true, false, false};
  const SeatNow away_resigned{true, false, true};
  // Not voting (another policy, or the game is over): nobody is awaited.
  CHECK_FALSE(votes.Note(false, {here, away, here}).changed);
  CHECK_FALSE(votes.open());
  // Seat 1 is awaited; a resigned seat never is.
  auto o = votes.Note(true, {here, away, away_resigned});
  CHECK(o.changed);
  CHECK(votes.open());
  CHECK(votes.awaited(1));
  CHECK_FALSE(votes.awaited(2));
  // Seat 0 is the only voter (seat 1 is away, seat 2 resigned): its vote decides.
  votes.Cast(0, kSkip);
  o = votes.Note(true, {here, away, away_resigned});
  CHECK_FALSE(o.changed);
  CHECK(o.carried == kSkip);
  CHECK(votes.skipped(1));
  CHECK_FALSE(votes.open());
  CHECK(votes.vote(0) == kNone);
  // A skipped seat is not awaited again until its player returns.
  CHECK_FALSE(votes.Note(true, {here, away, away_resigned}).changed);
  CHECK(votes.Returned(1));
  CHECK_FALSE(votes.Returned(1));

  // Two voters: a change of who is awaited clears the votes cast.
  server::AbsentVotes two(3);
  REQUIRE(two.Note(true, {here, here, away}).changed);
  two.Cast(0, kEnd);
  CHECK(two.Note(true, {here, here, away}).carried == kNone);
  CHECK(two.Note(true, {here, away, away}).changed);
  CHECK(two.vote(0) == kNone);
  // An end is carried by both present; its votes stand until the room has stored it.
  server::AbsentVotes end(3);
  REQUIRE(end.Note(true, {here, here, away}).changed);
  end.Cast(0, kEnd);
  end.Cast(1, kEnd);
  CHECK(end.Note(true, {here, here, away}).carried == kEnd);
  CHECK(end.vote(0) == kEnd);
  CHECK(end.open());
  end.Close();
  CHECK_FALSE(end.open());
  CHECK(end.vote(1) == kNone);
}

TEST_CASE("players vote to skip an absent seat: its turns are played, and it comes back") {
  TestServer server(ShortGrace());
  RawGame game = StartRawGame(server, VoteRoom(3));
  REQUIRE(game.error.empty());
  // Nobody is away: there is nothing to vote on.
  auto early = ErrorAnswering(*game.seats[0], VoteMsg(kSkip));
  REQUIRE(early);
  CHECK(early->code() == v1::ERROR_CODE_NO_VOTE_OPEN);

  game.seats[2].reset();  // seat 2's player goes away
  const auto awaited =
      RoomStateWhere(*game.seats[0], [](const v1::RoomState& s) { return s.seats(2).awaited(); });
  REQUIRE(awaited);
  CHECK_FALSE(awaited->seats(0).awaited());
  CHECK_FALSE(awaited->seats(2).skipped());

  // Bad votes are refused and change nothing.
  for (const int bad : {0, 3, -1, 2147483647}) {
    INFO("vote " << bad);
    const auto refused = ErrorAnswering(*game.seats[1], VoteMsg(bad));
    REQUIRE(refused);
    CHECK(refused->code() == v1::ERROR_CODE_INVALID_VOTE);
  }
  // One of the two present is not more than half: the game still waits.
  CHECK_FALSE(ErrorAnswering(*game.seats[0], VoteMsg(kSkip)));
  const auto one = RoomStateWhere(*game.seats[1], [](const v1::RoomState& s) {
    return s.seats(0).vote() == v1::ABSENT_VOTE_SKIP;
  });
  REQUIRE(one);
  CHECK(one->seats(2).awaited());
  CHECK_FALSE(one->seats(2).skipped());
  // The second carries it.
  CHECK_FALSE(ErrorAnswering(*game.seats[1], VoteMsg(kSkip)));
  const auto skipped =
      RoomStateWhere(*game.seats[0], [](const v1::RoomState& s) { return s.seats(2).skipped(); });
  REQUIRE(skipped);
  CHECK_FALSE(skipped->seats(2).awaited());
  CHECK(skipped->seats(0).vote() == v1::ABSENT_VOTE_UNSPECIFIED);  // the vote is over

  // The two present play; seat 2's turns go by without its player (turns go 0, 1, 2: the
  // turn passes from seat 1 back to seat 0 only once seat 2 has had its turn).
  int seat2_turns = 0;
  int last_mover = -1;
  for (int guard = 0; guard < 60 && seat2_turns < 2; ++guard) {
    // Under the server's 30 messages a second per connection.
    std::this_thread::sleep_for(120ms);
    const auto snap = Snapshot(*game.seats[0]);
    REQUIRE(snap);
    const int mover = snap->base().to_move();
    if (last_mover == 1 && mover == 0) ++seat2_turns;
    last_mover = mover;
    if (mover == 2) continue;  // the fallback is on its way
    INFO("mover " << mover << " seq " << snap->seq() << " phase " << snap->base().phase());
    REQUIRE(PlayOneCommand(game));
  }
  CHECK(seat2_turns == 2);
  const auto metrics = HttpGet(server.port(), "/metrics");
  CHECK(metrics.body.find("carc_absent_votes_total{outcome=\"skip\"} 1\n") != std::string::npos);

  // The player comes back with the token: the seat is not skipped any more.
  game.seats[2] = DialHello(server, game.tokens[2]);
  REQUIRE(game.seats[2]);
  const auto back = RoomStateWhere(*game.seats[0], [](const v1::RoomState& s) {
    return !s.seats(2).skipped() && s.seats(2).connected();
  });
  REQUIRE(back);
  CHECK_FALSE(back->seats(2).awaited());
}

TEST_CASE("players vote to end the game: it is over, scored, archived and stays so") {
  const server::ServerConfig config = ShortGrace();  // one data directory for both servers
  std::string token;
  std::vector<int> ended;
  std::uint64_t game_id = 0;
  {
    TestServer server(config);
    RawGame game = StartRawGame(server, VoteRoom(2));
    REQUIRE(game.error.empty());
    token = game.tokens[0];
    // A few turns; seat 0 puts followers on roads, cities and cloisters, which the end of the
    // game scores.
    int followers = 0;
    for (int i = 0; i < 12; ++i) {
      std::this_thread::sleep_for(80ms);
      const auto snap = Snapshot(*game.seats[0]);
      REQUIRE(snap);
      const auto& spots = snap->base().legal_moves().follower_spots();
      const auto spot = std::find_if(spots.begin(), spots.end(), [](const v1::FollowerSpot& f) {
        return f.kind() != v1::FEATURE_KIND_FIELD;
      });
      if (snap->base().to_move() == 0 && spot != spots.end()) {
        const std::uint64_t at = snap->seq();
        game.seats[0]->Send(FollowerMsg(at, static_cast<int>(spot->segment())));
        REQUIRE(Skip(*game.seats[0], [at](const v1::ServerMessage& m) {
          return m.has_event_batch() && m.event_batch().seq() > at;
        }));
        ++followers;
        continue;
      }
      REQUIRE(PlayOneCommand(game));
    }
    REQUIRE(followers > 0);
    auto spectator = DialHello(server);
    REQUIRE(spectator);
    REQUIRE(Ask(*spectator, JoinMsg(game.code, true)));
    game.seats[1].reset();
    REQUIRE(RoomStateWhere(*game.seats[0],
                           [](const v1::RoomState& s) { return s.seats(1).awaited(); }));
    const auto watcher = ErrorAnswering(*spectator, VoteMsg(kEnd));
    REQUIRE(watcher);
    CHECK(watcher->code() == v1::ERROR_CODE_NOT_A_PLAYER);

    // The one player present decides alone.
    CHECK_FALSE(ErrorAnswering(*game.seats[0], VoteMsg(kEnd)));
    const auto over = RoomStateWhere(*game.seats[0], [](const v1::RoomState& s) {
      return s.status() == v1::ROOM_STATUS_FINISHED;
    });
    REQUIRE(over);
    REQUIRE(over->ended_by_vote_scores_size() == 2);
    ended = {over->ended_by_vote_scores().begin(), over->ended_by_vote_scores().end()};
    CHECK_FALSE(over->seats(1).awaited());
    game_id = over->game_id();
    CHECK(game_id != 0);
    // The end-of-game scoring counts seat 0's followers on the board.
    const auto snap = Snapshot(*game.seats[0]);
    REQUIRE(snap);
    CHECK(ended[0] > 0);

    // Nothing more is played, and there is nothing to vote on.
    const std::uint64_t seq = snap->seq();
    game.seats[0]->Send(SkipMsg(seq));
    const auto refused =
        Skip(*game.seats[0], [](const v1::ServerMessage& m) { return m.has_error(); });
    REQUIRE(refused);
    CHECK(refused->error().code() == v1::ERROR_CODE_RULE_VIOLATION);
    const auto closed = ErrorAnswering(*game.seats[0], VoteMsg(kSkip));
    REQUIRE(closed);
    CHECK(closed->code() == v1::ERROR_CODE_NO_VOTE_OPEN);
    const auto archived = HttpGet(server.port(), "/api/games?limit=5");
    CHECK(archived.status == 200);
    CHECK(archived.body.find("\"score\":" + std::to_string(ended[0])) != std::string::npos);
    const auto metrics = HttpGet(server.port(), "/metrics");
    CHECK(metrics.body.find("carc_absent_votes_total{outcome=\"end\"} 1\n") != std::string::npos);
  }
  // After a restart the game is still over, with the same scores.
  TestServer again(config);
  auto back = DialHello(again, token);
  REQUIRE(back);
  const auto state = RoomStateWhere(*back, [](const v1::RoomState&) { return true; });
  REQUIRE(state);
  CHECK(state->status() == v1::ROOM_STATUS_FINISHED);
  CHECK(std::vector<int>(state->ended_by_vote_scores().begin(),
                         state->ended_by_vote_scores().end()) == ended);
  CHECK(state->game_id() == game_id);
}

}  // namespace carc::test
