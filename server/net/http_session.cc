#include "net/http_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
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

HttpSession::HttpSession(net::ip::tcp::socket&& socket, const ServerConfig& config,
                         Metrics& metrics, MessageHandler& handler, ApiHandler api)
    : stream_(std::move(socket)),
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
  parser_->body_limit(kMaxRequestBody);
  parser_->header_limit(8 * 1024);
  stream_.expires_after(config_.handshake_timeout);
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::OnRead, shared_from_this()));
}

void HttpSession::OnRead(beast::error_code ec, std::size_t) {
  if (ec) {
    beast::error_code ignored;
    stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
    return;
  }
  auto request = parser_->release();
  if (beast::websocket::is_upgrade(request)) {
    if (request.target() != "/ws") return Respond(404, "text/plain", "WebSocket is at /ws\n");
    auto ws = std::make_shared<WsSession>(stream_.release_socket(), config_, metrics_, handler_);
    ws->Accept(std::move(request));
    return;
  }
  const std::string target(request.target());
  if (request.method() != http::verb::get && request.method() != http::verb::head) {
    return Respond(405, "text/plain", "only GET\n");
  }
  if (target == "/healthz") return Respond(200, "text/plain", "ok\n");
  if (target == "/metrics") {
    return Respond(200, "text/plain; version=0.0.4", metrics_.Render());
  }
  if (target.rfind("/api/", 0) == 0) {
    api_(target, [self = shared_from_this()](unsigned status, std::string body) {
      net::post(self->stream_.get_executor(), [self, status, b = std::move(body)]() mutable {
        self->Respond(status, "application/json", std::move(b));
      });
    });
    return;
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
  res->set(http::field::server, "carcassonne-server");
  res->set(http::field::content_type, content_type);
  res->set(http::field::cache_control, "no-store");
  res->keep_alive(true);
  res->body() = std::move(body);
  res->prepare_payload();
  response_ = res;
  http::async_write(stream_, *res,
                    beast::bind_front_handler(&HttpSession::OnWrite, shared_from_this(), true));
}

void HttpSession::OnWrite(bool keep_alive, beast::error_code ec, std::size_t) {
  response_.reset();
  if (ec) return;
  if (!keep_alive) {
    beast::error_code ignored;
    stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
    return;
  }
  DoRead();
}

}  // namespace carc::server
