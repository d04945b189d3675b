#include "net/http_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/websocket.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "net/ws_session.h"

namespace carc::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {

constexpr std::size_t kMaxRequestBody = 16 * 1024;
// After a refused upload: how much more of it is read and dropped before the connection ends.
constexpr std::size_t kMaxDrain = 8 * kMaxApiUpload;
constexpr std::string_view kApiPrefix = "/api/";
constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

std::string MimeType(const std::string& path) {
  const auto ext = std::filesystem::path(path).extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript";
  if (ext == ".css") return "text/css";
  if (ext == ".json") return "application/json";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".wasm") return "application/wasm";
  return "application/octet-stream";
}

}  // namespace

HttpSession::HttpSession(net::ip::tcp::socket&& socket, ConnectionSlot slot,
                         const ServerConfig& config, Metrics& metrics, MessageHandler& handler,
                         ApiHandler api)
    : slot_(std::move(slot)),
      stream_(std::move(socket)),
      config_(config),
      metrics_(metrics),
      handler_(handler),
      api_(std::move(api)) {}

void HttpSession::Run() {
  net::dispatch(stream_.get_executor(),
                beast::bind_front_handler(&HttpSession::DoRead, shared_from_this()));
}

void HttpSession::DoRead() {
  parser_.emplace();
  parser_->header_limit(8 * 1024);
  // The body's limit depends on the request: OnHeader sets it once the header is in.
  parser_->body_limit(boost::none);
  stream_.expires_after(config_.handshake_timeout);
  http::async_read_header(stream_, buffer_, *parser_,
                          beast::bind_front_handler(&HttpSession::OnHeader, shared_from_this()));
}

void HttpSession::OnHeader(beast::error_code ec, std::size_t) {
  if (ec) return Shutdown();
  const auto& request = parser_->get();
  const bool upload =
      request.method() == http::verb::post && request.target().starts_with(kApiPrefix);
  const std::size_t limit = upload ? kMaxApiUpload : kMaxRequestBody;
  if (const auto length = parser_->content_length(); length && *length > limit) {
    return upload ? RefuseUpload() : Shutdown();
  }
  parser_->body_limit(limit);
  // A client that waits for the go-ahead (curl does for larger bodies) gets it at once
  // instead of sending after its own timeout.
  if (upload && beast::iequals(request[http::field::expect], "100-continue")) {
    net::async_write(stream_, net::buffer(kContinue),
                     [self = shared_from_this()](beast::error_code wec, std::size_t) {
                       if (wec) return self->Shutdown();
                       self->ReadBody(true);
                     });
    return;
  }
  ReadBody(upload);
}

void HttpSession::ReadBody(bool upload) {
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::OnRead, shared_from_this(), upload));
}

void HttpSession::OnRead(bool upload, beast::error_code ec, std::size_t) {
  if (upload && ec == http::error::body_limit) return RefuseUpload();
  if (ec) return Shutdown();
  auto request = parser_->release();
  keep_alive_ = request.keep_alive();
  if (beast::websocket::is_upgrade(request)) {
    if (request.target() != "/ws") return Respond(404, "text/plain", "WebSocket is at /ws\n");
    auto ws = std::make_shared<WsSession>(stream_.release_socket(), std::move(slot_), config_,
                                          metrics_, handler_);
    ws->Accept(std::move(request));
    return;
  }
  const std::string target(request.target());
  if (target.starts_with(kApiPrefix)) {
    ApiRequest api{std::string(request.method_string()), target, std::move(request.body())};
    api_(std::move(api), [self = shared_from_this()](ApiResponse response) {
      net::post(self->stream_.get_executor(),
                [self, r = std::move(response)]() mutable { self->RespondApi(std::move(r)); });
    });
    return;
  }
  if (request.method() != http::verb::get && request.method() != http::verb::head) {
    return Respond(405, "text/plain", "only GET\n");
  }
  if (target == "/healthz") return Respond(200, "text/plain", "ok\n");
  if (target == "/metrics") {
    return Respond(200, "text/plain; version=0.0.4", metrics_.Render());
  }
  ServeStatic(target);
}

void HttpSession::ServeStatic(const std::string& target) {
  if (config_.web_root.empty()) {
    return Respond(404, "text/plain", "this server has no web client (--web-root)\n");
  }
  std::string path = target.substr(0, target.find('?'));
  // Never leave the web root.
  if (path.find("..") != std::string::npos || path.empty() || path[0] != '/') {
    return Respond(400, "text/plain", "bad path\n");
  }
  if (path.back() == '/') path += "index.html";
  std::filesystem::path file = std::filesystem::path(config_.web_root) / path.substr(1);
  if (!std::filesystem::is_regular_file(file)) {
    // Client-side routes (/r/CODE) load the app; a missing asset is a plain 404.
    if (std::filesystem::path(path).has_extension()) {
      return Respond(404, "text/plain", "not found\n");
    }
    file = std::filesystem::path(config_.web_root) / "index.html";
    if (!std::filesystem::is_regular_file(file)) return Respond(404, "text/plain", "not found\n");
  }
  std::ifstream in(file, std::ios::binary);
  std::ostringstream body;
  body << in.rdbuf();
  Respond(200, MimeType(file.string()), body.str());
}

void HttpSession::Respond(unsigned status, std::string content_type, std::string body) {
  auto res =
      std::make_shared<http::response<http::string_body>>(static_cast<http::status>(status), 11);
  res->set(http::field::content_type, content_type);
  res->body() = std::move(body);
  Send(std::move(res), keep_alive_);
}

void HttpSession::RespondApi(ApiResponse response) {
  auto res = std::make_shared<http::response<http::string_body>>(
      static_cast<http::status>(response.status), 11);
  res->set(http::field::content_type, response.content_type);
  if (!response.allow.empty()) res->set(http::field::allow, response.allow);
  res->body() = std::move(response.body);
  Send(std::move(res), keep_alive_);
}

void HttpSession::RefuseUpload() {
  auto res =
      std::make_shared<http::response<http::string_body>>(http::status::payload_too_large, 11);
  res->set(http::field::content_type, "application/json");
  res->body() =
      R"({"error":"the request body is over )" + std::to_string(kMaxApiUpload) + R"( bytes"})";
  // The rest of the body is not read as a request: the connection ends after the answer.
  Send(std::move(res), false);
}

void HttpSession::Send(std::shared_ptr<http::response<http::string_body>> res, bool keep_alive) {
  res->set(http::field::server, "carcassonne-server");
  res->set(http::field::cache_control, "no-store");
  res->keep_alive(keep_alive);
  res->prepare_payload();
  response_ = res;
  http::async_write(
      stream_, *res,
      beast::bind_front_handler(&HttpSession::OnWrite, shared_from_this(), keep_alive));
}

void HttpSession::OnWrite(bool keep_alive, beast::error_code ec, std::size_t) {
  response_.reset();
  if (ec) return;
  if (!keep_alive) {
    Shutdown();
    drained_ = 0;
    stream_.expires_after(config_.handshake_timeout);
    return Drain();
  }
  DoRead();
}

void HttpSession::Drain() {
  // Bounded in time (the stream's expiry) and in bytes: a client that keeps sending is cut off.
  if (drained_ > kMaxDrain) return;
  stream_.async_read_some(buffer_.prepare(4096),
                          [self = shared_from_this()](beast::error_code ec, std::size_t n) {
                            if (ec) return;
                            self->drained_ += n;
                            self->Drain();
                          });
}

void HttpSession::Shutdown() {
  beast::error_code ignored;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
}

}  // namespace carc::server
