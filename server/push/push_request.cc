#include "push/push_request.h"

#include <openssl/ssl.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <charconv>
#include <vector>

namespace carc::server::push {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::ip::tcp;

// A push service's answer is a status and a few fields; its body (an error's JSON) is read only
// to keep the connection's framing right, and bounded.
constexpr std::uint64_t kMaxAnswerBody = 16 * 1024;

asio::ssl::context& TlsContext() {
  // Built once: loading the system's authorities is the costly part, and the context is only
  // read afterwards (OpenSSL's SSL_CTX is safe to share for that).
  static asio::ssl::context* context = [] {
    auto* c = new asio::ssl::context(asio::ssl::context::tls_client);
    c->set_default_verify_paths();
    c->set_verify_mode(asio::ssl::verify_peer);
    c->set_options(asio::ssl::context::no_sslv2 | asio::ssl::context::no_sslv3 |
                   asio::ssl::context::no_tlsv1 | asio::ssl::context::no_tlsv1_1);
    return c;
  }();
  return *context;
}

std::string HostField(const PushEndpoint& e) {
  const int usual = e.tls ? 443 : 80;
  return e.port == usual ? e.host : e.host + ":" + std::to_string(e.port);
}

std::int64_t RetryAfter(std::string_view text) {
  std::int64_t seconds = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  // An HTTP date instead of seconds is read as "soon": the sender's own backoff applies.
  return ec == std::errc() && end == text.data() + text.size() && seconds > 0 ? seconds : 0;
}

template <class Stream>
asio::awaitable<void> Exchange(Stream& stream, const PushRequest& r, PushResponse& out) {
  http::request<http::string_body> req{http::verb::post, r.endpoint.target, 11};
  req.set(http::field::host, HostField(r.endpoint));
  req.set(http::field::content_type, "application/octet-stream");
  req.set(http::field::content_encoding, "aes128gcm");
  req.set(http::field::authorization, r.authorization);
  req.set("TTL", std::to_string(r.ttl));
  if (!r.urgency.empty()) req.set("Urgency", r.urgency);
  if (!r.topic.empty()) req.set("Topic", r.topic);
  req.body() = r.body;
  req.prepare_payload();
  co_await http::async_write(stream, req, asio::use_awaitable);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.header_limit(8 * 1024);
  parser.body_limit(kMaxAnswerBody);
  co_await http::async_read(stream, buffer, parser, asio::use_awaitable);
  const auto& res = parser.get();
  out.status = res.result_int();
  out.retry_after = RetryAfter(res[http::field::retry_after]);
}

asio::awaitable<void> Deliver(const PushRequest& r, Loopback loopback, PushResponse& out) {
  try {
    auto ex = co_await asio::this_coro::executor;
    tcp::resolver resolver(ex);
    const std::string& host = r.endpoint.host;
    const bool bracketed = host.size() > 2 && host.front() == '[' && host.back() == ']';
    const std::string name = bracketed ? host.substr(1, host.size() - 2) : host;
    const auto found =
        co_await resolver.async_resolve(name, std::to_string(r.endpoint.port), asio::use_awaitable);
    std::vector<tcp::endpoint> allowed;
    for (const auto& entry : found) {
      if (PublicAddress(entry.endpoint().address().to_string(), loopback)) {
        allowed.push_back(entry.endpoint());
      }
    }
    if (allowed.empty()) {
      out.error = "the endpoint's name resolves to no public address";
      co_return;
    }
    beast::tcp_stream tcp_stream(ex);
    co_await tcp_stream.async_connect(allowed, asio::use_awaitable);
    if (!r.endpoint.tls) {
      co_await Exchange(tcp_stream, r, out);
      co_return;
    }
    beast::ssl_stream<beast::tcp_stream> tls(std::move(tcp_stream), TlsContext());
    boost::system::error_code literal;
    asio::ip::make_address(name, literal);
    // SNI names a host, never an address (RFC 6066 section 3).
    // SSL_set_tlsext_host_name is a macro with a C cast; this is what it expands to.
    if (literal && SSL_ctrl(tls.native_handle(), SSL_CTRL_SET_TLSEXT_HOSTNAME,
                            TLSEXT_NAMETYPE_host_name, const_cast<char*>(name.c_str())) != 1) {
      out.error = "the endpoint's host name cannot be sent for TLS";
      co_return;
    }
    tls.set_verify_callback(asio::ssl::host_name_verification(name));
    co_await tls.async_handshake(asio::ssl::stream_base::client, asio::use_awaitable);
    co_await Exchange(tls, r, out);
  } catch (const boost::system::system_error& e) {
    out.status = 0;
    out.error = e.code().message();
  } catch (const std::exception& e) {
    out.status = 0;
    out.error = e.what();
  }
}

}  // namespace

PushResponse SendPushRequest(const PushRequest& request, std::chrono::milliseconds timeout,
                             Loopback loopback) {
  PushResponse out;
  bool done = false;
  {
    asio::io_context io;
    asio::co_spawn(io, Deliver(request, loopback, out),
                   [&done](std::exception_ptr) { done = true; });
    io.run_for(timeout);
    // Past the deadline the io_context's end destroys the delivery where it waits.
  }
  if (!done) {
    out.status = 0;
    out.error = "the push service did not answer within " + std::to_string(timeout.count()) + " ms";
  }
  return out;
}

}  // namespace carc::server::push
