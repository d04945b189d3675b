// A helper program the test runs beside the server (a push service, an SMTP sink): spawned with
// its standard input a pipe from this process, so that when the test ends, even by a crash, the
// helper reads the end of it and exits; ended with SIGTERM and waited for when this goes.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>
#include <vector>

extern char** environ;

namespace carc::test {

class HelperProcess {
 public:
  // Runs `program` (a path) with `args`; the test fails at once when it cannot start.
  HelperProcess(std::string program, std::vector<std::string> args) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    std::vector<char*> argv = {program.data()};
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO);
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    // posix_spawn rather than fork: the test process has many threads, and a fork of a threaded
    // process under the sanitizers is not safe.
    const int rc = ::posix_spawn(&pid_, program.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[0]);
    stdin_ = fds[1];
    ::fcntl(stdin_, F_SETFD, FD_CLOEXEC);
    REQUIRE(rc == 0);
  }
  ~HelperProcess() {
    ::close(stdin_);
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  HelperProcess(const HelperProcess&) = delete;
  HelperProcess& operator=(const HelperProcess&) = delete;

 private:
  pid_t pid_ = -1;
  int stdin_ = -1;
};

}  // namespace carc::test
