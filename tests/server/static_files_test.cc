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

#include "net/static_files.h"
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

TEST_CASE("static files: the coding a request's Accept-Encoding allows", "[http][static]") {
  using E = carc::server::StaticFiles::Encoding;
  const auto pick = [](std::string_view header, bool gzip = true, bool brotli = true) {
    return carc::server::StaticFiles::Preferred(header, gzip, brotli);
  };
  CHECK(pick("gzip, deflate, br, zstd") == E::kBrotli);
  CHECK(pick("gzip, deflate, br", true, false) == E::kGzip);
  CHECK(pick("br", true, false) == E::kIdentity);
  CHECK(pick("gzip") == E::kGzip);
  CHECK(pick("x-gzip") == E::kGzip);
  CHECK(pick("BR ;  Q=1") == E::kBrotli);
  CHECK(pick("br;q=0, gzip") == E::kGzip);
  CHECK(pick("br;q=0.5, gzip;q=0.8") == E::kGzip);
  CHECK(pick("br;q=0.8, gzip;q=0.8") == E::kBrotli);
  CHECK(pick("*") == E::kBrotli);
  CHECK(pick("*;q=0") == E::kIdentity);
  CHECK(pick("*;q=0.1, br;q=0") == E::kGzip);
  CHECK(pick("") == E::kIdentity);
  CHECK(pick("identity") == E::kIdentity);
  // Weights that are not qvalues accept nothing.
  CHECK(pick("br;q=2, gzip;q=1.5") == E::kIdentity);
  CHECK(pick("br;q=abc, gzip;q=0.0001") == E::kIdentity);
  CHECK(pick("br;level=9, gzip") == E::kGzip);
  CHECK(pick(",,, ;;; ,br") == E::kBrotli);
  CHECK(pick(std::string(8000, ',')) == E::kIdentity);
}

TEST_CASE("static files: If-None-Match names the representation", "[http][static]") {
  using carc::server::StaticFiles;
  CHECK(StaticFiles::Matches("\"a-1\"", "\"a-1\""));
  CHECK(StaticFiles::Matches("\"x\", W/\"a-1\"", "\"a-1\""));
  CHECK(StaticFiles::Matches("*", "\"a-1\""));
  CHECK_FALSE(StaticFiles::Matches("\"a-2\"", "\"a-1\""));
  CHECK_FALSE(StaticFiles::Matches("", "\"a-1\""));
  CHECK_FALSE(StaticFiles::Matches("a-1", "\"a-1\""));
}

namespace {

// The value of header `name` in a raw response ("" when absent).
std::string HeaderOf(const std::string& response, const std::string& name) {
  const auto end = response.find("\r\n\r\n");
  const auto at = response.substr(0, end).find("\r\n" + name + ": ");
  if (at == std::string::npos) return "";
  const auto from = at + name.size() + 4;
  return response.substr(from, response.find("\r\n", from) - from);
}

std::string BodyOf(const std::string& response) {
  const auto end = response.find("\r\n\r\n");
  return end == std::string::npos ? "" : response.substr(end + 4);
}

std::string Get(std::uint16_t port, const std::string& target, const std::string& headers = "") {
  return RawExchange(
      port, "GET " + target + " HTTP/1.1\r\nHost: x\r\n" + headers + "Connection: close\r\n\r\n");
}

}  // namespace

TEST_CASE("static files: precompressed variants, immutable assets, revalidated pages",
          "[http][static]") {
  const std::string root = NewDataDir();
  std::filesystem::create_directories(root + "/assets");
  std::ofstream(root + "/index.html") << "<!doctype html><title>Carcassonne</title>";
  std::ofstream(root + "/assets/app-Dx8f.js") << "plain";
  // Stand-ins for the build's compressed siblings: which one was sent shows in the body.
  std::ofstream(root + "/assets/app-Dx8f.js.gz") << "gzipped";
  std::ofstream(root + "/assets/app-Dx8f.js.br") << "brotli";
  std::ofstream(root + "/assets/lone.css.gz") << "orphan";
  std::ofstream(root + "/manifest.webmanifest") << "{}";
  std::ofstream(root + "/sw.js") << "self;";
  auto config = TestConfig();
  config.web_root = root;
  TestServer server(config);
  const auto port = server.port();

  const std::string br = Get(port, "/assets/app-Dx8f.js", "Accept-Encoding: gzip, br\r\n");
  CHECK(BodyOf(br) == "brotli");
  CHECK(HeaderOf(br, "Content-Encoding") == "br");
  CHECK(HeaderOf(br, "Content-Type") == "text/javascript");
  CHECK(HeaderOf(br, "Vary") == "Accept-Encoding");
  CHECK(HeaderOf(br, "Cache-Control") == "public, max-age=31536000, immutable");
  const std::string gz = Get(port, "/assets/app-Dx8f.js", "Accept-Encoding: gzip\r\n");
  CHECK(BodyOf(gz) == "gzipped");
  CHECK(HeaderOf(gz, "Content-Encoding") == "gzip");
  const std::string plain = Get(port, "/assets/app-Dx8f.js");
  CHECK(BodyOf(plain) == "plain");
  CHECK(HeaderOf(plain, "Content-Encoding").empty());
  CHECK(HeaderOf(plain, "Vary") == "Accept-Encoding");
  // Each representation has its own tag.
  CHECK(HeaderOf(br, "ETag") != HeaderOf(gz, "ETag"));
  CHECK(HeaderOf(gz, "ETag") != HeaderOf(plain, "ETag"));
  // A variant is not a file of its own; a compressed file without its original is.
  CHECK(Get(port, "/assets/app-Dx8f.js.br").rfind("HTTP/1.1 404", 0) == 0);
  CHECK(BodyOf(Get(port, "/assets/lone.css.gz")) == "orphan");

  // The page is revalidated: no-cache with a tag, and the tag gets 304 without a body.
  const std::string page = Get(port, "/r/ABC234", "Accept-Encoding: br\r\n");
  CHECK(page.rfind("HTTP/1.1 200", 0) == 0);
  CHECK(HeaderOf(page, "Cache-Control") == "no-cache");
  CHECK(HeaderOf(page, "Content-Encoding").empty());
  const std::string etag = HeaderOf(page, "ETag");
  REQUIRE(etag.size() > 2);
  const std::string again = Get(port, "/", "If-None-Match: W/\"other\", " + etag + "\r\n");
  CHECK(again.rfind("HTTP/1.1 304", 0) == 0);
  CHECK(BodyOf(again).empty());
  CHECK(HeaderOf(again, "ETag") == etag);
  CHECK(Get(port, "/", "If-None-Match: \"stale\"\r\n").rfind("HTTP/1.1 200", 0) == 0);
  // The manifest and the service worker are fetched again whenever they change.
  const std::string manifest = Get(port, "/manifest.webmanifest");
  CHECK(HeaderOf(manifest, "Content-Type") == "application/manifest+json");
  CHECK(HeaderOf(manifest, "Cache-Control") == "no-cache");
  const std::string worker = Get(port, "/sw.js");
  CHECK(HeaderOf(worker, "Content-Type") == "text/javascript");
  CHECK(HeaderOf(worker, "Cache-Control") == "no-cache");

  // What is not the client's own file is never kept by a cache.
  CHECK(HeaderOf(Get(port, "/healthz"), "Cache-Control") == "no-store");
  CHECK(HeaderOf(Get(port, "/api/games"), "Cache-Control") == "no-store");
  CHECK(HeaderOf(Get(port, "/assets/missing.js"), "Cache-Control") == "no-store");
}
