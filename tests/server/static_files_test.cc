// The web client's files: served from --web-root with their MIME types, client routes such as
// invite links (/r/CODE) get index.html, a missing asset is a 404, and nothing outside the root
// is ever read.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "test_server.h"

using namespace carc::test;

TEST_CASE("static files: the web client, its routes and its assets", "[http]") {
  const std::string root = NewDataDir();
  std::filesystem::create_directories(root + "/assets");
  std::ofstream(root + "/index.html") << "<!doctype html><title>Carcassonne</title>";
  std::ofstream(root + "/assets/app.js") << "console.log(1);";
  auto config = TestConfig();
  config.web_root = root;
  TestServer server(config);

  const HttpResult index = HttpGet(server.port(), "/");
  CHECK(index.status == 200);
  CHECK(index.body.find("<title>Carcassonne</title>") != std::string::npos);
  const HttpResult invite = HttpGet(server.port(), "/r/ABC234");
  CHECK(invite.status == 200);
  CHECK(invite.body == index.body);
  const HttpResult js = HttpGet(server.port(), "/assets/app.js?v=1");
  CHECK(js.status == 200);
  CHECK(js.body == "console.log(1);");
  CHECK(HttpGet(server.port(), "/assets/missing.js").status == 404);
  CHECK(HttpGet(server.port(), "/../../etc/passwd").status == 400);
}

TEST_CASE("static files: without a web root the server says so", "[http]") {
  auto config = TestConfig();
  config.web_root.clear();
  TestServer server(config);
  const HttpResult r = HttpGet(server.port(), "/");
  CHECK(r.status == 404);
  CHECK(r.body.find("--web-root") != std::string::npos);
}
