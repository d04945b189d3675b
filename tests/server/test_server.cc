#include "test_server.h"

#include <spdlog/spdlog.h>
#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <mutex>
#include <stdexcept>

#include "carc/codec/proto_codec.h"

namespace carc::test {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// Every data directory of this test process lives under one temporary root, removed at exit.
class TempRoot {
 public:
  TempRoot() {
    std::string pattern = (std::filesystem::temp_directory_path() / "carc-test-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    root_ = pattern;
  }
  ~TempRoot() {
    std::error_code ec;
    std::filesystem::remove_all(root_, ec);
  }
  std::string NewDir() {
    std::lock_guard lock(mu_);
    const auto dir = root_ / ("data" + std::to_string(++n_));
    std::filesystem::create_directories(dir);
    return dir.string();
  }

 private:
  std::filesystem::path root_;
  std::mutex mu_;
  int n_ = 0;
};

}  // namespace

std::string NewDataDir() {
  static TempRoot root;
  return root.NewDir();
}

server::ServerConfig TestConfig() {
  server::ServerConfig c;
  c.data_dir = NewDataDir();
  c.durability_full = false;  // the crash and restart tests use full
  c.bind = "127.0.0.1";
  c.port = 0;
  c.threads = 2;
  c.handshake_timeout = std::chrono::seconds(1);
  c.grace_period = std::chrono::seconds(2);
  c.idle_timeout = std::chrono::seconds(10);
  c.empty_room_ttl = std::chrono::seconds(60);
  // Every test connection comes from 127.0.0.1: the per-address room limit has its own tests.
  c.max_rooms_per_address = 1000;
  // Every test client comes from 127.0.0.1; the tests of the cap set their own.
  c.max_connections_per_address = 1000;
  return c;
}

TestServer::TestServer(server::ServerConfig config) : app_(std::move(config)) {
  spdlog::set_level(spdlog::level::warn);
  if (const std::string e = app_.Open(); !e.empty()) throw std::runtime_error(e);
  thread_ = std::thread([this] { app_.Run(); });
}

TestServer::~TestServer() {
  app_.Stop();
  thread_.join();
}

client::ServerAddress TestServer::address() {
  client::ServerAddress a;
  a.host = "127.0.0.1";
  a.port = std::to_string(port());
  a.path = "/ws";
  return a;
}

double MetricIn(const std::string& text, const std::string& sample) {
  std::size_t start = 0;
  while (start < text.size()) {
    const auto end = std::min(text.find('\n', start), text.size());
    const std::string_view line(text.data() + start, end - start);
    if (line.size() > sample.size() && line.starts_with(sample) && line[sample.size()] == ' ') {
      return std::stod(std::string(line.substr(sample.size() + 1)));
    }
    start = end + 1;
  }
  return -1;
}

double MetricValue(std::uint16_t port, const std::string& sample) {
  const HttpResult r = HttpGet(port, "/metrics");
  return r.status == 200 ? MetricIn(r.body, sample) : -1;
}

HttpResult HttpGet(std::uint16_t port, const std::string& target) {
  return HttpRequest(port, "GET", target);
}

std::string HttpResult::Header(std::string_view name) const {
  for (const auto& [n, v] : headers) {
    if (beast::iequals(n, name)) return v;
  }
  return "";
}

HttpResult HttpRequest(std::uint16_t port, const std::string& method, const std::string& target,
                       const std::string& body,
                       const std::vector<std::pair<std::string, std::string>>& fields) {
  return HttpRequestFrom("", port, method, target, body, fields);
}

HttpResult HttpRequestFrom(const std::string& from, std::uint16_t port, const std::string& method,
                           const std::string& target, const std::string& body,
                           const std::vector<std::pair<std::string, std::string>>& fields,
                           std::chrono::seconds limit) {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.expires_after(limit);
  HttpResult out;
  beast::flat_buffer buffer;
  http::request<http::string_body> req;
  req.method_string(method);
  req.target(target);
  req.version(11);
  req.set(http::field::host, "127.0.0.1");
  for (const auto& [name, value] : fields) req.set(name, value);
  req.body() = body;
  if (!body.empty() || method == "POST") req.prepare_payload();
  std::optional<http::response_parser<http::string_body>> parser;
  std::function<void()> read = [&] {
    parser.emplace();
    parser->body_limit(16 * 1024 * 1024);
    // The answer to HEAD has a GET's Content-Length and no body.
    parser->skip(method == "HEAD");
    http::async_read(stream, buffer, *parser, [&](beast::error_code rec, std::size_t) {
      if (rec) {
        out.error = "read: " + rec.message();
        return;
      }
      const auto& res = parser->get();
      if (res.result() == http::status::continue_) {
        out.continued = true;
        return read();  // the answer follows
      }
      out.status = res.result_int();
      out.body = res.body();
      out.content_type = std::string(res[http::field::content_type]);
      out.allow = std::string(res[http::field::allow]);
      for (const auto& field : res) {
        out.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
      }
    });
  };
  const tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), port);
  if (!from.empty()) {
    beast::error_code bec;
    stream.socket().open(tcp::v4(), bec);
    if (!bec) stream.socket().bind(tcp::endpoint(net::ip::make_address(from), 0), bec);
    if (bec) {
      out.error = "bind " + from + ": " + bec.message();
      return out;
    }
  }
  stream.async_connect(endpoint, [&](beast::error_code ec) {
    if (ec) {
      out.error = "connect: " + ec.message();
      return;
    }
    http::async_write(stream, req, [&](beast::error_code, std::size_t) { read(); });
  });
  io.run();
  return out;
}

std::optional<std::chrono::milliseconds> TimeUntilServerCloses(std::uint16_t port,
                                                               const std::string& bytes,
                                                               std::chrono::seconds limit) {
  net::io_context io;
  tcp::socket socket(io);
  beast::error_code ec;
  socket.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port), ec);
  if (ec) return std::nullopt;
  const auto start = std::chrono::steady_clock::now();
  if (!bytes.empty()) net::write(socket, net::buffer(bytes), ec);
  std::array<char, 256> buf{};
  bool closed = false;
  std::function<void(beast::error_code, std::size_t)> on_read = [&](beast::error_code e,
                                                                    std::size_t) {
    if (e) {
      closed = true;  // EOF or reset: the server is done with us
      return;
    }
    socket.async_read_some(net::buffer(buf), on_read);
  };
  socket.async_read_some(net::buffer(buf), on_read);
  io.run_for(limit);
  if (!closed) return std::nullopt;
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                               start);
}

std::unique_ptr<client::WsClient> Dial(TestServer& server, const HeaderFields& fields) {
  auto c = std::make_unique<client::WsClient>();
  client::ServerAddress address = server.address();
  address.fields = fields;
  if (!c->Connect(address, 10s).empty()) return nullptr;
  return c;
}

std::unique_ptr<client::WsClient> DialHello(TestServer& server, const std::string& token,
                                            v1::ServerMessage* welcome,
                                            const HeaderFields& fields) {
  auto c = Dial(server, fields);
  if (!c) return nullptr;
  const auto w = Ask(*c, HelloMsg(token));
  if (!w) return nullptr;
  if (welcome) *welcome = *w;
  return c;
}

std::optional<bool> ListsRoom(TestServer& server, const std::string& code) {
  auto c = DialHello(server);
  if (!c) return std::nullopt;
  v1::ClientMessage list;
  list.mutable_list_rooms();
  const auto answer = Ask(*c, list);
  if (!answer || !answer->has_room_list()) return std::nullopt;
  for (const auto& room : answer->room_list().rooms()) {
    if (room.code() == code) return true;
  }
  return false;
}

std::optional<v1::ServerMessage> Ask(client::WsClient& c, v1::ClientMessage m,
                                     std::chrono::milliseconds timeout) {
  const std::uint32_t rid = c.NextRequestId();
  m.set_request_id(rid);
  if (!c.Send(m)) return std::nullopt;
  return c.WaitFor([rid](const v1::ServerMessage& x) { return x.request_id() == rid; }, timeout);
}

std::uint16_t AwaitClose(client::WsClient& c, std::chrono::milliseconds timeout) {
  const auto until = std::chrono::steady_clock::now() + timeout;
  while (!c.closed() && std::chrono::steady_clock::now() < until) c.Receive(200ms);
  return c.close_code();
}

v1::RoomOptions RoomFor(int seats, const engine::Options& options) {
  v1::RoomOptions o;
  o.set_game_type(v1::GAME_TYPE_BASE);
  o.set_seats(static_cast<std::uint32_t>(seats));
  *o.mutable_base() = codec::OptionsToProto(options);
  return o;
}

v1::ClientMessage HelloMsg(const std::string& token) {
  v1::ClientMessage m;
  m.mutable_hello()->set_client_name("test");
  m.mutable_hello()->set_client_version("server_tests");
  m.mutable_hello()->set_resume_token(token);
  return m;
}

v1::ClientMessage CreateMsg(int seats, const engine::Options& options) {
  return CreateMsg(RoomFor(seats, options));
}

v1::ClientMessage CreateMsg(const v1::RoomOptions& room) {
  v1::ClientMessage m;
  *m.mutable_create_room()->mutable_options() = room;
  m.mutable_create_room()->set_player_name("host");
  return m;
}

v1::ClientMessage JoinMsg(const std::string& code, bool spectate) {
  v1::ClientMessage m;
  m.mutable_join_room()->set_code(code);
  m.mutable_join_room()->set_player_name(spectate ? "watcher" : "player");
  m.mutable_join_room()->set_spectate(spectate);
  return m;
}

v1::ClientMessage SnapshotMsg() {
  v1::ClientMessage m;
  m.mutable_request_snapshot();
  return m;
}

v1::ClientMessage ChatMsg(const std::string& text) {
  v1::ClientMessage m;
  m.mutable_send_chat()->set_text(text);
  return m;
}

v1::ClientMessage PlaceMsg(std::uint64_t expected_seq, int x, int y, int rotation,
                           const std::string& tile) {
  v1::ClientMessage m;
  m.mutable_game_command()->set_expected_seq(expected_seq);
  v1::PlaceTile* p = m.mutable_game_command()->mutable_base()->mutable_place_tile();
  p->mutable_position()->set_x(x);
  p->mutable_position()->set_y(y);
  p->set_rotation(static_cast<std::uint32_t>(rotation));
  p->set_tile(tile);
  return m;
}

v1::ClientMessage FollowerMsg(std::uint64_t expected_seq, int segment) {
  v1::ClientMessage m;
  m.mutable_game_command()->set_expected_seq(expected_seq);
  m.mutable_game_command()->mutable_base()->mutable_place_follower()->set_segment(
      static_cast<std::uint32_t>(segment));
  return m;
}

v1::ClientMessage AddComputerMsg(int seat, const std::string& level) {
  v1::ClientMessage m;
  m.mutable_add_computer()->set_seat(seat);
  m.mutable_add_computer()->set_level(level);
  return m;
}

v1::ClientMessage SkipMsg(std::uint64_t expected_seq) {
  v1::ClientMessage m;
  m.mutable_game_command()->set_expected_seq(expected_seq);
  m.mutable_game_command()->mutable_base()->mutable_skip_follower();
  return m;
}

std::optional<v1::Error> ErrorAnswering(client::WsClient& c, const v1::ClientMessage& m,
                                        std::chrono::milliseconds wait) {
  c.Send(m);
  const auto answer = Skip(
      c, [id = m.request_id()](const v1::ServerMessage& x) { return x.request_id() == id; }, wait);
  if (!answer || !answer->has_error()) return std::nullopt;
  return answer->error();
}

std::optional<v1::GameSnapshot> Snapshot(client::WsClient& c) {
  const auto m = Ask(c, SnapshotMsg());
  if (!m || !m->has_snapshot()) return std::nullopt;
  return m->snapshot();
}

RawGame StartRawGame(TestServer& server, int players, const engine::Options& options) {
  return StartRawGame(server, RoomFor(players, options));
}

RawGame StartRawGame(TestServer& server, const v1::RoomOptions& room,
                     const std::vector<HeaderFields>& seat_fields) {
  RawGame g;
  const int players = static_cast<int>(room.seats());
  for (int i = 0; i < players; ++i) {
    const auto at = static_cast<std::size_t>(i);
    auto c =
        DialHello(server, "", nullptr, at < seat_fields.size() ? seat_fields[at] : HeaderFields{});
    if (!c) {
      g.error = "cannot connect seat " + std::to_string(i);
      return g;
    }
    const auto granted = Ask(*c, i == 0 ? CreateMsg(room) : JoinMsg(g.code));
    if (!granted || !granted->has_seat_granted() || granted->seat_granted().seat() != i) {
      g.error = "seat " + std::to_string(i) + " was not granted";
      return g;
    }
    g.code = granted->seat_granted().room_code();
    g.tokens.push_back(granted->seat_granted().resume_token());
    if (i > 0) {
      v1::ClientMessage ready;
      ready.mutable_set_ready()->set_ready(true);
      c->Send(ready);
      // The room has seen it once a RoomState shows this seat ready.
      const auto st = Await(*c, [i](const v1::ServerMessage& m) {
        return m.has_room_state() && m.room_state().seats_size() > i &&
               m.room_state().seats(i).ready();
      });
      if (!st) {
        g.error = "seat " + std::to_string(i) + " is not ready";
        return g;
      }
    }
    g.seats.push_back(std::move(c));
  }
  v1::ClientMessage start;
  start.mutable_start_game();
  g.seats[0]->Send(start);
  for (auto& c : g.seats) {
    if (!Await(*c, [](const v1::ServerMessage& m) { return m.has_snapshot(); })) {
      g.error = "no snapshot at the start of the game";
    }
  }
  return g;
}

int ToMove(RawGame& game, int via) {
  const auto snap = Snapshot(*game.seats[static_cast<std::size_t>(via)]);
  return snap ? snap->base().to_move() : -1;
}

std::optional<std::uint64_t> SeqOf(RawGame& game, int via) {
  const auto snap = Snapshot(*game.seats[static_cast<std::size_t>(via)]);
  if (!snap) return std::nullopt;
  return snap->seq();
}

bool HasEvent(const v1::ServerMessage& m, v1::BaseEvent::EventCase which) {
  if (!m.has_event_batch()) return false;
  for (const auto& e : m.event_batch().events()) {
    if (e.base().event_case() == which) return true;
  }
  return false;
}

bool PlayOneCommand(RawGame& game) {
  const auto any = Snapshot(*game.seats[0]);
  if (!any || any->base().phase() == v1::BASE_PHASE_GAME_OVER) return false;
  const int mover = any->base().to_move();
  if (mover < 0 || mover >= static_cast<int>(game.seats.size())) return false;
  client::WsClient& c = *game.seats[static_cast<std::size_t>(mover)];
  const auto snap = Snapshot(c);
  if (!snap || !snap->base().has_legal_moves()) return false;
  const v1::BaseLegalMoves& moves = snap->base().legal_moves();
  const std::uint64_t seq = snap->seq();
  const v1::BasePhase phase = snap->base().phase();
  if (phase == v1::BASE_PHASE_PLACE_TILE) {
    if (moves.placements_size() == 0) return false;
    const v1::Placement& p = moves.placements(0);
    c.Send(PlaceMsg(seq, p.position().x(), p.position().y(), static_cast<int>(p.rotation()),
                    p.tile()));
  } else if (phase == v1::BASE_PHASE_ENTER_CITY || phase == v1::BASE_PHASE_REDEPLOY ||
             phase == v1::BASE_PHASE_FINAL_MOVE) {
    v1::ClientMessage pass;  // the Count's decisions (C-2, C-4, C-5): pass
    pass.mutable_game_command()->set_expected_seq(seq);
    pass.mutable_game_command()->mutable_base()->mutable_pass();
    c.Send(pass);
  } else {
    c.Send(SkipMsg(seq));
  }
  return Await(c,
               [seq](const v1::ServerMessage& m) {
                 return m.has_event_batch() && m.event_batch().seq() == seq + 1;
               })
      .has_value();
}

}  // namespace carc::test
