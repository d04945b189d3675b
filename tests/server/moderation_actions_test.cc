// The moderation actions as a staff account takes them (accounts/moderation_actions.h), on a
// SQLite store: each action needs its power (a moderator mutes and bans accounts, only an admin
// bans addresses and names moderators); a role acts only on lower roles and gives only roles
// below its own; a refusal changes nothing and writes no audit entry; a done action is audited
// under the actor's name.
#include <catch2/catch.hpp>

#include "accounts/account_name.h"
#include "accounts/moderation_actions.h"
#include "store/sqlite_store.h"
#include "test_server.h"

namespace cs = carc::server::store;
using carc::server::accounts::Actor;
using carc::server::accounts::ModerationActions;
using carc::server::accounts::NameKey;
using carc::server::moderation::Role;

namespace carc::test::moderation_actions {

constexpr std::int64_t kActNow = 1'800'000'000;

struct Staffed {
  std::unique_ptr<cs::EventStore> store =
      cs::OpenSqliteStore(cs::StorePath(NewDataDir()), cs::Durability::kNormal);
  cs::ModerationStore& mod = *store->moderation();
  ModerationActions act{*store->accounts(), mod, kActNow};

  cs::AccountId Account(const std::string& name, Role role = Role::kPlayer) {
    const cs::AccountId id = *store->accounts()->CreateAccount(name, NameKey(name), "h", 0);
    if (role != Role::kPlayer) mod.SetRole(id, role, {0, 0, "host", "grant", name, "", ""});
    return id;
  }
};

TEST_CASE("moderation actions: each needs its power and a lower target, refusals change nothing",
          "[moderation]") {
  Staffed s;
  const cs::AccountId ada = s.Account("Ada");
  s.Account("Moira", Role::kModerator);
  s.Account("Mia", Role::kModerator);
  s.Account("Alba", Role::kAdmin);
  s.Account("Ozzie", Role::kOwner);
  const Actor mo{"Moira", Role::kModerator};
  const Actor al{"Alba", Role::kAdmin};
  const Actor player{"Pat", Role::kPlayer};
  const std::int64_t audit_before = s.mod.LastAuditId();

  struct Refusal {
    carc::server::accounts::ActionOutcome outcome;
    unsigned status;
    std::string says;
  };
  const std::vector<Refusal> refused = {
      {s.act.Sanction(player, "Ada", cs::SanctionKind::kMute, "1h", "x"), 403,
       "mute needs the role moderator (yours: player)"},
      {s.act.Sanction(mo, "Mia", cs::SanctionKind::kMute, "1h", "x"), 403,
       "Mia is moderator: a role acts only on lower roles"},
      {s.act.Sanction(mo, "Alba", cs::SanctionKind::kBan, "1h", "x"), 403, "Alba is admin"},
      {s.act.Sanction(al, "Ozzie", cs::SanctionKind::kBan, "1h", "x"), 403, "Ozzie is owner"},
      {s.act.Sanction(mo, "Nobody", cs::SanctionKind::kMute, "1h", "x"), 404,
       "no account is named \"Nobody\""},
      {s.act.Sanction(mo, "Ada", cs::SanctionKind::kMute, "1y", "x"), 400, "--for 1y"},
      {s.act.Sanction(mo, "Ada", cs::SanctionKind::kMute, "1h", ""), 400, "--reason"},
      {s.act.BanAddress(mo, "203.0.113.0/24", "1h", "x"), 403,
       "ban-address needs the role admin (yours: moderator)"},
      {s.act.BanAddress(al, "203.0.113.1/24", "1h", "x"), 400, "the network is 203.0.113.0/24"},
      {s.act.UnbanAddress(mo, "203.0.113.0/24"), 403, "ban-address needs the role admin"},
      {s.act.Grant(mo, "Ada", "moderator"), 403, "grant-roles needs the role admin"},
      {s.act.Grant(player, "Ada", "moderator"), 403, "grant-roles needs the role admin"},
      {s.act.Grant(al, "Ada", "admin"), 403, "an admin gives only roles below its own"},
      {s.act.Grant(al, "Ada", "guest"), 400, "\"guest\" is no role to give"},
      {s.act.Grant(al, "Ozzie", "player"), 403, "Ozzie is owner"},
      {s.act.EndSessions(player, "Ada", "x"), 403, "end-sessions needs the role moderator"},
      {s.act.Lift(player, "Ada", cs::SanctionKind::kBan), 403, "ban-account needs the role"},
  };
  for (const auto& r : refused) {
    INFO(r.outcome.text);
    CHECK(r.outcome.status == r.status);
    CHECK_THAT(r.outcome.text, Catch::Contains(r.says));
  }
  CHECK(s.mod.LastAuditId() == audit_before);
  CHECK(s.mod.ActiveSanctions(ada, kActNow).empty());
  CHECK(s.mod.AddressBansInForce(kActNow, 10).empty());

  // Done: each in the log under the actor's name.
  CHECK(s.act.Sanction(mo, "ada", cs::SanctionKind::kMute, "1h", "insults").text ==
        "muted Ada until 2027-01-15 09:00 UTC: insults");
  CHECK(s.act.Grant(al, "Ada", "moderator").text == "Ada is now moderator (was player)");
  CHECK(s.act.BanAddress(al, "2001:db8::/32", "forever", "evasion").ok());
  const auto audit = s.mod.Audit(0, 3);
  REQUIRE(audit.size() == 3);
  CHECK(audit[0].actor == "Alba");
  CHECK(audit[0].action == "ban-address");
  CHECK(audit[1].action == "grant");
  CHECK(audit[2].actor == "Moira");
  CHECK(s.mod.ActiveSanctions(ada, kActNow)[0].by == "Moira");
  // Now a moderator, Ada is beyond Moira's reach; the host reaches everyone.
  CHECK(s.act.Lift(mo, "Ada", cs::SanctionKind::kMute).status == 403);
  CHECK(s.act.Lift(Actor::Host(), "Ada", cs::SanctionKind::kMute).text == "lifted 1 mute of Ada");
  CHECK(s.act.Grant(Actor::Host(), "Ada", "owner").ok());
}

}  // namespace carc::test::moderation_actions
