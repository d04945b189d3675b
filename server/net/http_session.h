// Plain HTTP on the shared port: health, metrics, the API (http_api.h), static files of the web
// client, and the upgrade to WebSocket at /ws.
//
// Contract: requests are read within the handshake timeout, and each answer is written within a
// handshake timeout of its own (an API answer may wait its turn on the workers for longer: that
// wait has no deadline, as the queue and its jobs are bounded); headers up to 8 KiB, bodies up to
// 16 KiB except API uploads (http_api.h); a request over its limit closes the connection,
// except an API upload, which is answered 413 first. Outside /api/ only GET and HEAD are
// served (405 otherwise). Static files are the web client's own (net/static_files.h), nothing
// else on disk. A HEAD request gets the headers a GET would get, without the body.
// An upgrade or a POST from a foreign Origin is refused with 403 (origin_policy.h); a client
// past its --api-rate share gets 429 with Retry-After before the API sees the request; /metrics
// needs the --metrics-token, or a loopback client when there is none (403 otherwise). Every
// answer carries X-Content-Type-Options, X-Frame-Options, Referrer-Policy and a
// Content-Security-Policy: the web client's for its files, "default-src 'none'" for the rest.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "net/connection_limiter.h"
#include "net/http_api.h"
#include "net/http_services.h"
#include "net/message_handler.h"
#include "net/net_config.h"
#include "net/net_metrics.h"
#include "net/proxy_trust.h"
#include "net/static_files.h"

namespace carc::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  // `slot` counts the connection until its socket is closed; an upgrade hands it to the
  // WebSocket session.
  HttpSession(boost::asio::ip::tcp::socket&& socket, ConnectionSlot slot, const NetConfig& config,
              NetMetrics& metrics, MessageHandler& handler, const StaticFiles& files,
              const ProxyTrust& trust, HttpShared& shared);
  void Run();

 private:
  void DoRead();
  void OnHeader(boost::beast::error_code ec, std::size_t bytes);
  void ReadBody(bool upload);
  void OnRead(bool upload, boost::beast::error_code ec, std::size_t bytes);
  void Respond(unsigned status, std::string content_type, std::string body);
  void RespondApi(ApiResponse response);
  // Hands the connection to a WebSocket session signed in as `account` (none: a guest's).
  void OpenSocket(boost::beast::http::request<boost::beast::http::string_body> request,
                  SocketAccount account);
  // The client's address: the peer, or the one a trusted proxy names; "" if the socket is gone.
  std::string ClientAddress(
      const boost::beast::http::request<boost::beast::http::string_body>& request);
  // The answer to a client whose address is banned (counted as a refusal), or nullopt.
  std::optional<ApiResponse> AddressRefusal(const std::string& client);
  // Whether a trusted proxy says the client reached it over https (for Secure cookies).
  bool ForwardedHttps(const boost::beast::http::request<boost::beast::http::string_body>& request);
  bool MetricsAllowed(const boost::beast::http::request<boost::beast::http::string_body>& request,
                      const std::string& client) const;
  // 413 for an upload over kMaxApiUpload; the rest of it is read and dropped before closing, so
  // that the client gets the answer instead of a reset.
  void RefuseUpload();
  void Send(std::shared_ptr<boost::beast::http::response<boost::beast::http::string_body>> res,
            bool keep_alive);
  void ServeStatic(const boost::beast::http::request<boost::beast::http::string_body>& request);
  void OnWrite(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
  void Drain();
  void Shutdown();

  ConnectionSlot slot_;  // before stream_: released after the socket is closed
  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<void> response_;  // keeps the response alive during the write
  std::size_t drained_ = 0;         // bytes dropped after a refused upload
  bool keep_alive_ = true;          // the request's wish (HTTP/1.0 or Connection: close)
  const NetConfig& config_;
  NetMetrics& metrics_;
  MessageHandler& handler_;
  const StaticFiles& files_;
  const ProxyTrust& trust_;
  HttpShared& shared_;
  bool head_ = false;  // the request being answered is a HEAD: headers only
};

}  // namespace carc::server
