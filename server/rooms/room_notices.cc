#include "rooms/room_notices.h"

namespace carc::server {
namespace {

bool AwayAccount(const Seat& seat) {
  return seat.occupied && !seat.computer() && seat.account != 0 && !seat.session;
}

}  // namespace

void RoomNotices::AfterCommand(push::Notifier* notifier, const std::string& code,
                               std::string_view game, const SeatTable& seats, int to_move,
                               bool finished) {
  if (finished) {
    if (over_told_ || notifier == nullptr) return;
    over_told_ = true;
    for (const Seat& seat : seats) {
      if (AwayAccount(seat)) {
        notifier->Notify({push::NoticeKind::kGameOver, seat.account, code, std::string(game), ""});
      }
    }
    return;
  }
  // A turn of several commands (a tile, then a follower) is one notice.
  const bool new_turn = to_move != last_to_move_;
  last_to_move_ = to_move;
  if (!new_turn || notifier == nullptr || to_move < 0 ||
      static_cast<std::size_t>(to_move) >= seats.size()) {
    return;
  }
  const Seat& seat = seats[static_cast<std::size_t>(to_move)];
  if (AwayAccount(seat)) {
    notifier->Notify({push::NoticeKind::kTurn, seat.account, code, std::string(game), ""});
  }
}

bool RoomNotices::Remind(push::Notifier* notifier, const std::string& code, std::string_view game,
                         const SeatTable& seats, int seat) {
  if (notifier == nullptr || seat < 0 || static_cast<std::size_t>(seat) >= seats.size()) {
    return false;
  }
  const Seat& slot = seats[static_cast<std::size_t>(seat)];
  if (!AwayAccount(slot)) return false;
  notifier->Notify({push::NoticeKind::kReminder, slot.account, code, std::string(game), ""});
  return true;
}

}  // namespace carc::server
