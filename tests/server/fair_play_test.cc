// The fair-play limit (accounts/fair_play.h, docs/moderation.md "Fair play"): the pure rule, then
// over a live server: a player who left too many rated games lately is refused a rated room's
// new seat (ERROR_CODE_ABANDON_LIMIT, until when), to create one too, may still watch and play
// unrated rooms, and the profile counts the games left.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "account_helpers.h"
#include "accounts/fair_play.h"
#include "app/server_app.h"
#include "test_server.h"

namespace cs = carc::server::store;
using carc::server::accounts::BarUntil;
using carc::server::accounts::FairPlayLimit;

namespace carc::test::fair_play {

constexpr std::int64_t kDay = 86400;

TEST_CASE("fair play: the limit bars until enough games left have aged out of the window",
          "[moderation][ratings]") {
  const FairPlayLimit limit{3, 30};
  const std::int64_t now = 100 * kDay;
  CHECK(BarUntil({}, limit, now) == 0);
  CHECK(BarUntil({now - 2 * kDay, now - kDay}, limit, now) == 0);
  // Three in the window: barred until the oldest is 30 days old.
  CHECK(BarUntil({now - 10 * kDay, now - 2 * kDay, now - kDay}, limit, now) == now + 20 * kDay);
  // Four: until the second oldest is, when two are left.
  CHECK(BarUntil({now - 10 * kDay, now - 5 * kDay, now - 2 * kDay, now - kDay}, limit, now) ==
        now + 25 * kDay);
  // Games older than the window do not count; a limit of 0 is none.
  CHECK(BarUntil({now - 40 * kDay, now - 2 * kDay, now - kDay}, limit, now) == 0);
  CHECK(BarUntil({now - 3, now - 2, now - 1}, {0, 30}, now) == 0);
  CHECK(BarUntil({now - 2, now - 1}, {2, 1}, now) == now - 2 + kDay);
}

// Archives a rated game of `leaver` (who left it) and `other` ending at each of `ends`.
void LeaveRatedGames(cs::EventStore& store, cs::AccountId leaver, cs::AccountId other,
                     const std::vector<std::int64_t>& ends) {
  for (const std::int64_t end : ends) {
    cs::ArchivedGame g;
    g.code = "LEFT" + std::to_string(end % 100000);
    g.id = store.CreateRoom(g.code, "created");
    g.finished_at = end;
    g.players = {{"Leaver", 10, leaver, "", true}, {"Other", 20, other, "", false}};
    g.game = "base";
    g.rated_pool = "base";
    store.Archive(g);
  }
}

v1::RoomOptions Rated(int seats) {
  v1::RoomOptions room = RoomFor(seats);
  room.set_rated(true);
  room.set_abandon_policy(v1::ABANDON_POLICY_FALLBACK_MOVE);  // waiting alone is refused
  return room;
}

TEST_CASE("fair play: a player over the limit gets no rated seat, watches, and the profile counts",
          "[moderation][ratings][server]") {
  auto config = AccountGamesConfig();
  config.abandon_limit = 2;
  config.abandon_days = 30;
  TestServer server(config);
  const auto port = server.port();
  const std::string ada = NewAccount(port, "Ada");
  const std::string bob = NewAccount(port, "Bob");
  cs::EventStore& store = server.app().store();
  const auto ada_id = store.accounts()->AccountByKey("ada")->id;
  const auto bob_id = store.accounts()->AccountByKey("bob")->id;
  // Two rated games Ada left, yesterday and the day before.
  const std::int64_t now = static_cast<std::int64_t>(std::time(nullptr));
  LeaveRatedGames(store, ada_id, bob_id, {now - 2 * kDay, now - kDay});
  CHECK(GetJson(port, "/api/players/Ada", {})["abandoned"] == 2);
  CHECK(GetJson(port, "/api/players/Bob", {})["abandoned"] == 0);

  // Ada's connection (made now) is barred from rated seats until the older game is 30 days old.
  auto ada_socket = DialHello(server, "", nullptr, Bearer(ada));
  REQUIRE(ada_socket);
  const auto refused_create = Ask(*ada_socket, CreateMsg(Rated(2)));
  REQUIRE(refused_create);
  REQUIRE(refused_create->has_error());
  CHECK(refused_create->error().code() == v1::ERROR_CODE_ABANDON_LIMIT);
  CHECK_THAT(refused_create->error().message(), Catch::Contains("seat you again from "));
  CHECK_THAT(refused_create->error().message(), Catch::Contains(" UTC"));

  auto bob_socket = DialHello(server, "", nullptr, Bearer(bob));
  REQUIRE(bob_socket);
  const auto made = Ask(*bob_socket, CreateMsg(Rated(2)));
  REQUIRE(made);
  REQUIRE(made->has_seat_granted());
  const std::string code = made->seat_granted().room_code();
  const auto refused_join = Ask(*ada_socket, JoinMsg(code));
  REQUIRE(refused_join);
  REQUIRE(refused_join->has_error());
  CHECK(refused_join->error().code() == v1::ERROR_CODE_ABANDON_LIMIT);
  CHECK_THAT(refused_join->error().message(), Catch::Contains("join to watch"));
  // Watching is allowed, and so is an unrated room.
  const auto watching = Ask(*ada_socket, JoinMsg(code, /*spectate=*/true));
  REQUIRE(watching);
  CHECK_FALSE(watching->has_error());
  auto ada_again = DialHello(server, "", nullptr, Bearer(ada));
  REQUIRE(ada_again);
  const auto unrated = Ask(*ada_again, CreateMsg(RoomFor(2)));
  REQUIRE(unrated);
  CHECK(unrated->has_seat_granted());
  CHECK(MetricValue(port, "carc_rejections_total{reason=\"ERROR_CODE_ABANDON_LIMIT\"}") == 2);
}

TEST_CASE("fair play: with no limit a player who left games still gets a rated seat",
          "[moderation][ratings][server]") {
  auto config = AccountGamesConfig();
  config.abandon_limit = 0;
  TestServer server(config);
  const auto port = server.port();
  const std::string ada = NewAccount(port, "Ada");
  NewAccount(port, "Cyril");
  cs::EventStore& store = server.app().store();
  const auto ada_id = store.accounts()->AccountByKey("ada")->id;
  const auto cy_id = store.accounts()->AccountByKey("cyril")->id;
  const std::int64_t now = static_cast<std::int64_t>(std::time(nullptr));
  LeaveRatedGames(store, ada_id, cy_id, {now - 5, now - 4, now - 3, now - 2, now - 1});
  CHECK(GetJson(port, "/api/players/Ada", {})["abandoned"] == 5);
  auto socket = DialHello(server, "", nullptr, Bearer(ada));
  REQUIRE(socket);
  const auto made = Ask(*socket, CreateMsg(Rated(2)));
  REQUIRE(made);
  CHECK(made->has_seat_granted());
}

}  // namespace carc::test::fair_play
