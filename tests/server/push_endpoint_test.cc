// Push endpoints (push/push_endpoint.h): the URLs browsers' push services hand out pass; every
// way of pointing this server at its own network is refused.
#include <catch2/catch.hpp>

#include "push/push_endpoint.h"

using carc::server::push::CheckPushEndpoint;
using carc::server::push::Loopback;
using carc::server::push::PublicAddress;
using carc::server::push::PushEndpoint;

namespace {

const PushEndpoint* EndpointOk(const std::variant<PushEndpoint, std::string>& checked) {
  if (const auto* why = std::get_if<std::string>(&checked)) INFO(*why);
  return std::get_if<PushEndpoint>(&checked);
}

std::string EndpointRefusal(std::string_view url, Loopback loopback = Loopback::kRefused) {
  const auto checked = CheckPushEndpoint(url, loopback);
  const auto* why = std::get_if<std::string>(&checked);
  return why == nullptr ? "" : *why;
}

}  // namespace

TEST_CASE("push endpoint: the push services' URLs pass, with their origin for the VAPID token",
          "[push][security]") {
  const auto fcm = CheckPushEndpoint("https://fcm.googleapis.com/fcm/send/dKz9:APA91b-x_y");
  const PushEndpoint* e = EndpointOk(fcm);
  REQUIRE(e != nullptr);
  CHECK(e->origin == "https://fcm.googleapis.com");
  CHECK(e->host == "fcm.googleapis.com");
  CHECK(e->port == 443);
  CHECK(e->target == "/fcm/send/dKz9:APA91b-x_y");
  CHECK(e->tls);
  const auto mozilla =
      CheckPushEndpoint("HTTPS://Updates.Push.Services.Mozilla.com:8443/wpush/v2/gAAA");
  const PushEndpoint* moz = EndpointOk(mozilla);
  REQUIRE(moz != nullptr);
  CHECK(moz->origin == "https://updates.push.services.mozilla.com:8443");
  CHECK(moz->port == 8443);
  const auto apple = CheckPushEndpoint("https://web.push.apple.com?x=1");
  const PushEndpoint* bare = EndpointOk(apple);
  REQUIRE(bare != nullptr);
  CHECK(bare->target == "/?x=1");
  CHECK(EndpointOk(CheckPushEndpoint("https://[2a00:1450:4001:80b::200a]/send/1")) != nullptr);
  CHECK(EndpointOk(CheckPushEndpoint("https://8.8.8.8/send/1")) != nullptr);
}

TEST_CASE("push endpoint: this machine, private networks and odd URLs are refused",
          "[push][security]") {
  for (const char* url : {
           "http://fcm.googleapis.com/send/1",  // plain http
           "ftp://fcm.googleapis.com/send/1",
           "fcm.googleapis.com/send/1",
           "https://localhost/send",
           "https://push.localhost/send",
           "https://127.0.0.1/send",
           "https://127.1/send",       // read as an address by browsers and resolvers
           "https://2130706433/send",  // 127.0.0.1 as one number
           "https://0x7f.0.0.1/send",
           "https://10.1.2.3/send",
           "https://172.16.0.1/send",
           "https://172.31.255.255/send",
           "https://192.168.1.1/send",
           "https://169.254.169.254/latest/meta-data",  // the cloud's metadata service
           "https://100.64.0.1/send",
           "https://0.0.0.0/send",
           "https://224.0.0.1/send",
           "https://255.255.255.255/send",
           "https://[::1]/send",
           "https://[::]/send",
           "https://[::ffff:127.0.0.1]/send",
           "https://[::ffff:10.0.0.1]/send",
           "https://[fd00::1]/send",
           "https://[fe80::1]/send",
           "https://[64:ff9b::a00:1]/send",        // NAT64 of 10.0.0.1
           "https://[::ffff:0:7f00:1]/send",       // SIIT's IPv4-translated 127.0.0.1
           "https://[::ffff:0:a00:1]/send",        // ... and 10.0.0.1
           "https://[64:ff9b:1::5db8:d822]/send",  // local-use NAT64 (of a public address)
           "https://[2002:a00:1::1]/send",         // 6to4 of 10.0.0.1
           "https://[ff02::1]/send",
           "https://[::1/send",
           "https://router/send",  // one label: an intranet name
           "https://printer.local/send",
           "https://db.internal/send",
           "https://nas.home.arpa/send",
           "https://user:pass@fcm.googleapis.com/send",
           "https://fcm.googleapis.com@127.0.0.1/send",
           "https://fcm.googleapis.com:0/send",
           "https://fcm.googleapis.com:65536/send",
           "https://fcm.googleapis.com:/send",
           "https://fcm.googleapis.com:44x/send",
           "https://fcm.googleapis.com/send#frag",
           "https://fcm.googleapis.com/se nd",
           "https://fcm..googleapis.com/send",
           "https://-fcm.googleapis.com/send",
           "https://fcm_x.googleapis.com/send",
           "https:///send",
           "",
       }) {
    INFO(url);
    const std::string why = EndpointRefusal(url);
    CHECK_FALSE(why.empty());
    // The refusal never repeats the URL: an endpoint reaches a player's browser.
    if (std::string_view(url).size() > 12)
      CHECK(why.find(std::string(url).substr(8)) == std::string::npos);
  }
  CHECK(EndpointRefusal("https://fcm.googleapis.com/" + std::string(1000, 'a')) ==
        "the endpoint is longer than 1024 characters");
  CHECK(EndpointRefusal(std::string("https://fcm.googleapis.com/\x01")) ==
        "the endpoint has characters a URL cannot have");
}

TEST_CASE("push endpoint: a test's push service on loopback passes only when allowed",
          "[push][security]") {
  CHECK_FALSE(EndpointRefusal("http://127.0.0.1:9000/push/abc").empty());
  const auto local = CheckPushEndpoint("http://127.0.0.1:9000/push/abc", Loopback::kAllowed);
  const PushEndpoint* e = EndpointOk(local);
  REQUIRE(e != nullptr);
  CHECK_FALSE(e->tls);
  CHECK(e->origin == "http://127.0.0.1:9000");
  CHECK(EndpointOk(CheckPushEndpoint("https://[::1]:9443/p", Loopback::kAllowed)) != nullptr);
  CHECK(EndpointOk(CheckPushEndpoint("https://localhost:9443/p", Loopback::kAllowed)) != nullptr);
  // Allowing loopback allows nothing else: not a private network, not plain http elsewhere.
  CHECK_FALSE(EndpointRefusal("https://10.0.0.1/p", Loopback::kAllowed).empty());
  CHECK_FALSE(EndpointRefusal("http://fcm.googleapis.com/p", Loopback::kAllowed).empty());
  CHECK_FALSE(EndpointRefusal("http://8.8.8.8/p", Loopback::kAllowed).empty());
}

TEST_CASE("push endpoint: resolved addresses are checked again before a request",
          "[push][security]") {
  CHECK(PublicAddress("142.250.185.74"));
  CHECK(PublicAddress("2a00:1450:4001:80b::200a"));
  CHECK(PublicAddress("[2a00:1450:4001:80b::200a]"));
  for (const char* a : {"127.0.0.1", "10.0.0.1", "192.168.0.1", "169.254.1.1", "::1", "fe80::1",
                        "fc00::1", "::ffff:192.168.0.1", "0.0.0.0", "", "not an address", "1.2.3",
                        "198.51.100.7", "2001:db8::1"}) {
    INFO(a);
    CHECK_FALSE(PublicAddress(a));
  }
  CHECK(PublicAddress("127.0.0.1", Loopback::kAllowed));
  CHECK(PublicAddress("::1", Loopback::kAllowed));
  CHECK_FALSE(PublicAddress("10.0.0.1", Loopback::kAllowed));
}
