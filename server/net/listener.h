// Accepts TCP connections and hands each to an HttpSession on its own strand.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <memory>

#include "net/http_session.h"
#include "net/static_files.h"

namespace carc::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(boost::asio::io_context& io, const ServerConfig& config, Metrics& metrics,
           MessageHandler& handler, const StaticFiles& files, ApiHandler api);
  // Binds and listens; returns an error message or "".
  std::string Open();
  void Run();
  void Stop();
  std::uint16_t port() const { return port_; }

 private:
  void DoAccept();

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  const ServerConfig& config_;
  Metrics& metrics_;
  MessageHandler& handler_;
  const StaticFiles& files_;
  ApiHandler api_;
  std::uint16_t port_ = 0;
};

}  // namespace carc::server
