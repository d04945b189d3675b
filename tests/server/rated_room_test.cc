// Rated rooms over the wire (rooms/rated_game.h, docs/ratings.md): who may create and sit in
// one, the options that keep a game unrated, and a finished game of two accounts rated once,
// told to the room with each seat's change, and read back after a restart.
#include <catch2/catch.hpp>

#include <optional>

#include "account_helpers.h"
#include "ratings/farming_guard.h"
#include "ratings/weng_lin.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

v1::RoomOptions Rated(int seats) {
  v1::RoomOptions room = RoomFor(seats);
  room.set_rated(true);
  room.set_is_public(true);
  room.set_abandon_policy(v1::ABANDON_POLICY_FALLBACK_MOVE);  // waiting alone is refused
  return room;
}

v1::ErrorCode CodeOf(const std::optional<v1::ServerMessage>& m) {
  return m && m->has_error() ? m->error().code() : v1::ERROR_CODE_UNSPECIFIED;
}

std::string TextOf(const std::optional<v1::ServerMessage>& m) {
  return m && m->has_error() ? m->error().message() : "";
}

}  // namespace

TEST_CASE("rated rooms: signed-in players only, standard rules, no hints", "[ratings][server]") {
  TestServer server(AccountGamesConfig());
  const auto port = server.port();
  const std::string ada = NewAccount(port, "Ada");

  auto guest = DialHello(server);
  REQUIRE(guest);
  CHECK(CodeOf(Ask(*guest, CreateMsg(Rated(2)))) == v1::ERROR_CODE_SIGN_IN_REQUIRED);

  auto host = DialHello(server, "", nullptr, Cookie(ada));
  REQUIRE(host);
  // House rules: B-20's farmers off makes a different game, which no rating compares.
  engine::Options no_farmers;
  no_farmers.farmers = false;
  v1::RoomOptions house = RoomFor(2, no_farmers);
  house.set_rated(true);
  const auto refused = Ask(*host, CreateMsg(house));
  CHECK(CodeOf(refused) == v1::ERROR_CODE_INVALID_OPTIONS);
  CHECK(TextOf(refused) == "a rated game plays the standard rules: farmers=false is a house rule");
  v1::RoomOptions hinted = Rated(2);
  hinted.set_hints(true);
  CHECK(CodeOf(Ask(*host, CreateMsg(hinted))) == v1::ERROR_CODE_INVALID_OPTIONS);
  // The Count chooses a pool of its own: standard, so rated.
  engine::Options count;
  count.count = true;
  v1::RoomOptions with_count = RoomFor(3, count);
  with_count.set_rated(true);
  // Waiting alone for a player who left, with no clock, would hold a rated game forever.
  const auto waiting = Ask(*host, CreateMsg(with_count));
  CHECK(CodeOf(waiting) == v1::ERROR_CODE_INVALID_OPTIONS);
  CHECK_THAT(TextOf(waiting), Catch::StartsWith("a rated game needs a turn clock"));
  with_count.mutable_clock()->set_initial_seconds(600);  // a clock is enough
  const auto made_count = Ask(*host, CreateMsg(with_count));
  REQUIRE(made_count);
  CHECK(made_count->has_seat_granted());
  REQUIRE(Ask(*host, [] {
    v1::ClientMessage m;
    m.mutable_leave_room();
    return m;
  }()));

  const auto made = Ask(*host, CreateMsg(Rated(2)));
  REQUIRE(made);
  REQUIRE(made->has_seat_granted());
  const std::string code = made->seat_granted().room_code();
  // A guest watches, never sits.
  CHECK(CodeOf(Ask(*guest, JoinMsg(code))) == v1::ERROR_CODE_SIGN_IN_REQUIRED);
  auto watcher = DialHello(server);
  REQUIRE(watcher);
  const auto watching = Ask(*watcher, JoinMsg(code, /*spectate=*/true));
  REQUIRE(watching);
  CHECK(watching->has_room_state());
  CHECK(watching->room_state().options().rated());
  // A computer player needs a yardstick rating in the pool; random never has one.
  const auto computer = Ask(*host, AddComputerMsg(1, "random"));
  CHECK(CodeOf(computer) == v1::ERROR_CODE_INVALID_OPTIONS);
  CHECK(TextOf(computer).find("random has none") != std::string::npos);
  // The room list says so.
  auto lister = DialHello(server);
  REQUIRE(lister);
  v1::ClientMessage list;
  list.mutable_list_rooms();
  const auto rooms = Ask(*lister, list);
  REQUIRE(rooms);
  REQUIRE(rooms->has_room_list());
  bool listed = false;
  for (const auto& r : rooms->room_list().rooms()) {
    if (r.code() == code) listed = r.rated();
  }
  CHECK(listed);
}

TEST_CASE("rated rooms: a finished game of two accounts is rated and told to the room",
          "[ratings][server]") {
  const std::string dir = NewDataDir();
  auto config = AccountGamesConfig();
  config.data_dir = dir;
  std::string code;
  std::vector<v1::RatingChange> told;
  std::string ada;
  {
    TestServer server(config);
    const auto port = server.port();
    ada = NewAccount(port, "Ada");
    const std::string bob = NewAccount(port, "Bob");
    RawGame game = StartRawGame(server, Rated(2), {Cookie(ada), Bearer(bob)});
    REQUIRE(game.error == "");
    code = game.code;
    for (int guard = 0; guard < 400 && PlayOneCommand(game); ++guard) {
    }
    const auto end = Skip(*game.seats[1], [](const v1::ServerMessage& m) {
      return m.has_room_state() && m.room_state().status() == v1::ROOM_STATUS_FINISHED &&
             m.room_state().rating_changes_size() > 0;
    });
    REQUIRE(end);
    const auto& st = end->room_state();
    REQUIRE(st.rating_changes_size() == 2);
    told.assign(st.rating_changes().begin(), st.rating_changes().end());
    CHECK(told[0].seat() == 0);
    CHECK(told[1].seat() == 1);
    // Both new: they start from 25 and 25/3, and the update is the model's for their places,
    // each counting a sixth of a game for the other (new players: ratings/farming_guard.h).
    const std::vector<ratings::Standing> standings = {{{}, told[0].place()}, {{}, told[1].place()}};
    const std::vector<ratings::FarmingFacts> facts(2, ratings::FarmingFacts{false, 0, 6});
    const auto want = ratings::RateGame(
        standings, ratings::FarmingDamping(facts, [](std::size_t, std::size_t) { return 0; }));
    for (int i = 0; i < 2; ++i) {
      CHECK(told[static_cast<std::size_t>(i)].before().mu() == Approx(25.0));
      CHECK(told[static_cast<std::size_t>(i)].after().mu() ==
            Approx(want[static_cast<std::size_t>(i)].mu).epsilon(1e-12));
      CHECK(told[static_cast<std::size_t>(i)].after().rating() ==
            ratings::Displayed(want[static_cast<std::size_t>(i)]));
      CHECK_FALSE(told[static_cast<std::size_t>(i)].left());
    }
    // The profile has the same figures, with the change in its history.
    const auto profile = GetJson(port, "/api/players/ada", {});
    REQUIRE(profile["ratings"].size() == 1);
    const auto& base = profile["ratings"][0];
    CHECK(base["pool"] == "base");
    CHECK(base["games"] == 1);
    CHECK(base["provisional"] == true);
    CHECK(base["mu"].get<double>() == Approx(told[0].after().mu()).epsilon(1e-12));
    CHECK(base["rating"] == told[0].after().rating());
    REQUIRE(base["history"].size() == 1);
    CHECK(base["history"][0]["room"] == code);
    CHECK(base["history"][0]["place"] == told[0].place());
    CHECK(base["history"][0]["before"]["mu"].get<double>() == Approx(25.0));
    CHECK(base["history"][0]["after"]["sigma"].get<double>() ==
          Approx(told[0].after().sigma()).epsilon(1e-12));
    // One game is not enough for the leaderboard (5); its queries are checked.
    const auto board = GetJson(port, "/api/leaderboard?pool=base", {});
    CHECK(board["players"].empty());
    CHECK(board["page"] == 1);
    CHECK(board["more"] == false);
    CHECK(GetJson(port, "/api/leaderboard?pool=chess", {}, 400)["field"] == "pool");
    for (const char* page : {"0", "201", "x", "1.5", "-1"}) {
      INFO(page);
      CHECK(GetJson(port, std::string("/api/leaderboard?page=") + page, {}, 400)["field"] ==
            "page");
    }
    CHECK(HttpRequest(port, "POST", "/api/leaderboard", "", {}).status == 405);
  }
  // After a restart the room is rebuilt finished and archived: the changes are read back, the
  // same, and the game is not rated again.
  TestServer server(config);
  auto again = DialHello(server, "", nullptr, Cookie(ada));
  REQUIRE(again);
  const auto state = Ask(*again, JoinMsg(code, /*spectate=*/true));
  REQUIRE(state);
  REQUIRE(state->has_room_state());
  const auto& st = state->room_state();
  REQUIRE(st.rating_changes_size() == 2);
  for (int i = 0; i < 2; ++i) {
    CHECK(st.rating_changes(i).after().mu() ==
          Approx(told[static_cast<std::size_t>(i)].after().mu()).epsilon(1e-12));
    CHECK(st.rating_changes(i).place() == told[static_cast<std::size_t>(i)].place());
  }
}

// Ada and Bob's rated game, Bob resigning after `commands` commands of the game: the room state
// that tells its rating changes (none told: nullopt).
std::optional<v1::ServerMessage> ResignedAfter(TestServer& server, int commands) {
  const auto port = server.port();
  const std::string ada = NewAccount(port, "Ada");
  const std::string bob = NewAccount(port, "Bob");
  RawGame game = StartRawGame(server, Rated(2), {Cookie(ada), Cookie(bob)});
  REQUIRE(game.error == "");
  for (int i = 0; i < commands; ++i) REQUIRE(PlayOneCommand(game));
  // A resignation is answered by the batch every seat gets; in a game of two it ends it.
  v1::ClientMessage resign;
  resign.mutable_resign();
  game.seats[1]->Send(resign);
  return Skip(*game.seats[0], [](const v1::ServerMessage& m) {
    return m.has_room_state() && m.room_state().rating_changes_size() > 0;
  });
}

TEST_CASE("rated rooms: a player who resigns is placed last and said to have left",
          "[ratings][server]") {
  TestServer server(AccountGamesConfig());
  // Past the least moves of each player that make a game rated (ratings/farming_guard.h).
  const auto end = ResignedAfter(server, 16);
  REQUIRE(end);
  const auto& changes = end->room_state().rating_changes();
  REQUIRE(changes.size() == 2);
  CHECK(changes[0].place() == 0);
  CHECK_FALSE(changes[0].left());
  CHECK(changes[1].place() == 1);
  CHECK(changes[1].left());
  CHECK(changes[1].after().mu() < 25.0);
}

TEST_CASE("rated rooms: a game resigned before each player made 6 moves is not rated",
          "[ratings][server]") {
  // Rule I of docs/ratings.md, "Farming": an account made to lose resigns at once. The game
  // changes no rating; the one who left is still noted, unchanged, for the fair-play limit.
  TestServer server(AccountGamesConfig());
  const auto port = server.port();
  const auto end = ResignedAfter(server, 4);
  REQUIRE(end);
  const auto& changes = end->room_state().rating_changes();
  REQUIRE(changes.size() == 1);
  CHECK(changes[0].seat() == 1);
  CHECK(changes[0].left());
  CHECK(changes[0].before().mu() == changes[0].after().mu());
  CHECK(changes[0].after().mu() == Approx(25.0));
  CHECK(GetJson(port, "/api/players/ada", {})["ratings"].empty());
  const auto bobs = GetJson(port, "/api/players/bob", {});
  CHECK(bobs["ratings"].empty());
  CHECK(bobs["abandoned"] == 1);
}
