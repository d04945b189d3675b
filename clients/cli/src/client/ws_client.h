// A small WebSocket client for the bot, watch and load tools and the integration tests:
// binary protobuf frames, an inbox filled by a continuous read, timeouts on every wait.
// Not thread-safe: one client per thread.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "carc/v1/messages.pb.h"

namespace carc::client {

struct ServerAddress {
  std::string host = "127.0.0.1";
  std::string port = "8080";
  std::string path = "/ws";
  // The local address to connect from ("" = the system's choice): tests speak as several
  // clients from 127.0.0.0/8.
  std::string source;
  // Header fields sent with the upgrade: a signed-in client's "Authorization: Bearer TOKEN"
  // (carcassonne login), or a test's Cookie and Origin.
  std::vector<std::pair<std::string, std::string>> fields;
};

// "ws://host:port/path", "http://host:port" or "host:port" (path /ws by default).
std::optional<ServerAddress> ParseServerUrl(const std::string& url);

class WsClient {
 public:
  WsClient();
  ~WsClient();

  // Returns an error message or "".
  std::string Connect(const ServerAddress& address, std::chrono::milliseconds timeout);
  bool Send(const v1::ClientMessage& message);
  // Raw bytes as one frame (binary, or text when `text`), for tests of bad input.
  bool SendRaw(const std::string& bytes, bool text = false);
  // One binary message sent as frames of at most `frame_bytes`, for tests of reassembly.
  bool SendFragmented(const std::string& bytes, std::size_t frame_bytes);
  // The next message, or nullopt on timeout or when the connection is gone (see closed()).
  std::optional<v1::ServerMessage> Receive(std::chrono::milliseconds timeout);
  // Waits for a message matching `pred`, keeping the others in order for later Receive calls.
  template <typename Pred>
  std::optional<v1::ServerMessage> WaitFor(Pred pred, std::chrono::milliseconds timeout);
  void Close();

  bool closed() const { return closed_; }
  // The close code the server sent (0 if none).
  std::uint16_t close_code() const { return close_code_; }
  std::uint32_t NextRequestId() { return ++request_id_; }

 private:
  void StartRead();
  // The next message from the connection itself (not the held ones).
  std::optional<v1::ServerMessage> ReceiveNew(std::chrono::milliseconds timeout);

  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  std::deque<v1::ServerMessage> inbox_;
  std::deque<v1::ServerMessage> held_;
  bool reading_ = false;
  bool closed_ = false;
  std::uint16_t close_code_ = 0;
  std::uint32_t request_id_ = 0;
};

template <typename Pred>
std::optional<v1::ServerMessage> WsClient::WaitFor(Pred pred, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (auto it = held_.begin(); it != held_.end(); ++it) {
    if (pred(*it)) {
      v1::ServerMessage m = std::move(*it);
      held_.erase(it);
      return m;
    }
  }
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    auto m = ReceiveNew(left);
    if (!m) return std::nullopt;
    if (pred(*m)) return m;
    held_.push_back(std::move(*m));
  }
}

}  // namespace carc::client
