#include "rooms/report_draft.h"

#include <nlohmann/json.hpp>

namespace carc::server {

std::variant<store::ReportRow, TextRefusal> DraftReport(const ReportScene& scene,
                                                        const v1::ReportPlayer& m) {
  if (!scene.reporter.signed_in()) {
    return TextRefusal{v1::ERROR_CODE_SIGN_IN_REQUIRED,
                       "sign in to report a player: a report names who made it"};
  }
  const int target = m.seat();
  if (target < 0 || static_cast<std::size_t>(target) >= scene.seats.size() ||
      !scene.seats[static_cast<std::size_t>(target)].occupied) {
    return TextRefusal{v1::ERROR_CODE_INVALID_REPORT,
                       "no player sits in seat " + std::to_string(target)};
  }
  const Seat& seat = scene.seats[static_cast<std::size_t>(target)];
  if (seat.computer()) {
    return TextRefusal{v1::ERROR_CODE_INVALID_REPORT, "a computer player cannot be reported"};
  }
  if (target == scene.reporter_seat || (seat.account != 0 && seat.account == scene.reporter.id)) {
    return TextRefusal{v1::ERROR_CODE_INVALID_REPORT, "you cannot report yourself"};
  }
  TextRefusal why = RefuseText(m.reason(), kMaxReportReasonChars, "report reasons",
                               v1::ERROR_CODE_INVALID_REPORT);
  if (why.code != v1::ERROR_CODE_UNSPECIFIED) return why;
  if (!m.quote().empty()) {
    why = RefuseText(m.quote(), codec::kMaxChatChars, "quoted chat lines",
                     v1::ERROR_CODE_INVALID_REPORT);
    if (why.code != v1::ERROR_CODE_UNSPECIFIED) return why;
    // A quote is evidence: only a line the reported player said in this room's chat as the
    // room still keeps it (by seat, or by name for a line from before the start compacted the
    // seats), never words put in their mouth.
    bool said = false;
    for (const v1::ChatMessage& line : scene.chat.Newest(ChatHistory::kMaxLines)) {
      said = said || (line.text() == m.quote() &&
                      (line.seat() == target || (line.seat() >= 0 && line.name() == seat.name)));
    }
    if (!said) {
      return TextRefusal{v1::ERROR_CODE_INVALID_REPORT,
                         "the quoted line is not one that player said in this room's chat: "
                         "quote it as the chat shows it, or leave the quote out"};
    }
  }
  nlohmann::json chat = nlohmann::json::array();
  for (const v1::ChatMessage& line : scene.chat.Newest(kReportChatLines)) {
    chat.push_back({{"seat", line.seat()}, {"name", line.name()}, {"text", line.text()}});
  }
  store::ReportRow row;
  row.created_at = scene.now;
  row.room = scene.room;
  row.reporter = scene.reporter.id;
  row.reporter_name = scene.reporter.name;
  row.target = seat.account;
  row.target_name = seat.name;
  row.reason = m.reason();
  row.quote = m.quote();
  row.chat = chat.dump();
  return row;
}

}  // namespace carc::server
