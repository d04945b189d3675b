#include "net/listener.h"

#include <spdlog/spdlog.h>
#include <boost/asio/strand.hpp>

namespace carc::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

Listener::Listener(net::io_context& io, const ServerConfig& config, Metrics& metrics,
                   MessageHandler& handler, const StaticFiles& files, ApiHandler api)
    : io_(io),
      acceptor_(net::make_strand(io)),
      config_(config),
      metrics_(metrics),
      handler_(handler),
      files_(files),
      api_(std::move(api)) {}

std::string Listener::Open() {
  boost::system::error_code ec;
  const auto address = net::ip::make_address(config_.bind, ec);
  if (ec) return "bad bind address '" + config_.bind + "': " + ec.message();
  const tcp::endpoint endpoint(address, config_.port);
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
  if (ec) {
    return "cannot listen on " + config_.bind + ":" + std::to_string(config_.port) + ": " +
           ec.message();
  }
  port_ = acceptor_.local_endpoint().port();
  return {};
}

void Listener::Run() {
  DoAccept();
}

void Listener::Stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::system::error_code ignored;
    self->acceptor_.close(ignored);
  });
}

void Listener::DoAccept() {
  acceptor_.async_accept(net::make_strand(io_), [self = shared_from_this()](
                                                    boost::system::error_code ec, tcp::socket s) {
    if (ec) {
      if (ec != net::error::operation_aborted) spdlog::warn("accept: {}", ec.message());
      if (!self->acceptor_.is_open()) return;
    } else {
      // Game messages are small and answered at once: Nagle's algorithm would hold each one
      // back until the peer's delayed acknowledgement (tens of milliseconds a move).
      boost::system::error_code ignored;
      s.set_option(tcp::no_delay(true), ignored);
      std::make_shared<HttpSession>(std::move(s), self->config_, self->metrics_, self->handler_,
                                    self->files_, self->api_)
          ->Run();
    }
    self->DoAccept();
  });
}

}  // namespace carc::server
