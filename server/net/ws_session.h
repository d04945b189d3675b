// One WebSocket connection: binary protobuf frames, a read limit, a token-bucket rate limit,
// a write queue bounded in messages and in bytes (a slow reader is closed with 1008, never
// buffered without limit), handshake, Hello, idle and lobby-idle timeouts. Runs on its own
// strand.
//
// Contract: once a close is under way (any code), the connection is gone within
// kCloseDeadline even if the peer reads nothing and never answers the close.
#pragma once

#include <array>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <list>

#include "net/connection_limiter.h"
#include "net/message_handler.h"
#include "net/net_config.h"
#include "net/net_metrics.h"
#include "net/token_bucket.h"

namespace carc::server {

inline constexpr std::chrono::seconds kCloseDeadline{5};

class WsSession : public Session {
 public:
  // `slot` counts the connection until its socket is closed; its address is the client's.
  // `account`: who the upgrade's credentials signed in (none for a guest).
  WsSession(boost::asio::ip::tcp::socket&& socket, ConnectionSlot slot, const NetConfig& config,
            NetMetrics& metrics, MessageHandler& handler, SocketAccount account = {});
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
  void Enqueue(std::shared_ptr<const std::string> bytes);
  void PopFront();
  // Takes `size` bytes off the queue's count and the gauge.
  void Unqueued(std::size_t size);
  // Drops every queued message but the one being written, if any.
  void DropQueued();
  void ArmLobbyIdle(std::chrono::steady_clock::duration after);
  void CheckLobbyIdle();

  ConnectionSlot slot_;  // before ws_: released after the socket is closed
  // Over the bare socket, not beast::tcp_stream: the WebSocket layer times the connection
  // itself, and tcp_stream's timer and state would cost every idle connection memory.
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_;
  // Reads land in this chunk, not in a dynamic buffer: a pending read then holds no heap
  // memory (Beast's async_read prepares 1.5 KiB before a byte arrives, on every idle
  // connection). Nearly every client message fits; a larger one is gathered in message_.
  std::array<char, 256> chunk_;
  std::string message_;
  boost::asio::steady_timer hello_timer_;
  boost::asio::steady_timer lobby_idle_timer_;
  boost::asio::steady_timer close_timer_;
  std::chrono::steady_clock::time_point last_message_;
  const NetConfig& config_;
  NetMetrics& metrics_;
  MessageHandler& handler_;
  std::string id_;
  // A list, not a deque: an empty std::deque already holds a 512-byte block, and most
  // connections have nothing queued most of the time.
  std::list<std::shared_ptr<const std::string>> queue_;
  std::size_t queued_bytes_ = 0;  // of queue_, the message being written included
  bool writing_ = false;
  bool hello_done_ = false;
  bool finished_ = false;
  // Close requested: sent once the queue has drained.
  bool close_pending_ = false;
  std::uint16_t close_code_ = 0;
  std::string close_reason_;
  // Rate limit.
  TokenBucket bucket_;
  int strikes_ = 0;  // messages refused in a row for the rate limit
  // Reads and bytes of the message being read so far.
  std::size_t message_reads_ = 0;
  std::size_t message_bytes_ = 0;
};

}  // namespace carc::server
