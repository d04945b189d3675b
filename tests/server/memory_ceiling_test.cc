// --memory-max-mib (sys/memory_ceiling.h) on a real server process. A release build runs under
// the ceiling (tests/deploy/memory_ceiling_test.sh checks that in CI's release stage); a
// sanitizer build, whose shadow memory is mapped before main, cannot, and must say so at start
// rather than fail later at every allocation. Without the flag /metrics reports no ceiling.
#include <signal.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <string>

#include "sanitized.h"
#include "server_process.h"
#include "test_server.h"

namespace carc::test::memory_ceiling {

TEST_CASE("memory ceiling: set at start, or refused with the reason", "[server]") {
  const std::string dir = NewDataDir();
  {
    ServerProcess server(FreePort(), dir, dir + "/plain.log");
    REQUIRE(server.Start() == "");
    CHECK(MetricValue(server.port(), "carc_memory_ceiling_bytes") == -1);
    server.Stop(SIGTERM);
  }
  ServerProcess server(FreePort(), dir, dir + "/ceiling.log", {"--memory-max-mib", "1024"});
  const std::string started = server.Start();
  if (kShadowMemory) {
    CHECK(started != "");
    CHECK_THAT(server.LogTail(), Catch::Contains("cannot set a memory ceiling of 1024 MiB: the "
                                                 "process maps"));
  } else {
    REQUIRE(started == "");
    std::ifstream limits("/proc/" + std::to_string(server.pid()) + "/limits");
    std::string line;
    std::string data;
    while (std::getline(limits, line)) {
      if (line.rfind("Max data size", 0) == 0) data = line;
    }
    CHECK_THAT(data, Catch::Contains("1073741824"));
    CHECK(MetricValue(server.port(), "carc_memory_ceiling_bytes") == 1073741824.0);
    server.Stop(SIGTERM);
  }
}

}  // namespace carc::test::memory_ceiling
