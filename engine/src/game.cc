#include "carc/engine/game.h"

#include <algorithm>
#include <cstdlib>

namespace carc::engine {

std::vector<Move> State::LegalMoves(Seat seat) const {
  std::vector<Move> out;
  LegalMoves(seat, out);
  return out;
}

Move State::PickUniform(Seat seat, Rng& rng, std::vector<Move>& scratch,
                        std::size_t& offered) const {
  LegalMoves(seat, scratch);
  offered = scratch.size();
  if (scratch.empty()) return {};
  return scratch[rng.Below(static_cast<std::uint32_t>(scratch.size()))];
}

void State::PlayOneUniform(Rng& rng, std::vector<Move>& scratch, PlayoutCounts* counts) {
  const Seat seat = ToMove();
  if (Resigned(seat)) {
    // As in a room: a seat that resigned plays its fallback, and nothing is drawn for it.
    if (Apply(seat, Move{kTimeoutMove, {}}) != RejectReason::kNone) std::abort();
    return;
  }
  const bool placing = counts != nullptr && Decision() == "place_tile";
  std::size_t offered = 0;
  const Move move = PickUniform(seat, rng, scratch, offered);
  // A game that is not over always offers a legal move, and a drawn move is legal.
  if (offered == 0 || Apply(seat, move) != RejectReason::kNone) std::abort();
  if (counts != nullptr) counts->Add(placing, offered);
}

void State::PlayOut(Rng& rng, PlayoutCounts* counts) {
  std::vector<Move> scratch;
  while (!IsOver()) PlayOneUniform(rng, scratch, counts);
}

RejectReason State::Apply(Seat seat, const Move& move) {
  if (IsOver()) return RejectReason::kGameOver;
  if (seat < 0 || seat >= players_) return RejectReason::kNotYourTurn;
  if (move.type >= MoveTypes()) return RejectReason::kBadMove;
  return Step(seat, move);
}

std::vector<int> State::Scores() const {
  std::vector<int> out;
  for (Seat s = 0; s < players_; ++s) out.push_back(Score(s));
  return out;
}

bool GameRegistry::Add(std::unique_ptr<const Game> game) {
  if (game == nullptr || Find(game->name()) != nullptr) return false;
  games_.push_back(std::move(game));
  return true;
}

const Game* GameRegistry::Find(std::string_view name) const {
  const auto it =
      std::find_if(games_.begin(), games_.end(), [&](const auto& g) { return g->name() == name; });
  return it == games_.end() ? nullptr : it->get();
}

std::vector<const Game*> GameRegistry::All() const {
  std::vector<const Game*> out;
  for (const auto& g : games_) out.push_back(g.get());
  return out;
}

}  // namespace carc::engine
