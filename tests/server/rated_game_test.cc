// A rated room's part on its own (rooms/rated_game.h), with no room or socket: which options and
// computer players a rated room takes, the archive's rated fields, and the changes told to the
// room.
#include <catch2/catch.hpp>

#include "games/registry.h"
#include "ratings/computer_ratings.h"
#include "rooms/game_session.h"
#include "rooms/rated_game.h"
#include "test_server.h"

using namespace carc;
using test::RoomFor;

namespace {

// A room of `options`, rated or not, with the fallback move for absent players (a rated room
// that only waits is refused: its own check below).
v1::RoomOptions NormalizedRoom(v1::RoomOptions options, bool rated) {
  options.set_rated(rated);
  options.set_abandon_policy(v1::ABANDON_POLICY_FALLBACK_MOVE);
  const server::GameAdapter* game = server::FindGame(options.game_type());
  REQUIRE(game != nullptr);
  REQUIRE(game->NormalizeOptions(options).empty());
  return options;
}

v1::RoomOptions CastleRoom(bool rated) {
  v1::RoomOptions options;
  options.set_game_type(v1::GAME_TYPE_CASTLE);
  options.set_seats(2);
  return NormalizedRoom(options, rated);
}

std::string ProblemOf(const v1::RoomOptions& options) {
  return server::RatedRoomProblem(options, *server::FindGame(options.game_type()));
}

// Three seats: Ada (account 11), Bo (account 12) and a computer player of `level`.
server::SeatTable AdaBoAndComputer(const std::string& level) {
  server::SeatTable seats(3);
  seats.Grant(0, "Ada", nullptr, "hash-a");
  seats.Grant(1, "Bo", nullptr, "hash-b");
  seats[0].account = 11;
  seats[1].account = 12;
  seats[2].occupied = true;
  seats[2].name = "Computer";
  seats[2].computer_level = level;
  return seats;
}

server::store::ArchivedGame ArchiveOf(const server::SeatTable& seats) {
  server::store::ArchivedGame game;
  for (const server::Seat& s : seats) game.players.push_back({s.name, 10, s.account});
  return game;
}

}  // namespace

TEST_CASE("rated game: a rated room plays the standard rules of a game with a pool",
          "[ratings][rooms]") {
  CHECK(ProblemOf(NormalizedRoom(RoomFor(2), true)) == "");
  CHECK(ProblemOf(CastleRoom(true)) == "");
  engine::Options count;
  count.count = true;
  CHECK(ProblemOf(NormalizedRoom(RoomFor(3, count), true)) == "");
  engine::Options house;
  house.farmers = false;
  CHECK(ProblemOf(NormalizedRoom(RoomFor(2, house), true)) ==
        "a rated game plays the standard rules: farmers=false is a house rule");
  v1::RoomOptions hinted = RoomFor(2);
  hinted.set_hints(true);
  CHECK(ProblemOf(NormalizedRoom(hinted, true)) == "a rated game gives no hints: turn hints off");
  // An unrated room may play what it likes.
  CHECK(ProblemOf(NormalizedRoom(RoomFor(2, house), false)) == "");
}

TEST_CASE("rated game: a rated room needs a clock or a policy that plays on for the absent",
          "[ratings][rooms]") {
  // The review: with the wait policy and no clock the loser drops out, the game never ends.
  v1::RoomOptions room = NormalizedRoom(RoomFor(2), true);
  for (const auto policy : {v1::ABANDON_POLICY_UNSPECIFIED, v1::ABANDON_POLICY_WAIT}) {
    room.set_abandon_policy(policy);
    CHECK_THAT(ProblemOf(room), Catch::StartsWith("a rated game needs a turn clock"));
  }
  room.mutable_clock()->set_initial_seconds(300);
  CHECK(ProblemOf(room) == "");
  room.clear_clock();
  room.mutable_turn_based()->set_move_seconds(86400);
  CHECK(ProblemOf(room) == "");
  room.clear_turn_based();
  for (const auto policy :
       {v1::ABANDON_POLICY_FALLBACK_MOVE, v1::ABANDON_POLICY_COMPUTER, v1::ABANDON_POLICY_VOTE}) {
    room.set_abandon_policy(policy);
    CHECK(ProblemOf(room) == "");
  }
}

TEST_CASE("rated game: a computer player sits in a rated room only with a yardstick rating",
          "[ratings][rooms]") {
  const v1::RoomOptions rated = NormalizedRoom(RoomFor(2), true);
  const v1::RoomOptions unrated = NormalizedRoom(RoomFor(2), false);
  // Random play has no yardstick in any pool; an unrated room seats it all the same.
  CHECK(server::RatedComputerProblem(rated, "random") ==
        "a rated room seats only computer players with a yardstick rating in this game "
        "(docs/ratings.md); random has none");
  CHECK(server::RatedComputerProblem(unrated, "random") == "");
  const v1::RoomOptions castle = CastleRoom(true);
  CHECK(server::RatedComputerProblem(castle, "random").ends_with("random has none"));
  for (const std::string level : {"greedy", "mcts@250", "mcts@1000"}) {
    INFO(level);
    // Every pool's levels are measured (docs/ratings.md, 200 arena games each).
    for (const std::string pool : {"base", "count", "castle"}) {
      INFO(pool);
      const auto yardstick = ratings::ComputerRating(pool, level);
      REQUIRE(yardstick);
      CHECK(yardstick->sigma > 0);
    }
    CHECK(server::RatedComputerProblem(rated, level) == "");
    CHECK(server::RatedComputerProblem(unrated, level) == "");
    CHECK(server::RatedComputerProblem(castle, level) == "");
  }
}

TEST_CASE("rated game: a player reads which computer level their shown rating is above",
          "[ratings]") {
  // Base: easy 1251, medium 1832, hard 1881 (docs/ratings.md).
  CHECK_FALSE(ratings::StrongerThan("base", 1251));  // equal is not above
  CHECK(ratings::StrongerThan("base", 1252) == "easy");
  CHECK(ratings::StrongerThan("base", 1832) == "easy");
  CHECK(ratings::StrongerThan("base", 1833) == "medium");
  CHECK(ratings::StrongerThan("base", 2500) == "hard");
  CHECK_FALSE(ratings::StrongerThan("base", 900));
  CHECK(ratings::StrongerThan("castle", 2500) == "hard");  // The Castle's strongest level
  CHECK_FALSE(ratings::StrongerThan("nonsense", 2500));
  const auto base = ratings::PoolYardsticks("base");
  REQUIRE(base.size() == 3);
  for (std::size_t i = 1; i < base.size(); ++i) {
    CHECK(ratings::Displayed(base[i - 1].rating) < ratings::Displayed(base[i].rating));
  }
}

TEST_CASE("rated game: the archive learns the pool, who left, and the computers' yardsticks",
          "[ratings][rooms]") {
  engine::Options count;
  count.count = true;
  const v1::RoomOptions options = NormalizedRoom(RoomFor(3, count), true);
  std::string error;
  auto session = server::StartGameSession(options, 3, 2026, 0, &error);
  INFO(error);
  REQUIRE(session);
  const server::SeatTable seats = AdaBoAndComputer("mcts@1000");

  server::RatedGame rated(options);
  CHECK(rated.on());
  auto game = ArchiveOf(seats);
  rated.PrepareArchive(game, seats, *session);
  CHECK(game.rated_pool == "count");
  CHECK_FALSE(game.players[0].left);
  CHECK_FALSE(game.players[1].left);
  CHECK(game.players[2].fixed_rating.has_value() ==
        ratings::ComputerRating("count", "mcts@1000").has_value());
  CHECK(game.players[0].account == 11);  // the room's, untouched

  // Bo was away when the players voted the game over: he left it, and is ranked last.
  session->MarkLeft(1);
  auto after_vote = ArchiveOf(seats);
  rated.PrepareArchive(after_vote, seats, *session);
  CHECK_FALSE(after_vote.players[0].left);
  CHECK(after_vote.players[1].left);
  CHECK_FALSE(after_vote.players[2].left);  // a computer never leaves

  // The same room unrated: the archive is the room's alone.
  const v1::RoomOptions plain = NormalizedRoom(RoomFor(3, count), false);
  server::RatedGame unrated(plain);
  CHECK_FALSE(unrated.on());
  auto unrated_game = ArchiveOf(seats);
  unrated.PrepareArchive(unrated_game, seats, *session);
  CHECK(unrated_game.rated_pool.empty());
  CHECK_FALSE(unrated_game.players[1].left);
  CHECK_FALSE(unrated_game.players[2].fixed_rating);
}

TEST_CASE("rated game: the room tells each rated seat its place and its rating before and after",
          "[ratings][rooms]") {
  const v1::RoomOptions options = CastleRoom(true);
  server::RatedGame rated(options);
  CHECK(rated.changes().empty());
  server::store::RatingChange first;
  first.seat = 1;
  first.place = 0;
  first.before = {25.0, 25.0 / 3};
  first.after = {27.5, 7.9};
  server::store::RatingChange second;
  second.seat = 0;
  second.place = 1;
  second.left = true;
  second.before = {30.0, 2.0};
  second.after = {29.0, 1.9};
  rated.set_changes({first, second});
  REQUIRE(rated.changes().size() == 2);

  v1::RoomState state;
  server::FillRatingChanges(rated.changes(), &state);
  REQUIRE(state.rating_changes_size() == 2);
  const v1::RatingChange& won = state.rating_changes(0);
  CHECK(won.seat() == 1);
  CHECK(won.place() == 0);
  CHECK_FALSE(won.left());
  CHECK(won.before().mu() == 25.0);
  CHECK(won.after().sigma() == 7.9);
  // Displayed: 1000 + 30 (mu - 3 sigma), rounded.
  CHECK(won.before().rating() == 1000);
  CHECK(won.after().rating() == ratings::Displayed({27.5, 7.9}));
  CHECK(won.after().rating() == 1114);
  const v1::RatingChange& lost = state.rating_changes(1);
  CHECK(lost.seat() == 0);
  CHECK(lost.left());
  CHECK(lost.before().rating() == 1720);
  CHECK(lost.after().rating() == 1699);
}
