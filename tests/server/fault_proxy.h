// A TCP relay between the server and its PostgreSQL, on loopback, that fails a connection at
// the moment a test asks for: when the client sends a COMMIT (the simple query "COMMIT", as
// libpq sends it), either before passing it on (the transaction never commits) or after the
// database answered it, without passing the answer back (it committed, and the client cannot
// know). It can also refuse new connections, as a database that cannot be reached.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace carc::test {

class FaultProxy {
 public:
  enum class Fault { kNone, kDropCommit, kDropCommitAnswer };

  // Listens on 127.0.0.1:port() and relays to 127.0.0.1:upstream_port.
  explicit FaultProxy(std::uint16_t upstream_port);
  ~FaultProxy();
  FaultProxy(const FaultProxy&) = delete;
  FaultProxy& operator=(const FaultProxy&) = delete;

  std::uint16_t port() const { return port_; }
  // The next COMMIT any connection sends meets `fault` (once).
  void Arm(Fault fault) { armed_ = fault; }
  // New connections are closed at once while set.
  void set_refuse(bool refuse) { refuse_ = refuse; }
  // Faults that took place.
  int faults() const { return faults_.load(); }

 private:
  void Accept();
  void Relay(int client, int server);

  std::uint16_t upstream_;
  std::uint16_t port_ = 0;
  int listener_ = -1;
  std::atomic<Fault> armed_{Fault::kNone};
  std::atomic<bool> refuse_{false};
  std::atomic<bool> stopping_{false};
  std::atomic<int> faults_{0};
  std::thread acceptor_;
  std::mutex mu_;
  std::vector<std::thread> relays_;
};

}  // namespace carc::test
