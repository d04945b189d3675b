// The tests' push service (tests/push/push_service.mjs: web-push-testing on localhost) as a child
// process: subscriptions made for the server's VAPID key, the messages it decrypted, and
// subscriptions expired so that the next push to them is answered 410.
#pragma once

#include <catch2/catch.hpp>
#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "helper_process.h"
#include "server_process.h"
#include "test_server.h"

namespace carc::test {

struct ServiceSubscription {
  nlohmann::json json;  // {"endpoint", "keys": {"p256dh", "auth"}}: what a browser posts
  std::string hash;     // the service's name for it
};

class PushServiceProcess {
 public:
  PushServiceProcess()
      : port_(FreePort()),
        process_(NodePath(), {std::string(CARC_SOURCE_DIR) + "/tests/push/push_service.mjs",
                              std::to_string(port_)}) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < until) {
      if (Post("/status", "{}").status == 200) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    FAIL("the push service did not start on port " << port_);
  }
  PushServiceProcess(const PushServiceProcess&) = delete;
  PushServiceProcess& operator=(const PushServiceProcess&) = delete;

  // A browser's subscription for a server whose VAPID public key is `key`.
  ServiceSubscription Subscribe(const std::string& key) {
    const auto r = Post("/subscribe", nlohmann::json{{"applicationServerKey", key}}.dump());
    REQUIRE(r.status == 200);
    auto data = nlohmann::json::parse(r.body)["data"];
    ServiceSubscription s{{{"endpoint", data["endpoint"]}, {"keys", data["keys"]}},
                          data["clientHash"].get<std::string>()};
    return s;
  }
  // The plaintexts pushed to `s` so far.
  std::vector<std::string> Messages(const ServiceSubscription& s) {
    const auto r = Post("/get-notifications", nlohmann::json{{"clientHash", s.hash}}.dump());
    REQUIRE(r.status == 200);
    std::vector<std::string> out;
    const auto answer = nlohmann::json::parse(r.body);  // outlives the loop over a part of it
    for (const auto& m : answer["data"]["messages"]) {
      out.push_back(m.get<std::string>());
    }
    return out;
  }
  // Waits (bounded) until `s` has `count` messages; returns them.
  std::vector<std::string> AwaitMessages(const ServiceSubscription& s, std::size_t count) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(15);
    auto got = Messages(s);
    while (got.size() < count && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      got = Messages(s);
    }
    return got;
  }
  void Expire(const ServiceSubscription& s) {
    REQUIRE(Post("/expire-subscription/" + s.hash, "").status == 200);
  }

 private:
  HttpResult Post(const std::string& target, const std::string& body) {
    return HttpRequest(port_, "POST", target, body, {{"Content-Type", "application/json"}});
  }

  static std::string NodePath() {
    const char* node = std::getenv("CARC_TEST_NODE");
    REQUIRE(node != nullptr);  // ctest sets it (tests/CMakeLists.txt, [push-service])
    return node;
  }

  std::uint16_t port_;  // before process_, which is started on it
  HelperProcess process_;
};

}  // namespace carc::test
