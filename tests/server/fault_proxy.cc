#include "fault_proxy.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>

namespace carc::test {
namespace {

// The simple query message of a COMMIT: 'Q', its length (4 + 7), "COMMIT" and its NUL.
constexpr char kCommit[] = {'Q', 0, 0, 0, 11, 'C', 'O', 'M', 'M', 'I', 'T', 0};

bool SendAll(int fd, const char* data, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::send(fd, data, n, MSG_NOSIGNAL);
    if (w <= 0) return false;
    data += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

}  // namespace

FaultProxy::FaultProxy(std::uint16_t upstream_port) : upstream_(upstream_port) {
  listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
  const int one = 1;
  ::setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  ::bind(listener_, reinterpret_cast<sockaddr*>(&a), sizeof a);
  ::listen(listener_, 16);
  socklen_t len = sizeof a;
  ::getsockname(listener_, reinterpret_cast<sockaddr*>(&a), &len);
  port_ = ntohs(a.sin_port);
  acceptor_ = std::thread([this] { Accept(); });
}

FaultProxy::~FaultProxy() {
  stopping_ = true;
  ::shutdown(listener_, SHUT_RDWR);
  acceptor_.join();
  ::close(listener_);
  std::lock_guard lock(mu_);
  for (auto& t : relays_) t.join();
}

void FaultProxy::Accept() {
  while (!stopping_) {
    pollfd p{listener_, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    const int client = ::accept(listener_, nullptr, nullptr);
    if (client < 0) continue;
    if (refuse_) {
      ::close(client);
      continue;
    }
    const int server = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(upstream_);
    if (::connect(server, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      ::close(server);
      ::close(client);
      continue;
    }
    std::lock_guard lock(mu_);
    relays_.emplace_back([this, client, server] { Relay(client, server); });
  }
}

void FaultProxy::Relay(int client, int server) {
  // After a COMMIT passed on under kDropCommitAnswer: cut at the database's next bytes.
  bool cut_at_answer = false;
  char buf[65536];
  while (!stopping_) {
    pollfd p[2] = {{client, POLLIN, 0}, {server, POLLIN, 0}};
    if (::poll(p, 2, 100) <= 0) continue;
    if (p[0].revents != 0) {
      const ssize_t n = ::recv(client, buf, sizeof buf, 0);
      if (n <= 0) break;
      const std::string_view data(buf, static_cast<std::size_t>(n));
      const bool commit = data.find(std::string_view(kCommit, sizeof kCommit)) != data.npos;
      Fault expected = armed_.load();
      if (commit && expected != Fault::kNone &&
          armed_.compare_exchange_strong(expected, Fault::kNone)) {
        ++faults_;
        if (expected == Fault::kDropCommit) break;  // the database never hears the COMMIT
        cut_at_answer = true;
      }
      if (!SendAll(server, buf, static_cast<std::size_t>(n))) break;
    }
    if (p[1].revents != 0) {
      if (cut_at_answer) {
        // Let the database finish the COMMIT (its answer is here, so it has), and lose the
        // answer on the way back.
        break;
      }
      const ssize_t n = ::recv(server, buf, sizeof buf, 0);
      if (n <= 0) break;
      if (!SendAll(client, buf, static_cast<std::size_t>(n))) break;
    }
  }
  ::close(client);
  ::close(server);
}

}  // namespace carc::test
