#include <catch2/catch.hpp>

#include "scenario.h"

using namespace carc::engine;
using carc::test::Scenario;

TEST_CASE("B-1 the start tile lies at the origin before the first turn") {
  Scenario s(2, "E");
  REQUIRE(s.state().num_placed() == 1);
  CHECK(s.state().placed(0).pos == Pos{0, 0});
  CHECK(s.state().catalog().Def(s.state().placed(0).kind).letter == 'D');
}
