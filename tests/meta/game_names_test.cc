// Adding a game touches its own folders and the registries docs/adding-a-game.md lists, and
// nothing else: no other source of the engine, the server, the protocol or the clients names a
// game other than the base game (the default every layer starts from). A game is named by its
// type constant, an include of its folder, its namespace, its C++ or protobuf types (Castle...)
// or the oneof accessors of its messages (has_castle(), mutable_castle(), ...).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "source_includes.h"

namespace fs = std::filesystem;
using carc::test::IdentifierChar;

namespace {

const fs::path kRoot = fs::path(CARC_SOURCE_DIR);

// CARC_GAMES of cmake/Games.cmake: the build's list of games. (Scanners here rather than
// std::regex: libstdc++ 12's regex trips -Wmaybe-uninitialized under the sanitizers' flags.)
std::vector<std::string> Games() {
  const std::string text = carc::test::ReadText(kRoot / "cmake" / "Games.cmake");
  const std::string open = "set(CARC_GAMES ";
  const auto at = text.find(open);
  REQUIRE(at != std::string::npos);
  const auto close = text.find(')', at);
  REQUIRE(close != std::string::npos);
  std::vector<std::string> games;
  std::istringstream names(text.substr(at + open.size(), close - at - open.size()));
  for (std::string g; names >> g;) games.push_back(g);
  return games;
}

// The registries of docs/adding-a-game.md, which list every game.
const std::set<std::string>& Registries() {
  static const std::set<std::string> files = {
      "cmake/Games.cmake",
      "engine/include/carc/engine/games.h",
      "engine/src/games.cc",
      "proto/carc/v1/game.proto",
      "proto/carc/v1/lobby.proto",
      "proto/carc/store/v1/room_log.proto",
      "server/games/registry.cc",
      "clients/cli/src/client/seat_games.cc",
      "clients/cli/src/game_commands.cc",
      "clients/web/src/games/registry.ts",
  };
  return files;
}

std::vector<std::string> Sources() {
  std::vector<std::string> files;
  for (const char* dir : {"engine", "server", "proto", "clients/cli/src", "clients/web/src"}) {
    for (const auto& e : fs::recursive_directory_iterator(kRoot / dir)) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file() ||
          (ext != ".h" && ext != ".cc" && ext != ".proto" && ext != ".ts" && ext != ".cmake")) {
        continue;
      }
      const std::string rel = fs::relative(e.path(), kRoot).generic_string();
      // The protocol's generated TypeScript is the protocol files' image.
      if (rel.rfind("clients/web/src/gen/", 0) == 0) continue;
      files.push_back(rel);
    }
  }
  return files;
}

// Whether `rel` is one of `game`'s own files: anything under a folder named after it, and its
// protocol file.
bool OwnFile(const std::string& rel, const std::string& game) {
  return rel.find("/" + game + "/") != std::string::npos ||
         rel == "proto/carc/v1/" + game + "_game.proto";
}

// What in `line` names `game`, or "": GAME_TYPE_<GAME>, "<game>/ (an include of its folder),
// <game>:: (its namespace), <Game>X... (its types: CastleView) or <game>() with nothing or
// has_, mutable_, set_allocated_ before it (its oneof accessors).
std::string NameIn(const std::string& line, const std::string& game) {
  std::string title = game;
  title[0] = static_cast<char>(title[0] - 'a' + 'A');
  std::string upper;
  for (char c : game) upper += static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  // Each occurrence of `word` that starts a token (nothing of an identifier before it, or
  // one of `prefixes`), with `ok_after` saying whether what follows it completes the name.
  const auto find = [&](const std::string& word, const std::vector<std::string>& prefixes,
                        const auto& ok_after) -> std::string {
    for (auto at = line.find(word); at != std::string::npos; at = line.find(word, at + 1)) {
      std::string prefix;
      for (const std::string& p : prefixes) {
        if (at >= p.size() && line.compare(at - p.size(), p.size(), p) == 0) prefix = p;
      }
      const std::size_t begin = at - prefix.size();
      if (begin > 0 && IdentifierChar(line[begin - 1])) continue;
      const std::size_t end = at + word.size();
      std::size_t after = end;
      if (!ok_after(end, after)) continue;
      return line.substr(begin, after - begin);
    }
    return "";
  };
  const auto token_end = [&](std::size_t end, std::size_t& after) {
    after = end;
    return end >= line.size() || !IdentifierChar(line[end]);
  };
  const auto anything = [&](std::size_t end, std::size_t& after) {
    after = end;
    return true;
  };
  const auto type_name = [&](std::size_t end, std::size_t& after) {
    if (end >= line.size() || line[end] < 'A' || line[end] > 'Z') return false;
    after = end;
    while (after < line.size() && IdentifierChar(line[after])) ++after;
    return true;
  };
  for (const std::string& found :
       {find("GAME_TYPE_" + upper, {}, token_end), find(game + "::", {}, anything),
        find(title, {}, type_name),
        find(game + "()", {"has_", "mutable_", "set_allocated_"}, anything)}) {
    if (!found.empty()) return found;
  }
  // An include of the game's folder: the quote opens the path.
  if (const auto at = line.find("\"" + game + "/"); at != std::string::npos) {
    return line.substr(at, game.size() + 2);
  }
  return "";
}

// The lines of `text` (the source `rel`) that name `game`.
std::string OffendersIn(const std::string& rel, const std::string& text, const std::string& game) {
  std::string offenders;
  std::istringstream lines(text);
  int n = 0;
  for (std::string line; std::getline(lines, line);) {
    ++n;
    if (const std::string found = NameIn(line, game); !found.empty()) {
      offenders += rel + ":" + std::to_string(n) + ": " + found + "\n";
    }
  }
  return offenders;
}

std::string Offenders(const std::vector<std::string>& files, const std::string& game) {
  std::string offenders;
  for (const std::string& rel : files) {
    if (OwnFile(rel, game) || Registries().count(rel) != 0) continue;
    offenders += OffendersIn(rel, carc::test::ReadText(kRoot / rel), game);
  }
  return offenders;
}

}  // namespace

TEST_CASE("no source outside a game's folders and the registries names that game") {
  const std::vector<std::string> games = Games();
  REQUIRE(games.size() >= 2);
  CHECK(games.front() == "base");
  const std::vector<std::string> files = Sources();
  CHECK(files.size() > 300);
  for (std::size_t i = 1; i < games.size(); ++i) {
    INFO("sources naming " << games[i] << " outside its folders and the registries:\n"
                           << Offenders(files, games[i]));
    CHECK(Offenders(files, games[i]).empty());
  }
}

TEST_CASE("the game-name check sees a game named outside its folders") {
  // A source of the rooms (no registry, no game's folder) naming The Castle each way.
  const std::string probe =
      "#include \"castle/castle_adapter.h\"\n"
      "bool F(const carc::v1::GameCommand& c) { return c.has_castle(); }\n"
      "auto t = carc::v1::GAME_TYPE_CASTLE;\n"
      "carc::castle::Thing* s;\n"
      "carc::v1::CastleView v;\n"
      "// the Count's castle quarter is no game\n";
  const std::string found = OffendersIn("server/rooms/probe.h", probe, "castle");
  CHECK(found.find(":1: \"castle/") != std::string::npos);
  CHECK(found.find(":2: has_castle()") != std::string::npos);
  CHECK(found.find(":3: GAME_TYPE_CASTLE") != std::string::npos);
  CHECK(found.find(":4: castle::") != std::string::npos);
  CHECK(found.find(":5: CastleView") != std::string::npos);
  CHECK(found.find(":6:") == std::string::npos);
}
