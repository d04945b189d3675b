// The Castle's setup and turn flow (K-1, K-3, K-4, K-5, K-10 tile 1, K-11's end).
#include "carc/engine/castle/castle_state.h"

#include <algorithm>
#include <cstdlib>

namespace carc::engine::castle {

CastleState::CastleState(const CastleConfig& config, std::vector<Event>* events)
    : config_(config), rng_(config.seed) {
  // A config that fails Validate() is a caller bug, not an expected failure. Its set was checked
  // where it was built (castle_config.h).
  if (!ValidateWithCheckedSet(config_).empty()) std::abort();
  const CastleSet& s = set();
  space_tile_.assign(static_cast<std::size_t>(s.width() * s.height()), -1);
  sides_.assign(space_tile_.size(), 0);
  for (const StartSpace& start : s.board.start_spaces) {
    const int base = AddNodes(static_cast<int>(start.regions.size()));
    // K-2: the start space's edge faces an empty space until a tile is placed there.
    for (std::int8_t h : start.edge.half) ++open_[static_cast<std::size_t>(base + h)];
    if (start.edge.path != kNoRegion) ++open_[static_cast<std::size_t>(base + start.edge.path)];
    const int cell = start.space.y * s.width() + start.space.x;
    frontier_.push_back({static_cast<std::int16_t>(cell), static_cast<std::int8_t>(start.space.x),
                         static_cast<std::int8_t>(start.space.y)});
    std::uint8_t& mask = sides_[static_cast<std::size_t>(cell)];
    mask = static_cast<std::uint8_t>(mask | (1U << start.side));
    if (start.edge.path != kNoRegion)
      mask = static_cast<std::uint8_t>(mask | (1U << (start.side + 4)));
  }
  std::sort(frontier_.begin(), frontier_.end(),
            [](const FrontierSpace& a, const FrontierSpace& b) { return a.cell < b.cell; });
  frontier_.erase(std::unique(frontier_.begin(), frontier_.end()), frontier_.end());
  // K-3: 13 of the 18 wall tiles, face down, one on every tower but 0/1.
  const auto& towers = s.board.corner_towers;
  if (config_.wall_tiles) {
    towers_ = *config_.wall_tiles;
  } else {
    std::vector<WallTile> box;
    for (int k = 1; k <= kWallTileKinds; ++k) {
      for (int c = 0; c < kWallTileCopies; ++c) box.push_back(static_cast<WallTile>(k));
    }
    rng_.Shuffle(box);
    for (const CornerTower& t : towers) {
      if (!t.wall_tile) {
        towers_.push_back(0);
        continue;
      }
      towers_.push_back(box.back());
      box.pop_back();
    }
  }
  if (config_.draw_order) {
    bag_.assign(config_.draw_order->rbegin(), config_.draw_order->rend());
  } else {
    for (std::size_t t = 0; t < s.tiles.size(); ++t) {
      for (int c = 0; c < s.tiles[t].count; ++c) bag_.push_back(static_cast<int>(t));
    }
    rng_.Shuffle(bag_);
  }
  const Seat first =
      config_.first_player >= 0 ? config_.first_player : static_cast<Seat>(rng_.Below(kPlayers));
  BeginTurn(first, false, events);
}

int CastleState::supply(Seat s) const {
  int on_board = 0;
  for (const Follower& f : followers_) on_board += f.player == s ? 1 : 0;
  return kFollowers - on_board;
}

FollowerRef CastleState::FollowerRefOf(const Follower& f) const {
  const int starts = static_cast<int>(set().board.start_spaces.size());
  const int instance = node_instance_[static_cast<std::size_t>(f.node)];
  const PlacedTile& t = placed_[static_cast<std::size_t>(instance - starts)];
  return {f.player, t.pos, t.tile,
          static_cast<std::uint8_t>(f.node - node_base_[static_cast<std::size_t>(instance)]),
          RegionOf(f.node).type};
}

void CastleState::BeginTurn(Seat player, bool extra, std::vector<Event>* events) {
  current_ = player;
  in_extra_turn_ = extra;
  ++turn_;
  phase_ = Phase::kPlaceTile;
  Emit(events, engine::TurnStarted{player, extra});
  // K-4: a tile that fits nowhere goes back to the box and the player draws again.
  while (!bag_.empty()) {
    current_tile_ = bag_.back();
    bag_.pop_back();
    Emit(events, TileDrawn{current_tile_});
    if (HasLegalPlacement()) return;
    ++discarded_;
    Emit(events, TileDiscarded{player, current_tile_});
  }
  current_tile_ = -1;
  FinalScoring(events);
}

RejectReason CastleState::Apply(Seat seat, const Command& command, std::vector<Event>* events) {
  // The one place seq() moves: one step per accepted command, however much it set off.
  const RejectReason r = Step(seat, command, events);
  if (r == RejectReason::kNone) ++seq_;
  return r;
}

RejectReason CastleState::Step(Seat seat, const Command& command, std::vector<Event>* events) {
  if (phase_ == Phase::kGameOver) return RejectReason::kGameOver;
  if (seat < 0 || seat >= kPlayers) return RejectReason::kNotYourTurn;
  if (resigned_[static_cast<std::size_t>(seat)]) return RejectReason::kResigned;
  if (std::holds_alternative<engine::Resign>(command)) {
    resigned_[static_cast<std::size_t>(seat)] = true;
    Emit(events, engine::PlayerResigned{seat});
    // With one player left the game ends at once (as in the base game).
    FinalScoring(events);
    return RejectReason::kNone;
  }
  if (seat != ToMove()) return RejectReason::kNotYourTurn;
  if (std::holds_alternative<engine::Timeout>(command)) {
    const Command fallback = FallbackCommand(*this);
    CastleState copy = *this;
    std::vector<Event> scratch;
    Emit(&scratch, engine::TurnTimedOut{seat});
    const RejectReason r = copy.Step(seat, fallback, &scratch);
    if (r != RejectReason::kNone) std::abort();  // the fallback is legal by construction
    *this = std::move(copy);
    if (events != nullptr) events->insert(events->end(), scratch.begin(), scratch.end());
    return RejectReason::kNone;
  }
  RejectReason r = RejectReason::kWrongPhase;
  if (const auto* c = std::get_if<PlaceTile>(&command)) {
    if (phase_ == Phase::kPlaceTile) r = ApplyPlaceTile(*c, events);
  } else if (const auto* f = std::get_if<PlaceFollower>(&command)) {
    if (phase_ == Phase::kPlaceFollower) r = ApplyFollower(f->region, events);
  } else if (std::holds_alternative<engine::SkipFollower>(command)) {
    if (phase_ == Phase::kPlaceFollower) {
      r = RejectReason::kNone;
      AfterFollowerStep(events);
    }
  } else if (const auto* sc = std::get_if<ScoreFeature>(&command)) {
    if (phase_ == Phase::kChooseScoring) r = ApplyScore(*sc, events);
  } else if (std::holds_alternative<UseExtraTurn>(command)) {
    if (phase_ == Phase::kExtraTurn) {
      r = RejectReason::kNone;
      UseWallTile(current_, 1, events);
      BeginTurn(current_, true, events);
    }
  } else if (std::holds_alternative<EndTurn>(command)) {
    if (phase_ == Phase::kExtraTurn) {
      r = RejectReason::kNone;
      BeginTurn(1 - current_, false, events);
    }
  }
  return r;
}

RejectReason CastleState::ApplyPlaceTile(const PlaceTile& c, std::vector<Event>* events) {
  if (const RejectReason r = CheckPlacement(c.pos, c.rotation); r != RejectReason::kNone) return r;
  touched_.clear();
  PlaceUnchecked(c.pos, c.rotation, &touched_);
  Emit(events, TilePlaced{current_, current_tile_, c.pos, c.rotation});
  phase_ = Phase::kPlaceFollower;
  if (LegalFollowerRegionMask() == 0) AfterFollowerStep(events);
  return RejectReason::kNone;
}

RejectReason CastleState::ApplyFollower(std::uint8_t region, std::vector<Event>* events) {
  const TileDef& def = set().tiles[static_cast<std::size_t>(placed_.back().tile)];
  if (region >= def.regions.size()) return RejectReason::kNoSuchSegment;
  if (supply(current_) == 0) return RejectReason::kNoFollowerLeft;
  if (((LegalFollowerRegionMask() >> region) & 1U) == 0) return RejectReason::kFeatureOccupied;
  const Follower f{current_, NodeOf(static_cast<int>(placed_.size()) - 1, region)};
  followers_.push_back(f);
  Emit(events, FollowerPlaced{FollowerRefOf(f)});
  AfterFollowerStep(events);
  return RejectReason::kNone;
}

void CastleState::EndOfTurn(std::vector<Event>* events) {
  pending_.clear();
  touched_.clear();
  // K-11: the game ends after the turn in which the last tile is placed.
  if (bag_.empty()) {
    FinalScoring(events);
    return;
  }
  // K-10, wall tile 1: used at the end of the owner's turn, or kept.
  if (HoldsUsable(current_, 1, false) >= 0) {
    phase_ = Phase::kExtraTurn;
    return;
  }
  BeginTurn(1 - current_, false, events);
}

int CastleState::HoldsUsable(Seat s, WallTile kind, bool earlier_turn_only) const {
  const auto& held = held_[static_cast<std::size_t>(s)];
  for (std::size_t i = 0; i < held.size(); ++i) {
    if (held[i].kind == kind && (!earlier_turn_only || held[i].turn < turn_)) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

void CastleState::UseWallTile(Seat s, WallTile kind, std::vector<Event>* events) {
  auto& held = held_[static_cast<std::size_t>(s)];
  const auto it =
      std::find_if(held.begin(), held.end(), [&](const HeldWallTile& h) { return h.kind == kind; });
  if (it == held.end()) std::abort();
  held.erase(it);
  ++used_[kind];
  Emit(events, WallTileUsed{s, kind});
}

Command FallbackCommand(const CastleState& state) {
  switch (state.phase()) {
    case Phase::kPlaceTile: {
      const auto legal = state.LegalPlacements();
      return PlaceTile{legal.front().pos, legal.front().rotation};
    }
    case Phase::kPlaceFollower:
      return engine::SkipFollower{};
    case Phase::kChooseScoring:
      return state.LegalScoringChoices().front();
    case Phase::kExtraTurn:
      return EndTurn{};
    case Phase::kGameOver:
      break;
  }
  return engine::SkipFollower{};
}

std::vector<Seat> CastleState::Winners() const {
  std::vector<Seat> out;
  if (phase_ != Phase::kGameOver) return out;
  int best = -1;
  for (Seat s = 0; s < kPlayers; ++s) {
    if (resigned(s)) continue;
    if (score(s) > best) {
      best = score(s);
      out.clear();
    }
    if (score(s) == best) out.push_back(s);
  }
  return out;
}

}  // namespace carc::engine::castle
