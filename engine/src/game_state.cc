#include "carc/engine/game_state.h"

#include <algorithm>
#include <cstdlib>

namespace carc::engine {
GameState::GameState(const GameConfig& config, std::vector<Event>* events)
    : config_(config),
      catalog_(&CatalogFor(config.options)),
      rng_(config.seed),
      board_(*catalog_, config.options.board_width, config.options.board_height) {
  // A config that fails Validate() is a caller bug, not an expected failure.
  if (!Validate(config_).empty()) std::abort();
  const TileCatalog& cat = *catalog_;
  followers_.reserve(static_cast<std::size_t>(kMaxPlayers * 7));
  for (int s = 0; s < config_.players; ++s)
    supply_[static_cast<std::size_t>(s)] = config_.options.followers;

  if (config_.draw_order) {
    bag_.assign(config_.draw_order->rbegin(), config_.draw_order->rend());
  } else {
    bag_.reserve(static_cast<std::size_t>(cat.total_tiles));
    for (int k = 0; k < cat.num_kinds; ++k) {
      const TileDef& d = cat.Def(static_cast<TileKind>(k));
      for (int i = d.start_copies; i < d.count; ++i) bag_.push_back(static_cast<TileKind>(k));
    }
    rng_.Shuffle(bag_);
  }

  switch (config_.options.start_player) {
    case StartPlayer::kRandom:
      current_ = static_cast<Seat>(rng_.Below(static_cast<std::uint32_t>(config_.players)));
      break;
    case StartPlayer::kHost:
      current_ = config_.host_first_player;
      break;
    case StartPlayer::kSeatOrder:
      current_ = 0;
      break;
  }

  if (config_.options.count) {
    // C-1: the city block instead of the start tile (whose kind stays out of the stack all the
    // same: 71 tiles are drawn either way).
    for (int i = 0; i < kBlockTiles; ++i) {
      PlaceTileUnchecked(-1, static_cast<TileKind>(cat.block_first + i),
                         {kBlockOrigin.x + i % kBlockColumns, kBlockOrigin.y + i / kBlockColumns},
                         0);
    }
  } else {
    // B-1: the start tile, city edge north, at (0,0).
    PlaceTileUnchecked(-1, cat.start_kind, {0, 0}, 0);
  }

  // V-2: deal the hands in turn order before the first turn.
  for (int i = 0; i < config_.options.hand_size; ++i) {
    for (int j = 0; j < config_.players; ++j) {
      DrawFor((current_ + j) % config_.players, events);
    }
  }
  BeginTurn(current_, false, events);
}

RejectReason GameState::Apply(Seat seat, const Command& command, std::vector<Event>* events) {
  // The one place seq() moves: one step per accepted command, however much it set off.
  const RejectReason r = Step(seat, command, events);
  if (r == RejectReason::kNone) ++seq_;
  return r;
}

RejectReason GameState::Step(Seat seat, const Command& command, std::vector<Event>* events) {
  if (phase_ == Phase::kGameOver) return RejectReason::kGameOver;
  if (std::holds_alternative<Resign>(command)) {
    if (seat < 0 || seat >= config_.players) return RejectReason::kNotYourTurn;
    if (resigned_[static_cast<std::size_t>(seat)]) return RejectReason::kResigned;
    resigned_[static_cast<std::size_t>(seat)] = true;
    Emit(events, PlayerResigned{seat});
    const auto left = std::count(resigned_.begin(), resigned_.begin() + config_.players, false);
    // A resigned seat makes no more Count decisions: the one it faced passes.
    if (phase_ == Phase::kFinalMove || (left >= 2 && InCountDecision())) {
      if (decider_ == seat) PassDecision(seat, events);
    } else if (left < 2) {
      EndGame(events);
    }
    return RejectReason::kNone;
  }
  if (seat != ToMove()) return RejectReason::kNotYourTurn;
  if (InCountDecision()) {
    if (std::holds_alternative<Timeout>(command)) {
      Emit(events, TurnTimedOut{seat});
      PassDecision(seat, events);
      return RejectReason::kNone;
    }
    if (resigned_[static_cast<std::size_t>(seat)]) return RejectReason::kResigned;
    return ApplyCount(seat, command, events);
  }
  if (std::holds_alternative<Timeout>(command)) {
    Emit(events, TurnTimedOut{seat});
    if (phase_ == Phase::kPlaceTile) {
      std::vector<Placement> placements;
      LegalPlacements(placements);
      const Placement& p = placements.front();  // a turn only starts with a tile that fits
      ApplyMove(seat, PlaceTile{p.pos, p.rotation, p.tile}, events);
    }
    if (phase_ == Phase::kPlaceFollower && current_ == seat) {
      ApplyMove(seat, SkipFollower{}, events);
    }
    return RejectReason::kNone;
  }
  if (resigned_[static_cast<std::size_t>(seat)]) return RejectReason::kResigned;
  return ApplyMove(seat, command, events);
}

RejectReason GameState::ApplyMove(Seat seat, const Command& command, std::vector<Event>* events) {
  if (std::holds_alternative<EnterCity>(command) || std::holds_alternative<Redeploy>(command) ||
      std::holds_alternative<LeaveCity>(command) || std::holds_alternative<Pass>(command)) {
    return RejectReason::kWrongPhase;
  }
  if (const auto* place = std::get_if<PlaceTile>(&command)) {
    if (phase_ != Phase::kPlaceTile) return RejectReason::kWrongPhase;
    if (place->rotation < 0 || place->rotation > 3) return RejectReason::kBadRotation;
    TileKind tile = place->tile;
    if (config_.options.hand_size == 0) {
      if (tile != kNoTile && tile != current_tile_) return RejectReason::kTileNotInHand;
      tile = current_tile_;
    } else {
      const auto& hand = hands_[static_cast<std::size_t>(seat)];
      if (tile == kNoTile && hand_count_[static_cast<std::size_t>(seat)] == 1) tile = hand[0];
      if (HandIndex(seat, tile) < 0) return RejectReason::kTileNotInHand;
    }
    if (const RejectReason r = CheckPlacement(tile, place->pos, place->rotation);
        r != RejectReason::kNone) {
      return r;
    }
    PlaceLegalTile(seat, tile, place->pos, place->rotation, events);
    return RejectReason::kNone;
  }

  if (phase_ != Phase::kPlaceFollower) return RejectReason::kWrongPhase;
  if (const auto* follower = std::get_if<PlaceFollower>(&command)) {
    const PlacedTile& t = placed_[static_cast<std::size_t>(last_placed_)];
    const TileDef& def = catalog_->Def(t.kind);
    if (follower->segment >= def.num_segments) return RejectReason::kNoSuchSegment;
    const SegmentDef& seg = def.segments[follower->segment];
    if (seg.kind == FeatureKind::kField && !config_.options.farmers) {
      return RejectReason::kFarmersDisabled;
    }
    if (supply_[static_cast<std::size_t>(seat)] == 0) return RejectReason::kNoFollowerLeft;
    const SegmentId id = MakeSegmentId(last_placed_, follower->segment);
    if (graph_.Followers(graph_.Find(id)) > 0) return RejectReason::kFeatureOccupied;
    PlaceLegalFollower(seat, follower->segment, events);
  }
  AfterFollowerStep(events);
  return RejectReason::kNone;
}

void GameState::PlaceLegalTile(Seat seat, TileKind tile, Pos pos, int rotation,
                               std::vector<Event>* events) {
  hole_filled_ = board_.FrontierAt(pos)->neighbours == kSides;
  if (config_.options.hand_size > 0) {
    auto& hand = hands_[static_cast<std::size_t>(seat)];
    auto& count = hand_count_[static_cast<std::size_t>(seat)];
    const int i = HandIndex(seat, tile);
    std::copy(hand.begin() + i + 1, hand.begin() + count, hand.begin() + i);
    hand[--count] = kNoTile;
  }
  current_tile_ = kNoTile;
  PlaceTileUnchecked(seat, tile, pos, rotation);
  if (events != nullptr) events->push_back(TilePlaced{seat, tile, pos, rotation});
  phase_ = Phase::kPlaceFollower;
  // With no follower spot at all the follower step has no decision to make.
  if (!HasFollowerSpot()) AfterFollowerStep(events);
}

void GameState::PlaceLegalFollower(Seat seat, std::uint8_t segment, std::vector<Event>* events) {
  const SegmentId id = MakeSegmentId(last_placed_, segment);
  --supply_[static_cast<std::size_t>(seat)];
  followers_.push_back({seat, id});
  graph_.AddFollower(id, 1);
  if (events != nullptr) {
    const PlacedTile& t = placed_[static_cast<std::size_t>(last_placed_)];
    events->push_back(
        FollowerPlaced{{seat, t.pos, segment, catalog_->Def(t.kind).segments[segment].kind}});
  }
}

void GameState::AfterFollowerStep(std::vector<Event>* events) {
  if (!config_.options.count) {
    ScoreCompleted(events);
    EndTurn(events);
    return;
  }
  CollectCompleted(pending_);
  pending_next_ = 0;
  round_step_ = 0;
  anyone_scored_ = placer_scored_ = false;
  ContinueScoring(events);
}

void GameState::EndTurn(std::vector<Event>* events) {
  const Seat player = current_;
  if (config_.options.hand_size > 0) DrawFor(player, events);  // V-2: refill at the end
  // V-4: one extra turn for filling a hole, which cannot chain.
  if (config_.options.extra_turn_on_hole && hole_filled_ && !in_extra_turn_) {
    hole_filled_ = false;
    BeginTurn(player, true, events);
    return;
  }
  hole_filled_ = false;
  BeginTurn((player + 1) % config_.players, false, events);
}

bool GameState::DrawFor(Seat player, std::vector<Event>* events) {
  if (bag_.empty()) return false;
  const TileKind k = bag_.back();
  bag_.pop_back();
  auto& count = hand_count_[static_cast<std::size_t>(player)];
  hands_[static_cast<std::size_t>(player)][count++] = k;
  Emit(events, TileDrawn{player, k});
  return true;
}

void GameState::DiscardUnplaceable(Seat player, TileKind tile, std::vector<Event>* events) {
  const bool reshuffle = config_.options.unplaceable_tile == UnplaceableTile::kReshuffle;
  // A scripted draw order already lists a reshuffled tile again where it was redrawn.
  if (reshuffle && !config_.draw_order) {
    const auto at = rng_.Below(static_cast<std::uint32_t>(bag_.size() + 1));
    bag_.insert(bag_.begin() + at, tile);
  }
  Emit(events, TileDiscarded{player, tile, reshuffle});
}

void GameState::BeginTurn(Seat player, bool extra, std::vector<Event>* events) {
  in_extra_turn_ = extra;
  const Options& o = config_.options;
  if (o.hand_size == 0) {
    // B-4, B-6: draw until a tile fits; the game ends when none is left or none can fit.
    while (!bag_.empty()) {
      const TileKind k = bag_.back();
      bag_.pop_back();
      if (HasPlacement(k)) {
        current_ = player;
        current_tile_ = k;
        phase_ = Phase::kPlaceTile;
        Emit(events, TurnStarted{player, extra});
        Emit(events, TileDrawn{player, k});
        return;
      }
      Emit(events, TileDrawn{player, k});
      DiscardUnplaceable(player, k, events);
      if (!AnyRemainingPlaceable()) break;
    }
    EndGame(events);
    return;
  }

  // V-2 with hands: every tile in hand that fits nowhere is discarded and replaced; a player
  // left without a tile that fits passes. The number of redraws is bounded so that a stack of
  // reshuffled misfits cannot loop forever.
  for (int turn_tries = 0; turn_tries < config_.players; ++turn_tries) {
    current_ = player;
    auto& hand = hands_[static_cast<std::size_t>(player)];
    auto& count = hand_count_[static_cast<std::size_t>(player)];
    int redraws = static_cast<int>(bag_.size()) + kMaxHand;
    for (int i = 0; i < count;) {
      if (HasPlacement(hand[static_cast<std::size_t>(i)])) {
        ++i;
        continue;
      }
      const TileKind k = hand[static_cast<std::size_t>(i)];
      std::copy(hand.begin() + i + 1, hand.begin() + count, hand.begin() + i);
      hand[--count] = kNoTile;
      DiscardUnplaceable(player, k, events);
      if (redraws-- > 0) DrawFor(player, events);
      i = 0;
    }
    if (count > 0) {
      phase_ = Phase::kPlaceTile;
      Emit(events, TurnStarted{player, extra});
      return;
    }
    if (!AnyRemainingPlaceable()) break;
    player = (player + 1) % config_.players;
    extra = false;
    in_extra_turn_ = false;
  }
  EndGame(events);
}

int GameState::HandIndex(Seat player, TileKind tile) const {
  const auto& hand = hands_[static_cast<std::size_t>(player)];
  for (int i = 0; i < hand_count_[static_cast<std::size_t>(player)]; ++i) {
    if (hand[static_cast<std::size_t>(i)] == tile) return i;
  }
  return -1;
}

bool GameState::AnyRemainingPlaceable() const {
  std::array<bool, kMaxTileKinds> seen{};
  auto check = [&](TileKind k) {
    if (seen[k]) return false;
    seen[k] = true;
    return HasPlacement(k);
  };
  for (TileKind k : bag_) {
    if (check(k)) return true;
  }
  for (int s = 0; s < config_.players; ++s) {
    for (int i = 0; i < hand_count_[static_cast<std::size_t>(s)]; ++i) {
      if (check(hands_[static_cast<std::size_t>(s)][static_cast<std::size_t>(i)])) return true;
    }
  }
  return false;
}

std::vector<TileKind> GameState::Hand(Seat s) const {
  const auto& hand = hands_[static_cast<std::size_t>(s)];
  return {hand.begin(), hand.begin() + hand_count_[static_cast<std::size_t>(s)]};
}

int GameState::StackCount(TileKind k) const {
  return static_cast<int>(std::count(bag_.begin(), bag_.end(), k));
}

std::vector<Seat> GameState::Leaders() const {
  // Resigned seats cannot win, unless every seat has resigned.
  const bool all_resigned =
      std::count(resigned_.begin(), resigned_.begin() + config_.players, false) == 0;
  auto eligible = [&](Seat s) { return all_resigned || !resigned_[static_cast<std::size_t>(s)]; };
  int best = 0;
  bool any = false;
  for (Seat s = 0; s < config_.players; ++s) {
    if (!eligible(s)) continue;
    if (!any || score_[static_cast<std::size_t>(s)] > best)
      best = score_[static_cast<std::size_t>(s)];
    any = true;
  }
  std::vector<Seat> out;
  for (Seat s = 0; s < config_.players; ++s) {
    if (eligible(s) && score_[static_cast<std::size_t>(s)] == best) out.push_back(s);
  }
  return out;
}

}  // namespace carc::engine
