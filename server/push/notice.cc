#include "push/notice.h"

#include <nlohmann/json.hpp>

namespace carc::server::push {

std::string_view KindName(NoticeKind kind) {
  switch (kind) {
    case NoticeKind::kTurn:
      return "turn";
    case NoticeKind::kReminder:
      return "reminder";
    case NoticeKind::kInvitation:
      return "invitation";
    case NoticeKind::kGameOver:
      return "game_over";
  }
  return "turn";
}

std::string NoticePayload(const Notice& notice, std::string_view lang) {
  nlohmann::json payload = {{"kind", KindName(notice.kind)},
                            {"room", notice.room},
                            {"url", "/r/" + notice.room},
                            {"game", notice.game},
                            {"lang", lang}};
  if (!notice.from.empty()) payload["from"] = notice.from;
  return payload.dump();
}

}  // namespace carc::server::push
