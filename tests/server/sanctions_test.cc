// Sanctions in effect (docs/moderation.md). A ban: the banned account's sign-in refused with 403,
// the ban's reason and its end, and no session made, until the ban ends or is lifted; its open
// sockets closed with 4004 within the watch's period (moderation/moderation_watch.h), made by
// another process's write to the store, while other players' sockets stay. A mute: the muted
// account's chat refused with its reason and end, others' chat broadcast, until it is lifted. An
// address ban: new API requests and WebSocket upgrades from the network refused with 403 and the
// reason, IPv6 through a trusted proxy too, open connections and other addresses untouched.
#include <catch2/catch.hpp>
#include <ctime>
#include <nlohmann/json.hpp>
#include <thread>

#include "account_helpers.h"
#include "app/server_app.h"
#include "store/moderation_store.h"
#include "store/sqlite_store.h"
#include "test_postgres.h"
#include "test_server.h"

namespace cs = carc::server::store;
using namespace std::chrono_literals;

namespace carc::test::sanctions {

std::string Credentials(const std::string& name, const std::string& password = "correct horse") {
  return nlohmann::json{{"name", name}, {"password", password}}.dump();
}

std::int64_t UnixNow() {
  return static_cast<std::int64_t>(std::time(nullptr));
}

// The server with its moderation watch polling every 100 ms: quick tests.
server::ServerConfig WatchingConfig() {
  auto config = AccountGamesConfig();
  config.moderation_poll_ms = 100;
  return config;
}

cs::AuditEntry BanEntry(std::int64_t at, const std::string& action, const std::string& reason) {
  return {0, at, "host", action, "Ada", reason, ""};
}

TEST_CASE("bans: a banned account's sign-in gets 403 with the reason and the end, no session",
          "[moderation][accounts][server]") {
  TestServer server(AccountGamesConfig());
  const auto port = server.port();
  NewAccount(port, "Ada");
  cs::EventStore& store = server.app().store();
  const cs::AccountId ada = store.accounts()->AccountByKey("ada")->id;
  const std::size_t sessions = store.accounts()->Sessions(ada).size();
  const std::int64_t now = UnixNow();

  cs::ModerationStore& mod = *store.moderation();
  const std::int64_t ends = now + 7 * 86400;
  mod.AddSanction({0, cs::SanctionKind::kBan, ada, "cheating", now, ends, "host"},
                  BanEntry(now, "ban", "cheating"));
  // A mute alone keeps nobody from signing in; the ban does.
  mod.AddSanction({0, cs::SanctionKind::kMute, ada, "insults", now, 0, "host"},
                  BanEntry(now, "mute", "insults"));
  auto refused = HttpRequest(port, "POST", "/api/sessions", Credentials("Ada"));
  CHECK(refused.status == 403);
  auto body = nlohmann::json::parse(refused.body);
  CHECK(body["ban"]["reason"] == "cheating");
  CHECK(body["ban"]["ends_at"] == ends);
  CHECK_THAT(body["error"].get<std::string>(),
             Catch::StartsWith("this account is banned until ") && Catch::EndsWith(": cheating"));
  CHECK(refused.Header("Set-Cookie").empty());
  CHECK(store.accounts()->Sessions(ada).size() == sessions);
  // A wrong password gets the wrong password's answer: the ban tells a guesser nothing.
  CHECK(HttpRequest(port, "POST", "/api/sessions", Credentials("Ada", "wrong horse")).status ==
        401);

  // For ever, then both bans lifted: the same password signs in again.
  mod.AddSanction({0, cs::SanctionKind::kBan, ada, "again", now, 0, "host"},
                  BanEntry(now, "ban", "again"));
  refused = HttpRequest(port, "POST", "/api/sessions", Credentials("Ada"));
  CHECK(refused.status == 403);
  body = nlohmann::json::parse(refused.body);
  CHECK(body["ban"]["ends_at"].is_null());
  CHECK(body["ban"]["reason"] == "again");
  CHECK_THAT(body["error"].get<std::string>(), Catch::Contains("banned for ever: again"));
  CHECK(mod.LiftSanctions(ada, cs::SanctionKind::kBan, BanEntry(now, "unban", "")) == 2);
  const auto back = HttpRequest(port, "POST", "/api/sessions", Credentials("Ada"));
  CHECK(back.status == 200);
  CHECK_FALSE(back.Header("Set-Cookie").empty());
}

TEST_CASE("bans: a ban made in the store closes the player's sockets with 4004, no one else's",
          "[moderation][accounts][server]") {
  const auto config = WatchingConfig();
  TestServer server(config);
  const auto port = server.port();
  const std::string ada_token = NewAccount(port, "Ada");
  const std::string bob_token = NewAccount(port, "Bob");
  auto ada_phone = DialHello(server, "", nullptr, Cookie(ada_token));
  auto ada_laptop = DialHello(server, "", nullptr, Bearer(ada_token));
  auto bob = DialHello(server, "", nullptr, Cookie(bob_token));
  auto guest = DialHello(server);
  REQUIRE((ada_phone && ada_laptop && bob && guest));

  // Another process's write (`carcassonne-server admin ban`, another node): its own store.
  {
    auto other = cs::OpenSqliteStore(cs::StorePath(config.data_dir), cs::Durability::kFull);
    const cs::AccountId ada = other->accounts()->AccountByKey("ada")->id;
    const std::int64_t now = UnixNow();
    other->moderation()->AddSanction({0, cs::SanctionKind::kBan, ada, "cheating", now, 0, "host"},
                                     BanEntry(now, "ban", "cheating"));
  }
  const auto started = std::chrono::steady_clock::now();
  CHECK(AwaitClose(*ada_phone, 5s) == 4004);
  CHECK(AwaitClose(*ada_laptop, 5s) == 4004);
  // Within the poll period and the close's own time, with room to spare under the sanitizers.
  CHECK(std::chrono::steady_clock::now() - started < 3s);
  // The others still talk to the server.
  for (auto* c : {bob.get(), guest.get()}) {
    const auto answer = Ask(*c, SnapshotMsg());
    REQUIRE(answer.has_value());
  }
  CHECK(MetricValue(port, "carc_moderation_bans_closed_total") == 1);
  CHECK(MetricValue(port, "carc_moderation_reloads_total") >= 2);
}

// A raw WebSocket upgrade from `from` (127.0.0.0/8), with `fields` besides the upgrade's own.
HttpResult UpgradeFrom(const std::string& from, std::uint16_t port, HeaderFields fields = {}) {
  fields.insert(fields.end(), {{"Upgrade", "websocket"},
                               {"Connection", "Upgrade"},
                               {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="},
                               {"Sec-WebSocket-Version", "13"},
                               {"Host", "127.0.0.1:" + std::to_string(port)}});
  return HttpRequestFrom(from, port, "GET", "/ws", "", fields);
}

TEST_CASE("address bans: new connections from the network get 403 with the reason, IPv6 too",
          "[moderation][server][security]") {
  auto config = WatchingConfig();
  // 127.0.0.1 is a proxy whose X-Forwarded-For is believed: IPv6 clients through it.
  config.trusted_proxies = "127.0.0.1";
  TestServer server(config);
  const auto port = server.port();
  auto before = DialHello(server);  // open before the ban: it stays open
  REQUIRE(before);
  cs::ModerationStore& mod = *server.app().store().moderation();
  const std::int64_t now = UnixNow();
  mod.AddAddressBan({0, "127.0.9.0/24", "spam from the lab", now, now + 3600, "host"},
                    {0, now, "host", "ban-address", "127.0.9.0/24", "spam from the lab", "1h"});
  mod.AddAddressBan({0, "2001:db8::/32", "ban evasion", now, 0, "host"},
                    {0, now, "host", "ban-address", "2001:db8::/32", "ban evasion", "forever"});
  // The watch polls every 100 ms.
  HttpResult api;
  for (int i = 0; i < 50; ++i) {
    api = HttpRequestFrom("127.0.9.7", port, "GET", "/api/me");
    if (api.status == 403) break;
    std::this_thread::sleep_for(100ms);
  }
  REQUIRE(api.status == 403);
  auto body = nlohmann::json::parse(api.body);
  CHECK(body["ban"]["reason"] == "spam from the lab");
  CHECK(body["ban"]["ends_at"] == now + 3600);
  CHECK_THAT(body["error"].get<std::string>(),
             Catch::StartsWith("your address is banned from this server until ") &&
                 Catch::EndsWith(": spam from the lab"));
  // The network is the host's to know, not the client's.
  CHECK(api.body.find("127.0.9") == std::string::npos);

  const HttpResult upgrade = UpgradeFrom("127.0.9.200", port);
  CHECK(upgrade.status == 403);
  CHECK(nlohmann::json::parse(upgrade.body)["ban"]["reason"] == "spam from the lab");
  // A POST is refused the same (sign-up, sign-in: a new account is no way around it).
  const std::string origin = "127.0.0.1:" + std::to_string(port);
  const HttpResult post =
      HttpRequestFrom("127.0.9.7", port, "POST", "/api/sessions", Credentials("Ada"),
                      {{"Origin", "http://" + origin}, {"Host", origin}});
  CHECK(post.status == 403);
  CHECK_THAT(post.body, Catch::Contains("spam from the lab"));
  // The page itself and /healthz are served: the client can say why.
  CHECK(HttpRequestFrom("127.0.9.7", port, "GET", "/healthz").status == 200);

  // Through the proxy: the banned IPv6 network, then an address beside it.
  const HttpResult v6 =
      HttpRequest(port, "GET", "/api/me", "", {{"X-Forwarded-For", "2001:db8:1::9"}});
  CHECK(v6.status == 403);
  CHECK(nlohmann::json::parse(v6.body)["ban"]["ends_at"].is_null());
  CHECK(HttpRequest(port, "GET", "/api/me", "", {{"X-Forwarded-For", "2001:db9::9"}}).status ==
        401);
  // Others: served as ever; the connection open before the ban still talks.
  CHECK(HttpRequestFrom("127.0.8.7", port, "GET", "/api/me").status == 401);
  CHECK(UpgradeFrom("127.0.8.7", port).status == 101);
  CHECK(Ask(*before, SnapshotMsg()).has_value());
  CHECK(MetricValue(port, "carc_rejections_total{reason=\"address_banned\"}") == 4);
  // A proxy that appends a line of its own to the client's: the client's forged first line
  // (an address not banned) is not the one believed (the review: only the first was read).
  CHECK(HttpRequest(port, "GET", "/api/me", "",
                    {{"X-Forwarded-For", "2001:db9::9"}, {"X-Forwarded-For", "2001:db8:1::9"}})
            .status == 403);
  CHECK(MetricValue(port, "carc_moderation_address_bans") == 2);

  // Lifted: the network is served again at the next poll.
  mod.LiftAddressBans("127.0.9.0/24", {0, now, "host", "unban-address", "127.0.9.0/24", "", ""});
  HttpResult after;
  for (int i = 0; i < 50; ++i) {
    after = HttpRequestFrom("127.0.9.7", port, "GET", "/api/me");
    if (after.status != 403) break;
    std::this_thread::sleep_for(100ms);
  }
  CHECK(after.status == 401);
}

// The error answering chat line `text`, nullopt when the line went out (no answer in 500 ms).
std::optional<v1::Error> ChatRefusal(client::WsClient& c, const std::string& text) {
  const auto answer = Ask(c, ChatMsg(text), 500ms);
  if (!answer || !answer->has_error()) return std::nullopt;
  return answer->error();
}

TEST_CASE("mutes: a muted account's chat is refused with the reason and the end, until lifted",
          "[moderation][accounts][server]") {
  const auto config = WatchingConfig();
  TestServer server(config);
  const auto port = server.port();
  const std::string ada_token = NewAccount(port, "Ada");
  RawGame game = StartRawGame(server, RoomFor(2), {Cookie(ada_token), {}});
  REQUIRE(game.error.empty());
  client::WsClient& ada = *game.seats[0];
  client::WsClient& guest = *game.seats[1];
  cs::EventStore& store = server.app().store();
  const cs::AccountId id = store.accounts()->AccountByKey("ada")->id;
  const std::int64_t now = UnixNow();
  const std::int64_t ends = now + 3600;
  store.moderation()->AddSanction({0, cs::SanctionKind::kMute, id, "insults", now, ends, "Cy"},
                                  BanEntry(now, "mute", "insults"));
  // The watch sees it within its period.
  std::optional<v1::Error> refused;
  for (int i = 0; i < 50 && !refused; ++i) {
    refused = ChatRefusal(ada, "hello");
    if (!refused) std::this_thread::sleep_for(100ms);
  }
  REQUIRE(refused.has_value());
  CHECK(refused->code() == v1::ERROR_CODE_MUTED);
  CHECK_THAT(refused->message(),
             Catch::StartsWith("you are muted until ") && Catch::EndsWith(": insults"));
  // A guest beside her chats on.
  CHECK_FALSE(ChatRefusal(guest, "hi all").has_value());
  // Lifted: her next line goes out once the watch has seen it.
  store.moderation()->LiftSanctions(id, cs::SanctionKind::kMute, BanEntry(now, "unmute", ""));
  bool spoke = false;
  for (int i = 0; i < 50 && !spoke; ++i) {
    spoke = !ChatRefusal(ada, "sorry").has_value();
    if (!spoke) std::this_thread::sleep_for(100ms);
  }
  CHECK(spoke);
}

TEST_CASE("bans: a ban made on node A closes the player's socket on node B within 2 s",
          "[moderation][postgres][cluster]") {
  const std::string url = NewPostgresDatabase();
  TestServer a(AccountClusterNode(url, "a"));
  TestServer b(AccountClusterNode(url, "b"));  // the default --moderation-poll-ms: 1 s
  const std::string token = NewAccount(a.port(), "Ada");
  auto on_b = DialHello(b, "", nullptr, Cookie(token));
  auto other_on_b = DialHello(b);
  REQUIRE((on_b && other_on_b));
  cs::EventStore& store = a.app().store();
  const cs::AccountId ada = store.accounts()->AccountByKey("ada")->id;
  const std::int64_t now = UnixNow();
  const auto made = std::chrono::steady_clock::now();
  store.moderation()->AddSanction(
      {0, cs::SanctionKind::kBan, ada, "cheating", now, now + 86400, "Cy"},
      BanEntry(now, "ban", "cheating"));
  CHECK(AwaitClose(*on_b, 5s) == 4004);
  const auto took = std::chrono::steady_clock::now() - made;
  INFO("closed after " << std::chrono::duration_cast<std::chrono::milliseconds>(took).count()
                       << " ms");
  CHECK(took < 2s);
  CHECK(Ask(*other_on_b, SnapshotMsg()).has_value());
  CHECK(MetricValue(b.port(), "carc_moderation_bans_closed_total") == 1);
}

}  // namespace carc::test::sanctions
