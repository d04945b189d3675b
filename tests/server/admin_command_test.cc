// `carcassonne-server admin` (app/admin_command.h): a bad command, name, role, length or reason
// refused with exit 2, a clear line and nothing changed; roles, mutes and bans given and lifted
// with their audit entries on SQLite and PostgreSQL; a room's kick and close, each undone; and the
// binary beside a running server.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/admin_command.h"
#include "server_process.h"
#include "store/account_store.h"
#include "store/moderation_store.h"
#include "store/postgres_store.h"
#include "store/sqlite_store.h"
#include "test_postgres.h"
#include "test_server.h"

namespace cs = carc::server::store;
using carc::server::moderation::Role;

namespace carc::test::admin_command {

constexpr std::int64_t kAdminNow = 1'800'000'000;

struct Outcome {
  int code = 0;
  std::string out;
  std::string err;
};

// Runs the command with no environment but `store_args` appended.
Outcome Admin(std::vector<std::string> args, const std::vector<std::string>& store_args) {
  args.insert(args.end(), store_args.begin(), store_args.end());
  std::ostringstream out, err;
  const auto no_env = [](const std::string&) -> std::optional<std::string> { return std::nullopt; };
  const int code = server::RunAdminCommand(args, out, err, no_env, kAdminNow);
  return {code, out.str(), err.str()};
}

// Refusals first (nothing in the audit log after them), then each command once.
void CommandsOnAStore(const std::vector<std::string>& where, cs::EventStore& store) {
  const cs::AccountId ada = *store.accounts()->CreateAccount("Ada", "ada", "h", 0);
  store.accounts()->CreateSession(ada, "session-hash", "test", kAdminNow);
  store.CreateRoom("KLMN2345", "entry 0");  // a room to kick from and close
  cs::ModerationStore& mod = *store.moderation();

  const std::vector<std::pair<std::vector<std::string>, std::string>> refused = {
      {{}, "a command is needed"},
      {{"promote", "Ada"}, "unknown command \"promote\""},
      {{"grant", "Ada"}, "grant takes 2 word(s)"},
      {{"grant", "Ada", "root"}, "\"root\" is no role to give"},
      {{"grant", "Ada", "guest"}, "\"guest\" is no role to give"},
      {{"grant", "Nobody", "admin"}, "no account is named \"Nobody\""},
      {{"grant", "a b", "admin"}, "no account is named \"a b\""},
      {{"ban", "Ada", "--reason", "x"}, "ban needs --for"},
      {{"ban", "Ada", "--for", "7d"}, "ban needs --reason"},
      {{"ban", "Ada", "--for", "7y", "--reason", "x"}, "--for 7y: a length is a whole number"},
      {{"mute", "Ada", "--for", "0m", "--reason", "x"}, "--for 0m"},
      {{"ban", "Ada", "--for", "7d", "--reason", ""}, "--reason:"},
      {{"ban", "Ada", "--for", "7d", "--reason", std::string(501, 'x')}, "--reason:"},
      {{"ban", "Ada", "--for", "7d", "--reason", "a\x1b[2Jb"}, "--reason:"},
      {{"ban", "Ada", "--for", "7d", "--reason", "x", "--for", "1d"}, "--for is given twice"},
      {{"staff", "--limit", "3"}, "staff takes no option --limit"},
      {{"audit", "--limit", "0"}, "--limit is a whole number from 1 to"},
      {{"audit", "--limit", "ten"}, "--limit is a whole number from 1 to"},
      {{"audit", "--limit"}, "--limit needs a value"},
      {{"ban-address", "example.org", "--for", "1d", "--reason", "x"},
       "'example.org' is not an IP address or network"},
      {{"ban-address", "203.0.113.7/24", "--for", "1d", "--reason", "x"},
       "the network is 203.0.113.0/24"},
      {{"ban-address", "10.0.0.0/7", "--for", "1d", "--reason", "x"}, "/8 at the widest"},
      {{"ban-address", "203.0.113.0/24", "--for", "1d"}, "ban-address needs --reason"},
      {{"ban-address", "203.0.113.0/24", "--for", "1y", "--reason", "x"}, "--for 1y"},
      {{"ban-address", "203.0.113.0/24", "--for", "1d", "--reason", ""}, "--reason:"},
      {{"unban-address", "::/16"}, "IPv4-mapped"},
      {{"address-bans", "x"}, "address-bans takes 0 word(s)"},
      {{"kick", "KLMN2345", "Ada"}, "kick needs --reason"},
      {{"kick", "KLMN2345", "--reason", "x"}, "kick takes 2 word(s)"},
      {{"kick", "KL-MN", "Ada", "--reason", "x"}, "\"KL-MN\" is no room code"},
      {{"kick", "ZZZZ9999", "Ada", "--reason", "x"}, "no open room has the code ZZZZ9999"},
      {{"kick", "KLMN2345", "Nobody", "--reason", "x"}, "no account is named \"Nobody\""},
      {{"kick", "KLMN2345", "Ada", "--reason", ""}, "--reason:"},
      {{"close-room", "KLMN2345"}, "close-room needs --reason"},
      {{"close-room", std::string(17, 'A'), "--reason", "x"}, "is no room code"},
      {{"reopen-room", "ZZZZ9999", "--reason", "x"}, "reopen-room takes no option --reason"},
  };
  for (const auto& [args, says] : refused) {
    const Outcome o = Admin(args, where);
    INFO(o.err);
    CHECK(o.code == 2);
    CHECK_THAT(o.err, Catch::Contains(says));
    CHECK(o.out.empty());
  }
  CHECK(mod.Audit(0, 10).empty());
  CHECK(mod.RoleOf(ada) == Role::kPlayer);
  CHECK(mod.ActiveSanctions(ada, kAdminNow).empty());

  // The name as typed in any case: names are compared by their key.
  Outcome o = Admin({"grant", "ADA", "moderator"}, where);
  CHECK(o.code == 0);
  CHECK(o.out == "Ada is now moderator (was player)\n");
  CHECK(mod.RoleOf(ada) == Role::kModerator);
  CHECK(Admin({"grant", "Ada", "moderator"}, where).out == "Ada is moderator already\n");
  o = Admin({"staff"}, where);
  CHECK_THAT(o.out, Catch::StartsWith("moderator Ada (since 2027-01-15 08:00 UTC)"));

  o = Admin({"ban", "Ada", "--for", "7d", "--reason", "cheating"}, where);
  CHECK(o.code == 0);
  CHECK(o.out == "banned Ada until 2027-01-22 08:00 UTC: cheating; sessions ended: 1\n");
  CHECK(store.accounts()->Sessions(ada).empty());
  o = Admin({"mute", "Ada", "--for", "forever", "--reason", "insults"}, where);
  CHECK(o.out == "muted Ada for ever: insults\n");
  o = Admin({"status", "Ada"}, where);
  CHECK_THAT(o.out, Catch::StartsWith("Ada: moderator\n"));
  CHECK_THAT(o.out, Catch::Contains("mute since 2027-01-15 08:00 UTC, for ever, by host: insults"));
  CHECK_THAT(o.out, Catch::Contains("ban since 2027-01-15 08:00 UTC, until 2027-01-22 08:00 UTC"));
  const auto active = mod.ActiveSanctions(ada, kAdminNow + 1);
  REQUIRE(active.size() == 2);

  CHECK(Admin({"unban", "Ada"}, where).out == "lifted 1 ban of Ada\n");
  CHECK(Admin({"unban", "Ada"}, where).out == "Ada has no ban in force\n");
  CHECK(Admin({"revoke", "Ada"}, where).out == "Ada is now player (was moderator)\n");
  CHECK(mod.RoleOf(ada) == Role::kPlayer);

  // The log: one JSON line per change, newest first, the actor "host".
  o = Admin({"audit", "--limit", "3"}, where);
  CHECK(o.code == 0);
  std::istringstream lines(o.out);
  std::vector<std::string> got;
  for (std::string line; std::getline(lines, line);) got.push_back(line);
  REQUIRE(got.size() == 3);
  CHECK_THAT(got[0], Catch::Contains(R"("action":"revoke")"));
  CHECK_THAT(got[0], Catch::Contains(R"("actor":"host")"));
  CHECK_THAT(got[0], Catch::Contains(R"("target":"Ada")"));
  CHECK_THAT(got[1], Catch::Contains(R"("action":"unban")"));
  CHECK_THAT(got[2], Catch::Contains(R"("action":"mute")"));
  CHECK_THAT(got[2], Catch::Contains(R"("detail":"forever")"));
  CHECK_THAT(got[2], Catch::Contains(R"("reason":"insults")"));
  CHECK(mod.Audit(0, 100).size() == 5);

  // Addresses: kept and shown in their canonical text, lifted however they are typed.
  o = Admin({"ban-address", "2001:DB8:5:0::/48", "--for", "1d", "--reason", "ban evasion"}, where);
  CHECK(o.code == 0);
  CHECK(o.out == "banned 2001:db8:5::/48 until 2027-01-16 08:00 UTC: ban evasion\n");
  o = Admin({"ban-address", "203.0.113.7", "--for", "forever", "--reason", "spam bot"}, where);
  CHECK(o.out == "banned 203.0.113.7 for ever: spam bot\n");
  o = Admin({"address-bans"}, where);
  CHECK(o.out ==
        "203.0.113.7 since 2027-01-15 08:00 UTC, for ever, by host: spam bot\n"
        "2001:db8:5::/48 since 2027-01-15 08:00 UTC, until 2027-01-16 08:00 UTC, by host: ban "
        "evasion\n");
  CHECK(Admin({"unban-address", "2001:db8:5::0/48"}, where).out ==
        "lifted 1 ban of 2001:db8:5::/48\n");
  CHECK(Admin({"unban-address", "2001:db8:5::/48"}, where).out ==
        "2001:db8:5::/48 has no ban in force (address-bans lists them)\n");
  CHECK(mod.AddressBansInForce(kAdminNow, 10).size() == 1);
  o = Admin({"audit", "--limit", "1"}, where);
  CHECK_THAT(o.out, Catch::Contains(R"("action":"unban-address")"));
  CHECK_THAT(o.out, Catch::Contains(R"("target":"2001:db8:5::/48")"));
  CHECK(mod.Audit(0, 100).size() == 8);

  // Signed out everywhere, with the reason in the log; the account may sign in again.
  store.accounts()->CreateSession(ada, "phone-hash", "phone", kAdminNow);
  store.accounts()->CreateSession(ada, "laptop-hash", "laptop", kAdminNow);
  CHECK(Admin({"end-sessions", "Ada"}, where).err.find("end-sessions needs --reason") !=
        std::string::npos);
  o = Admin({"end-sessions", "ada", "--reason", "a stolen phone"}, where);
  CHECK(o.code == 0);
  CHECK(o.out == "ended 2 sessions of Ada\n");
  CHECK(store.accounts()->Sessions(ada).empty());
  const auto ended = mod.Audit(0, 1);
  REQUIRE(ended.size() == 1);
  CHECK(ended[0].action == "end-sessions");
  CHECK(ended[0].reason == "a stolen phone");
  CHECK(ended[0].detail == "2");
  // A room's kick and close, each undone; the room is named in any case.
  o = Admin({"kick", "klmn2345", "ada", "--reason", "griefing"}, where);
  CHECK(o.code == 0);
  CHECK_THAT(o.out, Catch::StartsWith("kicked Ada from room KLMN2345: a computer plays the seat"));
  o = Admin({"close-room", "KLMN2345", "--reason", "a raid"}, where);
  CHECK(o.out == "closed room KLMN2345: everyone in it is sent away, its game waits: a raid\n");
  o = Admin({"room-actions"}, where);
  CHECK(o.out ==
        "room KLMN2345: closed since 2027-01-15 08:00 UTC, by host: a raid\n"
        "room KLMN2345: kicked Ada since 2027-01-15 08:00 UTC, by host: griefing\n");
  CHECK(
      Admin({"unkick", "KLMN2345", "Ada"}, where).out ==
      "lifted the kick of Ada from room KLMN2345: the seat is theirs again when they come back\n");
  CHECK(Admin({"reopen-room", "KLMN2345"}, where).out ==
        "reopened room KLMN2345: its players may come back to their seats\n");
  CHECK(Admin({"reopen-room", "KLMN2345"}, where).out == "room KLMN2345 is not closed\n");
  CHECK(mod.RoomActionsInForce(10).empty());
  const auto room_entries = mod.Audit(0, 4);
  REQUIRE(room_entries.size() == 4);
  CHECK(room_entries[0].action == "reopen-room");
  CHECK(room_entries[1].action == "unkick");
  CHECK(room_entries[2].action == "close-room");
  CHECK(room_entries[3].action == "kick");
  CHECK(room_entries[3].detail == "KLMN2345");
}

TEST_CASE("admin command, sqlite: bad commands are refused with exit 2, good ones audited",
          "[moderation][store]") {
  const std::string dir = NewDataDir();
  auto store = cs::OpenSqliteStore(cs::StorePath(dir), cs::Durability::kFull);
  CommandsOnAStore({"--data-dir", dir}, *store);
}

TEST_CASE("admin command, postgres: bad commands are refused with exit 2, good ones audited",
          "[moderation][store][postgres]") {
  const std::string url = NewPostgresDatabase();
  auto store = cs::OpenPostgresStore(url, cs::Durability::kFull);
  CommandsOnAStore({"--store", url}, *store);
}

TEST_CASE("admin command: a store that is not there is named and not made", "[moderation]") {
  const std::string dir = NewDataDir() + "/elsewhere";
  const Outcome o = Admin({"staff"}, {"--data-dir", dir});
  CHECK(o.code == 2);
  CHECK_THAT(o.err, Catch::Contains("there is no store at " + dir + "/carcassonne.sqlite"));
  CHECK_FALSE(std::filesystem::exists(dir + "/carcassonne.sqlite"));
  const Outcome bad = Admin({"staff"}, {"--store", "mysql://x"});
  CHECK(bad.code == 2);
  CHECK_THAT(bad.err, Catch::Contains("--store: a store is sqlite:PATH or postgres://"));
}

TEST_CASE("admin command: the binary grants a role beside a running server on its store",
          "[moderation]") {
  const std::string dir = NewDataDir();
  ServerProcess server(FreePort(), dir, dir + "/server.log");
  REQUIRE(server.Start() == "");
  {
    auto store = cs::OpenSqliteStore(cs::StorePath(dir), cs::Durability::kFull);
    REQUIRE(store->accounts()->CreateAccount("Ada", "ada", "h", 0).has_value());
  }
  const std::string out = dir + "/admin.txt";
  auto run = [&](const std::string& args) {
    const std::string cmd = std::string(CARC_SERVER_PATH) + " admin " + args + " --data-dir " +
                            dir + " > " + out + " 2>&1";
    const int status = std::system(cmd.c_str());
    std::ifstream in(out);
    std::stringstream text;
    text << in.rdbuf();
    return std::make_pair(WEXITSTATUS(status), text.str());
  };
  auto [code, text] = run("grant Ada owner");
  CHECK(code == 0);
  CHECK(text == "Ada is now owner (was player)\n");
  std::tie(code, text) = run("grant Ada king");
  CHECK(code == 2);
  CHECK_THAT(text, Catch::Contains("\"king\" is no role to give"));
  std::tie(code, text) = run("staff");
  CHECK_THAT(text, Catch::StartsWith("owner Ada"));
  CHECK(server.running());
  server.Stop(SIGTERM);
}

}  // namespace carc::test::admin_command
