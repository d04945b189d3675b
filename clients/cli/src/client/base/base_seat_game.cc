#include "client/base/base_seat_game.h"

#include "carc/codec/proto_codec.h"
#include "carc/codec/view_mirror.h"

namespace carc::client {
namespace {

std::string Pos(const v1::Position& p) {
  return "(" + std::to_string(p.x()) + "," + std::to_string(p.y()) + ")";
}

bool CountPhase(v1::BasePhase phase) {
  return phase == v1::BASE_PHASE_ENTER_CITY || phase == v1::BASE_PHASE_REDEPLOY ||
         phase == v1::BASE_PHASE_FINAL_MOVE;
}

}  // namespace

std::string DescribeEvent(const v1::BaseEvent& e) {
  switch (e.event_case()) {
    case v1::BaseEvent::kTurnStarted:
      return "turn: seat " + std::to_string(e.turn_started().seat()) +
             (e.turn_started().extra() ? " (extra turn)" : "");
    case v1::BaseEvent::kTileDrawn:
      return "seat " + std::to_string(e.tile_drawn().seat()) + " draws " + e.tile_drawn().tile();
    case v1::BaseEvent::kTileDiscarded:
      return "tile " + e.tile_discarded().tile() +
             " fits nowhere: " + (e.tile_discarded().reshuffled() ? "reshuffled" : "discarded");
    case v1::BaseEvent::kTilePlaced:
      return "seat " + std::to_string(e.tile_placed().seat()) + " places " +
             e.tile_placed().tile() + " at " + Pos(e.tile_placed().position()) + " rotation " +
             std::to_string(e.tile_placed().rotation());
    case v1::BaseEvent::kFollowerPlaced:
      return "seat " + std::to_string(e.follower_placed().follower().seat()) +
             " deploys a follower on segment " +
             std::to_string(e.follower_placed().follower().segment()) + " at " +
             Pos(e.follower_placed().follower().position());
    case v1::BaseEvent::kFeatureScored: {
      const auto& f = e.feature_scored();
      std::string winners;
      for (int w : f.winners()) winners += (winners.empty() ? "" : ",") + std::to_string(w);
      return v1::FeatureKind_Name(f.kind()) + " of " + std::to_string(f.tiles_size()) +
             " tiles scores " + std::to_string(f.points()) +
             (winners.empty() ? " for nobody" : " for seat " + winners) + " (" +
             v1::ScoreReason_Name(f.reason()) + ")";
    }
    case v1::BaseEvent::kFollowersReturned:
      return std::to_string(e.followers_returned().followers_size()) + " follower(s) return";
    case v1::BaseEvent::kCountDecision:
      return "seat " + std::to_string(e.count_decision().seat()) +
             " decides: " + v1::CountChoice_Name(e.count_decision().choice());
    case v1::BaseEvent::kFollowerEnteredCity:
      return "seat " + std::to_string(e.follower_entered_city().seat()) +
             " puts a follower into the " + v1::Quarter_Name(e.follower_entered_city().quarter());
    case v1::BaseEvent::kCountMoved:
      return "the Count moves to the " + v1::Quarter_Name(e.count_moved().to());
    case v1::BaseEvent::kFollowersRedeployed:
      return "seat " + std::to_string(e.followers_redeployed().seat()) + " moves " +
             std::to_string(e.followers_redeployed().followers_size()) + " follower(s) from the " +
             v1::Quarter_Name(e.followers_redeployed().quarter());
    case v1::BaseEvent::kCountPassed:
      return "seat " + std::to_string(e.count_passed().seat()) + " passes";
    case v1::BaseEvent::kGameEnded: {
      std::string scores;
      for (int s : e.game_ended().scores())
        scores += (scores.empty() ? "" : " ") + std::to_string(s);
      return "game over: " + scores;
    }
    default:
      return "unknown event";
  }
}

void BaseSeatGame::TakeSnapshot(const v1::GameSnapshot& snapshot) {
  mirror_ = snapshot.base();
  if (mirror_.phase() == v1::BASE_PHASE_PLACE_TILE ||
      mirror_.phase() == v1::BASE_PHASE_PLACE_FOLLOWER) {
    turn_seat_ = mirror_.to_move();
  }
  moves_.reset();
  if (seat_ >= 0 && mirror_.to_move() == seat_ && mirror_.has_legal_moves() && !over()) {
    moves_ = mirror_.legal_moves();
  }
}

void BaseSeatGame::ApplyBatch(const v1::EventBatch& batch) {
  for (const auto& e : batch.events()) {
    if (e.base().has_turn_started()) turn_seat_ = e.base().turn_started().seat();
    codec::ApplyEvent(mirror_, e.base());
  }
  moves_.reset();
  if (seat_ >= 0 && batch.has_base_legal_moves()) moves_ = batch.base_legal_moves();
}

void BaseSeatGame::DecideCount(const v1::BaseLegalMoves& moves, std::mt19937_64& rng,
                               v1::BaseCommand& out) {
  // Uniform over the legal choices and passing, like the engine's random player.
  if (mirror_.phase() == v1::BASE_PHASE_ENTER_CITY) {
    std::uniform_int_distribution<int> pick(0, moves.city_entries_size());
    const int i = pick(rng);
    if (i == moves.city_entries_size()) {
      out.mutable_pass();
    } else {
      out.mutable_enter_city()->set_quarter(moves.city_entries(i).quarter());
      out.mutable_enter_city()->set_count_to(moves.city_entries(i).count_to());
    }
  } else if (mirror_.phase() == v1::BASE_PHASE_REDEPLOY) {
    // 0 = pass, k = the k-th number the server allows (count_redeploy may allow only some).
    std::uniform_int_distribution<int> pick(0, moves.redeploy_counts_size());
    const int k = pick(rng);
    if (k == 0) {
      out.mutable_pass();
    } else {
      out.mutable_redeploy()->set_followers(moves.redeploy_counts(k - 1));
    }
  } else {
    std::uniform_int_distribution<int> pick(0, moves.city_exits_size());
    const int i = pick(rng);
    if (i == moves.city_exits_size()) {
      out.mutable_pass();
    } else {
      const v1::CityExit& e = moves.city_exits(i);
      out.mutable_leave_city()->set_quarter(e.quarter());
      *out.mutable_leave_city()->mutable_position() = e.position();
      out.mutable_leave_city()->set_segment(e.segment());
    }
  }
}

std::string BaseSeatGame::Decide(std::mt19937_64& rng, v1::GameCommand& out,
                                 DecisionCounts& decisions) {
  const v1::BaseLegalMoves moves = *moves_;
  moves_.reset();
  v1::BaseCommand* command = out.mutable_base();
  if (moves.placements_size() > 0) {
    std::uniform_int_distribution<int> pick(0, moves.placements_size() - 1);
    const v1::Placement& p = moves.placements(pick(rng));
    v1::PlaceTile* place = command->mutable_place_tile();
    *place->mutable_position() = p.position();
    place->set_rotation(p.rotation());
    place->set_tile(p.tile());
  } else if (CountPhase(mirror_.phase())) {
    DecideCount(moves, rng, *command);
    ++decisions["count"];
    if (turn_seat_ != seat_) ++decisions["out_of_turn"];
    if (turn_seat_ != seat_ && mirror_.phase() == v1::BASE_PHASE_REDEPLOY) {
      ++decisions["out_of_turn_redeploy"];
    }
  } else {
    std::uniform_int_distribution<int> pick(0, moves.follower_spots_size());
    const int i = pick(rng);
    if (i == moves.follower_spots_size()) {
      command->mutable_skip_follower();
    } else {
      command->mutable_place_follower()->set_segment(moves.follower_spots(i).segment());
    }
  }
  return command->SerializeAsString();
}

std::vector<int> BaseSeatGame::scores() const {
  return {mirror_.scores().begin(), mirror_.scores().end()};
}

std::optional<std::uint64_t> BaseSeatGame::MirrorHash() const {
  return codec::PublicHash(mirror_);
}

void BaseSeatGame::Describe(const v1::EventBatch& batch, std::vector<std::string>& lines) const {
  for (const auto& e : batch.events()) lines.push_back(DescribeEvent(e.base()));
}

}  // namespace carc::client
