// A seat's lead: what the computer players maximise, in the greedy projection and at the end
// of a tree search's playout alike.
#pragma once

#include <span>

#include "carc/engine/game.h"

namespace carc::engine {

// `scores[seat]` minus the best of `scores` among the other seats of `state` still playing
// (resigned seats are out of the race); a seat alone at the table leads by its own score.
// `scores` has one entry per seat of `state`.
int LeadOf(std::span<const int> scores, const State& state, Seat seat);

}  // namespace carc::engine
