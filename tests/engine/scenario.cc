#include "scenario.h"

#include <catch2/catch.hpp>
#include <sstream>

namespace carc::test {

using namespace carc::engine;

GameConfig ScenarioConfig(int players, std::string_view draws, Options options) {
  GameConfig c;
  c.players = players;
  options.start_player = StartPlayer::kSeatOrder;
  c.options = options;
  std::vector<TileKind> order;
  for (char ch : draws) {
    if (ch == ' ') continue;
    const TileKind k = BaseCatalog().KindOf(ch);
    REQUIRE(k != kNoTile);
    order.push_back(k);
  }
  c.draw_order = order;
  REQUIRE(Validate(c).empty());
  return c;
}

Scenario::Scenario(int players, std::string_view draws, Options options)
    : state_(ScenarioConfig(players, draws, options), &events_) {}

RejectReason Scenario::TryPlace(Pos pos, int rotation) {
  return state_.Apply(state_.ToMove(), PlaceTile{pos, rotation, kNoTile}, &events_);
}

RejectReason Scenario::TryFollower(std::string_view segment) {
  const PlacedTile& t = state_.placed(state_.num_placed() - 1);
  const std::uint8_t index = state_.catalog().SegmentIndex(t.kind, segment);
  if (index == kNoSegment) return RejectReason::kNoSuchSegment;
  return state_.Apply(state_.ToMove(), PlaceFollower{index}, &events_);
}

RejectReason Scenario::Skip() {
  return state_.Apply(state_.ToMove(), SkipFollower{}, &events_);
}

RejectReason Scenario::Apply(Seat seat, const Command& command) {
  return state_.Apply(seat, command, &events_);
}

void Scenario::Play(std::string_view move) {
  std::istringstream in{std::string(move)};
  std::string at;
  std::string rot;
  std::string follower = "-";
  in >> at >> rot >> follower;
  INFO("move: " << move);
  const auto comma = at.find(',');
  REQUIRE(comma != std::string::npos);
  REQUIRE(rot.size() == 2);
  REQUIRE(rot[0] == 'r');
  const Pos pos{std::stoi(at.substr(0, comma)), std::stoi(at.substr(comma + 1))};
  REQUIRE(TryPlace(pos, rot[1] - '0') == RejectReason::kNone);
  if (state_.phase() != Phase::kPlaceFollower) {
    REQUIRE(follower == "-");  // no spot was open, the engine moved on by itself
    return;
  }
  if (follower == "-") {
    REQUIRE(Skip() == RejectReason::kNone);
  } else {
    REQUIRE(TryFollower(follower) == RejectReason::kNone);
  }
}

std::vector<std::string> Scenario::FollowerSpotNames() const {
  std::vector<std::string> out;
  const PlacedTile& t = state_.placed(state_.num_placed() - 1);
  for (const FollowerSpot& s : state_.LegalFollowerSpots()) {
    out.emplace_back(state_.catalog().Def(t.kind).segments[s.segment].name);
  }
  return out;
}

std::vector<FeatureScored> Scenario::Scored() const {
  std::vector<FeatureScored> out;
  for (const Event& e : events_) {
    if (const auto* s = std::get_if<FeatureScored>(&e)) out.push_back(*s);
  }
  return out;
}

}  // namespace carc::test
