// The moderation watch (app/moderation_watch.h) without a socket: its first read closes nothing;
// a ban made since closes its account once, however many polls and bans follow, and again only
// after it was lifted and made anew; the mutes in force are replaced at each change, the one that
// ends last kept, and lifted ones gone; an unchanged audit log costs no reload.
#include <catch2/catch.hpp>
#include <vector>

#include "app/moderation_watch.h"
#include "store/sqlite_store.h"
#include "test_server.h"

namespace cs = carc::server::store;

namespace carc::test::moderation_watch {

constexpr std::int64_t kWatchNow = 1'800'000'000;

struct Watched {
  std::unique_ptr<cs::EventStore> store =
      cs::OpenSqliteStore(cs::StorePath(NewDataDir()), cs::Durability::kNormal);
  server::moderation::MuteList mutes;
  server::moderation::AddressBanList address_bans;
  server::moderation::SettingsBox settings;
  server::ModerationWatchMetrics metrics;
  std::vector<cs::AccountId> closed;
  server::ModerationWatch watch{*store->moderation(),
                                std::chrono::milliseconds(1000),
                                [this](cs::AccountId a, std::int64_t) { closed.push_back(a); },
                                mutes,
                                address_bans,
                                settings,
                                metrics,
                                [] { return kWatchNow; }};

  cs::AccountId Account(const std::string& name) {
    return *store->accounts()->CreateAccount(name, name, "h", 0);
  }
  void Add(cs::SanctionKind kind, cs::AccountId account, std::int64_t ends_at,
           const std::string& reason) {
    store->moderation()->AddSanction({0, kind, account, reason, kWatchNow, ends_at, "host"},
                                     {0, kWatchNow, "host", "add", "x", reason, ""});
  }
  void Lift(cs::SanctionKind kind, cs::AccountId account) {
    store->moderation()->LiftSanctions(account, kind, {0, kWatchNow, "host", "lift", "x", "", ""});
  }
};

TEST_CASE("moderation watch: a new ban closes its account once, a mute list follows the store",
          "[moderation]") {
  Watched w;
  const cs::AccountId ada = w.Account("ada");
  const cs::AccountId bob = w.Account("bob");
  w.Add(cs::SanctionKind::kBan, ada, 0, "before the start");
  w.watch.PollOnce();
  CHECK(w.closed.empty());  // the first read: no socket is open yet
  CHECK(w.metrics.reloads == 1);

  w.Add(cs::SanctionKind::kBan, bob, kWatchNow + 3600, "cheating");
  w.watch.PollOnce();
  CHECK(w.closed == std::vector<cs::AccountId>{bob});
  w.watch.PollOnce();  // nothing new: no reload
  CHECK(w.metrics.reloads == 2);
  CHECK(w.metrics.polls == 3);
  w.Add(cs::SanctionKind::kBan, bob, 0, "again");  // banned already: not closed twice
  w.watch.PollOnce();
  CHECK(w.closed.size() == 1);
  w.Lift(cs::SanctionKind::kBan, bob);
  w.watch.PollOnce();
  w.Add(cs::SanctionKind::kBan, bob, 0, "a third time");
  w.watch.PollOnce();
  CHECK(w.closed == std::vector<cs::AccountId>{bob, bob});
  CHECK(w.metrics.closed == 2);

  // Mutes: the one that ends last is kept; a lifted one is gone; a past end counts for nothing.
  w.Add(cs::SanctionKind::kMute, ada, kWatchNow + 60, "short");
  w.Add(cs::SanctionKind::kMute, ada, kWatchNow + 7200, "long");
  w.Add(cs::SanctionKind::kMute, ada, kWatchNow + 600, "middle");
  w.watch.PollOnce();
  auto mute = w.mutes.Of(ada, kWatchNow);
  REQUIRE(mute.has_value());
  CHECK(mute->reason == "long");
  CHECK(mute->ends_at == kWatchNow + 7200);
  CHECK_FALSE(w.mutes.Of(ada, kWatchNow + 7200).has_value());
  CHECK_FALSE(w.mutes.Of(bob, kWatchNow).has_value());
  w.Add(cs::SanctionKind::kMute, bob, 0, "for ever");
  w.watch.PollOnce();
  CHECK(w.mutes.Of(bob, kWatchNow + 100 * 86400)->reason == "for ever");
  w.Lift(cs::SanctionKind::kMute, ada);
  w.watch.PollOnce();
  CHECK_FALSE(w.mutes.Of(ada, kWatchNow).has_value());
  CHECK(w.mutes.size() == 1);
  CHECK(w.metrics.store_errors == 0);
}

TEST_CASE("moderation watch: address bans follow the store, ended and lifted ones gone",
          "[moderation]") {
  Watched w;
  auto add = [&](const std::string& network, std::int64_t ends_at, const std::string& reason) {
    w.store->moderation()->AddAddressBan(
        {0, network, reason, kWatchNow, ends_at, "host"},
        {0, kWatchNow, "host", "ban-address", network, reason, ""});
  };
  add("203.0.113.0/24", kWatchNow + 3600, "spam");
  w.watch.PollOnce();
  CHECK(w.address_bans.Find("203.0.113.9", kWatchNow)->reason == "spam");
  CHECK(w.metrics.address_bans == 1);
  add("2001:db8::/32", 0, "evasion");
  add("198.51.100.0/24", kWatchNow - 1, "over already");
  w.watch.PollOnce();
  CHECK(w.address_bans.size() == 2);
  CHECK(w.address_bans.Find("2001:db8::1", kWatchNow)->reason == "evasion");
  CHECK_FALSE(w.address_bans.Find("198.51.100.1", kWatchNow).has_value());
  w.store->moderation()->LiftAddressBans(
      "203.0.113.0/24", {0, kWatchNow, "host", "unban-address", "203.0.113.0/24", "", ""});
  w.watch.PollOnce();
  CHECK_FALSE(w.address_bans.Find("203.0.113.9", kWatchNow).has_value());
  CHECK(w.metrics.address_bans == 1);
  CHECK(w.closed.empty());  // an address ban closes no account's sockets
}

TEST_CASE("moderation watch: a guest or no list is never muted", "[moderation]") {
  server::moderation::MuteList mutes;
  server::moderation::AddressBanList address_bans;
  mutes.Replace({{0, {0, "nobody"}}, {7, {0, "seven"}}});
  CHECK_FALSE(server::moderation::MuteOfSession(nullptr, 7).has_value());
  CHECK_FALSE(server::moderation::MuteOfSession(&mutes, 0).has_value());
  CHECK(server::moderation::MuteOfSession(&mutes, 7)->reason == "seven");
}

TEST_CASE("moderation watch: settings changed elsewhere (another node) are read at the next poll",
          "[moderation]") {
  Watched w;
  w.watch.PollOnce();
  CHECK(*w.settings.Get() == server::moderation::ServerSettings{});
  w.store->moderation()->WriteSettings({{"motd", "Tournament on Saturday"}, {"sign_up", "closed"}},
                                       {0, kWatchNow, "Alba", "settings", "server", "", "motd"});
  w.watch.PollOnce();
  CHECK(w.settings.Get()->motd == "Tournament on Saturday");
  CHECK(w.settings.Get()->sign_up == server::moderation::SignUp::kClosed);
  CHECK(w.store->moderation()->ReadSettings().size() == 2);
}

}  // namespace carc::test::moderation_watch
