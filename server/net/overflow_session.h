// A connection refused for a connection cap, while it is being turned away: it may send one
// request header. GET or HEAD /healthz is answered 200 (the server is alive, only full, so a
// liveness probe must not fail and restart it); anything else, a WebSocket upgrade included,
// 503 with Retry-After. Then the connection closes.
//
// Contract: bounded in time (kOverflowTimeout), in bytes (a 4 KiB header, no body is read) and
// in number (the lane's own ConnectionSlot, held until the socket is closed).
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <memory>

#include "net/connection_limiter.h"

namespace carc::server {

inline constexpr std::size_t kOverflowLaneConnections = 16;
inline constexpr std::size_t kOverflowLanePerAddress = 2;
inline constexpr std::chrono::seconds kOverflowTimeout{2};

class OverflowSession : public std::enable_shared_from_this<OverflowSession> {
 public:
  OverflowSession(boost::asio::ip::tcp::socket&& socket, ConnectionSlot lane_slot);
  void Run();

 private:
  void OnHeader(boost::beast::error_code ec, std::size_t bytes);
  void OnWrite(boost::beast::error_code ec, std::size_t bytes);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  boost::beast::http::request_parser<boost::beast::http::empty_body> parser_;
  boost::beast::http::response<boost::beast::http::string_body> response_;
  ConnectionSlot slot_;
};

}  // namespace carc::server
