#include "net/overflow_session.h"

#include <boost/asio/dispatch.hpp>

namespace carc::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

OverflowSession::OverflowSession(net::ip::tcp::socket&& socket, ConnectionSlot lane_slot)
    : stream_(std::move(socket)), slot_(std::move(lane_slot)) {}

void OverflowSession::Run() {
  parser_.header_limit(4 * 1024);
  stream_.expires_after(kOverflowTimeout);
  net::dispatch(stream_.get_executor(), [self = shared_from_this()] {
    http::async_read_header(self->stream_, self->buffer_, self->parser_,
                            beast::bind_front_handler(&OverflowSession::OnHeader, self));
  });
}

void OverflowSession::OnHeader(beast::error_code ec, std::size_t) {
  if (ec) return;  // the socket closes with the session
  const auto& request = parser_.get();
  const bool probe =
      (request.method() == http::verb::get || request.method() == http::verb::head) &&
      request.target() == "/healthz";
  response_.version(11);
  response_.set(http::field::server, "carcassonne-server");
  response_.set(http::field::cache_control, "no-store");
  response_.set(http::field::content_type, "text/plain");
  if (probe) {
    response_.result(http::status::ok);
    response_.body() = "ok\n";
  } else {
    response_.result(http::status::service_unavailable);
    response_.set(http::field::retry_after, "10");
    response_.body() = "server full, try again later\n";
  }
  response_.keep_alive(false);
  response_.prepare_payload();
  http::async_write(stream_, response_,
                    beast::bind_front_handler(&OverflowSession::OnWrite, shared_from_this()));
}

void OverflowSession::OnWrite(beast::error_code, std::size_t) {
  beast::error_code ignored;
  stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
}

}  // namespace carc::server
