// What a player is told while away from the game (docs/protocol.md, "Notices"): it is their
// turn, a reminder that it still is, an invitation, a game over. A Notice names the account and
// the room, never a seat's token or anything the engine hides; its payload is the JSON the web
// client's service worker reads (clients/web/public/sw.js):
//   {"kind": "turn"|"reminder"|"invitation"|"game_over", "room": CODE, "url": "/r/CODE",
//    "game": "base"|"castle", "from"?: NAME, "lang": "en"|"de"|"nl"|"sv"}
//
// Contract: Notifier::Notify is thread-safe and never blocks (rooms call it on their strand): a
// notifier queues the notice, or counts it dropped when its queue is full.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace carc::server::push {

enum class NoticeKind { kTurn, kReminder, kInvitation, kGameOver };

struct Notice {
  NoticeKind kind = NoticeKind::kTurn;
  std::int64_t account = 0;  // who is told
  std::string room;          // the room's code
  std::string game;          // the game's family: "base" or "castle"
  std::string from;          // an invitation's sender ("" otherwise)
};

std::string_view KindName(NoticeKind kind);

// The push message's plaintext for a subscription made in `lang`.
std::string NoticePayload(const Notice& notice, std::string_view lang);

class Notifier {
 public:
  virtual ~Notifier() = default;
  virtual void Notify(Notice notice) = 0;
};

}  // namespace carc::server::push
