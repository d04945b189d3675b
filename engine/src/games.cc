#include "carc/engine/games.h"

#include "carc/engine/base_game.h"
#include "carc/engine/castle/castle_game.h"

namespace carc::engine {

GameRegistry StandardGames(std::shared_ptr<const castle::CastleSet> castle_set) {
  GameRegistry games;
  games.Add(MakeBaseGame());
  games.Add(castle::MakeCastleGame(std::move(castle_set)));
  return games;
}

}  // namespace carc::engine
