// Accounts for server tests: make one over HTTP and sign sockets and requests in with its
// session (the cookie a browser sends, or the Bearer field the command-line tool sends).
#pragma once

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "app/server_app.h"
#include "moderation/roles.h"
#include "store/moderation_store.h"
#include "test_server.h"

namespace carc::test {

// A test server for games between accounts: one hashing thread, and whole games played as fast
// as the tests can send.
inline server::ServerConfig AccountGamesConfig() {
  auto config = TestConfig();
  config.hash_threads = 1;
  config.rate_burst = 100000;
  config.rate_per_second = 100000;
  return config;
}

// A node named `id` of a cluster on the PostgreSQL database `url`, for games between accounts.
inline server::ServerConfig AccountClusterNode(const std::string& url, const std::string& id) {
  auto config = AccountGamesConfig();
  config.store = url;
  config.node_id = id;
  return config;
}

// Gives the account whose name's key is `key` `role`, straight in the store (as
// `carcassonne-server admin grant` does).
inline void GrantRole(TestServer& server, const std::string& key, server::moderation::Role role) {
  auto& store = server.app().store();
  const std::string name(server::moderation::RoleName(role));
  store.moderation()->SetRole(store.accounts()->AccountByKey(key)->id, role,
                              {0, 0, "host", "grant", key, "", name});
}

// Makes account `name` (password "correct horse") and returns its session token (from the
// Set-Cookie field).
inline std::string NewAccount(std::uint16_t port, const std::string& name) {
  const auto made =
      HttpRequest(port, "POST", "/api/accounts",
                  nlohmann::json{{"name", name}, {"password", "correct horse"}}.dump());
  REQUIRE(made.status == 201);
  const std::string field = made.Header("Set-Cookie");
  const std::string prefix = "carc_session=";
  REQUIRE(field.starts_with(prefix));
  return field.substr(prefix.size(), field.find(';') - prefix.size());
}

inline HeaderFields Cookie(const std::string& token) {
  return {{"Cookie", "lang=en; carc_session=" + token}};
}

inline HeaderFields Bearer(const std::string& token) {
  return {{"Authorization", "Bearer " + token}};
}

// The JSON answer of GET `target`, which must have status `expect`.
inline nlohmann::json GetJson(std::uint16_t port, const std::string& target,
                              const HeaderFields& auth, unsigned expect = 200) {
  const auto r = HttpRequest(port, "GET", target, "", auth);
  REQUIRE(r.status == expect);
  return nlohmann::json::parse(r.body);
}

}  // namespace carc::test
