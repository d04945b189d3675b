// `carcassonne login`, `bot` signed in, and `logout` against a real server: the session is kept
// in a file only its owner reads, the first seat of `bot` plays under the account (its game is
// on the account's profile), and logging out ends the session on the server.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli_run.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

std::string SessionFileText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

unsigned ModeOf(const std::string& path) {
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  return st.st_mode & 0777u;
}

}  // namespace

TEST_CASE(
    "cli: login keeps a session readable by its owner alone, bot plays signed in, "
    "logout ends it",
    "[cli][accounts][server]") {
  auto config = TestConfig();
  config.hash_threads = 1;
  TestServer server(config);
  const auto port = server.port();
  REQUIRE(HttpRequest(port, "POST", "/api/accounts", R"({"name":"Ada","password":"correct horse"})")
              .status == 201);
  const std::string dir = NewDataDir() + "/config";
  ::setenv("CARC_CONFIG_DIR", dir.c_str(), 1);
  const std::string url = "ws://127.0.0.1:" + std::to_string(port);
  const std::string password_file = NewDataDir() + "/password";
  std::ofstream(password_file) << "wrong horse\n";

  const auto refused = RunCli("login --server " + url + " ada < " + password_file, true);
  CHECK(refused.code == 1);
  CHECK(refused.out.find("wrong name or password") != std::string::npos);

  std::ofstream(password_file) << "correct horse\n";
  const auto in = RunCli("login --server " + url + " ada < " + password_file, true);
  INFO(in.out);
  REQUIRE(in.code == 0);
  CHECK(in.out.find("as Ada") != std::string::npos);
  const std::string file = dir + "/sessions.json";
  CHECK(ModeOf(file) == 0600u);
  CHECK(ModeOf(dir) == 0700u);
  const auto saved = nlohmann::json::parse(SessionFileText(file));
  const std::string token = saved["servers"]["127.0.0.1:" + std::to_string(port)]["token"];
  CHECK(token.size() == 43);
  CHECK(in.out.find(token) == std::string::npos);  // never printed
  CHECK(HttpRequest(port, "GET", "/api/me", "", {{"Authorization", "Bearer " + token}}).status ==
        200);

  const auto bot = RunCli("bot --server " + url + " --create --seats 2 --seed 7", true);
  INFO(bot.out);
  REQUIRE(bot.code == 0);
  CHECK(bot.out.find("signed in as Ada") != std::string::npos);
  // The bot's room is private: its game is on the profile for Ada, not for a stranger.
  CHECK(nlohmann::json::parse(HttpGet(port, "/api/players/ada").body)["recent"].empty());
  const auto profile = nlohmann::json::parse(
      HttpRequest(port, "GET", "/api/players/ada", "", {{"Authorization", "Bearer " + token}})
          .body);
  REQUIRE(profile["recent"].size() == 1);
  CHECK(profile["recent"][0]["players"][0]["name"] == "Ada");
  CHECK(profile["recent"][0]["players"][1]["name"] == "bot-2");

  // load: each room's first seat signed in, the others guests.
  const auto signed_in_sockets = [&] {
    const std::string metrics = HttpGet(port, "/metrics").body;
    const std::string name = "carc_account_sockets_total{outcome=\"signed_in\"} ";
    const auto at = metrics.find(name);
    return at == std::string::npos ? -1 : std::stoi(metrics.substr(at + name.size()));
  };
  const int before = signed_in_sockets();
  const auto load = RunCli(
      "load --server " + url + " --rooms 2 --players 2 --duration 1 --settle 0 --threads 1", true);
  INFO(load.out);
  CHECK(load.code == 0);
  CHECK(load.out.find("signed in as Ada (each room's first seat)") != std::string::npos);
  CHECK(signed_in_sockets() - before == 2);

  const auto out = RunCli("logout --server " + url, true);
  CHECK(out.code == 0);
  CHECK(nlohmann::json::parse(SessionFileText(file))["servers"].empty());
  CHECK(HttpRequest(port, "GET", "/api/me", "", {{"Authorization", "Bearer " + token}}).status ==
        401);
  // Signed out, bot plays as a guest again.
  const auto guest = RunCli("bot --server " + url + " --create --seats 2 --seed 8", true);
  CHECK(guest.code == 0);
  CHECK(guest.out.find("signed in") == std::string::npos);
  ::unsetenv("CARC_CONFIG_DIR");
}

TEST_CASE("cli: bot --create --rated plays a rated game between two logins",
          "[cli][accounts][server][ratings]") {
  auto config = TestConfig();
  config.hash_threads = 1;
  TestServer server(config);
  const auto port = server.port();
  for (const char* name : {"Ada", "Bob"}) {
    REQUIRE(HttpRequest(port, "POST", "/api/accounts",
                        nlohmann::json{{"name", name}, {"password", "correct horse"}}.dump())
                .status == 201);
  }
  const std::string root = NewDataDir();
  const std::string url = "ws://127.0.0.1:" + std::to_string(port);
  std::ofstream(root + "/password") << "correct horse\n";
  // Each account's login in a configuration directory of its own.
  for (const char* name : {"ada", "bob"}) {
    ::setenv("CARC_CONFIG_DIR", (root + "/" + name).c_str(), 1);
    REQUIRE(RunCli("login --server " + url + " " + name + " < " + root + "/password", true).code ==
            0);
  }
  const auto two_seats = RunCli("bot --server " + url + " --create --rated --seats 2", true);
  CHECK(two_seats.code == 2);
  CHECK(two_seats.out.find("--rated plays one seat") != std::string::npos);
  ::setenv("CARC_CONFIG_DIR", (root + "/nobody").c_str(), 1);
  const auto guest = RunCli("bot --server " + url + " --create --rated", true);
  CHECK(guest.code == 2);
  CHECK(guest.out.find("--rated needs an account") != std::string::npos);
  ::unsetenv("CARC_CONFIG_DIR");

  // Ada creates the rated room; Bob joins it by its code, each process signed in as one account.
  const std::string cli = CARC_CLI_PATH;
  std::ofstream(root + "/play.sh")
      << "CARC_CONFIG_DIR=" << root << "/ada " << cli << " bot --server " << url
      << " --create --rated --players 2 --seed 3 --timeout 60 2>" << root << "/ada.err >" << root
      << "/ada.out &\n"
      << "for i in $(seq 200); do grep -q '^room ' " << root
      << "/ada.err && break; sleep 0.05; done\n"
      << "CARC_CONFIG_DIR=" << root << "/bob " << cli << " bot --server " << url
      << " --room \"$(sed -n 's/^room //p' " << root << "/ada.err)\" --seed 4 --timeout 60 >"
      << root << "/bob.out 2>&1\n"
      << "wait\n";
  REQUIRE(std::system(("bash " + root + "/play.sh").c_str()) == 0);
  for (const char* name : {"ada", "bob"}) {
    INFO(name << ": " << SessionFileText(root + "/" + name + ".out"));
    const auto profile =
        nlohmann::json::parse(HttpGet(port, std::string("/api/players/") + name).body);
    REQUIRE(profile["ratings"].size() == 1);
    CHECK(profile["ratings"][0]["pool"] == "base");
    CHECK(profile["ratings"][0]["games"] == 1);
    CHECK(profile["ratings"][0]["history"].size() == 1);
  }
}
