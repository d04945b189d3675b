// Accepts TCP connections and hands each to an HttpSession on its own strand.
//
// Contract: every accepted socket holds a ConnectionSlot until it is closed; one over
// --max-connections or --max-connections-per-address is counted, logged at most once per
// 10 s, and turned away through the overflow lane (overflow_session.h) or closed at once when
// that lane is full. When accept() fails for lack of descriptors or memory, accepting pauses
// (100 ms doubling to 1 s) instead of retrying at once, and failures are logged at most once
// per 10 s with their count.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>

#include "net/accept_backoff.h"
#include "net/connection_limiter.h"
#include "net/http_services.h"
#include "net/http_session.h"
#include "net/log_throttle.h"
#include "net/proxy_trust.h"
#include "net/static_files.h"

namespace carc::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(boost::asio::io_context& io, const NetConfig& config, NetMetrics& metrics,
           MessageHandler& handler, const StaticFiles& files, HttpServices services);
  // Sets the connection caps (raising the descriptor limit if they need it), reads the origin
  // list, binds and listens; returns an error message or "".
  std::string Open();
  void Run();
  void Stop();
  std::uint16_t port() const { return port_; }
  // The total cap in force (after Open).
  std::size_t max_connections() const { return limiter_ ? limiter_->max_total() : 0; }

 private:
  void DoAccept();
  void OnAccept(boost::system::error_code ec, boost::asio::ip::tcp::socket socket);
  void Admit(boost::asio::ip::tcp::socket socket);
  // Hands memory freed by closed connections back to the system (see listener.cc).
  void ScheduleTrim();

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer pause_;
  boost::asio::steady_timer trim_;
  const NetConfig& config_;
  NetMetrics& metrics_;
  MessageHandler& handler_;
  const StaticFiles& files_;
  HttpShared shared_;
  ProxyTrust trust_;
  std::uint16_t port_ = 0;
  std::shared_ptr<ConnectionLimiter> limiter_;
  std::shared_ptr<ConnectionLimiter> lane_;
  AcceptBackoff backoff_;
  LogThrottle refusal_log_{std::chrono::seconds(10)};
  LogThrottle failure_log_{std::chrono::seconds(10)};
};

}  // namespace carc::server
