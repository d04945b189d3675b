#include "server_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cstring>
#include <fstream>
#include <thread>

#include "test_server.h"

namespace carc::test {

std::uint16_t FreePort() {
  boost::asio::io_context io;
  boost::asio::ip::tcp::acceptor a(
      io, boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0));
  return a.local_endpoint().port();
}

ServerProcess::ServerProcess(std::uint16_t port, std::string data_dir, std::string log_path,
                             std::vector<std::string> extra_args)
    : port_(port),
      data_dir_(std::move(data_dir)),
      log_path_(std::move(log_path)),
      extra_args_(std::move(extra_args)) {}

ServerProcess::~ServerProcess() {
  if (pid_ > 0) Stop(SIGKILL);
}

std::string ServerProcess::Start(std::chrono::seconds limit) {
  std::vector<std::string> args = {CARC_SERVER_PATH, "--bind", "127.0.0.1", "--port",
                                   std::to_string(port_), "--data-dir", data_dir_, "--threads", "2",
                                   "--log-level", "info",
                                   // Tests connect many clients from 127.0.0.1.
                                   "--max-connections-per-address", "1000"};
  args.insert(args.end(), extra_args_.begin(), extra_args_.end());
  args.insert(args.begin(), wrapper_.begin(), wrapper_.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  // posix_spawn rather than fork: the test process has many threads (bots), and a fork of a
  // threaded process under the sanitizers is not safe.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log_path_.c_str(),
                                   O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  pid_t pid = -1;
  const int rc = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return "cannot start " + args[0] + ": " + std::strerror(rc);
  pid_ = pid;
  const auto until = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < until) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return "the server exited during start (status " + std::to_string(status) + "), see " +
             log_path_;
    }
    const HttpResult r = HttpGet(port_, "/healthz");
    if (r.error.empty() && r.status == 200) return {};
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return "the server did not answer /healthz in time, see " + log_path_;
}

int ServerProcess::Stop(int signal) {
  if (pid_ <= 0) return -1;
  ::kill(pid_, signal);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  return status;
}

std::string ServerProcess::LogTail(std::size_t bytes) const {
  std::ifstream in(log_path_, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return text.size() > bytes ? text.substr(text.size() - bytes) : text;
}

client::ServerAddress ServerProcess::address() const {
  client::ServerAddress a;
  a.host = "127.0.0.1";
  a.port = std::to_string(port_);
  a.path = "/ws";
  return a;
}

}  // namespace carc::test
