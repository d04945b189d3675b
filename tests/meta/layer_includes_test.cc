// Dependencies point down (docs/architecture.md): every folder of server/ has a layer, and a
// folder includes only from its own layer's folder or lower ones. The network layer is handed a
// NetConfig, a NetMetrics and a MessageHandler; the rooms a RoomConfig and a RoomMetrics; the
// cluster a ClusterMetrics: the application above implements them all.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "source_includes.h"

namespace fs = std::filesystem;
using carc::test::IdentifierChar;

namespace {

const fs::path kServer = fs::path(CARC_SOURCE_DIR) / "server";

// Lower numbers are lower layers. "carc" is the engine, the codec and the protocol's generated
// code (include/carc/...), below every server folder, the pure ones too (moderation checks its
// settings' text with the codec's text limits); "ratings" is pure like the engine (the
// rating model, which the store applies), beside it. "push" (Web Push's crypto, and what sends
// the notices) stands on net, beside the computer players; "mail" (SMTP, the digest) beside it.
// "notices" (quiet hours in a time zone) is pure, below both. "moderation" (the roles table,
// sanctions' lengths, the mutes and address bans in force) is pure, below the store that keeps
// roles.
const std::map<std::string, int>& Layers() {
  static const std::map<std::string, int> layers = {
      {"carc", -2}, {"ratings", -1}, {"moderation", -1}, {"sys", 0},  {"store", 0}, {"codec", 0},
      {"games", 1}, {"net", 1},      {"notices", 1},     {"bots", 2}, {"push", 2},  {"mail", 2},
      {"rooms", 3}, {"cluster", 4},  {"accounts", 4},    {"app", 5},
  };
  return layers;
}

// The folder an include names: its first path component, or "" for a file of the includer's
// own folder ("metrics.h") and for system headers.
std::string FolderOf(const carc::test::Include& i) {
  if (!i.quoted) return "";
  const auto slash = i.name.find('/');
  return slash == std::string::npos ? "" : i.name.substr(0, slash);
}

// The text of a source without its comments and string literals (so that a comment may speak of
// a room while the code names none).
std::string CodeOf(const fs::path& file) {
  const std::string text = carc::test::ReadText(file);
  std::string code;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "//") == 0) {
      i = text.find('\n', i);
      if (i == std::string::npos) break;
      code += '\n';
    } else if (text.compare(i, 2, "/*") == 0) {
      i = text.find("*/", i);
      if (i == std::string::npos) break;
      ++i;
    } else if (text[i] == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\') ++i;
      }
      code += "\"\"";
    } else {
      code += text[i];
    }
  }
  return code;
}

// The identifiers of `code`, in order. (A scanner rather than std::regex: libstdc++ 12's regex
// trips -Wmaybe-uninitialized under the sanitizers' flags.)
std::vector<std::string> Identifiers(const std::string& code) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < code.size();) {
    if (!IdentifierChar(code[i])) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < code.size() && IdentifierChar(code[i])) ++i;
    // A token that starts with a digit is a number (0x1F, 10ms), not an identifier.
    if (code[start] < '0' || code[start] > '9') out.push_back(code.substr(start, i - start));
  }
  return out;
}

// The type a line declares at namespace level ("class Room", "struct Seat {", "enum class
// RoomPhase"), or "" (an indented line declares a nested type, named through its class).
std::string DeclaredType(const std::string& line) {
  for (const std::string kw : {"class ", "struct ", "enum class "}) {
    if (line.rfind(kw, 0) != 0) continue;
    std::size_t i = kw.size();
    const std::size_t start = i;
    while (i < line.size() && IdentifierChar(line[i])) ++i;
    const std::string name = line.substr(start, i - start);
    if (!name.empty() && name[0] >= 'A' && name[0] <= 'Z') return name;
  }
  return "";
}

std::vector<fs::path> SourcesBelow(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string ext = e.path().extension().string();
    if (e.is_regular_file() && (ext == ".h" || ext == ".cc")) files.push_back(e.path());
  }
  return files;
}

}  // namespace

TEST_CASE("every folder of server/ has a layer and includes nothing from a layer above it") {
  std::string offenders;
  int folders = 0;
  for (const auto& entry : fs::directory_iterator(kServer)) {
    if (!entry.is_directory()) continue;
    const std::string folder = entry.path().filename().string();
    const auto own = Layers().find(folder);
    if (own == Layers().end()) {
      offenders += "server/" + folder + "/ has no layer in this test's table\n";
      continue;
    }
    ++folders;
    for (const carc::test::Include& i : carc::test::IncludesBelow(entry.path())) {
      const std::string to = FolderOf(i);
      if (to.empty() || to == folder) continue;
      const auto theirs = Layers().find(to);
      if (theirs == Layers().end() || theirs->second >= own->second) {
        offenders += i.file + ": " + i.line + "\n";
      }
    }
  }
  // Every folder of the table was found but "carc", which is include/carc, not a folder here.
  CHECK(folders == static_cast<int>(Layers().size()) - 1);
  INFO("includes from the same layer or above:\n" << offenders);
  CHECK(offenders.empty());
}

TEST_CASE("rooms, cluster, store and net include nothing from server/app") {
  std::string offenders;
  int files = 0;
  for (const char* folder : {"rooms", "cluster", "store", "net"}) {
    int in_folder = 0;
    for (const carc::test::Include& i : carc::test::IncludesBelow(kServer / folder, &in_folder)) {
      if (FolderOf(i) == "app") offenders += i.file + ": " + i.line + "\n";
    }
    files += in_folder;
  }
  CHECK(files > 60);
  INFO("includes of server/app:\n" << offenders);
  CHECK(offenders.empty());
}

// A connection's membership is opaque to the network layer (net/session.h, MembershipHost):
// no class or struct that server/rooms declares is named in server/net's code.
TEST_CASE("server/net names no type of server/rooms") {
  // The types declared at namespace level (a nested one, as SeatTable::Refusal, is named
  // through its class).
  std::set<std::string> room_types;
  for (const fs::path& file : SourcesBelow(kServer / "rooms")) {
    if (file.extension() != ".h") continue;
    std::istringstream code(CodeOf(file));
    for (std::string line; std::getline(code, line);) {
      if (const std::string type = DeclaredType(line); !type.empty()) room_types.insert(type);
    }
  }
  CHECK(room_types.count("Room") == 1);
  CHECK(room_types.count("RoomRegistry") == 1);
  CHECK(room_types.count("Lobby") == 1);
  std::string offenders;
  for (const fs::path& file : SourcesBelow(kServer / "net")) {
    std::set<std::string> named;
    for (const std::string& id : Identifiers(CodeOf(file))) {
      if (room_types.count(id) != 0) named.insert(id);
    }
    for (const std::string& type : named) offenders += file.string() + ": " + type + "\n";
  }
  INFO("room types named in server/net:\n" << offenders);
  CHECK(offenders.empty());
}

// The command-line client shares the codec, the games, the computer players, the rating model
// and the process figures with the server, and nothing else of it: no transport, room, store or
// application code.
TEST_CASE("the CLI includes only the server's shared parts: codec, games, bots, ratings, sys") {
  const std::set<std::string> shared = {"carc", "codec", "games", "bots", "ratings", "sys"};
  int files = 0;
  std::string offenders;
  for (const carc::test::Include& i :
       carc::test::IncludesBelow(fs::path(CARC_SOURCE_DIR) / "clients" / "cli", &files)) {
    const std::string to = FolderOf(i);
    if (Layers().count(to) != 0 && shared.count(to) == 0) {
      offenders += i.file + ": " + i.line + "\n";
    }
  }
  CHECK(files > 20);
  INFO("includes of the server's own parts:\n" << offenders);
  CHECK(offenders.empty());
}

// The games' server-side adapters sit below the rooms: a room reaches its game only through
// games/game_adapter.h and the registry, and no game's own folder is included from rooms/.
TEST_CASE("rooms include no game's own folder, only the adapter and the registry") {
  std::string offenders;
  for (const carc::test::Include& i : carc::test::IncludesBelow(kServer / "rooms")) {
    const bool games = i.name.rfind("games/", 0) == 0;
    if (i.quoted && games && i.name != "games/game_adapter.h" && i.name != "games/registry.h") {
      offenders += i.file + ": " + i.line + "\n";
    }
  }
  INFO("includes across the games' layer:\n" << offenders);
  CHECK(offenders.empty());
}
