// The web client's files: served from --web-root with their MIME types, client routes such as
// invite links (/r/CODE) get index.html, a missing asset is a 404, and nothing but the client's
// own files is ever read: no spelling of a path reaches /etc/passwd, a file beside the web root
// or the game store (which holds every room's secret seed), even when the data directory lies
// inside the web root.
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "test_server.h"

using namespace carc::test;

namespace {

// Sends `request` as it is (no client-side normalisation of the path) and reads until the
// server closes the connection.
std::string RawExchange(std::uint16_t port, const std::string& request) {
  namespace net = boost::asio;
  net::io_context io;
  net::ip::tcp::socket socket(io);
  socket.connect({net::ip::make_address("127.0.0.1"), port});
  net::write(socket, net::buffer(request));
  std::string out;
  boost::system::error_code ec;
  net::read(socket, net::dynamic_buffer(out), ec);  // until EOF
  return out;
}

}  // namespace

TEST_CASE("static files: the web client, its routes and its assets", "[http][static]") {
  const std::string root = NewDataDir();
  std::filesystem::create_directories(root + "/assets");
  std::ofstream(root + "/index.html") << "<!doctype html><title>Carcassonne</title>";
  std::ofstream(root + "/assets/app.js") << "console.log(1);";
  auto config = TestConfig();
  config.web_root = root;
  TestServer server(config);

  const HttpResult index = HttpGet(server.port(), "/");
  CHECK(index.status == 200);
  CHECK(index.content_type == "text/html; charset=utf-8");
  CHECK(index.body.find("<title>Carcassonne</title>") != std::string::npos);
  const HttpResult invite = HttpGet(server.port(), "/r/ABC234");
  CHECK(invite.status == 200);
  CHECK(invite.body == index.body);
  const HttpResult js = HttpGet(server.port(), "/assets/app.js?v=1");
  CHECK(js.status == 200);
  CHECK(js.content_type == "text/javascript");
  CHECK(js.body == "console.log(1);");
  CHECK(HttpGet(server.port(), "/assets/missing.js").status == 404);
  CHECK(HttpGet(server.port(), "/../../etc/passwd").status == 404);
}

TEST_CASE("static files: no path outside the client's own files is served", "[http][static]") {
  // root/            the web root, with the data directory inside it (a careless set-up)
  //   index.html, assets/app.js, .env, data/carcassonne.sqlite, link.txt -> ../secret.txt
  // secret.txt       beside the root
  const std::string top = NewDataDir();
  const std::string root = top + "/web";
  std::filesystem::create_directories(root + "/assets");
  std::ofstream(root + "/index.html") << "<!doctype html><title>Carcassonne</title>";
  std::ofstream(root + "/assets/app.js") << "console.log(1);";
  std::ofstream(root + "/.env") << "SECRET-DOTFILE";
  std::ofstream(top + "/secret.txt") << "SECRET-BESIDE";
  std::filesystem::create_symlink(top + "/secret.txt", root + "/link.txt");
  auto config = TestConfig();
  config.web_root = root;
  config.data_dir = root + "/data";
  TestServer server(config);
  // The store is open: its file exists inside the web root while the server runs.
  REQUIRE(std::filesystem::is_regular_file(root + "/data/carcassonne.sqlite"));

  const std::string index = HttpGet(server.port(), "/").body;
  const std::vector<std::string> attacks = {
      "//etc/passwd",
      "///etc/passwd",
      "/etc/passwd",
      "/../secret.txt",
      "/assets/../../secret.txt",
      "/..%2fsecret.txt",
      "/%2e%2e/secret.txt",
      "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "/assets/%2e%2e/%2e%2e/secret.txt",
      "/..%5csecret.txt",
      "/assets/..\\..\\secret.txt",
      "/link.txt",
      "/.env",
      "/data/carcassonne.sqlite",
      "/data/carcassonne.sqlite-wal",
      "/data/carcassonne.sqlite-shm",
      "//" + root + "/data/carcassonne.sqlite",
      "/carcassonne.sqlite",
      "/data/",
      "/assets/app.js/../../.env",
      "/assets/./app.js/..",
      "/index.html%00.js",
      "/%00",
  };
  for (const std::string& path : attacks) {
    INFO("GET " << path);
    const HttpResult r = HttpGet(server.port(), path);
    CHECK(r.error.empty());
    // Either not found, or (an extension-less route of plain segments) the client's index.
    CHECK((r.status == 404 || (r.status == 200 && r.body == index)));
    CHECK(r.body.find("root:") == std::string::npos);
    CHECK(r.body.find("SECRET") == std::string::npos);
    CHECK(r.body.find("SQLite format") == std::string::npos);
  }
  // The paths that name a file are plain 404s.
  CHECK(HttpGet(server.port(), "//etc/passwd").status == 404);
  CHECK(HttpGet(server.port(), "/data/carcassonne.sqlite").status == 404);
  CHECK(HttpGet(server.port(), "/link.txt").status == 404);
  CHECK(HttpGet(server.port(), "/%2e%2e/secret.txt").status == 404);
  // The client's own files are still there.
  CHECK(HttpGet(server.port(), "/assets/app.js").body == "console.log(1);");
}

TEST_CASE("static files: without a web root the server says so", "[http][static]") {
  auto config = TestConfig();
  config.web_root.clear();
  TestServer server(config);
  const HttpResult r = HttpGet(server.port(), "/");
  CHECK(r.status == 404);
  CHECK(r.body.find("--web-root") != std::string::npos);
}

TEST_CASE("HEAD gets a GET's headers and no body", "[http][static]") {
  const std::string root = NewDataDir();
  const std::string page = "<!doctype html><title>Carcassonne</title>";
  std::ofstream(root + "/index.html") << page;
  auto config = TestConfig();
  config.web_root = root;
  TestServer server(config);

  // HEAD and then a GET on the same connection: had HEAD sent a body, it would come where the
  // second response's status line must be.
  for (const std::string target : {"/", "/healthz", "/metrics", "/api/games"}) {
    INFO("HEAD " << target);
    const std::string out = RawExchange(
        server.port(), "HEAD " + target +
                           " HTTP/1.1\r\nHost: x\r\n\r\n"
                           "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    const auto end_of_head = out.find("\r\n\r\n");
    REQUIRE(end_of_head != std::string::npos);
    CHECK(out.rfind("HTTP/1.1 200", 0) == 0);
    CHECK(out.find("Content-Length: 0") == std::string::npos);
    CHECK(out.compare(end_of_head + 4, 12, "HTTP/1.1 200") == 0);
    CHECK(out.substr(out.size() - 3) == "ok\n");
  }
  const std::string head =
      RawExchange(server.port(), "HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  CHECK(head.find("Content-Length: " + std::to_string(page.size())) != std::string::npos);
  CHECK(head.substr(head.size() - 4) == "\r\n\r\n");
}
