// fuzz_http: bytes as they arrive on the HTTP port, through Beast's request parser with the
// limits of http_session.cc (header 8 KiB; body 16 KiB, or kMaxApiUpload for a POST to /api/),
// then the routing a request goes through without a socket: the WebSocket upgrade check, the
// archive API (ServeArchive on a real SQLite store holding a base and a Castle game), health,
// metrics, and the resolution of a static file in a web root. Several requests on one
// connection (keep-alive) are parsed one after the other from the same bytes.
#include <spdlog/spdlog.h>
#include <stdlib.h>

#include <algorithm>
#include <boost/asio/buffer.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <filesystem>
#include <fstream>
#include <optional>

#include "app/archive_api.h"
#include "app/metrics.h"
#include "app/server_config.h"
#include "carc/codec/castle/castle_data.h"
#include "carc/codec/castle/castle_record.h"
#include "carc/codec/record.h"
#include "carc/engine/castle/castle_play.h"
#include "carc/engine/random_player.h"
#include "fuzz_target.h"
#include "net/http_api.h"
#include "net/static_files.h"
#include "store/sqlite_store.h"

namespace {

namespace fs = std::filesystem;
namespace http = boost::beast::http;
namespace store = carc::server::store;
using carc::fuzz::Fail;

constexpr std::size_t kHeaderLimit = 8 * 1024;  // http_session.cc
constexpr std::size_t kMaxRequestBody = 16 * 1024;
constexpr int kMaxRequests = 16;

void Archive(store::EventStore& s, const std::string& code, const std::string& game,
             std::string record) {
  store::ArchivedGame g;
  g.id = s.CreateRoom(code, "");
  g.code = code;
  g.finished_at = 1764000000;
  g.players = {{"Ann", 10}, {"Bob", 20}};
  g.record = std::move(record);
  g.game = game;
  s.Archive(g);
}

struct World {
  World() {
    spdlog::set_level(spdlog::level::off);
    std::string dir_template = (fs::temp_directory_path() / "carc-fuzz-http-XXXXXX").string();
    if (mkdtemp(dir_template.data()) == nullptr) Fail("cannot make a temporary directory");
    dir = dir_template;
    // A web root beside a file it must never serve.
    web_root = dir / "web";
    fs::create_directories(web_root / "assets");
    std::ofstream(web_root / "index.html") << "<!doctype html>";
    std::ofstream(web_root / "app.js") << "1";
    std::ofstream(web_root / "assets" / "logo.svg") << "<svg/>";
    std::ofstream(dir / "secret.txt") << "outside the web root";
    canonical_root = fs::canonical(web_root);
    // The data directory inside the web root: its files must never be served either.

    fs::create_directories(web_root / "data");
    store = store::OpenSqliteStore(store::StorePath((web_root / "data").string()),
                                   store::Durability::kNormal);
    // Two finished games, so that /api/games/{1,2}/{record,replay} reach the replays.
    carc::engine::GameConfig base;
    base.seed = 7;
    carc::engine::GameState state(base);
    carc::engine::RandomPlayer player(7);
    std::vector<carc::engine::LoggedCommand> log;
    carc::engine::PlayOut(state, player, &log);
    files = carc::server::StaticFiles::Load(web_root.string(), (web_root / "data").string());
    Archive(*store, "BASE22", "base", carc::codec::WriteRecord(carc::codec::RecordOf(base, log)));
    carc::engine::castle::CastleConfig castle;
    castle.set = carc::codec::DefaultCastleSet();
    castle.seed = 7;
    carc::engine::castle::CastleState castle_state(castle);
    carc::engine::castle::RandomPlayer castle_player(7);
    std::vector<carc::engine::castle::LoggedCommand> castle_log;
    carc::engine::castle::PlayOut(castle_state, castle_player, &castle_log);
    Archive(*store, "CAST22", "castle", carc::codec::WriteCastleRecord(castle, castle_log));
  }
  ~World() {
    store.reset();
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }

  fs::path dir;
  fs::path web_root;
  fs::path canonical_root;
  carc::server::StaticFiles files;
  carc::server::Metrics metrics;
  std::unique_ptr<store::EventStore> store;
};

World& TheWorld() {
  static World world;
  return world;
}

// The promise every resolution must keep: what it serves is a file inside the web root.
void CheckStatic(const World& w, const std::string& target) {
  const carc::server::StaticFiles::File* file = w.files.Resolve(target);
  if (file == nullptr) return;
  std::error_code ec;
  const fs::path real = fs::canonical(file->path, ec);
  if (ec) Fail("the static-file resolution chose a file that does not exist");
  const auto [root_end, ignored] =
      std::mismatch(w.canonical_root.begin(), w.canonical_root.end(), real.begin(), real.end());
  if (root_end != w.canonical_root.end()) {
    Fail("the static-file resolution left the web root: " + target + " -> " + real.string());
  }
  if (real.string().find("/data/") != std::string::npos) {
    Fail("the static-file resolution reached the data directory: " + target);
  }
}

void CheckApiAnswer(const carc::server::ApiResponse& r) {
  if (r.status < 200 || r.status > 599) Fail("an API answer has no valid HTTP status");
  if (r.status == 405 && r.allow.empty()) Fail("a 405 API answer does not say what is allowed");
}

// What HttpSession::OnRead decides for a whole request.
void Route(World& w, http::request<http::string_body>& request) {
  if (boost::beast::websocket::is_upgrade(request)) return;  // /ws or a 404: no more routing
  const std::string target(request.target());
  if (target.starts_with("/api/")) {
    const carc::server::ApiRequest api{std::string(request.method_string()),
                                       target,
                                       std::move(request.body()),
                                       "127.0.0.1",
                                       std::string(request[http::field::if_none_match]),
                                       std::string(request[http::field::authorization]),
                                       std::string(request[http::field::cookie]),
                                       std::string(request[http::field::user_agent]),
                                       false,
                                       std::string(request[http::field::host])};
    int answers = 0;
    const bool served = carc::server::ServeArchive(*w.store, api, [&](auto response) {
      ++answers;
      CheckApiAnswer(response);
    });
    if (served && answers != 1) Fail("an archive request was not answered exactly once");
    return;
  }
  if (request.method() != http::verb::get && request.method() != http::verb::head) return;
  if (target == "/healthz") return;
  if (target == "/metrics") {
    if (w.metrics.Render().empty()) Fail("/metrics rendered nothing");
    return;
  }
  CheckStatic(w, target);
}

// Parses one request from `input` as HttpSession reads it: the header first, then the body with
// the limit its method and target allow. Returns the bytes used, or 0 when the connection ends
// (a bad or incomplete request, or one over its limits).
std::size_t ParseOne(World& w, std::string_view input) {
  http::request_parser<http::string_body> parser;
  parser.header_limit(kHeaderLimit);
  parser.body_limit(boost::none);
  parser.eager(false);
  boost::beast::error_code ec;
  std::size_t used = 0;
  while (!parser.is_header_done()) {
    const std::size_t n = parser.put(boost::asio::buffer(input.substr(used)), ec);
    used += n;
    if (ec || n == 0) return 0;
  }
  const auto& header = parser.get();
  const bool upload = header.method() == http::verb::post && header.target().starts_with("/api/");
  const std::size_t limit = upload ? carc::server::kMaxApiUpload : kMaxRequestBody;
  if (const auto length = parser.content_length(); length && *length > limit) return 0;
  parser.body_limit(limit);
  parser.eager(true);
  while (!parser.is_done()) {
    const std::size_t n = parser.put(boost::asio::buffer(input.substr(used)), ec);
    used += n;
    if (ec || n == 0) return 0;
  }
  auto request = parser.release();
  Route(w, request);
  return used;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  World& w = TheWorld();
  std::string_view input(reinterpret_cast<const char*>(data), size);
  for (int i = 0; i < kMaxRequests && !input.empty(); ++i) {
    const std::size_t used = ParseOne(w, input);
    if (used == 0) break;
    input.remove_prefix(used);
  }
  return 0;
}
