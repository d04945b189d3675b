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

// The games' server-side adapters sit below the rooms: a room reaches its game only through
// games/game_adapter.h and the registry, and no game's own folder is included from rooms/.
TEST_CASE(
    "server/games includes nothing from rooms, net or app, and rooms include no game's folder") {
  int files = 0;
  std::string offenders;
  for (const carc::test::Include& i :
       carc::test::IncludesBelow(fs::path(CARC_SOURCE_DIR) / "server" / "games", &files)) {
    if (i.quoted && (i.name.rfind("app/", 0) == 0 || i.name.rfind("rooms/", 0) == 0 ||
                     i.name.rfind("net/", 0) == 0)) {
      offenders += i.file + ": " + i.line + "\n";
    }
  }
  CHECK(files >= 7);
  for (const carc::test::Include& i :
       carc::test::IncludesBelow(fs::path(CARC_SOURCE_DIR) / "server" / "rooms")) {
    const bool games = i.name.rfind("games/", 0) == 0;
    if (i.quoted && games && i.name != "games/game_adapter.h" && i.name != "games/registry.h") {
      offenders += i.file + ": " + i.line + "\n";
    }
  }
  INFO("includes across the games' layer:\n" << offenders);
  CHECK(offenders.empty());
}
