// Passkeys over HTTP against a real server (accounts/passkey_api.h), with the test's software
// authenticator: register one on a signed-in account, sign in with it and no password, and the
// refusals of a replayed response, a wrong origin or rp id, a spent challenge and a count that
// does not grow.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "accounts/webauthn.h"
#include "soft_authenticator.h"
#include "test_server.h"

using namespace carc;
namespace wa = carc::server::accounts::webauthn;

namespace {

using PasskeyFields = std::vector<std::pair<std::string, std::string>>;

// Without --public-url the relying party is this machine's localhost, on any port (never the
// request's Host: the test client sends 127.0.0.1).
constexpr const char* kOrigin = "http://localhost:8080";
constexpr const char* kRpId = "localhost";

std::string SessionCookieOf(const test::HttpResult& r) {
  const std::string field = r.Header("Set-Cookie");
  return field.substr(0, field.find(';'));
}

nlohmann::json PostJson(std::uint16_t port, const std::string& path, const nlohmann::json& body,
                        const std::string& cookie, unsigned expected) {
  PasskeyFields fields;
  if (!cookie.empty()) fields.emplace_back("Cookie", cookie);
  const auto r = test::HttpRequest(port, "POST", path, body.dump(), fields);
  INFO(path << ": " << r.body);
  REQUIRE(r.status == expected);
  return r.body.empty() ? nlohmann::json() : nlohmann::json::parse(r.body);
}

// A sign-in response of `a` to `challenge`, with the given count, origin and rp id.
nlohmann::json Assertion(const test::SoftAuthenticator& a, const std::string& challenge,
                         std::uint32_t count, const std::string& origin = kOrigin,
                         const std::string& rp_id = kRpId, std::uint8_t flags = 0x05) {
  const std::string client = test::ClientData("webauthn.get", challenge, origin);
  const std::string auth = a.AuthData(rp_id, count, flags);
  return {{"id", wa::Base64Url(test::kCredentialId)},
          {"clientDataJSON", wa::Base64Url(client)},
          {"authenticatorData", wa::Base64Url(auth)},
          {"signature", wa::Base64Url(a.Sign(auth + test::Digest(client)))}};
}

}  // namespace

TEST_CASE("passkeys: register one, sign in with it without a password, refuse replays",
          "[accounts][passkeys][server]") {
  test::TestServer server;
  const auto port = server.port();
  const auto made = test::HttpRequest(port, "POST", "/api/accounts",
                                      R"({"name":"Ada","password":"correct horse"})");
  REQUIRE(made.status == 201);
  std::string cookie = SessionCookieOf(made);

  // Registration needs a session.
  PostJson(port, "/api/me/passkeys/options", nlohmann::json::object(), "", 401);
  const auto options =
      PostJson(port, "/api/me/passkeys/options", nlohmann::json::object(), cookie, 200);
  CHECK(options["rp"]["id"] == kRpId);
  CHECK(options["authenticatorSelection"]["userVerification"] == "required");
  CHECK(options["user"]["name"] == "Ada");
  CHECK(options["attestation"] == "none");
  CHECK(options["pubKeyCredParams"].size() == 2);
  const std::string challenge = options["challenge"];
  REQUIRE(challenge.size() == 43);

  test::SoftAuthenticator a(false);
  const std::string auth = a.AuthData(kRpId, 0, 0x45, test::Attested(a.CoseKey()));
  const nlohmann::json registration = {
      {"clientDataJSON", wa::Base64Url(test::ClientData("webauthn.create", challenge, kOrigin))},
      {"attestationObject", wa::Base64Url(test::AttestationObject(auth))},
      {"label", "Ada's phone"}};
  const auto added = PostJson(port, "/api/me/passkeys", registration, cookie, 201);
  CHECK(added["id"] == wa::Base64Url(test::kCredentialId));
  // The same response again: its challenge is spent.
  PostJson(port, "/api/me/passkeys", registration, cookie, 401);
  const auto listed = test::HttpRequest(port, "GET", "/api/me/passkeys", "", {{"Cookie", cookie}});
  REQUIRE(listed.status == 200);
  CHECK(nlohmann::json::parse(listed.body)["passkeys"][0]["label"] == "Ada's phone");

  // Sign in with no password and no session.
  std::string sign_in_challenge = PostJson(port, "/api/passkeys/sign-in/options",
                                           nlohmann::json::object(), "", 200)["challenge"];
  const auto good = Assertion(a, sign_in_challenge, 1);
  const auto signed_in = test::HttpRequest(port, "POST", "/api/passkeys/sign-in", good.dump());
  REQUIRE(signed_in.status == 200);
  CHECK(nlohmann::json::parse(signed_in.body)["name"] == "Ada");
  const std::string passkey_cookie = SessionCookieOf(signed_in);
  const auto me = test::HttpRequest(port, "GET", "/api/me", "", {{"Cookie", passkey_cookie}});
  REQUIRE(me.status == 200);
  CHECK(nlohmann::json::parse(me.body)["name"] == "Ada");

  // Replayed: its challenge was taken.
  CHECK(PostJson(port, "/api/passkeys/sign-in", good, "", 401)["error"] ==
        "passkey refused: the challenge is not one issued, or it expired");
  const auto fresh = [&] {
    return PostJson(port, "/api/passkeys/sign-in/options", nlohmann::json::object(), "",
                    200)["challenge"]
        .get<std::string>();
  };
  // A count that does not grow, on a fresh challenge: a cloned authenticator.
  CHECK(PostJson(port, "/api/passkeys/sign-in", Assertion(a, fresh(), 1), "", 401)["error"] ==
        "passkey refused: the sign count did not grow: a replay or a cloned authenticator");
  CHECK(PostJson(port, "/api/passkeys/sign-in", Assertion(a, fresh(), 2, "http://evil.example"), "",
                 401)["error"] == "passkey refused: the origin is not this server's");
  CHECK(PostJson(port, "/api/passkeys/sign-in", Assertion(a, fresh(), 2, kOrigin, "example.org"),
                 "", 401)["error"] == "passkey refused: the rp id is not this server's");
  // Touched but not unlocked (user present, not verified): a passkey stands in for a password.
  CHECK(PostJson(port, "/api/passkeys/sign-in",
                 Assertion(a, fresh(), 2, kOrigin, kRpId, /*flags=*/0x01), "", 401)["error"] ==
        "passkey refused: the authenticator did not verify the user (a PIN, fingerprint or face)");
  // The relying party is never the request's Host: one made for evil.example, sent with
  // Host: evil.example, is refused, and the options still name localhost.
  const PasskeyFields evil_host{{"Host", "evil.example"}};
  const auto evil_options =
      test::HttpRequest(port, "POST", "/api/passkeys/sign-in/options", "{}", evil_host);
  REQUIRE(evil_options.status == 200);
  const auto evil_json = nlohmann::json::parse(evil_options.body);
  CHECK(evil_json["rpId"] == kRpId);
  CHECK(evil_json["userVerification"] == "required");
  const auto for_evil = Assertion(a, evil_json["challenge"].get<std::string>(), 2,
                                  "http://evil.example", "evil.example");
  const auto evil =
      test::HttpRequest(port, "POST", "/api/passkeys/sign-in", for_evil.dump(), evil_host);
  CHECK(evil.status == 401);
  CHECK(nlohmann::json::parse(evil.body)["error"] ==
        "passkey refused: the origin is not this server's");
  // Nor is another port's host than localhost's.
  CHECK(PostJson(port, "/api/passkeys/sign-in",
                 Assertion(a, fresh(), 2, "http://localhost.evil.example:8080"), "",
                 401)["error"] == "passkey refused: the origin is not this server's");
  // An old challenge: one the server issued and the client never used, then spent by another
  // response.
  const std::string old = fresh();
  PostJson(port, "/api/passkeys/sign-in", Assertion(a, old, 2), "", 200);
  CHECK(PostJson(port, "/api/passkeys/sign-in", Assertion(a, old, 3), "", 401)["error"] ==
        "passkey refused: the challenge is not one issued, or it expired");
  // A foreign page cannot start a ceremony in the visitor's name.
  CHECK(test::HttpRequest(port, "POST", "/api/passkeys/sign-in", Assertion(a, fresh(), 4).dump(),
                          {{"Origin", "http://evil.example"}})
            .status == 403);

  // A new password with the passkey in place of the old one: the signed-in owner only, a
  // password the rules take, and every other session ends.
  // Its challenges from another address: this one has spent its burst of sign-in options.
  const auto with_password = [&](std::uint32_t count, const std::string& password) {
    const auto options =
        test::HttpRequestFrom("127.0.0.3", port, "POST", "/api/passkeys/sign-in/options", "{}");
    REQUIRE(options.status == 200);
    auto assertion =
        Assertion(a, nlohmann::json::parse(options.body)["challenge"].get<std::string>(), count);
    assertion["new_password"] = password;
    return assertion;
  };
  const auto other = test::HttpRequest(port, "POST", "/api/sessions",
                                       R"({"name":"Ada","password":"correct horse"})");
  REQUIRE(other.status == 200);
  const std::string other_cookie = SessionCookieOf(other);
  CHECK(PostJson(port, "/api/passkeys/password", with_password(4, "battery staple"), "",
                 401)["error"] == "not signed in");
  CHECK(PostJson(port, "/api/passkeys/password", with_password(4, "short"), cookie, 400)["field"] ==
        "new_password");
  const auto changed =
      PostJson(port, "/api/passkeys/password", with_password(4, "battery staple"), cookie, 200);
  CHECK(changed["name"] == "Ada");
  CHECK(test::HttpRequest(port, "GET", "/api/me", "", {{"Cookie", other_cookie}}).status == 401);
  CHECK(test::HttpRequest(port, "POST", "/api/sessions",
                          R"({"name":"Ada","password":"correct horse"})")
            .status == 401);
  const auto again = test::HttpRequest(port, "POST", "/api/sessions",
                                       R"({"name":"Ada","password":"battery staple"})");
  REQUIRE(again.status == 200);
  cookie = SessionCookieOf(again);

  // Removed: the passkey opens nothing any more.
  const std::string path = "/api/me/passkeys/" + wa::Base64Url(test::kCredentialId);
  CHECK(test::HttpRequest(port, "DELETE", path, "", {{"Cookie", cookie}}).status == 204);
  CHECK(test::HttpRequest(port, "DELETE", path, "", {{"Cookie", cookie}}).status == 404);
  CHECK(PostJson(port, "/api/passkeys/sign-in", Assertion(a, fresh(), 5), "", 401)["error"] ==
        "passkey refused: this passkey is not known here");
  const auto metrics = test::HttpGet(port, "/metrics").body;
  CHECK(metrics.find("carc_passkeys_added_total 1\n") != std::string::npos);
  CHECK(metrics.find("carc_passkey_sign_ins_total 2\n") != std::string::npos);
  CHECK(metrics.find("carc_passkeys_refused_total 6\n") != std::string::npos);
}

TEST_CASE("passkeys: sign-in challenges are metered per address, and expired ones swept",
          "[accounts][passkeys][server]") {
  // The review: 40 addresses wrote 37,511 unanswered challenges in 45 s, still there 10 min later.
  test::TestServer server;
  const auto port = server.port();
  for (int i = 0; i < 10; ++i) {
    PostJson(port, "/api/passkeys/sign-in/options", nlohmann::json::object(), "", 200);
  }
  const auto refused =
      test::HttpRequest(port, "POST", "/api/passkeys/sign-in/options", "{}", PasskeyFields{});
  CHECK(refused.status == 429);
  CHECK(std::stoi(refused.Header("Retry-After")) >= 1);
  // Another address is not held up.
  CHECK(test::HttpRequestFrom("127.0.0.2", port, "POST", "/api/passkeys/sign-in/options", "{}")
            .status == 200);
  CHECK(test::MetricValue(port, "carc_passkey_challenges_metered_total") == 1);
}

TEST_CASE("passkeys: bad bodies and methods get specific errors", "[accounts][passkeys][server]") {
  test::TestServer server;
  const auto port = server.port();
  CHECK(PostJson(port, "/api/passkeys/sign-in", nlohmann::json::object(), "", 400)["error"] ==
        "\"id\" must be base64url bytes");
  CHECK(PostJson(port, "/api/passkeys/sign-in", {{"id", "a+b"}}, "", 400)["error"] ==
        "\"id\" must be base64url bytes");
  CHECK(test::HttpRequest(port, "POST", "/api/passkeys/sign-in", "[1,").status == 400);
  CHECK(test::HttpRequest(port, "POST", "/api/passkeys/sign-in", std::string(40000, ' ')).status ==
        413);
  CHECK(test::HttpGet(port, "/api/passkeys/sign-in/options").status == 405);
  CHECK(test::HttpGet(port, "/api/passkeys/nothing").status == 404);
  CHECK(test::HttpGet(port, "/api/me/passkeys").status == 401);
}
