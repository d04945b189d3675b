// Web Push end to end (push/push_sender.h, rooms/room_notices.h): a player who signed in on a
// browser, subscribed it and closed it is told "your turn" when the opponent moves; the push
// service (web-push-testing, an independent implementation of RFC 8030, 8291 and 8292 on
// loopback) checks the VAPID token and decrypts the message; a subscription the service answers
// 410 for is dropped.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "account_helpers.h"
#include "push_service_process.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

server::ServerConfig PushDeliveryConfig() {
  auto config = AccountGamesConfig();
  config.push_allow_loopback = true;               // the service is on localhost, over http
  config.grace_period = std::chrono::seconds(60);  // the absent player's seat waits for them
  return config;
}

// Posts `s` as `token`'s browser's subscription, in `lang`; the status.
unsigned PostSubscription(std::uint16_t port, const std::string& token,
                          const ServiceSubscription& s, const std::string& lang) {
  nlohmann::json body = s.json;
  body["lang"] = lang;
  return HttpRequest(port, "POST", "/api/me/push-subscriptions", body.dump(), Cookie(token)).status;
}

// Seat 0 plays until the turn is seat 1's.
void PlayUntilSeatOne(RawGame& game) {
  for (int guard = 0; guard < 10 && ToMove(game) == 0; ++guard) REQUIRE(PlayOneCommand(game));
  REQUIRE(ToMove(game) == 1);
}

}  // namespace

TEST_CASE("push: a player away is told it is their turn, and a gone subscription is dropped",
          "[push-service][push][server]") {
  PushServiceProcess service;
  TestServer server(PushDeliveryConfig());
  const auto port = server.port();
  const std::string ann = NewAccount(port, "Ann");
  const std::string bob = NewAccount(port, "Bob");
  const std::string key = GetJson(port, "/api/push/vapid-public-key", {})["key"];
  const ServiceSubscription ann_phone = service.Subscribe(key);
  const ServiceSubscription bob_phone = service.Subscribe(key);
  REQUIRE(PostSubscription(port, ann, ann_phone, "en") == 201);
  REQUIRE(PostSubscription(port, bob, bob_phone, "de") == 201);

  RawGame game = StartRawGame(server, RoomFor(2), {Cookie(ann), Cookie(bob)});
  REQUIRE(game.error == "");
  // An invitation reaches Bob's phone at once, from Ann (accounts/social_api.h, wired to the
  // rooms for its check: Ann holds a seat in that room, and in no room "NOSUCHRM").
  const auto invite = [&](const std::string& room) {
    return HttpRequest(port, "POST", "/api/invitations",
                       nlohmann::json{{"to", "Bob"}, {"room", room}}.dump(), Cookie(ann))
        .status;
  };
  CHECK(invite("NOSUCHRM") == 409);
  REQUIRE(invite(game.code) == 201);
  const auto invited = service.AwaitMessages(bob_phone, 1);
  REQUIRE(invited.size() == 1);
  CHECK(nlohmann::json::parse(invited[0]) == nlohmann::json{{"kind", "invitation"},
                                                            {"room", game.code},
                                                            {"url", "/r/" + game.code},
                                                            {"game", "base"},
                                                            {"from", "Ann"},
                                                            {"lang", "de"}});
  // Bob plays while the turn is his, then closes his browser.
  for (int guard = 0; guard < 10 && ToMove(game) == 1; ++guard) {
    REQUIRE(PlayOneCommand(game));
  }
  game.seats[1].reset();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the server sees him go
  PlayUntilSeatOne(game);

  const auto told = service.AwaitMessages(bob_phone, 2);
  REQUIRE(told.size() == 2);
  const auto notice = nlohmann::json::parse(told[1]);
  CHECK(notice == nlohmann::json{{"kind", "turn"},
                                 {"room", game.code},
                                 {"url", "/r/" + game.code},
                                 {"game", "base"},
                                 {"lang", "de"}});
  // Only the player away is told; a payload names no seat token, tile or seed.
  CHECK(service.Messages(ann_phone).empty());
  for (const auto& token : game.tokens) CHECK(told[1].find(token) == std::string::npos);

  // Bob's browser drops the subscription; he comes back, plays, and leaves again.
  service.Expire(bob_phone);
  game.seats[1] = DialHello(server, "", nullptr, Cookie(bob));
  REQUIRE(game.seats[1]);
  REQUIRE(Ask(*game.seats[1], JoinMsg(game.code)));
  REQUIRE(Snapshot(*game.seats[1]));
  for (int guard = 0; guard < 10 && ToMove(game) == 1; ++guard) REQUIRE(PlayOneCommand(game));
  game.seats[1].reset();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  PlayUntilSeatOne(game);
  // The push is answered 410: the subscription is gone from the store, so the same one posted
  // again is a new one (201, not 200).
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(15);
  while (MetricValue(port, "carc_push_messages_total{outcome=\"gone\"}") != 1 &&
         std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK(MetricValue(port, "carc_push_messages_total{outcome=\"gone\"}") == 1);
  CHECK(MetricValue(port, "carc_push_messages_total{outcome=\"sent\"}") == 2);
  CHECK(service.Messages(bob_phone).size() == 2);
  CHECK(PostSubscription(port, bob, bob_phone, "de") == 201);
}
