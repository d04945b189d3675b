// The games a bot seat can play: the one place in the client that names them.
#include "client/base/base_seat_game.h"
#include "client/castle/castle_seat_game.h"
#include "client/seat_game.h"

namespace carc::client {

std::unique_ptr<SeatGame> NewSeatGame(const v1::GameSnapshot& snapshot, int seat) {
  switch (snapshot.view_case()) {
    case v1::GameSnapshot::kBase:
      return std::make_unique<BaseSeatGame>(seat);
    case v1::GameSnapshot::kCastle:
      return std::make_unique<CastleSeatGame>(seat);
    case v1::GameSnapshot::VIEW_NOT_SET:
      break;
  }
  return nullptr;
}

}  // namespace carc::client
