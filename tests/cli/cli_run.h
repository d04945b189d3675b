// Runs the `carcassonne` tool as a user would and captures its exit code and output.
#pragma once

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

namespace carc::test {

struct CliRun {
  int code = -1;
  std::string out;
};

// `args` as on a shell command line; stderr is captured too when `with_stderr`. No Catch2
// assertion: safe off the test's thread (code -1 when the command could not be started).
inline CliRun RunCliAnyThread(const std::string& args, bool with_stderr) {
  const std::string cmd =
      std::string(CARC_CLI_PATH) + " " + args + (with_stderr ? " 2>&1" : " 2>/dev/null");
  CliRun r;
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) return r;
  char buf[4096];
  std::size_t n = 0;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

inline CliRun RunCli(const std::string& args, bool with_stderr) {
  CliRun r = RunCliAnyThread(args, with_stderr);
  REQUIRE(r.code >= 0);
  return r;
}

}  // namespace carc::test
