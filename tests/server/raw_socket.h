// Plain POSIX sockets for tests of connection limits: a connection may come from any loopback
// source address (127.0.0.2, ...), may set a tiny receive buffer, and may never read. Every
// call is bounded in time.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace carc::test {

class RawSocket {
 public:
  RawSocket() = default;
  // Connects to 127.0.0.1:port from `source` (a 127.0.0.0/8 address); with `rcvbuf` > 0 the
  // receive buffer is set first. Blocking, 2 s limit; ok() says whether it worked.
  RawSocket(std::uint16_t port, const std::string& source, int rcvbuf = 0);
  ~RawSocket();
  RawSocket(RawSocket&& other) noexcept;
  RawSocket& operator=(RawSocket&& other) noexcept;
  RawSocket(const RawSocket&) = delete;
  RawSocket& operator=(const RawSocket&) = delete;

  bool ok() const { return fd_ >= 0; }
  int fd() const { return fd_; }
  // Sends every byte (bounded by `limit`); false on error or time-out.
  bool SendAll(const std::string& bytes,
               std::chrono::milliseconds limit = std::chrono::milliseconds(2000));
  // Whether the peer has closed or reset the connection (without reading what it sent).
  bool PeerClosed() const;
  // Reads whatever arrives until the peer closes or `limit` passes.
  std::string ReadUntilClosed(std::chrono::milliseconds limit);
  void Close();

 private:
  int fd_ = -1;
};

// The status of GET `target` sent from `source`, 0 when no answer came (refused, closed, time).
unsigned HttpStatusFrom(std::uint16_t port, const std::string& source, const std::string& target,
                        std::chrono::milliseconds limit = std::chrono::milliseconds(3000));

// A WebSocket client on a RawSocket: handshake, masked binary frames out; it reads only when
// asked to.
class RawWebSocket {
 public:
  RawWebSocket(std::uint16_t port, const std::string& source, int rcvbuf = 0);
  bool ok() const { return ok_; }
  // Sends one masked binary frame; false when the socket would not take it within `limit`.
  bool SendBinary(const std::string& payload,
                  std::chrono::milliseconds limit = std::chrono::milliseconds(2000));
  // Sends `payload` as one binary message in `fragments` frames (a binary frame, then
  // continuation frames, the last with FIN), all in one write.
  bool SendFragmented(const std::string& payload, std::size_t fragments,
                      std::chrono::milliseconds limit = std::chrono::milliseconds(2000));
  // Reads and drops frames until a close frame arrives or `limit` passes; its code, 0 if none.
  std::uint16_t ReadUntilCloseFrame(std::chrono::milliseconds limit);
  RawSocket& socket() { return socket_; }

 private:
  RawSocket socket_;
  bool ok_ = false;
  std::string pending_;  // bytes read after the handshake's header
};

}  // namespace carc::test
