// The HTTP session's deadlines, against a Listener with an API of the test's own: no
// application, so the wait is the test's choice and not a machine's speed.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <memory>
#include <thread>

#include "net/listener.h"
#include "net/net_metrics.h"
#include "raw_socket.h"
#include "test_server.h"

namespace carc::test {
namespace {

namespace asio = boost::asio;
using server::ApiReply;
using server::ApiRequest;
using server::ApiResponse;

class NoGame : public server::MessageHandler {
 public:
  void OnOpen(const std::shared_ptr<server::Session>&) override {}
  void OnMessage(const std::shared_ptr<server::Session>&, v1::ClientMessage) override {}
  void OnDisconnect(const std::shared_ptr<server::Session>&) override {}
};

class CountOnly final : public server::NetMetrics {
 public:
  void Reject(const std::string&) override {}
  std::string Render() const override { return ""; }
};

// A listener on loopback whose API answers `delay` after it is asked, as a job that waited its
// turn on a busy worker would, with what was asked and 4 MB of padding: an answer too large to
// be written before a deadline already past closes the socket.
class SlowApiServer {
 public:
  explicit SlowApiServer(std::chrono::milliseconds delay) {
    config_.bind = "127.0.0.1";
    config_.port = 0;
    config_.handshake_timeout = std::chrono::seconds(1);
    server::HttpServices services;
    services.api = [this, delay](ApiRequest request, ApiReply reply) {
      auto timer = std::make_shared<asio::steady_timer>(io_, delay);
      timer->async_wait([timer, reply, body = request.body](boost::system::error_code) {
        reply(ApiResponse{200, "application/json",
                          "{\"echo\":" + body + ",\"pad\":\"" + std::string(4 << 20, 'x') + "\"}",
                          ""});
      });
    };
    listener_ = std::make_shared<server::Listener>(io_, config_, metrics_, handler_, files_,
                                                   std::move(services));
    if (const std::string e = listener_->Open(); !e.empty()) throw std::runtime_error(e);
    listener_->Run();
    thread_ = std::thread([this] { io_.run(); });
  }
  ~SlowApiServer() {
    asio::post(io_, [this] { listener_->Stop(); });
    io_.stop();
    thread_.join();
  }
  std::uint16_t port() const { return listener_->port(); }

 private:
  asio::io_context io_;
  server::NetConfig config_;
  CountOnly metrics_;
  NoGame handler_;
  server::StaticFiles files_;
  std::shared_ptr<server::Listener> listener_;
  std::thread thread_;
};

TEST_CASE("http: an API answer that waits its turn past the read deadline still reaches the client",
          "[server][security]") {
  SlowApiServer server(std::chrono::milliseconds(1800));
  const HttpResult r = HttpRequest(server.port(), "POST", "/api/replay", "7");
  INFO(r.error);
  CHECK(r.status == 200);
  CHECK(r.body.starts_with("{\"echo\":7,"));
  CHECK(r.body.size() > (4 << 20));
  // The connection stays usable: the next request is read under a fresh deadline.
  const HttpResult again = HttpRequest(server.port(), "POST", "/api/replay", "8");
  CHECK(again.body.starts_with("{\"echo\":8,"));
}

TEST_CASE("http: a request whose header does not come within the read deadline is cut off",
          "[server][security]") {
  SlowApiServer server(std::chrono::milliseconds(0));
  RawSocket socket(server.port(), "127.0.0.1");
  socket.SendAll("POST /api/replay HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  const auto start = std::chrono::steady_clock::now();
  CHECK(socket.ReadUntilClosed(std::chrono::seconds(5)).empty());
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(3));
}

}  // namespace
}  // namespace carc::test
