// One Web Push delivery against push services that misbehave (push/push_request.h): each listens
// on loopback (allowed for tests) and does one hostile thing; the request must come back within
// its deadline with no status, whatever the far side does.
#include <catch2/catch.hpp>

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <functional>
#include <thread>
#include <tuple>
#include <variant>

#include "push/push_request.h"

namespace carc::test::push_request {
namespace {

namespace net = boost::asio;
using net::ip::tcp;
using Clock = std::chrono::steady_clock;

// A service that accepts one connection on 127.0.0.1 and hands it to `behave` on its own thread
// until the test ends (the socket is closed then).
class HostileService {
 public:
  explicit HostileService(std::function<void(tcp::socket&, const std::atomic<bool>&)> behave)
      : acceptor_(io_, {net::ip::make_address("127.0.0.1"), 0}) {
    thread_ = std::thread([this, behave = std::move(behave)] {
      tcp::socket socket(io_);
      boost::system::error_code ec;
      acceptor_.accept(socket, ec);
      if (!ec) behave(socket, stop_);
      socket.close(ec);
    });
  }
  ~HostileService() {
    stop_ = true;
    boost::system::error_code ec;
    acceptor_.close(ec);
    thread_.join();
  }
  std::string Url() const {
    return "http://127.0.0.1:" + std::to_string(acceptor_.local_endpoint().port()) + "/push/abc";
  }

 private:
  net::io_context io_;
  tcp::acceptor acceptor_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// Reads the request's head and body (whatever comes, a little at a time) until told to stop.
void Drain(tcp::socket& s, const std::atomic<bool>& stop) {
  s.non_blocking(true);
  char buf[4096];
  while (!stop) {
    boost::system::error_code ec;
    s.read_some(net::buffer(buf), ec);
    if (ec && ec != net::error::would_block) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

// Sends `head`, then `chunk` every 20 ms until the test ends.
void Dribble(tcp::socket& s, const std::atomic<bool>& stop, const std::string& head,
             const std::string& chunk) {
  boost::system::error_code ec;
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the request is in
  net::write(s, net::buffer(head), ec);
  while (!stop && !ec) {
    net::write(s, net::buffer(chunk), ec);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

server::push::PushResponse Send(const std::string& url, std::chrono::milliseconds timeout) {
  auto endpoint = server::push::CheckPushEndpoint(url, server::push::Loopback::kAllowed);
  REQUIRE(std::holds_alternative<server::push::PushEndpoint>(endpoint));
  server::push::PushRequest request;
  request.endpoint = std::get<server::push::PushEndpoint>(endpoint);
  request.body = std::string(200, 'x');
  request.authorization = "vapid t=a.b.c, k=key";
  request.ttl = 60;
  request.urgency = "high";
  return server::push::SendPushRequest(request, timeout, server::push::Loopback::kAllowed);
}

}  // namespace

TEST_CASE(
    "push request: a service that never answers, answers without end or floods its head "
    "costs at most the deadline",
    "[push]") {
  constexpr std::chrono::milliseconds kDeadline{800};
  struct Case {
    const char* what;
    std::function<void(tcp::socket&, const std::atomic<bool>&)> behave;
  };
  const Case cases[] = {
      {"silent", Drain},
      {"an endless body",
       [](tcp::socket& s, const std::atomic<bool>& stop) {
         Dribble(s, stop, "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n",
                 "400\r\n" + std::string(1024, 'y') + "\r\n");
       }},
      {"an endless head",
       [](tcp::socket& s, const std::atomic<bool>& stop) {
         Dribble(s, stop, "HTTP/1.1 201 Created\r\n", "X-Pad: " + std::string(500, 'z') + "\r\n");
       }},
      {"a head a byte at a time",
       [](tcp::socket& s, const std::atomic<bool>& stop) { Dribble(s, stop, "H", "T"); }},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    HostileService service(c.behave);
    const auto started = Clock::now();
    const server::push::PushResponse answer = Send(service.Url(), kDeadline);
    const auto took = Clock::now() - started;
    // No status: the sender counts it as no answer and tries again later.
    CHECK(answer.status == 0);
    CHECK_FALSE(answer.error.empty());
    // The error names neither the endpoint nor the Authorization.
    CHECK(answer.error.find("127.0.0.1") == std::string::npos);
    CHECK(answer.error.find("vapid") == std::string::npos);
    CHECK(took < kDeadline + std::chrono::milliseconds(1500));
  }
}

TEST_CASE("push request: a quick 201 is sent, a 429's Retry-After is read", "[push]") {
  for (const auto& [head, status, retry] :
       {std::tuple{std::string("HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n"), 201u, 0},
        std::tuple{std::string("HTTP/1.1 429 Too Many Requests\r\nRetry-After: 120\r\n"
                               "Content-Length: 0\r\n\r\n"),
                   429u, 120}}) {
    HostileService service([head = head](tcp::socket& s, const std::atomic<bool>& stop) {
      // Reads the request, answers, and keeps the connection open until the test ends.
      s.non_blocking(true);
      char buf[4096];
      const auto until = Clock::now() + std::chrono::milliseconds(100);
      boost::system::error_code ec;
      while (Clock::now() < until) {
        s.read_some(net::buffer(buf), ec);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      s.non_blocking(false);
      net::write(s, net::buffer(head), ec);
      while (!stop) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    });
    const server::push::PushResponse answer = Send(service.Url(), std::chrono::seconds(5));
    CHECK(answer.status == status);
    CHECK(answer.retry_after == retry);
  }
}

}  // namespace carc::test::push_request
