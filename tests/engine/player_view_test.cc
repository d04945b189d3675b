// What a seat may see (B-4, V-2): the view never depends on the hidden stack order.
#include <catch2/catch.hpp>

#include "carc/engine/player_view.h"
#include "scenario.h"

using namespace carc::engine;
using carc::test::Kind;
using carc::test::Scenario;

namespace {

void CheckSameView(const PlayerView& a, const PlayerView& b) {
  CHECK(a.seat == b.seat);
  CHECK(a.players == b.players);
  CHECK(a.options == b.options);
  CHECK(a.seq == b.seq);
  CHECK(a.phase == b.phase);
  CHECK(a.to_move == b.to_move);
  CHECK(a.extra_turn == b.extra_turn);
  CHECK(a.current_tile == b.current_tile);
  CHECK(a.tiles == b.tiles);
  CHECK(a.followers == b.followers);
  CHECK(a.scores == b.scores);
  CHECK(a.supply == b.supply);
  CHECK(a.hands == b.hands);
  CHECK(a.stack_size == b.stack_size);
  CHECK(a.unseen == b.unseen);
  CHECK(a.legal_placements == b.legal_placements);
  CHECK(a.legal_follower_spots == b.legal_follower_spots);
  CHECK(a.final_breakdown == b.final_breakdown);
  CHECK(a.winners == b.winners);
}

}  // namespace

TEST_CASE("B-4 views depend on the public history only, never on the stack order") {
  // Same first draws, the rest of the stack in a different order.
  Scenario a(2, "E U V W B K");
  Scenario b(2, "E U V K B W");
  CHECK(a.state().ToString() != b.state().ToString());
  for (Seat v = kSpectator; v < 2; ++v) CheckSameView(ViewFor(a.state(), v), ViewFor(b.state(), v));
  a.Play("0,-1 r2 c1");
  b.Play("0,-1 r2 c1");
  a.Play("1,0 r1 r1");
  b.Play("1,0 r1 r1");
  REQUIRE(a.state().current_tile() == b.state().current_tile());
  for (Seat v = kSpectator; v < 2; ++v) CheckSameView(ViewFor(a.state(), v), ViewFor(b.state(), v));
  const PlayerView view = ViewFor(a.state(), 1);
  CHECK(view.stack_size == 3);
  CHECK(view.unseen[Kind('K')] == 1);
  CHECK(view.unseen[Kind('V')] == 0);  // drawn and on the table
}

TEST_CASE("B-4 V-2 a private hand in one state and another hand in the other look alike") {
  Options o;
  o.hand_size = 1;
  o.hand_visibility = HandVisibility::kPrivate;
  Scenario a(2, "E U V", o);
  Scenario b(2, "E V U", o);
  // Seat 1 holds U in one game and V in the other; seat 0 cannot tell them apart.
  CheckSameView(ViewFor(a.state(), 0), ViewFor(b.state(), 0));
  const PlayerView one = ViewFor(a.state(), 1);
  const PlayerView other = ViewFor(b.state(), 1);
  CHECK(one.hands[1] != other.hands[1]);
}

TEST_CASE("B-4 only the seat to move gets its legal moves") {
  Scenario s(3, "E U");
  CHECK_FALSE(ViewFor(s.state(), 0).legal_placements.empty());
  CHECK(ViewFor(s.state(), 1).legal_placements.empty());
  CHECK(ViewFor(s.state(), kSpectator).legal_placements.empty());
  REQUIRE(s.TryPlace({0, -1}, 2) == RejectReason::kNone);
  CHECK_FALSE(ViewFor(s.state(), 0).legal_follower_spots.empty());
  CHECK(ViewFor(s.state(), 2).legal_follower_spots.empty());
}
