// Computer-speed clients are not slowed by the transport: a whole two-seat game of random bots
// takes a few hundredths of a second. With Nagle's algorithm on either side (no TCP_NODELAY)
// the same game waits on delayed acknowledgements and took 1.64 s; the bound below sits far
// from both (docs/benchmarks.md has the measured figures).
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>

#include "test_server.h"

using namespace carc::test;

TEST_CASE("a two-seat game of computer-speed clients is not held back by Nagle's algorithm",
          "[server][latency][serial][cli]") {
  TestServer server;
  const std::string cmd = std::string(CARC_CLI_PATH) +
                          " bot --server ws://127.0.0.1:" + std::to_string(server.port()) +
                          " --create --seats 2 2>&1";
  // The first game pays for start-up work; the figure is the best of three.
  double best = 1e9;
  for (int i = 0; i < 3; ++i) {
    const auto start = std::chrono::steady_clock::now();
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p != nullptr);
    std::string out;
    char buf[4096];
    std::size_t n = 0;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    const int status = pclose(p);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    INFO(out);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
    REQUIRE(out.find("\"final\"") != std::string::npos);
    best = std::min(best, seconds);
  }
  INFO("best of three: " << best << " s");
  CHECK(best < 0.8);
}
