// Roles, sanctions and the audit log as a store keeps them (store/moderation_store.h), checked
// the same way against the SQLite file and PostgreSQL: a role given and taken back, each with
// its audit entry; mutes and bans in force until they end or are lifted, lifting only what is in
// force; the audit log newest first, paged; an account's role and sanctions gone with it and
// the audit log kept; the server's settings replaced key by key, each change audited; kicks and
// closed rooms in force on open rooms only, lifted one kind and one account at a time.
#include <catch2/catch.hpp>

#include "store/account_store.h"
#include "store/moderation_store.h"
#include "store/postgres_store.h"
#include "store/sqlite_store.h"
#include "test_postgres.h"
#include "test_server.h"

namespace cs = carc::server::store;
using carc::server::moderation::Role;

namespace carc::test::moderation_store {

#define MODERATION_CONTRACT(name, check)                                                        \
  TEST_CASE("moderation store, sqlite: " name, "[store][moderation]") {                         \
    auto store = cs::OpenSqliteStore(cs::StorePath(test::NewDataDir()), cs::Durability::kFull); \
    REQUIRE(store->moderation() != nullptr);                                                    \
    check(*store);                                                                              \
  }                                                                                             \
  TEST_CASE("moderation store, postgres: " name, "[store][moderation][postgres]") {             \
    auto store = cs::OpenPostgresStore(test::NewPostgresDatabase(), cs::Durability::kFull);     \
    REQUIRE(store->moderation() != nullptr);                                                    \
    check(*store);                                                                              \
  }

constexpr std::int64_t kModNow = 1'800'000'000;

cs::AuditEntry Entry(std::int64_t at, const std::string& action, const std::string& target,
                     const std::string& detail = "") {
  return {0, at, "host", action, target, "", detail};
}

void RolesGivenAndTakenBack(cs::EventStore& store) {
  cs::ModerationStore& mod = *store.moderation();
  const cs::AccountId ada = *store.accounts()->CreateAccount("Ada", "ada", "h", 0);
  const cs::AccountId bob = *store.accounts()->CreateAccount("Bob", "bob", "h", 0);
  const cs::AccountId cy = *store.accounts()->CreateAccount("Cy", "cy", "h", 0);
  CHECK(mod.RoleOf(ada) == Role::kPlayer);
  CHECK(mod.Staff().empty());
  CHECK(mod.LastAuditId() == 0);
  mod.SetRole(bob, Role::kModerator, Entry(kModNow, "grant", "Bob", "moderator"));
  mod.SetRole(ada, Role::kAdmin, Entry(kModNow + 1, "grant", "Ada", "admin"));
  mod.SetRole(cy, Role::kOwner, Entry(kModNow + 2, "grant", "Cy", "owner"));
  CHECK(mod.RoleOf(bob) == Role::kModerator);
  CHECK(mod.RoleOf(ada) == Role::kAdmin);
  auto staff = mod.Staff();
  REQUIRE(staff.size() == 3);
  CHECK(staff[0].name == "Cy");
  CHECK(staff[0].role == Role::kOwner);
  CHECK(staff[1].name == "Ada");
  CHECK(staff[1].since == kModNow + 1);
  CHECK(staff[2].name == "Bob");
  // A role replaced, then taken back to player.
  mod.SetRole(bob, Role::kAdmin, Entry(kModNow + 3, "grant", "Bob", "admin"));
  CHECK(mod.RoleOf(bob) == Role::kAdmin);
  mod.SetRole(bob, Role::kPlayer, Entry(kModNow + 4, "revoke", "Bob", "player"));
  CHECK(mod.RoleOf(bob) == Role::kPlayer);
  CHECK(mod.Staff().size() == 2);
  // Every change wrote its entry, newest first.
  const auto audit = mod.Audit(0, 10);
  REQUIRE(audit.size() == 5);
  CHECK(audit[0].action == "revoke");
  CHECK(audit[0].target == "Bob");
  CHECK(audit[0].at == kModNow + 4);
  CHECK(audit[4].detail == "moderator");
  CHECK(audit[0].id > audit[1].id);
  CHECK(mod.LastAuditId() == audit[0].id);
}
MODERATION_CONTRACT("a role is given and taken back, each change with its audit entry",
                    RolesGivenAndTakenBack)

void SanctionsInForceUntilTheyEnd(cs::EventStore& store) {
  cs::ModerationStore& mod = *store.moderation();
  const cs::AccountId ada = *store.accounts()->CreateAccount("Ada", "ada", "h", 0);
  const cs::AccountId bob = *store.accounts()->CreateAccount("Bob", "bob", "h", 0);
  const std::int64_t day = 86400;
  const std::int64_t mute =
      mod.AddSanction({0, cs::SanctionKind::kMute, ada, "insults", kModNow, kModNow + day, "Cy"},
                      Entry(kModNow, "mute", "Ada", "1d"));
  CHECK(mute > 0);
  mod.AddSanction({0, cs::SanctionKind::kBan, ada, "cheating", kModNow, 0, "host"},
                  Entry(kModNow, "ban", "Ada", "forever"));
  auto active = mod.ActiveSanctions(ada, kModNow + 10);
  REQUIRE(active.size() == 2);
  CHECK(active[0].kind == cs::SanctionKind::kBan);  // for ever: the longest first
  CHECK(active[0].ends_at == 0);
  CHECK(active[0].by == "host");
  CHECK(active[1].id == mute);
  CHECK(active[1].reason == "insults");
  CHECK(active[1].by == "Cy");
  CHECK(mod.ActiveSanctions(bob, kModNow + 10).empty());
  // On any account: newest first.
  const auto in_force = mod.InForce(kModNow + 10, 10);
  REQUIRE(in_force.size() == 2);
  CHECK(in_force[0].kind == cs::SanctionKind::kBan);
  CHECK(in_force[1].id == mute);
  CHECK(mod.InForce(kModNow + 10, 1).size() == 1);
  CHECK(mod.InForce(kModNow + day, 10).size() == 1);
  // The mute ends by itself; lifting it then lifts nothing and writes nothing.
  active = mod.ActiveSanctions(ada, kModNow + day);
  REQUIRE(active.size() == 1);
  CHECK(active[0].kind == cs::SanctionKind::kBan);
  CHECK(mod.LiftSanctions(ada, cs::SanctionKind::kMute, Entry(kModNow + day, "unmute", "Ada")) ==
        0);
  CHECK(mod.Audit(0, 10).size() == 2);
  // The ban lifted early: once.
  CHECK(mod.LiftSanctions(ada, cs::SanctionKind::kBan, Entry(kModNow + 20, "unban", "Ada")) == 1);
  active = mod.ActiveSanctions(ada, kModNow + 21);  // the mute alone, until its end
  REQUIRE(active.size() == 1);
  CHECK(active[0].kind == cs::SanctionKind::kMute);
  CHECK(mod.LiftSanctions(ada, cs::SanctionKind::kBan, Entry(kModNow + 22, "unban", "Ada")) == 0);
  const auto audit = mod.Audit(0, 10);
  REQUIRE(audit.size() == 3);
  CHECK(audit[0].action == "unban");
  CHECK(audit[0].at == kModNow + 20);
}
MODERATION_CONTRACT("mutes and bans are in force until they end or are lifted",
                    SanctionsInForceUntilTheyEnd)

void AuditPagedAndKeptAfterDeletion(cs::EventStore& store) {
  cs::ModerationStore& mod = *store.moderation();
  const cs::AccountId ada = *store.accounts()->CreateAccount("Ada", "ada", "h", 0);
  for (int i = 0; i < 5; ++i) {
    mod.AddSanction({0, cs::SanctionKind::kMute, ada, "spam " + std::to_string(i), kModNow + i,
                     kModNow + 3600, "host"},
                    {0, kModNow + i, "host", "mute", "Ada", "spam " + std::to_string(i), "1h"});
  }
  mod.SetRole(ada, Role::kModerator, Entry(kModNow + 9, "grant", "Ada", "moderator"));
  const auto first = mod.Audit(0, 4);
  REQUIRE(first.size() == 4);
  CHECK(first[0].action == "grant");
  CHECK(first[1].reason == "spam 4");
  const auto rest = mod.Audit(first.back().id, 4);
  REQUIRE(rest.size() == 2);
  CHECK(rest[0].reason == "spam 1");
  CHECK(rest[1].reason == "spam 0");
  CHECK(rest[1].id < rest[0].id);
  // The account goes: its role and sanctions with it, the log stays word for word.
  const auto before = mod.Audit(0, 100);
  REQUIRE(store.accounts()->DeleteAccount(ada, "Deleted player", {}));
  CHECK(mod.RoleOf(ada) == Role::kPlayer);
  CHECK(mod.ActiveSanctions(ada, kModNow + 10).empty());
  CHECK(mod.Staff().empty());
  CHECK(mod.Audit(0, 100) == before);
}
MODERATION_CONTRACT("the audit log is paged newest first and outlives a deleted account",
                    AuditPagedAndKeptAfterDeletion)

void AddressBansInForceUntilTheyEnd(cs::EventStore& store) {
  cs::ModerationStore& mod = *store.moderation();
  CHECK(mod.AddressBansInForce(kModNow, 10).empty());
  const std::int64_t first = mod.AddAddressBan(
      {0, "203.0.113.0/24", "spam from a school", kModNow, kModNow + 3600, "host"},
      {0, kModNow, "host", "ban-address", "203.0.113.0/24", "spam from a school", "1h"});
  mod.AddAddressBan({0, "2001:db8::/32", "evasion", kModNow + 1, 0, "Mo"},
                    {0, kModNow + 1, "Mo", "ban-address", "2001:db8::/32", "evasion", "forever"});
  auto bans = mod.AddressBansInForce(kModNow + 10, 10);
  REQUIRE(bans.size() == 2);
  CHECK(bans[0].network == "2001:db8::/32");  // newest first
  CHECK(bans[0].ends_at == 0);
  CHECK(bans[0].by == "Mo");
  CHECK(bans[1].id == first);
  CHECK(bans[1].reason == "spam from a school");
  CHECK(bans[1].created_at == kModNow);
  CHECK(mod.AddressBansInForce(kModNow + 10, 1).size() == 1);
  // Ended: gone from the list, and lifting finds nothing (no audit entry).
  CHECK(mod.AddressBansInForce(kModNow + 3600, 10).size() == 1);
  const std::int64_t audit_before = mod.LastAuditId();
  CHECK(mod.LiftAddressBans("203.0.113.0/24", {0, kModNow + 4000, "host", "unban-address",
                                               "203.0.113.0/24", "", ""}) == 0);
  CHECK(mod.LastAuditId() == audit_before);
  // Lifted early: only the network named.
  CHECK(mod.LiftAddressBans("2001:db8::/32", {0, kModNow + 20, "host", "unban-address",
                                              "2001:db8::/32", "", ""}) == 1);
  CHECK(mod.AddressBansInForce(kModNow + 21, 10).size() == 1);
  CHECK(mod.AddressBansInForce(kModNow + 21, 10)[0].network == "203.0.113.0/24");
  const auto audit = mod.Audit(0, 10);
  REQUIRE(audit.size() == 3);
  CHECK(audit[0].action == "unban-address");
  CHECK(audit[0].target == "2001:db8::/32");
  CHECK(audit[2].detail == "1h");
}
MODERATION_CONTRACT("address bans are in force until they end or are lifted, each audited",
                    AddressBansInForceUntilTheyEnd)

void ReportsKeptAndClosedOnce(cs::EventStore& store) {
  cs::ModerationStore& mod = *store.moderation();
  const cs::AccountId ada = *store.accounts()->CreateAccount("Ada", "ada", "h", 0);
  const cs::AccountId bob = *store.accounts()->CreateAccount("Bob", "bob", "h", 0);
  cs::ReportRow r;
  r.created_at = kModNow;
  r.room = "ABCD2345";
  r.reporter = ada;
  r.reporter_name = "Ada";
  r.target = bob;
  r.target_name = "Bob";
  r.reason = "insults";
  r.quote = "you are all fools";
  r.chat = R"([{"seat":1,"name":"Bob","text":"you are all fools"}])";
  r.record = "{}";
  const std::int64_t first = mod.AddReport(r);
  r.created_at = kModNow + 1;
  r.reason = "again";
  r.target = 0;  // a guest
  r.target_name = "Guest";
  const std::int64_t second = mod.AddReport(r);
  CHECK(mod.LastAuditId() == 0);  // a player's report is no staff action
  auto open = mod.Reports(true, 0, 10);
  REQUIRE(open.size() == 2);
  CHECK(open[0].id == second);  // newest first
  CHECK(open[0].target == 0);
  CHECK(open[1].reporter == ada);
  CHECK(open[1].target == bob);
  CHECK(open[1].chat == r.chat);
  CHECK(open[1].quote == "you are all fools");
  CHECK(open[1].status == "open");
  CHECK(mod.Reports(true, second, 10).size() == 1);
  CHECK(mod.Reports(false, 0, 10).empty());

  CHECK(mod.CloseReport(first, "actioned", "muted 1h",
                        {0, kModNow + 5, "Mo", "close-report", "report", "muted 1h", "actioned"}));
  CHECK_FALSE(mod.CloseReport(first, "dismissed", "",
                              {0, kModNow + 6, "Mo", "close-report", "report", "", "dismissed"}));
  CHECK(mod.Audit(0, 10).size() == 1);
  const auto closed = mod.Reports(false, 0, 10);
  REQUIRE(closed.size() == 1);
  CHECK(closed[0].status == "actioned");
  CHECK(closed[0].closed_by == "Mo");
  CHECK(closed[0].closed_at == kModNow + 5);
  CHECK(closed[0].note == "muted 1h");
  // Deleting an account keeps the reports with its name as it was.
  REQUIRE(store.accounts()->DeleteAccount(bob, "Deleted player", {}));
  CHECK(mod.Reports(false, 0, 10)[0].target == 0);
  CHECK(mod.Reports(false, 0, 10)[0].target_name == "Bob");
}

MODERATION_CONTRACT("reports are kept, listed newest first and closed once",
                    ReportsKeptAndClosedOnce)

void SettingsKeptWithTheirEntry(cs::EventStore& store) {
  cs::ModerationStore& mod = *store.moderation();
  CHECK(mod.ReadSettings().empty());
  mod.WriteSettings({{"motd", "Welcome"}, {"name", "The Mill"}},
                    Entry(kModNow, "settings", "server", "motd, name"));
  mod.WriteSettings({{"motd", "Tournament on Saturday"}},
                    Entry(kModNow + 1, "settings", "server", "motd"));
  const std::map<std::string, std::string> expected = {{"motd", "Tournament on Saturday"},
                                                       {"name", "The Mill"}};
  CHECK(mod.ReadSettings() == expected);
  const auto audit = mod.Audit(0, 10);
  REQUIRE(audit.size() == 2);
  CHECK(audit[0].detail == "motd");
  CHECK(audit[1].detail == "motd, name");
}

MODERATION_CONTRACT("the server's settings are kept, each change with its audit entry",
                    SettingsKeptWithTheirEntry)

void RoomActionsOnOpenRoomsOnly(cs::EventStore& store) {
  cs::ModerationStore& mod = *store.moderation();
  const cs::AccountId ada = *store.accounts()->CreateAccount("Ada", "ada", "h", 0);
  const cs::AccountId bob = *store.accounts()->CreateAccount("Bob", "bob", "h", 0);
  const cs::RoomId old_room = store.CreateRoom("KLMN2345", "entry 0");
  store.Dispose(old_room);
  const cs::RoomId room = store.CreateRoom("KLMN2345", "entry 0");  // the code used again
  const cs::RoomId other = store.CreateRoom("PQRS6789", "entry 0");
  using cs::RoomActionKind;
  const auto kick = [&](cs::AccountId who, const std::string& name, const std::string& code) {
    return mod.AddRoomAction(
        {0, 0, code, RoomActionKind::kKick, who, name, "spoils the game", kModNow, "Moira"},
        Entry(kModNow, "kick", name, code));
  };
  // No open room of that code: nothing kept, nothing audited.
  CHECK(kick(ada, "Ada", "ZZZZ9999") == 0);
  CHECK(mod.LastAuditId() == 0);
  CHECK(kick(ada, "Ada", "KLMN2345") > 0);
  CHECK(kick(bob, "Bob", "KLMN2345") > 0);
  CHECK(mod.AddRoomAction(
            {0, 0, "PQRS6789", RoomActionKind::kClose, 0, "", "raid", kModNow + 1, "Moira"},
            Entry(kModNow + 1, "close-room", "PQRS6789")) > 0);
  auto in_force = mod.RoomActionsInForce(10);
  REQUIRE(in_force.size() == 3);
  CHECK(in_force[0].kind == RoomActionKind::kClose);
  CHECK(in_force[0].room_id == other);
  CHECK(in_force[0].account == 0);
  CHECK(in_force[0].reason == "raid");
  CHECK(in_force[1].room_id == room);  // the open room of the code, not the disposed one
  CHECK(in_force[1].account == bob);
  CHECK(in_force[1].target == "Bob");
  CHECK(in_force[1].by == "Moira");
  CHECK(mod.RoomActionsInForce(1).size() == 1);

  // A kick lifted for one account only, a close for the room; lifting nothing writes nothing.
  CHECK(mod.LiftRoomActions("KLMN2345", RoomActionKind::kKick, ada,
                            Entry(kModNow + 2, "unkick", "Ada", "KLMN2345")) == 1);
  const std::int64_t audit = mod.LastAuditId();
  CHECK(mod.LiftRoomActions("KLMN2345", RoomActionKind::kKick, ada,
                            Entry(kModNow + 3, "unkick", "Ada", "KLMN2345")) == 0);
  CHECK(mod.LiftRoomActions("KLMN2345", RoomActionKind::kClose, 0,
                            Entry(kModNow + 3, "reopen-room", "KLMN2345")) == 0);
  CHECK(mod.LastAuditId() == audit);
  CHECK(mod.LiftRoomActions("PQRS6789", RoomActionKind::kClose, 0,
                            Entry(kModNow + 4, "reopen-room", "PQRS6789")) == 1);
  in_force = mod.RoomActionsInForce(10);
  REQUIRE(in_force.size() == 1);
  CHECK(in_force[0].account == bob);

  // A room disposed of takes its actions with it; a deleted account its kicks.
  CHECK(kick(ada, "Ada", "PQRS6789") > 0);
  store.Dispose(room);
  in_force = mod.RoomActionsInForce(10);
  REQUIRE(in_force.size() == 1);
  CHECK(in_force[0].room_id == other);
  REQUIRE(store.accounts()->DeleteAccount(ada, "Player 1", {}));
  CHECK(mod.RoomActionsInForce(10).empty());
  CHECK(mod.Audit(0, 20).size() == 6);
}

MODERATION_CONTRACT("kicks and closed rooms are in force on open rooms only, until lifted",
                    RoomActionsOnOpenRoomsOnly)

}  // namespace carc::test::moderation_store
