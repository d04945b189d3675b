// Plain HTTP on the shared port: health, metrics, the game-record API, static files of the web
// client, and the upgrade to WebSocket at /ws.
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "app/metrics.h"
#include "app/server_config.h"
#include "net/message_handler.h"

namespace carc::server {

// Answers GET /api/... requests: status and body, or nullopt for 404. The callback may run on
// another strand; the session posts back to its own.
using ApiHandler = std::function<void(
    const std::string& target, std::function<void(unsigned status, std::string body)> reply)>;

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, const ServerConfig& config, Metrics& metrics,
              MessageHandler& handler, ApiHandler api);
  void Run();

 private:
  void DoRead();
  void OnRead(boost::beast::error_code ec, std::size_t bytes);
  void Respond(unsigned status, std::string content_type, std::string body);
  void ServeStatic(const std::string& target);
  void OnWrite(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<void> response_;  // keeps the response alive during the write
  const ServerConfig& config_;
  Metrics& metrics_;
  MessageHandler& handler_;
  ApiHandler api_;
};

}  // namespace carc::server
