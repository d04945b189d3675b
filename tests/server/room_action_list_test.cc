// The kicks and closed rooms in memory (moderation/room_action_list.h): a replacement names the
// rooms whose actions changed, and ChangeOf says what a room must carry out.
#include <catch2/catch.hpp>

#include "moderation/room_action_list.h"

namespace carc::test::room_action_list {

using server::moderation::ChangeOf;
using server::moderation::RoomActionList;
using server::moderation::RoomModeration;

TEST_CASE("room action list: a replacement names the rooms whose actions changed, in order",
          "[moderation]") {
  RoomActionList list;
  CHECK(list.Replace({{7, {"raid", {}}}, {3, {std::nullopt, {{42, "griefing"}}}}}) ==
        std::vector<std::int64_t>{3, 7});
  CHECK(list.For(7).closed == std::optional<std::string>("raid"));
  CHECK(list.For(3).kicked.at(42) == "griefing");
  CHECK(list.For(5) == RoomModeration{});
  // Room 3 unchanged, room 7 reopened (gone), room 9 new, room 3's kick's reason kept.
  CHECK(list.Replace({{3, {std::nullopt, {{42, "griefing"}}}}, {9, {"spam", {}}}}) ==
        std::vector<std::int64_t>{7, 9});
  CHECK(list.size() == 2);
  CHECK(list.Replace({{3, {std::nullopt, {{42, "griefing"}, {43, "again"}}}}}) ==
        std::vector<std::int64_t>{3, 9});
}

TEST_CASE(
    "room action list: the change a room carries out goes from what it applied to what is "
    "in force",
    "[moderation]") {
  const RoomModeration none;
  const RoomModeration closed{"raid", {{1, "a"}}};
  auto change = ChangeOf(none, closed);
  CHECK(change.close == std::optional<std::string>("raid"));
  CHECK_FALSE(change.reopen);
  REQUIRE(change.kicks.size() == 1);
  CHECK(change.kicks[0] == std::pair<std::int64_t, std::string>{1, "a"});
  CHECK(change.unkicks.empty());
  CHECK(ChangeOf(closed, closed).empty());
  change = ChangeOf(closed, RoomModeration{std::nullopt, {{2, "b"}}});
  CHECK_FALSE(change.close);
  CHECK(change.reopen);
  CHECK(change.unkicks == std::vector<std::int64_t>{1});
  REQUIRE(change.kicks.size() == 1);
  CHECK(change.kicks[0].first == 2);
  // A closed room's reason changing (closed again) is no new close.
  CHECK(ChangeOf(closed, RoomModeration{"another", {{1, "a"}}}).empty());
}

}  // namespace carc::test::room_action_list
