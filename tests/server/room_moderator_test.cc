// A room's kicks and closes (rooms/room_moderator.h) on their own: a seat table and a host that
// notes what it is asked, no room or socket. The rooms carrying them out over live servers are in
// moderation_actions_test.cc.
#include <catch2/catch.hpp>

#include "fake_room.h"
#include "rooms/room_moderator.h"

namespace carc::test {
namespace {

using server::RoomModerator;
using namespace std::chrono_literals;

const RoomModerator::Clock::time_point kAt{std::chrono::hours(1000)};

// What the moderator asked of its room, in order.
class NotingHost final : public server::ModerationHost {
 public:
  explicit NotingHost(server::SeatTable& seats) : seats_(seats) {}
  void SendAway(std::int64_t account, v1::RemovedBy why, const std::string& reason) override {
    calls.push_back("away " + std::to_string(account) + " " + v1::RemovedBy_Name(why) + " " +
                    reason);
    for (server::Seat& slot : seats_) {
      if (slot.session && (account == 0 || slot.account == account)) slot.session.reset();
    }
  }
  bool GameStarted() const override { return started; }
  void FreeSeat(int seat) override {
    calls.push_back("free " + std::to_string(seat));
    seats_.Free(seat);
  }
  void Suspend() override { calls.push_back("suspend"); }
  void Unsuspend() override { calls.push_back("unsuspend"); }
  void Moderated() override { calls.push_back("moderated"); }

  bool started = true;
  std::vector<std::string> calls;

 private:
  server::SeatTable& seats_;
};

// Ada (account 7) in seat 0, connected; Bob (account 8) in seat 1, away since kAt - 1 h.
server::SeatTable Table() {
  server::SeatTable seats(3);
  auto ada = std::make_shared<FakeSession>("ada");
  ada->set_account({7, "Ada"});
  seats.Grant(0, "Ada", ada, "hash-a");
  auto bob = std::make_shared<FakeSession>("bob");
  bob->set_account({8, "Bob"});
  seats.Grant(1, "Bob", bob, "hash-b");
  seats[1].session.reset();
  seats[1].dropped_at = kAt - 1h;
  return seats;
}

server::moderation::RoomModeration Kicked(std::int64_t account, std::string reason) {
  server::moderation::RoomModeration m;
  m.kicked[account] = std::move(reason);
  return m;
}

}  // namespace

TEST_CASE(
    "room moderator: a kick in a game sends the player away and hands the seat to a computer, "
    "its refusal for the account and for the seat's token alike, lifted by the unkick",
    "[rooms][moderation]") {
  server::SeatTable seats = Table();
  NotingHost host(seats);
  RoomModerator moderator(seats, host);
  REQUIRE(seats.SeatOfAccount(7) == 0);

  moderator.Apply(Kicked(7, "spam"), kAt);
  CHECK(host.calls == std::vector<std::string>{"away 7 REMOVED_BY_KICK spam", "moderated"});
  CHECK(seats[0].occupied);  // the game's seat stays
  CHECK(seats[0].removed);
  CHECK_FALSE(seats[0].session);
  CHECK(seats[0].dropped_at == kAt);
  CHECK_FALSE(seats[1].removed);

  auto refusal = moderator.RefusalFor(7, -1);
  REQUIRE(refusal);
  CHECK(refusal->code == v1::ERROR_CODE_KICKED);
  CHECK(refusal->text == "a moderator removed you from this room: spam");
  // The seat's resume token shown from a guest's connection or another account's.
  CHECK(moderator.RefusalFor(0, 0));
  CHECK(moderator.RefusalFor(8, 0));
  CHECK_FALSE(moderator.RefusalFor(8, 1));
  CHECK_FALSE(moderator.RefusalFor(0, -1));
  CHECK_FALSE(moderator.RefusalFor(0, 99));  // a seat outside the table is nobody's
  CHECK_FALSE(moderator.closed());

  host.calls.clear();
  moderator.Apply({}, kAt + 10s);
  CHECK(host.calls == std::vector<std::string>{"moderated"});
  CHECK_FALSE(seats[0].removed);
  CHECK(seats[0].dropped_at == kAt + 10s);  // the grace period starts again
  CHECK_FALSE(moderator.RefusalFor(7, 0));
}

TEST_CASE("room moderator: a kick in a lobby gives the seat up, and keeps the unseated out",
          "[rooms][moderation]") {
  server::SeatTable seats = Table();
  NotingHost host(seats);
  host.started = false;
  RoomModerator moderator(seats, host);

  moderator.Apply(Kicked(8, "abuse"), kAt);
  CHECK(host.calls ==
        std::vector<std::string>{"away 8 REMOVED_BY_KICK abuse", "free 1", "moderated"});
  CHECK_FALSE(seats[1].occupied);
  CHECK_FALSE(seats[1].removed);
  CHECK(seats[0].occupied);
  REQUIRE(moderator.RefusalFor(8, -1));
  CHECK(moderator.RefusalFor(8, -1)->code == v1::ERROR_CODE_KICKED);

  // A kick of somebody not seated: sent away from watching, nothing else.
  host.calls.clear();
  auto both = Kicked(8, "abuse");
  both.kicked[9] = "watching rudely";
  moderator.Apply(both, kAt);
  CHECK(host.calls ==
        std::vector<std::string>{"away 9 REMOVED_BY_KICK watching rudely", "moderated"});
}

TEST_CASE(
    "room moderator: a close sends everyone away and suspends the room, a reopening restarts "
    "every seat's grace period",
    "[rooms][moderation]") {
  server::SeatTable seats = Table();
  NotingHost host(seats);
  RoomModerator moderator(seats, host);

  server::moderation::RoomModeration closed;
  closed.closed = "raided";
  moderator.Apply(closed, kAt);
  CHECK(host.calls ==
        std::vector<std::string>{"away 0 REMOVED_BY_ROOM_CLOSED raided", "suspend", "moderated"});
  CHECK(moderator.closed());
  CHECK(seats[0].dropped_at == kAt);       // connected until now
  CHECK(seats[1].dropped_at == kAt - 1h);  // away before
  CHECK(seats[0].occupied);
  CHECK(seats[1].occupied);
  auto refusal = moderator.RefusalFor(7, 0);
  REQUIRE(refusal);
  CHECK(refusal->code == v1::ERROR_CODE_ROOM_CLOSED);
  CHECK(refusal->text == "a moderator closed this room: raided");
  CHECK(moderator.RefusalFor(0, -1));  // guests too

  // A new reason alone: nothing carried out, the refusal says it.
  host.calls.clear();
  closed.closed = "raided twice";
  moderator.Apply(closed, kAt + 1s);
  CHECK(host.calls.empty());
  CHECK(moderator.RefusalFor(0, -1)->text == "a moderator closed this room: raided twice");

  moderator.Apply({}, kAt + 60s);
  CHECK(host.calls == std::vector<std::string>{"unsuspend", "moderated"});
  CHECK_FALSE(moderator.closed());
  CHECK(seats[0].dropped_at == kAt + 60s);
  CHECK(seats[1].dropped_at == kAt + 60s);
  CHECK_FALSE(moderator.RefusalFor(7, 0));
}

}  // namespace carc::test
