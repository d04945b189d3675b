// Follows, blocks and invitations as a store keeps them (store/social_store.h), checked the same
// way against the SQLite file and PostgreSQL: follows made once and limited, a block cutting
// both follows and declining the blocked player's invitations, the invitee's preference, the
// hourly and pending limits with the room's pending invitation found again, answers taken once
// and only before expiry, and every row gone with either account.
#include <catch2/catch.hpp>

#include "store/account_store.h"
#include "store/postgres_store.h"
#include "store/social_store.h"
#include "store/sqlite_store.h"
#include "test_postgres.h"
#include "test_server.h"

using namespace carc;
namespace cs = carc::server::store;

namespace {

#define SOCIAL_CONTRACT(name, check)                                                            \
  TEST_CASE("social store, sqlite: " name, "[store][social]") {                                 \
    auto store = cs::OpenSqliteStore(cs::StorePath(test::NewDataDir()), cs::Durability::kFull); \
    REQUIRE(store->social() != nullptr);                                                        \
    check(*store);                                                                              \
  }                                                                                             \
  TEST_CASE("social store, postgres: " name, "[store][social][postgres]") {                     \
    auto store = cs::OpenPostgresStore(test::NewPostgresDatabase(), cs::Durability::kFull);     \
    REQUIRE(store->social() != nullptr);                                                        \
    check(*store);                                                                              \
  }

constexpr std::int64_t kSocialNow = 1'800'000'000;
constexpr std::int64_t kSocialWeek = 7 * 24 * 3600;

struct SocialPeople {
  cs::AccountId ada = 0, bob = 0, cy = 0;
};

SocialPeople MakeSocialPeople(cs::EventStore& store) {
  cs::AccountStore& a = *store.accounts();
  return {*a.CreateAccount("Ada", "ada", "h", 0), *a.CreateAccount("Bob", "bob", "h", 0),
          *a.CreateAccount("Cy", "cy", "h", 0)};
}

std::vector<std::string> SocialNames(const std::vector<cs::SocialLink>& links) {
  std::vector<std::string> out;
  for (const auto& l : links) out.push_back(l.name);
  return out;
}

cs::InvitationRow SocialInvitation(cs::AccountId from, cs::AccountId to, const std::string& room,
                                   std::int64_t at = kSocialNow) {
  cs::InvitationRow row;
  row.from = from;
  row.to = to;
  row.room = room;
  row.game = "castle";
  row.created_at = at;
  row.expires_at = at + kSocialWeek;
  return row;
}

void FollowsMadeOnceAndLimited(cs::EventStore& store) {
  cs::SocialStore& social = *store.social();
  const SocialPeople p = MakeSocialPeople(store);
  using F = cs::FollowOutcome;
  CHECK(social.Follow(p.ada, p.bob, 2, kSocialNow) == F::kFollowed);
  CHECK(social.Follow(p.ada, p.bob, 2, kSocialNow + 5) == F::kAlready);
  CHECK(social.Follow(p.ada, p.cy, 2, kSocialNow + 10) == F::kFollowed);
  CHECK(social.Follow(p.cy, p.bob, 2, kSocialNow + 20) == F::kFollowed);
  // Ada follows two: a third is refused, nothing changes.
  const cs::AccountId dee = *store.accounts()->CreateAccount("Dee", "dee", "h", 0);
  CHECK(social.Follow(p.ada, dee, 2, kSocialNow) == F::kFull);
  const auto following = social.Following(p.ada, 10);
  CHECK(SocialNames(following) == std::vector<std::string>{"Cy", "Bob"});  // newest first
  REQUIRE(following.size() == 2);
  CHECK(following[1].account == p.bob);
  CHECK(following[1].since == kSocialNow);  // the first follow's time, kept
  CHECK(SocialNames(social.Followers(p.bob, 10)) == std::vector<std::string>{"Cy", "Ada"});
  CHECK(SocialNames(social.Followers(p.bob, 1)) == std::vector<std::string>{"Cy"});
  CHECK(social.Followers(p.ada, 10).empty());
  CHECK(social.Unfollow(p.ada, p.bob));
  CHECK_FALSE(social.Unfollow(p.ada, p.bob));
  CHECK(SocialNames(social.Followers(p.bob, 10)) == std::vector<std::string>{"Cy"});
}

void BlockCutsFollowsAndInvitations(cs::EventStore& store) {
  cs::SocialStore& social = *store.social();
  const SocialPeople p = MakeSocialPeople(store);
  social.Follow(p.ada, p.bob, 10, kSocialNow);
  social.Follow(p.bob, p.ada, 10, kSocialNow);
  social.Follow(p.bob, p.cy, 10, kSocialNow);
  REQUIRE(social.Invite(SocialInvitation(p.bob, p.ada, "ROOMAAAA"), {}).outcome ==
          cs::InviteOutcome::kCreated);
  REQUIRE(social.Invite(SocialInvitation(p.cy, p.ada, "ROOMBBBB"), {}).outcome ==
          cs::InviteOutcome::kCreated);
  CHECK(social.Block(p.ada, p.bob, kSocialNow + 1));
  CHECK_FALSE(social.Block(p.ada, p.bob, kSocialNow + 2));
  // Both follows between them gone, Bob's of Cy kept; Bob's invitation declined, Cy's kept.
  CHECK(social.Following(p.ada, 10).empty());
  CHECK(SocialNames(social.Following(p.bob, 10)) == std::vector<std::string>{"Cy"});
  const auto pending = social.PendingInvitations(p.ada, kSocialNow, 10);
  REQUIRE(pending.size() == 1);
  CHECK(pending[0].from_name == "Cy");
  const auto blocks = social.Blocks(p.ada, 10);
  REQUIRE(blocks.size() == 1);
  CHECK(blocks[0].name == "Bob");
  CHECK(blocks[0].since == kSocialNow + 1);
  // While blocked, Bob can neither follow nor invite Ada; Ada can still follow Bob.
  CHECK(social.Follow(p.bob, p.ada, 10, kSocialNow) == cs::FollowOutcome::kBlocked);
  CHECK(social.Invite(SocialInvitation(p.bob, p.ada, "ROOMCCCC"), {}).outcome ==
        cs::InviteOutcome::kRefused);
  CHECK(social.Blocks(p.bob, 10).empty());
  CHECK(social.Unblock(p.ada, p.bob));
  CHECK_FALSE(social.Unblock(p.ada, p.bob));
  CHECK(social.Follow(p.bob, p.ada, 10, kSocialNow) == cs::FollowOutcome::kFollowed);
}

void PreferenceGatesInvitations(cs::EventStore& store) {
  cs::SocialStore& social = *store.social();
  const SocialPeople p = MakeSocialPeople(store);
  using From = cs::InvitationsFrom;
  CHECK(social.InvitationsFromOf(p.ada) == From::kAnyone);
  social.SetInvitationsFrom(p.ada, From::kFollowed);
  CHECK(social.InvitationsFromOf(p.ada) == From::kFollowed);
  social.Follow(p.ada, p.bob, 10, kSocialNow);
  social.Follow(p.cy, p.ada, 10, kSocialNow);  // Cy follows Ada: no matter, Ada follows not Cy
  CHECK(social.Invite(SocialInvitation(p.bob, p.ada, "ROOMAAAA"), {}).outcome ==
        cs::InviteOutcome::kCreated);
  CHECK(social.Invite(SocialInvitation(p.cy, p.ada, "ROOMBBBB"), {}).outcome ==
        cs::InviteOutcome::kRefused);
  social.SetInvitationsFrom(p.ada, From::kNobody);
  CHECK(social.InvitationsFromOf(p.ada) == From::kNobody);
  CHECK(social.Invite(SocialInvitation(p.bob, p.ada, "ROOMCCCC"), {}).outcome ==
        cs::InviteOutcome::kRefused);
  social.SetInvitationsFrom(p.ada, From::kAnyone);
  CHECK(social.Invite(SocialInvitation(p.cy, p.ada, "ROOMBBBB"), {}).outcome ==
        cs::InviteOutcome::kCreated);
  CHECK(social.InvitationsFromOf(p.bob) == From::kAnyone);  // another account's own
}

void InvitationLimitsAndRoomOnce(cs::EventStore& store) {
  cs::SocialStore& social = *store.social();
  const SocialPeople p = MakeSocialPeople(store);
  const cs::InvitationLimits limits{3, 2};
  const auto made = social.Invite(SocialInvitation(p.ada, p.bob, "ROOMAAAA"), limits);
  REQUIRE(made.outcome == cs::InviteOutcome::kCreated);
  CHECK(made.invitation.id > 0);
  CHECK(made.invitation.from_name == "Ada");
  CHECK(made.invitation.expires_at == kSocialNow + kSocialWeek);
  // Cy invites Bob to the same room: the pending one is found again, none is added.
  const auto again =
      social.Invite(SocialInvitation(p.cy, p.bob, "ROOMAAAA", kSocialNow + 1), limits);
  CHECK(again.outcome == cs::InviteOutcome::kPending);
  CHECK(again.invitation.id == made.invitation.id);
  CHECK(again.invitation.from_name == "Ada");
  CHECK(social.PendingInvitations(p.bob, kSocialNow + 1, 10).size() == 1);
  // Bob's second pending invitation fills his two places.
  REQUIRE(
      social.Invite(SocialInvitation(p.ada, p.bob, "ROOMBBBB", kSocialNow + 10), limits).outcome ==
      cs::InviteOutcome::kCreated);
  CHECK(social.Invite(SocialInvitation(p.cy, p.bob, "ROOMCCCC", kSocialNow + 11), limits).outcome ==
        cs::InviteOutcome::kInviteeFull);
  // Ada's third in the hour; her fourth waits until the first is an hour old.
  REQUIRE(
      social.Invite(SocialInvitation(p.ada, p.cy, "ROOMCCCC", kSocialNow + 20), limits).outcome ==
      cs::InviteOutcome::kCreated);
  const auto fourth =
      social.Invite(SocialInvitation(p.ada, p.cy, "ROOMDDDD", kSocialNow + 30), limits);
  CHECK(fourth.outcome == cs::InviteOutcome::kSenderLimit);
  CHECK(fourth.retry_at == kSocialNow + cs::kInvitationWindow);
  CHECK(social.Invite(SocialInvitation(p.ada, p.cy, "ROOMDDDD", fourth.retry_at), limits).outcome ==
        cs::InviteOutcome::kCreated);
  // Newest first, with what the invitee is shown.
  const auto pending = social.PendingInvitations(p.bob, kSocialNow + 40, 10);
  REQUIRE(pending.size() == 2);
  CHECK(pending[0].room == "ROOMBBBB");
  CHECK(pending[1].room == "ROOMAAAA");
  CHECK(pending[1].game == "castle");
  CHECK(pending[1].from == p.ada);
  CHECK(pending[1].to == p.bob);
  CHECK(pending[1].created_at == kSocialNow);
  CHECK(social.PendingInvitations(p.bob, kSocialNow + 40, 1).size() == 1);
  // Past its expiry an invitation takes no place and is not listed.
  CHECK(social.PendingInvitations(p.bob, kSocialNow + kSocialWeek, 10).size() == 1);
  CHECK(social.Invite(SocialInvitation(p.cy, p.bob, "ROOMEEEE", kSocialNow + kSocialWeek), limits)
            .outcome == cs::InviteOutcome::kCreated);
}

void AnswersTakenOnceBeforeExpiry(cs::EventStore& store) {
  cs::SocialStore& social = *store.social();
  const SocialPeople p = MakeSocialPeople(store);
  const auto first = social.Invite(SocialInvitation(p.ada, p.bob, "ROOMAAAA"), {}).invitation;
  const auto second = social.Invite(SocialInvitation(p.ada, p.bob, "ROOMBBBB"), {}).invitation;
  const auto third = social.Invite(SocialInvitation(p.ada, p.bob, "ROOMCCCC"), {}).invitation;
  // Only the invitee answers.
  CHECK_FALSE(social.Answer(p.ada, first.id, true, kSocialNow));
  CHECK_FALSE(social.Answer(p.cy, first.id, true, kSocialNow));
  const auto accepted = social.Answer(p.bob, first.id, true, kSocialNow + 1);
  REQUIRE(accepted);
  CHECK(accepted->room == "ROOMAAAA");
  CHECK(accepted->from_name == "Ada");
  CHECK_FALSE(social.Answer(p.bob, first.id, true, kSocialNow + 2));  // once
  CHECK(social.Answer(p.bob, second.id, false, kSocialNow + 3));
  CHECK_FALSE(social.Answer(p.bob, second.id, true, kSocialNow + 4));
  CHECK_FALSE(social.Answer(p.bob, third.id, true, third.expires_at));  // expired
  CHECK(social.PendingInvitations(p.bob, kSocialNow + 5, 10).size() == 1);
  CHECK_FALSE(social.Answer(p.bob, 987654, true, kSocialNow));
  // An answered invitation no longer holds the room: it may be sent again.
  CHECK(social.Invite(SocialInvitation(p.cy, p.bob, "ROOMAAAA", kSocialNow + 6), {}).outcome ==
        cs::InviteOutcome::kCreated);
}

void GoneWithEitherAccount(cs::EventStore& store) {
  cs::SocialStore& social = *store.social();
  cs::AccountStore& accounts = *store.accounts();
  const SocialPeople p = MakeSocialPeople(store);
  social.Follow(p.ada, p.bob, 10, kSocialNow);
  social.Follow(p.bob, p.ada, 10, kSocialNow);
  social.Follow(p.cy, p.bob, 10, kSocialNow);
  social.Block(p.ada, p.cy, kSocialNow);
  social.Block(p.bob, p.ada, kSocialNow);  // cuts Ada's and Bob's follows: made again below
  social.Unblock(p.bob, p.ada);
  social.Follow(p.ada, p.bob, 10, kSocialNow);
  social.Block(p.cy, p.ada, kSocialNow);
  social.SetInvitationsFrom(p.ada, cs::InvitationsFrom::kNobody);
  social.SetNoticePreferences(p.ada, {0x1, 22 * 60, 7 * 60, "Europe/Berlin"});
  social.Invite(SocialInvitation(p.bob, p.cy, "ROOMAAAA"), {});
  social.Invite(SocialInvitation(p.ada, p.bob, "ROOMBBBB"), {});
  REQUIRE(social.PendingInvitations(p.cy, kSocialNow, 10).size() == 1);
  REQUIRE(social.PendingInvitations(p.bob, kSocialNow, 10).size() == 1);

  CHECK(accounts.DeleteAccount(p.ada, "Deleted player", {}));
  CHECK(social.Following(p.ada, 10).empty());
  CHECK(social.Followers(p.ada, 10).empty());
  CHECK(social.Blocks(p.ada, 10).empty());
  CHECK(social.Blocks(p.cy, 10).empty());  // Cy's block of Ada
  CHECK(SocialNames(social.Followers(p.bob, 10)) == std::vector<std::string>{"Cy"});
  CHECK(social.PendingInvitations(p.bob, kSocialNow, 10).empty());  // Ada's to Bob
  CHECK(social.PendingInvitations(p.cy, kSocialNow, 10).size() == 1);
  CHECK(social.InvitationsFromOf(p.ada) == cs::InvitationsFrom::kAnyone);  // no row left
  CHECK(social.NoticePreferencesOf(p.ada) == cs::NoticePreferenceRow{});
  // A new account under the same name starts with nothing of the old one's.
  const cs::AccountId again = *accounts.CreateAccount("Ada", "ada", "h", 0);
  CHECK(social.Followers(again, 10).empty());
  CHECK(social.Follow(again, p.cy, 10, kSocialNow) == cs::FollowOutcome::kFollowed);
}

void NoticePreferencesKept(cs::EventStore& store) {
  cs::SocialStore& social = *store.social();
  const SocialPeople p = MakeSocialPeople(store);
  // Issue 40, point 6: every notice, no quiet hours and UTC until the player says.
  const cs::NoticePreferenceRow defaults = social.NoticePreferencesOf(p.ada);
  CHECK(defaults.push_kinds == 0xF);
  CHECK(defaults.quiet_from == -1);
  CHECK(defaults.quiet_to == -1);
  CHECK(defaults.time_zone == "UTC");
  const cs::NoticePreferenceRow night{0x5, 22 * 60, 7 * 60 + 30, "America/Argentina/Buenos_Aires"};
  social.SetNoticePreferences(p.ada, night);
  CHECK(social.NoticePreferencesOf(p.ada) == night);
  CHECK(social.NoticePreferencesOf(p.bob) == defaults);  // one account's, not the others'
  // Replaced whole, quiet hours turned off again; the invitations preference is another row.
  social.SetInvitationsFrom(p.ada, cs::InvitationsFrom::kFollowed);
  const cs::NoticePreferenceRow none{0x0, -1, -1, "Asia/Tokyo"};
  social.SetNoticePreferences(p.ada, none);
  CHECK(social.NoticePreferencesOf(p.ada) == none);
  CHECK(social.InvitationsFromOf(p.ada) == cs::InvitationsFrom::kFollowed);
  // Values the caller never checked are still refused by the table: nothing changes.
  CHECK_THROWS_AS(social.SetNoticePreferences(p.ada, {0x1F, -1, -1, "UTC"}), cs::StoreError);
  CHECK_THROWS_AS(social.SetNoticePreferences(p.ada, {0xF, 1440, 0, "UTC"}), cs::StoreError);
  CHECK(social.NoticePreferencesOf(p.ada) == none);
}

}  // namespace

SOCIAL_CONTRACT("notice preferences are kept whole, defaults until set", NoticePreferencesKept)
SOCIAL_CONTRACT("a follow is made once, listed both ways, limited, and ended",
                FollowsMadeOnceAndLimited)
SOCIAL_CONTRACT("a block cuts both follows and declines the blocked player's invitations",
                BlockCutsFollowsAndInvitations)
SOCIAL_CONTRACT("the invitee's preference says whose invitations reach them",
                PreferenceGatesInvitations)
SOCIAL_CONTRACT("invitations are limited per sender and invitee, one pending per room",
                InvitationLimitsAndRoomOnce)
SOCIAL_CONTRACT("an invitation is answered once, by its invitee, before it expires",
                AnswersTakenOnceBeforeExpiry)
SOCIAL_CONTRACT("follows, blocks, invitations and preferences go with either account",
                GoneWithEitherAccount)
