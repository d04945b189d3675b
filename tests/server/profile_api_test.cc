// The profile API on its own (accounts/profile_api.h), with no socket or server: a SQLite store
// in a scratch folder, a session made in the store, and this node's rooms stood in for by
// functions the test watches. Profiles by name, the /api/me paths' session and methods, the
// deletion's typed name and erasure, and the claims' limits.
#include <catch2/catch.hpp>

#include "account_api_host.h"
#include "accounts/account_name.h"
#include "accounts/profile_api.h"
#include "accounts/session_cookie.h"
#include "store/sqlite_store.h"
#include "test_server.h"

using namespace carc;
namespace cs = carc::server::store;
using server::accounts::kDeletedLabel;

namespace {

constexpr std::int64_t kProfileNow = 1'800'000'000;

struct ProfileFixture : test::AccountApiHost {
  ProfileFixture() : AccountApiHost(kProfileNow) {
    ada = *store->accounts()->CreateAccount("Ada", server::accounts::NameKey("Ada"), "h", 0);
    bob = *store->accounts()->CreateAccount("Bob", server::accounts::NameKey("Bob"), "h", 0);
    SignIn(ada);
    cs::ArchivedGame game;
    game.code = "WONGAME1";
    game.id = store->CreateRoom(game.code, "created");
    game.finished_at = kProfileNow - 60;
    game.game = "base";
    game.players = {{"Ada", 80, ada}, {"Bob", 62, bob}};
    store->Archive(game);
  }

  // As the browser sends it: with Ada's session cookie, or none.
  server::ApiResponse Ask(const std::string& method, const std::string& target,
                          const std::string& body = "", bool signed_in = true) {
    return test::Served(api, Request(method, target, body, signed_in)).get();
  }

  cs::AccountId ada = 0;
  cs::AccountId bob = 0;
  // This node's rooms: Ada sits in a lobby and at a finished table.
  std::vector<server::HeldSeat> held = {
      {"FINISHED", 2, "base", 0, {"Ada", "Cy"}, v1::ROOM_STATUS_FINISHED},
      {"LOBBYONE", 3, "castle", 1, {"Cy", "Ada"}, v1::ROOM_STATUS_LOBBY},
      {"HERSTURN", 4, "base", 2, {"Cy", "Dee", "Ada"}, v1::ROOM_STATUS_PLAYING, 2},
      {"CYSTURN1", 5, "base", 1, {"Cy", "Ada"}, v1::ROOM_STATUS_PLAYING, 0},
  };
  std::vector<std::pair<cs::AccountId, std::string>> forgotten;
  std::vector<std::string> claimed_hashes;
  server::accounts::ProfileApi api{
      store->accounts(), accounts,
      server::accounts::LiveSeats{
          [this](cs::AccountId who) { return who == ada ? held : std::vector<server::HeldSeat>{}; },
          [this](cs::AccountId, const std::string&, const std::vector<std::string>& hashes) {
            claimed_hashes = hashes;
            return 1;
          },
          [this](cs::AccountId who, const std::string& label) {
            forgotten.emplace_back(who, label);
          }},
      [](cs::AccountId who) {
        return nlohmann::json::array({{{"pool", "base"}, {"id", who}}});
      }};
};

}  // namespace

TEST_CASE("profile api: a player's profile by name, with their games and ratings",
          "[accounts][api]") {
  ProfileFixture f;
  const auto profile = f.Ask("GET", "/api/players/Ada", "", /*signed_in=*/false);
  REQUIRE(profile.status == 200);
  const auto body = test::ApiBody(profile);
  CHECK(body["name"] == "Ada");
  CHECK(body["games"] == nlohmann::json::parse(R"([{"game":"base","played":1,"won":1}])"));
  REQUIRE(body["recent"].size() == 1);
  CHECK(body["recent"][0]["room"] == "WONGAME1");
  CHECK(body["recent"][0]["won"] == true);
  CHECK(body["ratings"][0]["id"] == f.ada);  // the ratings part asked for Ada's
  // The name as typed in an address: escaped, in another case.
  CHECK(test::ApiBody(f.Ask("GET", "/api/players/%61DA", "", false))["name"] == "Ada");
  CHECK(f.Ask("GET", "/api/players/Nobody", "", false).status == 404);
  CHECK(f.Ask("GET", "/api/players/%zz", "", false).status == 404);
  const auto posted = f.Ask("POST", "/api/players/Ada", "", false);
  CHECK(posted.status == 405);
  CHECK(posted.allow == "GET, HEAD");
}

TEST_CASE("profile api: a player's own pages need their session and take only their methods",
          "[accounts][api][security]") {
  ProfileFixture f;
  for (const char* path : {"/api/me/games", "/api/me/export", "/api/me/claims"}) {
    INFO(path);
    const std::string method = std::string(path) == "/api/me/claims" ? "POST" : "GET";
    CHECK(f.Ask(method, path, "{}", /*signed_in=*/false).status == 401);
  }
  CHECK(f.Ask("DELETE", "/api/me", R"({"name":"Ada"})", false).status == 401);
  CHECK(f.store->accounts()->AccountById(f.ada).has_value());
  const auto put = f.Ask("PUT", "/api/me/games");
  CHECK(put.status == 405);
  CHECK(put.allow == "GET, HEAD");
  const auto got = f.Ask("GET", "/api/me/claims");
  CHECK(got.status == 405);
  CHECK(got.allow == "POST");

  // Her games: the rooms of this node waiting for her (the finished table is not), and the
  // archive's finished games.
  const auto games = test::ApiBody(f.Ask("GET", "/api/me/games"));
  // The game waiting for her move comes first (issue "games over days": whose turn it is).
  REQUIRE(games["in_progress"].size() == 3);
  CHECK(games["in_progress"][0]["room"] == "HERSTURN");
  CHECK(games["in_progress"][0]["your_turn"] == true);
  CHECK(games["in_progress"][0]["to_move"] == 2);
  CHECK(games["in_progress"][1]["room"] == "LOBBYONE");
  CHECK(games["in_progress"][1]["seat"] == 1);
  CHECK(games["in_progress"][1]["started"] == false);
  CHECK(games["in_progress"][1]["to_move"] == -1);
  CHECK(games["in_progress"][1]["your_turn"] == false);
  CHECK(games["in_progress"][2]["room"] == "CYSTURN1");
  CHECK(games["in_progress"][2]["your_turn"] == false);
  CHECK(games["in_progress"][2]["to_move"] == 0);
  REQUIRE(games["finished"].size() == 1);
  CHECK(games["finished"][0]["room"] == "WONGAME1");
  const auto exported = f.Ask("GET", "/api/me/export");
  CHECK(exported.status == 200);
  CHECK(exported.content_disposition.find("attachment") != std::string::npos);
  CHECK(exported.body.find(f.token) == std::string::npos);  // sessions by id, never by token
}

TEST_CASE(
    "profile api: deleting an account takes its name typed and a body within 4 KB, then erases "
    "it",
    "[accounts][api][security]") {
  ProfileFixture f;
  const auto big = f.Ask("DELETE", "/api/me", std::string(4097, ' '));
  CHECK(big.status == 413);
  CHECK(test::ApiBody(big)["error"] == "the request is over 4 KB");
  for (const std::string wrong : {R"({"name":"Bob"})", "{}", R"({"name":7})", "Ada", ""}) {
    INFO(wrong);
    const auto refused = f.Ask("DELETE", "/api/me", wrong);
    CHECK(refused.status == 400);
    CHECK(test::ApiBody(refused)["field"] == "name");
  }
  CHECK(f.forgotten.empty());
  CHECK(f.store->accounts()->AccountById(f.ada).has_value());

  // Typed as the player likes to (case folded like every name): gone, and its rooms told.
  const auto deleted = f.Ask("DELETE", "/api/me", R"({"name":"ADA"})");
  CHECK(deleted.status == 204);
  CHECK(deleted.set_cookie.find(std::string(server::accounts::kSessionCookie) + "=;") == 0);
  CHECK(f.forgotten == std::vector<std::pair<cs::AccountId, std::string>>{{f.ada, kDeletedLabel}});
  CHECK_FALSE(f.store->accounts()->AccountById(f.ada).has_value());
  CHECK(f.Ask("GET", "/api/players/Ada", "", false).status == 404);
  CHECK(f.Ask("GET", "/api/me/games").status == 401);  // the session went with it
  // Bob's game keeps its scores, Ada's seat under the label.
  const auto bobs = test::ApiBody(f.Ask("GET", "/api/players/Bob", "", false));
  REQUIRE(bobs["recent"].size() == 1);
  CHECK(bobs["recent"][0]["players"][0]["name"] == kDeletedLabel);
  CHECK(bobs["recent"][0]["players"][0]["score"] == 80);
  // The label is no account's: a page does not link it to a profile.
  CHECK(bobs["recent"][0]["players"][0]["account"] == false);
  CHECK(bobs["recent"][0]["players"][1]["account"] == true);
}

TEST_CASE("profile api: a claim sends at most 32 short tokens, hashed, within 4 KB",
          "[accounts][api][security]") {
  ProfileFixture f;
  CHECK(f.Ask("POST", "/api/me/claims", std::string(4097, ' ')).status == 413);
  const auto refused = [&](const std::string& body) {
    INFO(body);
    const auto r = f.Ask("POST", "/api/me/claims", body);
    CHECK(r.status == 400);
    CHECK(test::ApiBody(r)["field"] == "tokens");
  };
  refused(R"({"tokens":"abc"})");
  refused(R"({"tokens":[""]})");
  refused(R"({"tokens":[7]})");
  refused(R"({"tokens":[")" + std::string(65, 'a') + R"("]})");
  std::string many = R"({"tokens":[)";
  for (int i = 0; i < 33; ++i)
    many += std::string(i > 0 ? "," : "") + "\"t" + std::to_string(i) + "\"";
  refused(many + "]}");
  refused("[]");
  CHECK(f.claimed_hashes.empty());

  const auto claimed = f.Ask("POST", "/api/me/claims", R"({"tokens":["tok-one","tok-two"]})");
  REQUIRE(claimed.status == 200);
  CHECK(test::ApiBody(claimed) == nlohmann::json::parse(R"({"finished":0,"in_progress":1})"));
  // The rooms are asked with the tokens' hashes, never the tokens.
  REQUIRE(f.claimed_hashes.size() == 2);
  CHECK(f.claimed_hashes[0] != "tok-one");
  CHECK(f.claimed_hashes[0] != f.claimed_hashes[1]);
}
