// A room's reports of players (docs/moderation.md, "Reports"): drafted on the room's state by
// rooms/report_draft.h, the game's record added, and handed to the registry's sink to be kept
// off this strand; the reporter is answered when it is kept.
#include <ctime>
#include <variant>

#include "net/message_handler.h"
#include "rooms/report_draft.h"
#include "rooms/room.h"
#include "rooms/room_registry.h"

namespace carc::server {

void Room::FileReport(const std::shared_ptr<Session>& s, int seat, const v1::ReportPlayer& m,
                      std::uint32_t rid) {
  ReportSink* sink = registry_.reports();
  if (sink == nullptr) {
    return Error(s, rid, v1::ERROR_CODE_INVALID_REPORT, "this server keeps no reports");
  }
  const std::int64_t now =
      config_.wall_now ? config_.wall_now() : static_cast<std::int64_t>(std::time(nullptr));
  auto drafted = DraftReport({s->account(), seat, seats_, chat_history_, code_, now}, m);
  if (auto* why = std::get_if<TextRefusal>(&drafted)) {
    metrics_.Reject("report_refused");
    return Error(s, rid, why->code, std::move(why->message));
  }
  // Counted only for a report that would be kept: a mistyped one costs nothing.
  const std::string key = "account:" + std::to_string(s->account().id);
  if (!registry_.report_rate().Take(key)) {
    metrics_.Reject("report_rate");
    return Error(s, rid, v1::ERROR_CODE_RATE_LIMITED,
                 "too many reports; the moderators have yours, try again later");
  }
  store::ReportRow row = std::get<store::ReportRow>(std::move(drafted));
  // Public information only while the game runs (RoomGame::Record): no tile order, no hands.
  game_.Record(true, [&row](unsigned status, std::string body) {
    if (status == 200) row.record = std::move(body);
  });
  sink->File(std::move(row), [s, rid](std::int64_t id) {
    v1::ServerMessage answer;
    answer.set_request_id(rid);
    if (id > 0) {
      answer.mutable_report_received();
    } else {
      answer.mutable_error()->set_code(v1::ERROR_CODE_STORE_UNAVAILABLE);
      answer.mutable_error()->set_message("the report could not be kept; try again later");
    }
    s->Send(Serialize(answer));
  });
}

}  // namespace carc::server
