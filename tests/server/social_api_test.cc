// Friends and invitations over HTTP (accounts/social_api.h) with no socket or server: accounts,
// sessions, follows and invitations in a SQLite store in a scratch folder, the rooms a fake
// that says which rooms exist and who sits in them, and a notifier that keeps what it is told.
// Follows and followers, a block that cuts follows and hides the blocker (its refusal the very
// bytes of an unknown name's), the invitee's preference, invitations made, listed, answered
// and expired, the limits, the room check, the notice, bad inputs, and the session every path
// needs.
#include <catch2/catch.hpp>

#include <map>
#include <mutex>
#include <set>

#include "account_api_host.h"
#include "accounts/account_name.h"
#include "accounts/session_cookie.h"
#include "accounts/session_token.h"
#include "accounts/social_api.h"
#include "store/social_store.h"

using namespace carc;
using nlohmann::json;
namespace cs = carc::server::store;
namespace push = carc::server::push;
namespace sa = carc::server::accounts;

namespace {

constexpr std::int64_t kSocialApiNow = 1'800'000'000;

// Keeps every notice, as a push service would deliver them.
class SocialNoticeLog final : public push::Notifier {
 public:
  void Notify(push::Notice notice) override {
    std::lock_guard lock(mu_);
    notices_.push_back(std::move(notice));
  }
  std::vector<push::Notice> All() {
    std::lock_guard lock(mu_);
    return notices_;
  }

 private:
  std::mutex mu_;
  std::vector<push::Notice> notices_;
};

// The rooms as the application would answer SocialHooks::room_game: a code's game while the
// inviter sits in it.
struct SocialRooms {
  std::map<std::string, std::pair<std::string, std::set<cs::AccountId>>> rooms;

  std::optional<std::string> GameFor(const std::string& code, cs::AccountId inviter) const {
    const auto it = rooms.find(code);
    if (it == rooms.end() || it->second.second.count(inviter) == 0) return std::nullopt;
    return it->second.first;
  }
};

struct SocialApiFixture : test::AccountApiHost {
  explicit SocialApiFixture(sa::SocialLimits limits = {})
      : AccountApiHost(kSocialApiNow),
        api(store->social(), store->accounts(),
            {[this](const std::string& code, cs::AccountId inviter) {
               return rooms.GameFor(code, inviter);
             },
             &notices},
            limits, accounts) {
    ada = Player("Ada", token);
    bob = Player("Bob", bob_token);
    cy = Player("Cid", cy_token);
    rooms.rooms["ROOMAAAA"] = {"castle", {ada, cy}};
    rooms.rooms["ROOMBBBB"] = {"base", {ada, bob, cy}};
    rooms.rooms["ROOMCCCC"] = {"base", {ada, bob, cy}};
  }

  cs::AccountId Player(const std::string& name, const std::string& with) {
    const auto id = *store->accounts()->CreateAccount(name, sa::NameKey(name), "h", 0);
    store->accounts()->CreateSession(id, sa::HashSessionToken(with), "test", now);
    return id;
  }

  // As `who`'s browser sends it ("" for no session).
  server::ApiResponse As(const std::string& who, const std::string& method,
                         const std::string& target, const std::string& body = "") {
    server::ApiRequest request = test::ApiCall(method, target, body);
    if (!who.empty()) request.cookie = std::string(sa::kSessionCookie) + "=" + who;
    return test::Served(api, std::move(request)).get();
  }
  server::ApiResponse Ask(const std::string& method, const std::string& target,
                          const std::string& body = "") {
    return As(token, method, target, body);
  }
  server::ApiResponse Invite(const std::string& from, const std::string& to,
                             const std::string& room) {
    return As(from, "POST", "/api/invitations", json{{"to", to}, {"room", room}}.dump());
  }
  json Invitations(const std::string& who) {
    const auto r = As(who, "GET", "/api/me/invitations");
    REQUIRE(r.status == 200);
    return test::ApiBody(r)["invitations"];
  }

  std::string bob_token = sa::NewSessionToken();
  std::string cy_token = sa::NewSessionToken();
  cs::AccountId ada = 0, bob = 0, cy = 0;
  SocialRooms rooms;
  SocialNoticeLog notices;
  sa::SocialApi api;
};

std::vector<std::string> SocialApiNames(const server::ApiResponse& r, const char* list) {
  REQUIRE(r.status == 200);
  const json body = test::ApiBody(r);
  std::vector<std::string> out;
  for (const auto& item : body[list]) out.push_back(item["name"]);
  return out;
}

// Two answers alike in every byte a client sees.
void SocialSameAnswer(const server::ApiResponse& a, const server::ApiResponse& b) {
  CHECK(a.status == b.status);
  CHECK(a.content_type == b.content_type);
  CHECK(a.body == b.body);
  CHECK(a.allow == b.allow);
  CHECK(a.retry_after == b.retry_after);
  CHECK(a.set_cookie == b.set_cookie);
}

}  // namespace

TEST_CASE("social api: a follow is made once, listed both ways and ended", "[social][api]") {
  SocialApiFixture f({20, 20, 2});
  const auto made = f.Ask("POST", "/api/me/following", R"({"name":"bob"})");
  CHECK(made.status == 201);
  CHECK(test::ApiBody(made)["name"] == "Bob");  // as Bob chose it, whatever the case typed
  CHECK(f.Ask("POST", "/api/me/following", R"({"name":"Bob"})").status == 200);
  const auto following = f.Ask("GET", "/api/me/following");
  REQUIRE(following.status == 200);
  CHECK(test::ApiBody(following) ==
        json::parse(R"({"following":[{"name":"Bob","since":1800000000}]})"));
  CHECK(SocialApiNames(f.As(f.bob_token, "GET", "/api/me/followers"), "followers") ==
        std::vector<std::string>{"Ada"});
  CHECK(SocialApiNames(f.Ask("GET", "/api/me/followers"), "followers").empty());

  const auto unknown = f.Ask("POST", "/api/me/following", R"({"name":"Nobody"})");
  CHECK(unknown.status == 404);
  CHECK(f.Ask("POST", "/api/me/following", R"({"name":"ADA"})").status == 400);  // yourself
  CHECK(f.Ask("POST", "/api/me/following", R"({"name":"Cid"})").status == 201);
  // Two is this server's limit.
  f.Player("Dee", sa::NewSessionToken());
  const auto full = f.Ask("POST", "/api/me/following", R"({"name":"Dee"})");
  CHECK(full.status == 409);
  CHECK(SocialApiNames(f.Ask("GET", "/api/me/following"), "following") ==
        std::vector<std::string>{"Cid", "Bob"});

  CHECK(f.Ask("DELETE", "/api/me/following/bob").status == 204);
  CHECK(f.Ask("DELETE", "/api/me/following/bob").status == 204);     // not following: the same
  CHECK(f.Ask("DELETE", "/api/me/following/Nobody").status == 204);  // nobody of that name
  CHECK(SocialApiNames(f.As(f.bob_token, "GET", "/api/me/followers"), "followers").empty());
  CHECK(f.api.metrics().follows.load() == 2);
}

TEST_CASE("social api: a block cuts both follows, and hides the blocker as no such player",
          "[social][api][security]") {
  SocialApiFixture f;
  REQUIRE(f.Ask("POST", "/api/me/following", R"({"name":"Bob"})").status == 201);
  REQUIRE(f.As(f.bob_token, "POST", "/api/me/following", R"({"name":"Ada"})").status == 201);
  const auto blocked = f.Ask("POST", "/api/me/blocks", R"({"name":"Bob"})");
  CHECK(blocked.status == 201);
  CHECK(f.Ask("POST", "/api/me/blocks", R"({"name":"Bob"})").status == 200);
  CHECK(f.Ask("POST", "/api/me/blocks", R"({"name":"Ada"})").status == 400);
  CHECK(f.Ask("POST", "/api/me/blocks", R"({"name":"Nobody"})").status == 404);
  CHECK(SocialApiNames(f.Ask("GET", "/api/me/blocks"), "blocks") ==
        std::vector<std::string>{"Bob"});
  CHECK(SocialApiNames(f.Ask("GET", "/api/me/following"), "following").empty());
  CHECK(SocialApiNames(f.Ask("GET", "/api/me/followers"), "followers").empty());
  CHECK(f.As(f.bob_token, "POST", "/api/me/following", R"({"name":"Ada"})").status == 403);

  // Bob's invitation to Ada reads exactly like one to a name nobody has.
  const auto to_ada = f.Invite(f.bob_token, "Ada", "ROOMBBBB");
  const auto to_nobody = f.Invite(f.bob_token, "Nobody", "ROOMBBBB");
  CHECK(to_ada.status == 404);
  SocialSameAnswer(to_ada, to_nobody);
  CHECK(f.Invitations(f.token).empty());
  CHECK(f.notices.All().empty());

  CHECK(f.Ask("DELETE", "/api/me/blocks/Bob").status == 204);
  CHECK(f.Ask("DELETE", "/api/me/blocks/Bob").status == 204);
  CHECK(f.Invite(f.bob_token, "Ada", "ROOMBBBB").status == 201);
  CHECK(f.api.metrics().blocks.load() == 1);
}

TEST_CASE("social api: the invitee's preference says whose invitations reach them",
          "[social][api]") {
  SocialApiFixture f;
  const auto initial = f.As(f.bob_token, "GET", "/api/me/preferences");
  REQUIRE(initial.status == 200);
  CHECK(test::ApiBody(initial) == json{{"invitations_from", "anyone"}});
  const auto followed =
      f.As(f.bob_token, "PUT", "/api/me/preferences", R"({"invitations_from":"followed"})");
  CHECK(followed.status == 200);
  CHECK(test::ApiBody(followed) == json{{"invitations_from", "followed"}});
  // Bob follows Cid, not Ada: Ada's invitation is refused as if Bob did not exist.
  REQUIRE(f.As(f.bob_token, "POST", "/api/me/following", R"({"name":"Cid"})").status == 201);
  SocialSameAnswer(f.Invite(f.token, "Bob", "ROOMBBBB"), f.Invite(f.token, "Nobody", "ROOMBBBB"));
  CHECK(f.Invite(f.cy_token, "Bob", "ROOMBBBB").status == 201);

  REQUIRE(
      f.As(f.bob_token, "PUT", "/api/me/preferences", R"({"invitations_from":"nobody"})").status ==
      200);
  const auto from_cy = f.Invite(f.cy_token, "Bob", "ROOMCCCC");
  CHECK(from_cy.status == 404);
  SocialSameAnswer(from_cy, f.Invite(f.cy_token, "Nobody", "ROOMCCCC"));
  CHECK(test::ApiBody(f.As(f.bob_token, "GET", "/api/me/preferences")) ==
        json{{"invitations_from", "nobody"}});

  for (const char* bad : {R"({"invitations_from":"everyone"})", R"({"invitations_from":1})",
                          R"({})", R"(["anyone"])", R"({"invitations_from":)"}) {
    INFO(bad);
    CHECK(f.As(f.bob_token, "PUT", "/api/me/preferences", bad).status == 400);
  }
  REQUIRE(
      f.As(f.bob_token, "PUT", "/api/me/preferences", R"({"invitations_from":"anyone"})").status ==
      200);
  CHECK(f.Invite(f.token, "Bob", "ROOMCCCC").status == 201);
}

TEST_CASE("social api: an invitation is made, noticed, listed, and answered once",
          "[social][api]") {
  SocialApiFixture f;
  const auto made = f.Invite(f.token, "bob", "ROOMAAAA");
  REQUIRE(made.status == 201);
  const json answer = test::ApiBody(made);
  const std::int64_t id = answer["id"];
  CHECK(answer["expires_at"] == kSocialApiNow + 7 * 24 * 3600);
  CHECK(sa::kInvitationLifetime == 7 * 24 * 3600);

  const auto notices = f.notices.All();
  REQUIRE(notices.size() == 1);
  CHECK(notices[0].kind == push::NoticeKind::kInvitation);
  CHECK(notices[0].account == f.bob);
  CHECK(notices[0].room == "ROOMAAAA");
  CHECK(notices[0].game == "castle");
  CHECK(notices[0].from == "Ada");

  // Cid invites Bob to the same room: the invitation Bob has stands, no second notice.
  const auto again = f.Invite(f.cy_token, "Bob", "ROOMAAAA");
  CHECK(again.status == 200);
  CHECK(test::ApiBody(again)["id"] == id);
  CHECK(f.notices.All().size() == 1);

  f.clock = kSocialApiNow + 60;
  REQUIRE(f.Invite(f.cy_token, "Bob", "ROOMCCCC").status == 201);
  const json listed = f.Invitations(f.bob_token);
  REQUIRE(listed.size() == 2);
  CHECK(listed[0]["room"] == "ROOMCCCC");  // newest first
  CHECK(listed[1] == json{{"id", id},
                          {"from", "Ada"},
                          {"room", "ROOMAAAA"},
                          {"game", "castle"},
                          {"created_at", kSocialApiNow},
                          {"expires_at", kSocialApiNow + sa::kInvitationLifetime}});
  CHECK(f.Invitations(f.token).empty());

  const std::string accept = "/api/me/invitations/" + std::to_string(id) + "/accept";
  CHECK(f.Ask("POST", accept).status == 404);  // Ada's own invitation is not hers to answer
  const auto accepted = f.As(f.bob_token, "POST", accept);
  CHECK(accepted.status == 200);
  CHECK(test::ApiBody(accepted) == json{{"room", "ROOMAAAA"}});
  CHECK(f.As(f.bob_token, "POST", accept).status == 404);  // once
  const std::int64_t second = listed[0]["id"];
  const std::string decline = "/api/me/invitations/" + std::to_string(second) + "/decline";
  const auto declined = f.As(f.bob_token, "POST", decline);
  CHECK(declined.status == 204);
  CHECK(declined.body.empty());
  CHECK(f.As(f.bob_token, "POST", decline).status == 404);
  CHECK(f.Invitations(f.bob_token).empty());
  for (const char* target :
       {"/api/me/invitations/abc/accept", "/api/me/invitations/-1/accept",
        "/api/me/invitations/99999999999999999999/decline", "/api/me/invitations/0/accept"}) {
    INFO(target);
    CHECK(f.As(f.bob_token, "POST", target).status == 404);
  }
  const auto& m = f.api.metrics();
  CHECK(m.invitations_sent.load() == 2);
  CHECK(m.invitations_accepted.load() == 1);
  CHECK(m.invitations_declined.load() == 1);
  CHECK(m.invitations_refused.load() == 0);
}

TEST_CASE("social api: an invitation expires after seven days", "[social][api]") {
  SocialApiFixture f;
  const auto made = f.Invite(f.token, "Bob", "ROOMAAAA");
  REQUIRE(made.status == 201);
  const std::int64_t id = test::ApiBody(made)["id"];
  f.clock = kSocialApiNow + sa::kInvitationLifetime - 1;
  CHECK(f.Invitations(f.bob_token).size() == 1);
  f.clock = kSocialApiNow + sa::kInvitationLifetime + 1;
  CHECK(f.Invitations(f.bob_token).empty());
  CHECK(f.As(f.bob_token, "POST", "/api/me/invitations/" + std::to_string(id) + "/accept").status ==
        404);
  // The room is free for a new invitation.
  CHECK(f.Invite(f.token, "Bob", "ROOMAAAA").status == 201);
}

TEST_CASE("social api: the hourly and pending limits, and the room check", "[social][api]") {
  SocialApiFixture f({2, 2, 1000});
  f.Player("Dee", sa::NewSessionToken());
  CHECK(f.Invite(f.token, "Bob", "ROOMAAAA").status == 201);
  f.clock = kSocialApiNow + 100;
  CHECK(f.Invite(f.token, "Cid", "ROOMBBBB").status == 201);
  f.clock = kSocialApiNow + 600;
  const auto third = f.Invite(f.token, "Dee", "ROOMBBBB");
  CHECK(third.status == 429);
  CHECK(third.retry_after == 3600 - 600);
  f.clock = kSocialApiNow + 3600;
  CHECK(f.Invite(f.token, "Dee", "ROOMBBBB").status == 201);

  // Bob has two pending: a third sender finds no room in his list.
  CHECK(f.Invite(f.cy_token, "Bob", "ROOMBBBB").status == 201);
  const auto full = f.Invite(f.cy_token, "Bob", "ROOMCCCC");
  CHECK(full.status == 409);
  CHECK(test::ApiBody(full)["field"] == "to");

  // A room that does not exist, or one Bob does not sit in.
  for (const char* room : {"ROOMZZZZ", "ROOMAAAA"}) {
    INFO(room);
    const auto r = f.Invite(f.bob_token, "Dee", room);
    CHECK(r.status == 409);
    CHECK(test::ApiBody(r)["field"] == "room");
  }
  CHECK(f.Invitations(f.bob_token).size() == 2);
  CHECK(f.api.metrics().invitations_refused.load() == 4);
  CHECK(f.notices.All().size() == 4);
}

TEST_CASE("social api: bad names, bodies and room codes are refused", "[social][api][security]") {
  SocialApiFixture f;
  const std::string long_name(21, 'b');
  struct Bad {
    std::string target, body, field;
  };
  const std::vector<Bad> bad = {
      {"/api/me/following", json{{"name", long_name}}.dump(), "name"},
      {"/api/me/following", R"({"name":7})", "name"},
      {"/api/me/blocks", R"({"name":"a b"})", "name"},
      {"/api/invitations", json{{"to", long_name}, {"room", "ROOMAAAA"}}.dump(), "to"},
      {"/api/invitations", R"({"room":"ROOMAAAA"})", "to"},
      {"/api/invitations", R"({"to":"Ada","room":"ROOMAAAA"})", "to"},  // yourself
      {"/api/invitations", R"({"to":"Bob","room":"roomaaaa"})", "room"},
      {"/api/invitations", R"({"to":"Bob","room":"ROOMAAAAA"})", "room"},
      {"/api/invitations", R"({"to":"Bob","room":"../ROOM"})", "room"},
      {"/api/invitations", R"({"to":"Bob","room":"ROOM/AAA"})", "room"},
      {"/api/invitations", R"({"to":"Bob","room":"ROOM%41AA"})", "room"},
      {"/api/invitations", R"({"to":"Bob","room":12345678})", "room"},
      {"/api/invitations", R"({"to":"Bob"})", "room"},
  };
  for (const Bad& b : bad) {
    INFO(b.target << " " << b.body);
    const auto r = f.Ask("POST", b.target, b.body);
    CHECK(r.status == 400);
    CHECK(test::ApiBody(r).value("field", "") == b.field);
  }
  for (const std::string& body : {std::string(R"({"name":)"), std::string("[]"),
                                  std::string(R"({"name":{"a":1}})"), std::string("")}) {
    INFO(body);
    CHECK(f.Ask("POST", "/api/me/following", body).status == 400);
    CHECK(f.Ask("POST", "/api/invitations", body).status == 400);
  }
  CHECK(f.Ask("POST", "/api/invitations", std::string(2000, ' ')).status == 413);
  CHECK(f.Ask("DELETE", "/api/me/following/" + long_name).status == 400);
  CHECK(f.Ask("DELETE", "/api/me/blocks/%ZZ").status == 400);
  CHECK(f.Invitations(f.bob_token).empty());
  CHECK(f.notices.All().empty());
  // Every refused POST /api/invitations counts: 10 in the list, 4 bodies and the 413.
  CHECK(f.api.metrics().invitations_refused.load() == 15);
}

TEST_CASE("social api: every path needs a session, and says which methods it takes",
          "[social][api][security]") {
  SocialApiFixture f;
  struct Path {
    std::string method, target, allow;
  };
  const std::vector<Path> paths = {
      {"GET", "/api/me/following", "GET, HEAD, POST"},
      {"POST", "/api/me/following", "GET, HEAD, POST"},
      {"DELETE", "/api/me/following/Bob", "DELETE"},
      {"GET", "/api/me/followers", "GET, HEAD"},
      {"GET", "/api/me/blocks", "GET, HEAD, POST"},
      {"DELETE", "/api/me/blocks/Bob", "DELETE"},
      {"PUT", "/api/me/preferences", "GET, HEAD, PUT"},
      {"POST", "/api/invitations", "POST"},
      {"GET", "/api/me/invitations", "GET, HEAD"},
      {"POST", "/api/me/invitations/1/accept", "POST"},
      {"POST", "/api/me/invitations/1/decline", "POST"},
  };
  for (const Path& p : paths) {
    INFO(p.method << " " << p.target);
    const auto r = f.As("", p.method, p.target, R"({"name":"Bob"})");
    CHECK(r.status == 401);
    const auto wrong = f.Ask("PATCH", p.target, "{}");
    CHECK(wrong.status == 405);
    CHECK(wrong.allow == p.allow);
  }
  CHECK(f.Ask("GET", "/api/invitations").allow == "POST");
  CHECK(f.Ask("DELETE", "/api/me/followers").status == 405);
  // Paths this part does not serve.
  for (const char* target : {"/api/me/following/a/b", "/api/me/invitations/1",
                             "/api/me/invitations/1/maybe", "/api/me/invitations//accept"}) {
    INFO(target);
    CHECK_FALSE(sa::SocialApi::Handles(test::ApiCall("POST", target)));
  }
  CHECK(SocialApiNames(f.Ask("GET", "/api/me/following"), "following").empty());
}
