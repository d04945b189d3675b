// One WebSocket connection: binary protobuf frames, a read limit, a token-bucket rate limit,
// a bounded write queue (a slow reader is cut off, never buffered without limit), handshake,
// Hello and idle timeouts. Runs on its own strand.
#pragma once

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>

#include "app/metrics.h"
#include "app/server_config.h"
#include "net/message_handler.h"

namespace carc::server {

class WsSession : public Session {
 public:
  WsSession(boost::asio::ip::tcp::socket&& socket, const ServerConfig& config, Metrics& metrics,
            MessageHandler& handler);
  ~WsSession() override;

  // Completes the WebSocket handshake for an upgrade request already read.
  void Accept(boost::beast::http::request<boost::beast::http::string_body> request);

  void Send(std::shared_ptr<const std::string> bytes) override;
  void Close(std::uint16_t code, std::string reason) override;
  const std::string& id() const override { return id_; }

 private:
  std::shared_ptr<WsSession> self() {
    return std::static_pointer_cast<WsSession>(shared_from_this());
  }
  void OnAccept(boost::beast::error_code ec);
  void DoRead();
  void OnRead(boost::beast::error_code ec, std::size_t bytes);
  void Handle(std::string_view frame);
  bool TakeToken();
  void DoSend(std::shared_ptr<const std::string> bytes);
  void DoWrite();
  void OnWrite(boost::beast::error_code ec, std::size_t bytes);
  void DoClose(std::uint16_t code, std::string reason);
  void SendClose();
  void Finish();

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  boost::asio::steady_timer hello_timer_;
  const ServerConfig& config_;
  Metrics& metrics_;
  MessageHandler& handler_;
  std::string id_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  bool writing_ = false;
  bool hello_done_ = false;
  bool finished_ = false;
  // Close requested: sent once the queue has drained.
  bool close_pending_ = false;
  std::uint16_t close_code_ = 0;
  std::string close_reason_;
  // Rate limit.
  double tokens_;
  std::chrono::steady_clock::time_point refilled_;
  int strikes_ = 0;  // messages refused in a row for the rate limit
};

}  // namespace carc::server
