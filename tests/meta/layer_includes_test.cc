// Dependencies point down: the network layer knows neither the application that starts it nor
// the rooms it carries messages to (docs/architecture.md); it is handed a NetConfig, a
// NetMetrics and a MessageHandler.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "source_includes.h"

namespace fs = std::filesystem;

TEST_CASE("server/net includes nothing from server/app or server/rooms") {
  int files = 0;
  std::string offenders;
  for (const carc::test::Include& i :
       carc::test::IncludesBelow(fs::path(CARC_SOURCE_DIR) / "server" / "net", &files)) {
    if (i.quoted && (i.name.rfind("app/", 0) == 0 || i.name.rfind("rooms/", 0) == 0)) {
      offenders += i.file + ": " + i.line + "\n";
    }
  }
  CHECK(files > 10);
  INFO("includes from above the network layer:\n" << offenders);
  CHECK(offenders.empty());
}
