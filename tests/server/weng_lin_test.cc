// The rating model's own parts (ratings/weng_lin.h) beyond the update openskill checks
// (tests/ratings/openskill_test.mjs): the two-player update worked from the paper's formulas,
// places from scores with ties and players who left, fixed ratings, idleness, the display.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "ratings/weng_lin.h"

namespace {

using carc::ratings::FinalScore;
using carc::ratings::Rating;
using carc::ratings::Standing;

TEST_CASE("ratings: two new players, the update worked from Weng and Lin's formulas", "[ratings]") {
  // Algorithm 1 with Bradley-Terry full pairing, by hand: sigma^2 = (25/3)^2 + (25/300)^2 for
  // both; c^2 = 2 sigma^2 + 2 beta^2; p = 1/2; Omega = sigma^2 / c * (1 - 1/2);
  // Delta = (sigma / c) * sigma^2 / c^2 * 1/4.
  const double s2 = 625.0 / 9.0 + 625.0 / 90000.0;
  const double c = std::sqrt(2.0 * s2 + 2.0 * 625.0 / 36.0);
  const double omega = s2 / c * 0.5;
  const double delta = std::sqrt(s2) / c * s2 / (c * c) * 0.25;
  const std::vector<Standing> game = {{{}, 0}, {{}, 1}};
  const auto after = carc::ratings::RateGame(game);
  REQUIRE(after.size() == 2);
  CHECK(after[0].mu == Approx(25.0 + omega).epsilon(1e-12));
  CHECK(after[1].mu == Approx(25.0 - omega).epsilon(1e-12));
  CHECK(after[0].sigma == Approx(std::sqrt(s2) * std::sqrt(1.0 - delta)).epsilon(1e-12));
  CHECK(after[1].sigma == Approx(after[0].sigma).epsilon(1e-12));
  // The figures docs/ratings.md quotes.
  CHECK(after[0].mu == Approx(27.63539).epsilon(0).margin(1e-5));
  CHECK(after[0].sigma == Approx(8.06590).epsilon(0).margin(1e-5));
  CHECK(carc::ratings::Displayed(after[0]) == 1103);
  CHECK(carc::ratings::Displayed(after[1]) == 945);
}

TEST_CASE("ratings: places from final scores, ties shared, those who left last", "[ratings]") {
  using V = std::vector<FinalScore>;
  CHECK(carc::ratings::PlacesFromScores(V{{80}, {62}}) == std::vector<int>{0, 1});
  CHECK(carc::ratings::PlacesFromScores(V{{50}, {70}, {50}, {20}}) == std::vector<int>{1, 0, 1, 3});
  // Whatever a leaver's score, it is behind everyone who stayed; two leavers tie.
  CHECK(carc::ratings::PlacesFromScores(V{{90, true}, {40}, {60}}) == std::vector<int>{2, 1, 0});
  CHECK(carc::ratings::PlacesFromScores(V{{90, true}, {40}, {60, true}}) ==
        std::vector<int>{1, 0, 1});
  // One who left lost to the other even with more points, and the update says so.
  const auto places = carc::ratings::PlacesFromScores(V{{99, true}, {10}});
  const auto after =
      carc::ratings::RateGame(std::vector<Standing>{{{}, places[0]}, {{}, places[1]}});
  CHECK(after[0].mu < 25.0);
  CHECK(after[1].mu > 25.0);
}

TEST_CASE("ratings: a fixed rating counts for the others and never moves", "[ratings]") {
  const Rating hard{31.0, 1.0};
  const std::vector<Standing> lost = {{{}, 1}, {hard, 0, true}};
  const auto after = carc::ratings::RateGame(lost);
  CHECK(after[1] == hard);
  // Losing to a far stronger player costs less than losing to an equal.
  const auto to_equal = carc::ratings::RateGame(std::vector<Standing>{{{}, 1}, {{}, 0}});
  CHECK(after[0].mu < 25.0);
  CHECK(25.0 - after[0].mu < 25.0 - to_equal[0].mu);
  // A game of one rated player and nothing to compare with changes nothing but tau.
  CHECK(carc::ratings::RateGame(std::vector<Standing>{{{}, 0}}).size() == 1);
}

TEST_CASE("ratings: sigma grows while idle, never past a new player's", "[ratings]") {
  const Rating settled{30.0, 2.0};
  CHECK(carc::ratings::AfterIdle(settled, 0) == settled);
  CHECK(carc::ratings::AfterIdle(settled, -3) == settled);
  const Rating year = carc::ratings::AfterIdle(settled, 365);
  CHECK(year.mu == 30.0);
  CHECK(year.sigma == Approx(std::sqrt(4.0 + 0.09 * 365)).epsilon(1e-12));
  CHECK(year.sigma == Approx(6.07).margin(0.01));
  CHECK(carc::ratings::AfterIdle(settled, 5000).sigma == Approx(25.0 / 3.0));
  CHECK(carc::ratings::AfterIdle(Rating{}, 100).sigma == Approx(25.0 / 3.0));
}

TEST_CASE("ratings: the displayed rating is 1000 + 30 (mu - 3 sigma)", "[ratings]") {
  CHECK(carc::ratings::Displayed(Rating{}) == 1000);
  CHECK(carc::ratings::Conservative(Rating{35.0, 2.0}) == Approx(29.0));
  CHECK(carc::ratings::Displayed(Rating{35.0, 2.0}) == 1870);
  CHECK(carc::ratings::Displayed(Rating{20.0, 8.0}) == 880);
}

}  // namespace
