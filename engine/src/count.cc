// The Count of Carcassonne (RULES.md section 3): followers into the city after a placement that
// scored only for others (C-2, C-3), redeployment rounds before each completed feature scores
// (C-4), and the rounds of final scoring (C-5). Followers in the city leave it no other way (C-6).
#include <algorithm>

#include "carc/engine/game_state.h"

namespace carc::engine {
namespace {

bool ValidQuarter(Quarter q) {
  return static_cast<int>(q) < kQuarters;  // the wire may carry any value
}

CountChoice ChoiceOf(Phase p) {
  return p == Phase::kEnterCity  ? CountChoice::kEnterCity
         : p == Phase::kRedeploy ? CountChoice::kRedeploy
                                 : CountChoice::kFinalMove;
}

}  // namespace

RejectReason GameState::ApplyCount(Seat seat, const Command& command, std::vector<Event>* events) {
  if (std::holds_alternative<Pass>(command)) {
    PassDecision(seat, events);
    return RejectReason::kNone;
  }
  if (const auto* entry = std::get_if<EnterCity>(&command)) {
    if (phase_ != Phase::kEnterCity) return RejectReason::kWrongPhase;
    if (!ValidQuarter(entry->quarter) || !ValidQuarter(entry->count_to)) {
      return RejectReason::kBadQuarter;
    }
    if (entry->quarter == count_) return RejectReason::kQuarterBlocked;
    const bool count_ok =
        config_.options.count_move == CountMove::kFree ||
        (config_.options.count_move == CountMove::kClockwise &&
         entry->count_to == NextQuarter(count_)) ||
        (config_.options.count_move == CountMove::kFollow && entry->count_to == entry->quarter);
    if (!count_ok) return RejectReason::kBadCountMove;
    if (supply_[static_cast<std::size_t>(seat)] == 0) return RejectReason::kNoFollowerLeft;
    --supply_[static_cast<std::size_t>(seat)];
    ++city_[static_cast<std::size_t>(entry->quarter)][static_cast<std::size_t>(seat)];
    Emit(events, FollowerEnteredCity{seat, entry->quarter});
    if (entry->count_to != count_) {
      Emit(events, CountMoved{count_, entry->count_to});
      count_ = entry->count_to;
    }
    decider_ = -1;
    EndTurn(events);
    return RejectReason::kNone;
  }
  if (const auto* redeploy = std::get_if<Redeploy>(&command)) {
    if (phase_ != Phase::kRedeploy) return RejectReason::kWrongPhase;
    if (redeploy->followers < 1 || redeploy->followers > RedeployLimit()) {
      return RejectReason::kEmptyQuarter;
    }
    if (!RedeployAllowed(redeploy->followers)) return RejectReason::kRedeployAmount;
    const PendingFeature& p = pending_[pending_next_];
    MoveOutOfCity(seat, QuarterFor(p.kind), p.segment, redeploy->followers, events);
    ++round_step_;
    ContinueScoring(events);
    return RejectReason::kNone;
  }
  if (const auto* exit = std::get_if<LeaveCity>(&command)) {
    if (phase_ != Phase::kFinalMove) return RejectReason::kWrongPhase;
    if (const RejectReason r = CheckCityExit(*exit); r != RejectReason::kNone) return r;
    const std::uint8_t tile = board_.At(exit->pos);
    MoveOutOfCity(seat, exit->quarter, MakeSegmentId(tile, exit->segment), 1, events);
    if (!NextFinalMover(seat, events)) FinishGame(events);
    return RejectReason::kNone;
  }
  return RejectReason::kWrongPhase;
}

void GameState::PassDecision(Seat seat, std::vector<Event>* events) {
  Emit(events, CountPassed{seat, ChoiceOf(phase_)});
  switch (phase_) {
    case Phase::kEnterCity:
      decider_ = -1;
      EndTurn(events);
      break;
    case Phase::kRedeploy:
      ++round_step_;
      ContinueScoring(events);
      break;
    case Phase::kFinalMove:
      // C-5: a player who passes cannot move again.
      final_out_ |= 1u << seat;
      if (!NextFinalMover(seat, events)) FinishGame(events);
      break;
    default:
      break;
  }
}

void GameState::MoveOutOfCity(Seat s, Quarter q, SegmentId segment, int n,
                              std::vector<Event>* events) {
  auto& in_city = city_[static_cast<std::size_t>(q)][static_cast<std::size_t>(s)];
  in_city = static_cast<std::uint8_t>(in_city - n);
  FollowersRedeployed e{s, q, {}};
  for (int i = 0; i < n; ++i) {
    followers_.push_back({s, segment});
    graph_.AddFollower(segment, 1);
    if (events != nullptr) e.followers.push_back(RefOf(followers_.back()));
  }
  Emit(events, std::move(e));
}

bool GameState::CanRedeploy(Seat s, Quarter q) const {
  return q != count_ && !resigned_[static_cast<std::size_t>(s)] && InCity(q, s) > 0;
}

void GameState::ContinueScoring(std::vector<Event>* events) {
  const int n = config_.players;
  while (pending_next_ < pending_.size()) {
    const PendingFeature p = pending_[pending_next_];
    const Quarter q = QuarterFor(p.kind);
    // C-4: one round, starting left of the placing player and ending with them.
    for (; round_step_ < n; ++round_step_) {
      const Seat s = (current_ + 1 + round_step_) % n;
      if (!CanRedeploy(s, q)) continue;
      phase_ = Phase::kRedeploy;
      decider_ = s;
      if (events != nullptr) {
        events->push_back(CountDecision{s, CountChoice::kRedeploy, q, p.kind, PendingTiles(p)});
      }
      return;
    }
    const unsigned winners = ScorePending(p, events);
    anyone_scored_ = anyone_scored_ || winners != 0;
    placer_scored_ = placer_scored_ || ((winners >> current_) & 1u) != 0;
    ++pending_next_;
    round_step_ = 0;
  }
  pending_.clear();
  pending_next_ = 0;
  round_step_ = 0;
  // C-2: the placement scored for somebody but not for its player, who still has a follower.
  if (anyone_scored_ && !placer_scored_ && !resigned_[static_cast<std::size_t>(current_)] &&
      supply_[static_cast<std::size_t>(current_)] > 0) {
    phase_ = Phase::kEnterCity;
    decider_ = current_;
    Emit(events, CountDecision{current_, CountChoice::kEnterCity, count_, FeatureKind::kRoad, {}});
    return;
  }
  decider_ = -1;
  EndTurn(events);
}

std::vector<Pos> GameState::PendingTiles(const PendingFeature& p) const {
  if (p.kind != FeatureKind::kCloister) return Positions(TilesOf(graph_.Find(p.segment)));
  return CloisterArea(TileOfSegment(p.segment));
}

FeatureKind GameState::redeploy_kind() const {
  return phase_ == Phase::kRedeploy ? pending_[pending_next_].kind : FeatureKind::kRoad;
}

std::vector<Pos> GameState::RedeployTiles() const {
  if (phase_ != Phase::kRedeploy) return {};
  return PendingTiles(pending_[pending_next_]);
}

int GameState::RedeployLimit() const {
  if (phase_ != Phase::kRedeploy) return 0;
  return InCity(QuarterFor(pending_[pending_next_].kind), decider_);
}

bool GameState::RedeployAllowed(int n) const {
  const int limit = RedeployLimit();
  if (n < 1 || n > limit) return false;
  // C-4 (clarified): the seed's reading is all, one or none.
  return config_.options.count_redeploy == CountRedeploy::kAny || n == 1 || n == limit;
}

std::vector<int> GameState::RedeployCounts() const {
  std::vector<int> out;
  for (int n = 1; n <= RedeployLimit(); ++n) {
    if (RedeployAllowed(n)) out.push_back(n);
  }
  return out;
}

std::vector<CityEntry> GameState::LegalCityEntries() const {
  std::vector<CityEntry> out;
  if (phase_ != Phase::kEnterCity) return out;
  for (int i = 0; i < kQuarters; ++i) {
    const auto q = static_cast<Quarter>(i);
    if (q == count_) continue;
    switch (config_.options.count_move) {
      case CountMove::kFree:
        for (int j = 0; j < kQuarters; ++j) out.push_back({q, static_cast<Quarter>(j)});
        break;
      case CountMove::kClockwise:
        out.push_back({q, NextQuarter(count_)});
        break;
      case CountMove::kFollow:
        out.push_back({q, q});
        break;
    }
  }
  return out;
}

template <typename Visit>
void GameState::ForEachCityExit(Quarter q, Visit&& visit) const {
  const FeatureKind kind = QuarterServes(q);
  if (kind == FeatureKind::kField && !config_.options.farmers) return;  // B-20
  // One entry per feature: its first segment in placement order.
  std::vector<SegmentId> seen;
  for (int t = 0; t < num_placed_; ++t) {
    const PlacedTile& pt = placed_[static_cast<std::size_t>(t)];
    const TileDef& def = catalog_->Def(pt.kind);
    for (int i = 0; i < def.num_segments; ++i) {
      if (def.segments[static_cast<std::size_t>(i)].kind != kind) continue;
      const SegmentId seg = MakeSegmentId(t, i);
      if (kind == FeatureKind::kCloister) {
        if (pt.cloister_filled == 8) continue;
      } else {
        const SegmentId root = graph_.Find(seg);
        if (kind != FeatureKind::kField && graph_.Open(root) == 0) continue;
        if (std::find(seen.begin(), seen.end(), root) != seen.end()) continue;
        seen.push_back(root);
      }
      if (!visit(CityExit{q, pt.pos, static_cast<std::uint8_t>(i), kind})) return;
    }
  }
}

RejectReason GameState::CheckCityExit(const LeaveCity& move) const {
  if (!ValidQuarter(move.quarter)) return RejectReason::kBadQuarter;
  if (move.quarter == count_) return RejectReason::kQuarterBlocked;
  if (InCity(move.quarter, decider_) == 0) return RejectReason::kEmptyQuarter;
  const std::uint8_t tile = board_.At(move.pos);
  if (tile == kEmptyCell) return RejectReason::kWrongTarget;
  const TileDef& def = catalog_->Def(placed_[tile].kind);
  if (move.segment >= def.num_segments) return RejectReason::kNoSuchSegment;
  const FeatureKind kind = def.segments[move.segment].kind;
  if (kind != QuarterServes(move.quarter)) return RejectReason::kWrongTarget;
  if (kind == FeatureKind::kField && !config_.options.farmers) {
    return RejectReason::kFarmersDisabled;
  }
  if (kind == FeatureKind::kCloister) {
    if (placed_[tile].cloister_filled == 8) return RejectReason::kWrongTarget;
  } else if (kind != FeatureKind::kField &&
             graph_.Open(graph_.Find(MakeSegmentId(tile, move.segment))) == 0) {
    return RejectReason::kWrongTarget;
  }
  return RejectReason::kNone;
}

std::vector<CityExit> GameState::LegalCityExits() const {
  std::vector<CityExit> out;
  if (phase_ != Phase::kFinalMove) return out;
  for (int i = 0; i < kQuarters; ++i) {
    const auto q = static_cast<Quarter>(i);
    if (q == count_ || InCity(q, decider_) == 0) continue;
    ForEachCityExit(q, [&](const CityExit& e) {
      out.push_back(e);
      return true;
    });
  }
  return out;
}

bool GameState::CanLeaveCity(Seat s) const {
  if (resigned_[static_cast<std::size_t>(s)]) return false;
  for (int i = 0; i < kQuarters; ++i) {
    const auto q = static_cast<Quarter>(i);
    if (q == count_ || InCity(q, s) == 0) continue;
    bool any = false;
    ForEachCityExit(q, [&](const CityExit&) { return !(any = true); });
    if (any) return true;
  }
  return false;
}

bool GameState::NextFinalMover(Seat after, std::vector<Event>* events) {
  const int n = config_.players;
  // C-5: round and round the table; the seat that just moved comes last.
  for (int i = 1; i <= n; ++i) {
    const Seat s = (after + i) % n;
    if ((final_out_ >> s) & 1u) continue;
    // Targets never appear during final scoring, so a seat that cannot move now never can.
    if (!CanLeaveCity(s)) {
      final_out_ |= 1u << s;
      continue;
    }
    phase_ = Phase::kFinalMove;
    decider_ = s;
    Emit(events, CountDecision{s, CountChoice::kFinalMove, count_, FeatureKind::kRoad, {}});
    return true;
  }
  return false;
}

}  // namespace carc::engine
