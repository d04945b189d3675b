// carcassonne-server as a child process, for tests that kill it: start on a fixed port and data
// directory, wait until /healthz answers, signal it, start it again.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "client/ws_client.h"

namespace carc::test {

// A TCP port on 127.0.0.1 that was free a moment ago.
std::uint16_t FreePort();

class ServerProcess {
 public:
  // The server's output goes to `log_path` (appended).
  ServerProcess(std::uint16_t port, std::string data_dir, std::string log_path,
                std::vector<std::string> extra_args = {});
  ~ServerProcess();  // SIGKILL if still running
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  // Starts the server and waits (bounded) until /healthz answers; returns an error or "".
  std::string Start(std::chrono::seconds limit = std::chrono::seconds(30));
  // Sends `signal` and waits for the process to end; returns its wait status.
  int Stop(int signal);
  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  // A command the server is started under, e.g. {"/usr/bin/prlimit", "--nofile=256:256"}; it
  // must exec the server in its own process (so pid() is the server's).
  void set_wrapper(std::vector<std::string> wrapper) { wrapper_ = std::move(wrapper); }
  // The last `bytes` of the server's output, to show why it failed.
  std::string LogTail(std::size_t bytes = 4000) const;
  client::ServerAddress address() const;
  std::uint16_t port() const { return port_; }

 private:
  std::uint16_t port_;
  std::string data_dir_;
  std::string log_path_;
  std::vector<std::string> extra_args_;
  std::vector<std::string> wrapper_;
  pid_t pid_ = -1;
};

}  // namespace carc::test
