// A player's report of another from a room (docs/moderation.md, "Reports"), decided on the
// room's state alone: a signed-in member (a seat or a spectator) reports the person in a seat,
// not their own, with a reason and maybe the chat line reported (one the room's chat holds from
// that player, word for word); the report keeps the room's
// newest chat lines for the moderators. The game's record is the room's to add.
//
// Contract: pure (no I/O, no clock: `now` is handed in); a refusal changes nothing. The rate of
// reports is the registry's (RoomRegistry::report_rate), checked by the room before this.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

#include "carc/v1/lobby.pb.h"
#include "net/session.h"
#include "rooms/chat_history.h"
#include "rooms/seat_table.h"
#include "rooms/text_refusal.h"
#include "store/moderation_store.h"

namespace carc::server {

inline constexpr std::size_t kMaxReportReasonChars = 500;
// The newest chat lines a report keeps (of ChatHistory's 50 at most).
inline constexpr std::size_t kReportChatLines = 20;

struct ReportScene {
  const SocketAccount& reporter;
  int reporter_seat = -1;  // -1: a spectator
  const SeatTable& seats;
  const ChatHistory& chat;
  std::string room;
  std::int64_t now = 0;
};

std::variant<store::ReportRow, TextRefusal> DraftReport(const ReportScene& scene,
                                                        const v1::ReportPlayer& m);

}  // namespace carc::server
