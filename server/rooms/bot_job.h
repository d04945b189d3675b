// A question for the computer players' pool (bots/bot_pool.h) about the game as it stands:
// what the room's computer seats and its hint desk both ask. One place for what a job carries.
#pragma once

#include <atomic>
#include <memory>

#include "bots/bot_pool.h"
#include "rooms/game_session.h"
#include "rooms/tokens.h"

namespace carc::server {

// A job on a copy of the game's state (the player redraws what its seat cannot see), at
// `level`, with a fresh seed and its own cancel flag; the caller sets `done`, `owner` and
// `urgent`.
inline bots::BotJob JobFor(const GameSession& game, bots::BotLevel level) {
  bots::BotJob job;
  job.state = game.state().Clone();
  job.level = level;
  job.seed = NewSeed();
  job.cancel = std::make_shared<std::atomic<bool>>(false);
  return job;
}

}  // namespace carc::server
