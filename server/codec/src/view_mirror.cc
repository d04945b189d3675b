// The view mirror: every rule here restates what the engine does to its state for one event,
// limited to what a view shows. docs/protocol.md ("View mirror") is the same list in prose.
#include "carc/codec/view_mirror.h"

#include <algorithm>
#include <string>

#include "carc/codec/proto_codec.h"

namespace carc::codec {
namespace {

constexpr const char* kHidden = "?";

bool HasHands(const v1::BaseView& view) {
  return view.options().hand_size() > 0;
}

bool ValidSeat(const v1::BaseView& view, int seat) {
  return seat >= 0 && seat < view.scores_size();
}

// `unseen` lists the kinds this viewer cannot see with a count above zero, in letter order.
void AddUnseen(v1::BaseView& view, const std::string& letter, int delta) {
  if (letter.empty() || letter == kHidden) return;
  auto* unseen = view.mutable_unseen();
  int i = 0;
  while (i < unseen->size() && unseen->Get(i).tile() < letter) ++i;
  if (i < unseen->size() && unseen->Get(i).tile() == letter) {
    const auto count = static_cast<int>(unseen->Get(i).count()) + delta;
    if (count > 0) {
      unseen->Mutable(i)->set_count(static_cast<std::uint32_t>(count));
    } else {
      unseen->DeleteSubrange(i, 1);
    }
    return;
  }
  if (delta <= 0) return;
  v1::TileCount* added = unseen->Add();
  added->set_tile(letter);
  added->set_count(static_cast<std::uint32_t>(delta));
  for (int j = unseen->size() - 1; j > i; --j) unseen->SwapElements(j, j - 1);
}

void AddStack(v1::BaseView& view, int delta) {
  const auto size = static_cast<int>(view.stack_size()) + delta;
  view.set_stack_size(static_cast<std::uint32_t>(std::max(size, 0)));
}

// Takes `letter` out of seat's hand. A viewer who cannot see that hand holds "?" there instead,
// and the tile, now shown by the event, stops being unseen.
void TakeFromHand(v1::BaseView& view, int seat, const std::string& letter) {
  if (!ValidSeat(view, seat) || seat >= view.hands_size()) return;
  auto* tiles = view.mutable_hands(seat)->mutable_tiles();
  auto take = [tiles](const std::string& t) {
    const auto it = std::find(tiles->begin(), tiles->end(), t);
    if (it == tiles->end()) return false;
    tiles->erase(it);
    return true;
  };
  if (take(letter)) return;
  if (take(kHidden)) AddUnseen(view, letter, -1);
}

bool SameFollower(const v1::FollowerOnBoard& a, const v1::FollowerOnBoard& b) {
  return a.seat() == b.seat() && a.position().x() == b.position().x() &&
         a.position().y() == b.position().y() && a.segment() == b.segment();
}

void AddSupply(v1::BaseView& view, int seat, int delta) {
  if (!ValidSeat(view, seat) || seat >= view.supply_size()) return;
  const auto n = static_cast<int>(view.supply(seat)) + delta;
  view.set_supply(seat, static_cast<std::uint32_t>(std::max(n, 0)));
}

void OnTileDrawn(v1::BaseView& view, const v1::TileDrawn& e) {
  AddStack(view, -1);
  AddUnseen(view, e.tile(), -1);
  if (!HasHands(view)) {
    view.set_current_tile(e.tile());
  } else if (ValidSeat(view, e.seat()) && e.seat() < view.hands_size()) {
    view.mutable_hands(e.seat())->add_tiles(e.tile());
  }
}

void OnTileDiscarded(v1::BaseView& view, const v1::TileDiscarded& e) {
  if (HasHands(view)) {
    TakeFromHand(view, e.seat(), e.tile());
  } else {
    view.clear_current_tile();
  }
  // Live games draw from a seeded stack, where a reshuffled tile goes back in (B-6).
  if (e.reshuffled()) {
    AddStack(view, 1);
    AddUnseen(view, e.tile(), 1);
  }
}

void OnTilePlaced(v1::BaseView& view, const v1::TilePlaced& e) {
  if (HasHands(view)) {
    TakeFromHand(view, e.seat(), e.tile());
  } else {
    view.clear_current_tile();
  }
  v1::PlacedTile* t = view.add_tiles();
  t->set_tile(e.tile());
  *t->mutable_position() = e.position();
  t->set_rotation(e.rotation());
  view.set_phase(v1::BASE_PHASE_PLACE_FOLLOWER);
}

void OnFeatureScored(v1::BaseView& view, const v1::FeatureScored& e) {
  for (int w : e.winners()) {
    if (ValidSeat(view, w)) view.set_scores(w, view.scores(w) + e.points());
  }
}

void OnFollowersReturned(v1::BaseView& view, const v1::FollowersReturned& e) {
  auto* on_board = view.mutable_followers();
  for (const v1::FollowerOnBoard& f : e.followers()) {
    const auto it = std::find_if(on_board->begin(), on_board->end(),
                                 [&f](const v1::FollowerOnBoard& g) { return SameFollower(f, g); });
    if (it == on_board->end()) continue;
    on_board->erase(it);
    AddSupply(view, f.seat(), 1);
  }
}

// The followers per seat of `quarter` in the Count's state (nullptr without the Count).
google::protobuf::RepeatedField<std::uint32_t>* QuarterOf(v1::BaseView& view, v1::Quarter q) {
  if (!view.has_count()) return nullptr;
  for (v1::QuarterFollowers& qf : *view.mutable_count()->mutable_quarters()) {
    if (qf.quarter() == q) return qf.mutable_followers();
  }
  return nullptr;
}

void AddInCity(v1::BaseView& view, v1::Quarter q, int seat, int delta) {
  auto* followers = QuarterOf(view, q);
  if (followers == nullptr || !ValidSeat(view, seat) || seat >= followers->size()) return;
  const auto n = static_cast<int>(followers->Get(seat)) + delta;
  followers->Set(seat, static_cast<std::uint32_t>(std::max(n, 0)));
}

void ClearRedeploy(v1::BaseView& view) {
  if (!view.has_count()) return;
  view.mutable_count()->clear_redeploy_kind();
  view.mutable_count()->clear_redeploy_tiles();
}

void OnCountDecision(v1::BaseView& view, const v1::CountDecision& e) {
  view.set_to_move(e.seat());
  ClearRedeploy(view);
  switch (e.choice()) {
    case v1::COUNT_CHOICE_ENTER_CITY:
      view.set_phase(v1::BASE_PHASE_ENTER_CITY);
      break;
    case v1::COUNT_CHOICE_REDEPLOY:
      view.set_phase(v1::BASE_PHASE_REDEPLOY);
      if (view.has_count()) {
        view.mutable_count()->set_redeploy_kind(e.kind());
        *view.mutable_count()->mutable_redeploy_tiles() = e.tiles();
      }
      break;
    default:
      view.set_phase(v1::BASE_PHASE_FINAL_MOVE);
      break;
  }
}

void OnFollowersRedeployed(v1::BaseView& view, const v1::FollowersRedeployed& e) {
  for (const v1::FollowerOnBoard& f : e.followers()) {
    *view.add_followers() = f;
    AddInCity(view, e.quarter(), e.seat(), -1);
  }
}

void OnGameEnded(v1::BaseView& view, const v1::GameEnded& e) {
  view.set_phase(v1::BASE_PHASE_GAME_OVER);
  view.set_to_move(-1);
  view.set_extra_turn(false);
  view.clear_current_tile();
  *view.mutable_scores() = e.scores();
  *view.mutable_final_breakdown() = e.final_breakdown();
  *view.mutable_winners() = e.winners();
  view.clear_legal_moves();
  ClearRedeploy(view);
}

}  // namespace

void ApplyEvent(v1::BaseView& view, const v1::BaseEvent& event) {
  switch (event.event_case()) {
    case v1::BaseEvent::kTurnStarted:
      view.set_to_move(event.turn_started().seat());
      view.set_phase(v1::BASE_PHASE_PLACE_TILE);
      view.set_extra_turn(event.turn_started().extra());
      ClearRedeploy(view);
      break;
    case v1::BaseEvent::kTileDrawn:
      OnTileDrawn(view, event.tile_drawn());
      break;
    case v1::BaseEvent::kTileDiscarded:
      OnTileDiscarded(view, event.tile_discarded());
      break;
    case v1::BaseEvent::kTilePlaced:
      OnTilePlaced(view, event.tile_placed());
      break;
    case v1::BaseEvent::kFollowerPlaced:
      *view.add_followers() = event.follower_placed().follower();
      AddSupply(view, event.follower_placed().follower().seat(), -1);
      break;
    case v1::BaseEvent::kFeatureScored:
      OnFeatureScored(view, event.feature_scored());
      break;
    case v1::BaseEvent::kFollowersReturned:
      OnFollowersReturned(view, event.followers_returned());
      break;
    case v1::BaseEvent::kGameEnded:
      OnGameEnded(view, event.game_ended());
      break;
    case v1::BaseEvent::kTurnTimedOut:
      break;  // the fallback move arrives as ordinary events
    case v1::BaseEvent::kPlayerResigned: {
      const int seat = event.player_resigned().seat();
      if (seat >= 0 && seat < view.resigned_size()) view.set_resigned(seat, true);
      break;
    }
    case v1::BaseEvent::kCountDecision:
      OnCountDecision(view, event.count_decision());
      break;
    case v1::BaseEvent::kFollowerEnteredCity: {
      const v1::FollowerEnteredCity& e = event.follower_entered_city();
      AddSupply(view, e.seat(), -1);
      AddInCity(view, e.quarter(), e.seat(), 1);
      break;
    }
    case v1::BaseEvent::kCountMoved:
      if (view.has_count()) view.mutable_count()->set_count(event.count_moved().to());
      break;
    case v1::BaseEvent::kFollowersRedeployed:
      OnFollowersRedeployed(view, event.followers_redeployed());
      break;
    case v1::BaseEvent::kCountPassed:
      break;  // what follows (the next decision, a score, a turn) says where the game went
    case v1::BaseEvent::EVENT_NOT_SET:
      break;  // an event of a newer server: nothing this client can do with it
  }
}

BatchResult ApplyBatch(v1::BaseView& view, std::uint64_t& seq, const v1::EventBatch& batch) {
  if (batch.prev_seq() != seq) return BatchResult::kOutOfOrder;
  for (const v1::GameEvent& e : batch.events()) {
    if (e.has_base()) ApplyEvent(view, e.base());
  }
  if (batch.has_base_legal_moves()) {
    *view.mutable_legal_moves() = batch.base_legal_moves();
  } else {
    view.clear_legal_moves();
  }
  seq = batch.seq();
  if (PublicHash(view) != batch.public_hash()) return BatchResult::kDiverged;
  return BatchResult::kApplied;
}

}  // namespace carc::codec
