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
// The web client's pages: its own scripts, styles (it sets style attributes) and images; sockets
// to any node of a cluster (a room may live on another node: ws: and wss: anywhere); never in
// a frame.
constexpr std::string_view kWebPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; connect-src 'self' ws: wss:; worker-src 'self'; "
    "manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'";
// Everything else is data, never a document.
constexpr std::string_view kDataPolicy = "default-src 'none'; frame-ancestors 'none'";

// Equal strings, in a time that does not depend on where they first differ.
bool SameSecret(std::string_view a, std::string_view b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace

HttpSession::HttpSession(net::ip::tcp::socket&& socket, ConnectionSlot slot,
                         const NetConfig& config, NetMetrics& metrics, MessageHandler& handler,
                         const StaticFiles& files, const ProxyTrust& trust, HttpShared& shared)
    : slot_(std::move(slot)),
      stream_(std::move(socket)),
      config_(config),
      metrics_(metrics),
      handler_(handler),
      files_(files),
      trust_(trust),
      shared_(shared) {}

void HttpSession::Run() {
  net::dispatch(stream_.get_executor(),
                beast::bind_front_handler(&HttpSession::DoRead, shared_from_this()));
}

void HttpSession::DoRead() {
  parser_.emplace();
  head_ = false;
  keep_alive_ = true;
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
  head_ = request.method() == http::verb::head;
  keep_alive_ = request.keep_alive();
  if (beast::websocket::is_upgrade(request)) {
    if (request.target() != "/ws") return Respond(404, "text/plain", "WebSocket is at /ws\n");
    if (!shared_.origins.Allows(request[http::field::origin], request[http::field::host])) {
      metrics_.Reject("foreign_origin");
      keep_alive_ = false;
      return Respond(403, "text/plain", "this server does not serve pages of that origin\n");
    }
    const std::string client = ClientAddress(request);
    if (client.empty()) return Shutdown();
    if (auto refusal = AddressRefusal(client)) {
      keep_alive_ = false;
      return RespondApi(std::move(*refusal));
    }
    if (client != slot_.address() && !slot_.Rebind(client)) {
      ++metrics_.refused_per_address;
      keep_alive_ = false;
      return Respond(503, "text/plain", "too many connections from your address\n");
    }
    UpgradeCredentials credentials{std::string(request[http::field::cookie]),
                                   std::string(request[http::field::authorization]), client,
                                   ForwardedHttps(request)};
    if (!shared_.services.authenticate) return OpenSocket(std::move(request), {});
    // Checking a session reads the store: off this thread, as the API's reads. The request
    // waits here (its bytes are bounded by the header limit) and the socket opens after.
    auto waiting = std::make_shared<http::request<http::string_body>>(std::move(request));
    stream_.expires_never();
    const bool checking = shared_.services.authenticate(
        std::move(credentials), [self = shared_from_this(), waiting](UpgradeVerdict verdict) {
          net::post(self->stream_.get_executor(),
                    [self, waiting, v = std::move(verdict)]() mutable {
                      if (v.refusal) {
                        self->keep_alive_ = false;
                        return self->RespondApi(std::move(*v.refusal));
                      }
                      self->OpenSocket(std::move(*waiting), std::move(v.account));
                    });
        });
    if (!checking) OpenSocket(std::move(*waiting), {});
    return;
  }
  const std::string target(request.target());
  const bool safe = request.method() == http::verb::get || request.method() == http::verb::head;
  if (!safe && !shared_.origins.Allows(request[http::field::origin], request[http::field::host])) {
    metrics_.Reject("foreign_origin");
    return Respond(403, target.starts_with(kApiPrefix) ? "application/json" : "text/plain",
                   target.starts_with(kApiPrefix)
                       ? R"({"error":"this server does not serve pages of that origin"})"
                       : "this server does not serve pages of that origin\n");
  }
  if (target.starts_with(kApiPrefix)) {
    const std::string client = ClientAddress(request);
    if (client.empty()) return Shutdown();
    if (auto refusal = AddressRefusal(client)) return RespondApi(std::move(*refusal));
    if (!shared_.api_rate.Take(client)) {
      metrics_.Reject("api_rate_limited");
      ApiResponse slow{429, "application/json",
                       R"({"error":"too many API requests from your address: slow down"})", ""};
      slow.retry_after = shared_.api_rate.RetryAfter();
      // A client past its rate is not served more on this connection: whatever it pipelined
      // behind this request is dropped unread.
      keep_alive_ = false;
      return RespondApi(std::move(slow));
    }
    ApiRequest api{std::string(request.method_string()),
                   target,
                   std::move(request.body()),
                   client,
                   std::string(request[http::field::if_none_match]),
                   std::string(request[http::field::authorization]),
                   std::string(request[http::field::cookie]),
                   std::string(request[http::field::user_agent]),
                   ForwardedHttps(request),
                   std::string(request[http::field::host])};
    // The read's deadline stops here: the job waits its turn in a bounded queue and its work is
    // bounded, so the connection is not cut while it waits (its answer would be lost). Send
    // gives the write a deadline of its own.
    stream_.expires_never();
    shared_.services.api(std::move(api), [self = shared_from_this()](ApiResponse response) {
      net::post(self->stream_.get_executor(),
                [self, r = std::move(response)]() mutable { self->RespondApi(std::move(r)); });
    });
    return;
  }
  if (request.method() != http::verb::get && request.method() != http::verb::head) {
    return Respond(405, "text/plain", "only GET\n");
  }
  if (target == "/healthz" || target == "/readyz") {
    HealthAnswer health;
    if (shared_.services.health) health = shared_.services.health(target == "/readyz");
    return Respond(health.status, "text/plain", std::move(health.body));
  }
  if (target == "/metrics") {
    if (!MetricsAllowed(request, ClientAddress(request))) {
      metrics_.Reject("metrics_refused");
      return Respond(403, "text/plain",
                     config_.metrics_token.empty()
                         ? "/metrics is served to loopback clients only (or set --metrics-token)\n"
                         : "/metrics needs Authorization: Bearer <the --metrics-token>\n");
    }
    return Respond(200, "text/plain; version=0.0.4", metrics_.Render());
  }
  ServeStatic(request);
}

void HttpSession::OpenSocket(http::request<http::string_body> request, SocketAccount account) {
  auto ws = std::make_shared<WsSession>(stream_.release_socket(), std::move(slot_), config_,
                                        metrics_, handler_, std::move(account));
  ws->Accept(std::move(request));
}

std::string HttpSession::ClientAddress(const http::request<http::string_body>& request) {
  beast::error_code ec;
  const auto peer = stream_.socket().remote_endpoint(ec).address();
  if (ec) return "";
  // Every line, in order: a proxy that appends a line of its own must not leave the client's
  // first line the one believed.
  std::string forwarded;
  const auto [first, last] = request.equal_range("X-Forwarded-For");
  for (auto line = first; line != last; ++line) {
    if (!forwarded.empty()) forwarded += ',';
    forwarded.append(line->value().data(), line->value().size());
  }
  return trust_.ClientAddress(peer, forwarded).to_string();
}

std::optional<ApiResponse> HttpSession::AddressRefusal(const std::string& client) {
  if (!shared_.services.address_refusal) return std::nullopt;
  auto refusal = shared_.services.address_refusal(client);
  if (refusal) metrics_.Reject("address_banned");
  return refusal;
}

bool HttpSession::ForwardedHttps(const http::request<http::string_body>& request) {
  beast::error_code ec;
  const auto peer = stream_.socket().remote_endpoint(ec).address();
  return !ec && trust_.Trusts(peer) && beast::iequals(request["X-Forwarded-Proto"], "https");
}

bool HttpSession::MetricsAllowed(const http::request<http::string_body>& request,
                                 const std::string& client) const {
  if (!config_.metrics_token.empty()) {
    const std::string_view token = BearerToken(request[http::field::authorization]);
    return !token.empty() && SameSecret(token, config_.metrics_token);
  }
  beast::error_code ec;
  const auto address = net::ip::make_address(client, ec);
  if (ec) return false;
  if (address.is_v6() && address.to_v6().is_v4_mapped()) {
    return net::ip::make_address_v4(net::ip::v4_mapped, address.to_v6()).is_loopback();
  }
  return address.is_loopback();
}

void HttpSession::ServeStatic(const http::request<http::string_body>& request) {
  if (config_.web_root.empty()) {
    return Respond(404, "text/plain", "this server has no web client (--web-root)\n");
  }
  const StaticFiles::File* file = files_.Resolve(request.target());
  if (file == nullptr) return Respond(404, "text/plain", "not found\n");
  const StaticFiles::Choice choice =
      StaticFiles::Choose(*file, request[http::field::accept_encoding]);
  std::error_code fs_ec;
  const auto size = std::filesystem::file_size(*choice.path, fs_ec);
  const auto written = std::filesystem::last_write_time(*choice.path, fs_ec);
  std::ifstream in(*choice.path, std::ios::binary);
  if (fs_ec || !in) return Respond(404, "text/plain", "not found\n");
  // The representation's identity: a rebuilt file gets a new one (size or time).
  std::ostringstream etag;
  etag << '"' << std::hex << size << '-' << written.time_since_epoch().count() << '"';
  const bool not_modified = StaticFiles::Matches(request[http::field::if_none_match], etag.str());
  auto res = std::make_shared<http::response<http::string_body>>(
      not_modified ? http::status::not_modified : http::status::ok, 11);
  res->set(http::field::content_type, file->mime_type);
  res->set("Content-Security-Policy", kWebPolicy);
  res->set(http::field::cache_control, choice.cache_control);
  res->set(http::field::etag, etag.str());
  if (choice.varies) res->set(http::field::vary, "Accept-Encoding");
  if (!choice.content_encoding.empty()) {
    res->set(http::field::content_encoding, choice.content_encoding);
  }
  if (!not_modified) {
    std::ostringstream body;
    body << in.rdbuf();
    res->body() = body.str();
  }
  Send(std::move(res), keep_alive_);
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
  if (!response.etag.empty()) res->set(http::field::etag, response.etag);
  if (!response.cache_control.empty()) res->set(http::field::cache_control, response.cache_control);
  if (!response.set_cookie.empty()) res->set(http::field::set_cookie, response.set_cookie);
  if (!response.content_disposition.empty()) {
    res->set(http::field::content_disposition, response.content_disposition);
  }
  if (response.retry_after > 0) {
    res->set(http::field::retry_after, std::to_string(response.retry_after));
  }
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
  res->set("X-Content-Type-Options", "nosniff");
  res->set("X-Frame-Options", "DENY");
  res->set("Referrer-Policy", "no-referrer");
  if (res->find("Content-Security-Policy") == res->end()) {
    res->set("Content-Security-Policy", kDataPolicy);
  }
  // Only the web client's own files may be kept: API answers, metrics and errors are not.
  if (res->find(http::field::cache_control) == res->end()) {
    res->set(http::field::cache_control, "no-store");
  }
  res->keep_alive(keep_alive);
  res->prepare_payload();
  // HEAD: the Content-Length of the body a GET gets, and no body (RFC 9110, 9.3.2).
  if (head_) res->body().clear();
  response_ = res;
  // A client that reads its answer too slowly is cut off after the same time a request may take.
  stream_.expires_after(config_.handshake_timeout);
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
