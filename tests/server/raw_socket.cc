#include "raw_socket.h"

#include <algorithm>
#include <string_view>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace carc::test {

namespace {

using Clock = std::chrono::steady_clock;

int MillisLeft(Clock::time_point until) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now());
  return left.count() < 0 ? 0 : static_cast<int>(left.count());
}

bool WaitFor(int fd, short events, Clock::time_point until) {
  pollfd p{fd, events, 0};
  return ::poll(&p, 1, MillisLeft(until)) > 0;
}

}  // namespace

RawSocket::RawSocket(std::uint16_t port, const std::string& source, int rcvbuf) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return;
  if (rcvbuf > 0) ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
  sockaddr_in local{};
  local.sin_family = AF_INET;
  ::inet_pton(AF_INET, source.c_str(), &local.sin_addr);
  sockaddr_in remote{};
  remote.sin_family = AF_INET;
  remote.sin_port = htons(port);
  ::inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr);
  timeval tv{2, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0 ||
      ::connect(fd, reinterpret_cast<sockaddr*>(&remote), sizeof remote) != 0) {
    ::close(fd);
    return;
  }
  fd_ = fd;
}

RawSocket::~RawSocket() {
  Close();
}

RawSocket::RawSocket(RawSocket&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

RawSocket& RawSocket::operator=(RawSocket&& other) noexcept {
  if (this != &other) {
    Close();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

void RawSocket::Close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

bool RawSocket::SendAll(const std::string& bytes, std::chrono::milliseconds limit) {
  const auto until = Clock::now() + limit;
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    if (!WaitFor(fd_, POLLOUT, until)) return false;
    const ssize_t n =
        ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

bool RawSocket::PeerClosed() const {
  pollfd p{fd_, POLLRDHUP, 0};
  return ::poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
}

std::string RawSocket::ReadUntilClosed(std::chrono::milliseconds limit) {
  const auto until = Clock::now() + limit;
  std::string out;
  char buf[4096];
  while (WaitFor(fd_, POLLIN, until)) {
    const ssize_t n = ::recv(fd_, buf, sizeof buf, MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

unsigned HttpStatusFrom(std::uint16_t port, const std::string& source, const std::string& target,
                        std::chrono::milliseconds limit) {
  RawSocket s(port, source);
  if (!s.ok()) return 0;
  if (!s.SendAll("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                 limit)) {
    return 0;
  }
  const std::string response = s.ReadUntilClosed(limit);
  // "HTTP/1.1 200 OK"
  if (response.size() < 12 || response.compare(0, 5, "HTTP/") != 0) return 0;
  return static_cast<unsigned>(std::atoi(response.substr(9, 3).c_str()));
}

RawWebSocket::RawWebSocket(std::uint16_t port, const std::string& source, int rcvbuf)
    : socket_(port, source, rcvbuf) {
  if (!socket_.ok()) return;
  // The key is fixed: the test does not check the server's accept hash.
  const std::string request =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
  if (!socket_.SendAll(request)) return;
  const auto until = Clock::now() + std::chrono::seconds(3);
  std::string header;
  char buf[1024];
  while (header.find("\r\n\r\n") == std::string::npos && WaitFor(socket_.fd(), POLLIN, until)) {
    const ssize_t n = ::recv(socket_.fd(), buf, sizeof buf, MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (n <= 0) return;
    header.append(buf, static_cast<std::size_t>(n));
  }
  const auto end = header.find("\r\n\r\n");
  if (end == std::string::npos || header.compare(0, 12, "HTTP/1.1 101") != 0) return;
  pending_ = header.substr(end + 4);
  ok_ = true;
}

namespace {

// One masked frame: `first` is its first byte (FIN and opcode).
std::string MaskedFrame(unsigned char first, std::string_view payload) {
  std::string frame;
  frame.push_back(static_cast<char>(first));
  const std::size_t n = payload.size();
  if (n < 126) {
    frame.push_back(static_cast<char>(0x80 | n));
  } else {
    frame.push_back(static_cast<char>(0x80 | 126));
    frame.push_back(static_cast<char>((n >> 8) & 0xff));
    frame.push_back(static_cast<char>(n & 0xff));
  }
  const unsigned char mask[4] = {0x12, 0x34, 0x56, 0x78};
  frame.append(reinterpret_cast<const char*>(mask), 4);
  for (std::size_t i = 0; i < n; ++i) {
    frame.push_back(static_cast<char>(static_cast<unsigned char>(payload[i]) ^ mask[i % 4]));
  }
  return frame;
}

}  // namespace

bool RawWebSocket::SendBinary(const std::string& payload, std::chrono::milliseconds limit) {
  return socket_.SendAll(MaskedFrame(0x82, payload), limit);  // FIN, binary
}

bool RawWebSocket::SendFragmented(const std::string& payload, std::size_t fragments,
                                  std::chrono::milliseconds limit) {
  std::string frames;
  const std::size_t size = (payload.size() + fragments - 1) / fragments;
  for (std::size_t i = 0; i < fragments; ++i) {
    const std::size_t at = std::min(payload.size(), i * size);
    const std::string_view part = std::string_view(payload).substr(at, size);
    const unsigned char opcode = i == 0 ? 0x2 : 0x0;  // binary, then continuation
    const unsigned char fin = i + 1 == fragments ? 0x80 : 0x00;
    frames += MaskedFrame(fin | opcode, part);
  }
  return socket_.SendAll(frames, limit);
}

std::uint16_t RawWebSocket::ReadUntilCloseFrame(std::chrono::milliseconds limit) {
  const auto until = Clock::now() + limit;
  std::string data = std::move(pending_);
  pending_.clear();
  char buf[16384];
  for (;;) {
    // Parse every whole frame in `data` (server frames are never masked).
    while (data.size() >= 2) {
      const auto b0 = static_cast<unsigned char>(data[0]);
      const auto b1 = static_cast<unsigned char>(data[1]);
      std::size_t header = 2;
      std::uint64_t len = b1 & 0x7f;
      if (len == 126) {
        if (data.size() < 4) break;
        len = (static_cast<unsigned char>(data[2]) << 8) | static_cast<unsigned char>(data[3]);
        header = 4;
      } else if (len == 127) {
        if (data.size() < 10) break;
        len = 0;
        for (int i = 0; i < 8; ++i) len = (len << 8) | static_cast<unsigned char>(data[2 + i]);
        header = 10;
      }
      if (data.size() < header + len) break;
      if ((b0 & 0x0f) == 0x8) {
        if (len < 2) return 0;
        return static_cast<std::uint16_t>((static_cast<unsigned char>(data[header]) << 8) |
                                          static_cast<unsigned char>(data[header + 1]));
      }
      data.erase(0, header + len);
    }
    if (!WaitFor(socket_.fd(), POLLIN, until)) return 0;
    const ssize_t n = ::recv(socket_.fd(), buf, sizeof buf, MSG_DONTWAIT);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) continue;
    if (n <= 0) return 0;
    data.append(buf, static_cast<std::size_t>(n));
  }
}

}  // namespace carc::test
