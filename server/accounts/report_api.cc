#include "accounts/report_api.h"

#include <limits>
#include <nlohmann/json.hpp>
#include <string>

#include "accounts/api_json.h"
#include "accounts/moderation_actions.h"
#include "carc/codec/text_limits.h"
#include "net/percent_decode.h"

namespace carc::server::accounts {
namespace {

constexpr std::string_view kReports = "/api/admin/reports";
constexpr std::size_t kMaxCloseBody = 4096;
constexpr int kDefaultReportsPage = 20;

// The kept text as JSON (the server wrote it): the chat lines' array, the record's object; null
// for none or for text that does not parse (a row written by hand).
nlohmann::json Kept(const std::string& text) {
  if (text.empty()) return nullptr;
  auto json = nlohmann::json::parse(text, nullptr, false);
  return json.is_discarded() ? nlohmann::json(nullptr) : json;
}

nlohmann::json ReportJson(const store::ReportRow& r) {
  return {{"id", r.id},
          {"created_at", r.created_at},
          {"room", r.room},
          {"reporter", r.reporter_name},
          {"target", r.target_name},
          {"reason", r.reason},
          {"quote", r.quote},
          {"chat", Kept(r.chat)},
          {"record", Kept(r.record)},
          {"status", r.status},
          {"closed_by", r.closed_by},
          {"closed_at", r.closed_at},
          {"note", r.note}};
}

}  // namespace

ReportApi::ReportApi(store::ModerationStore* moderation, AccountApi& api)
    : moderation_(moderation), api_(api) {}

bool ReportApi::Handles(const ApiRequest& request) {
  const std::string path = Path(request.target);
  return path == kReports || path.starts_with(std::string(kReports) + "/");
}

void ReportApi::Serve(ApiRequest request, ApiReply reply) {
  const std::string path = Path(request.target);
  std::int64_t id = 0;
  if (path != kReports) {
    const auto n = WholeNumber(std::string_view(path).substr(kReports.size() + 1), 1,
                               std::numeric_limits<std::int64_t>::max());
    if (!n) return reply(Error(404, "no such report"));
    id = *n;
  }
  const std::string_view allow = id == 0 ? "GET, HEAD" : "POST";
  if (!Allows(allow, request.method)) return reply(NotAllowed(allow));
  if (moderation_ == nullptr) return reply(Error(503, "this server keeps no accounts"));
  if (request.body.size() > kMaxCloseBody) return reply(Error(413, "the request is over 4 KB"));
  api_.OnSignedInWorker(
      request, std::move(reply),
      [this, id](const ApiRequest& r, const SignedIn& who, const ApiReply& done) {
        const Actor actor{who.name, moderation_->RoleOf(who.account), false};
        if (auto refused = PowerRefusal(actor, moderation::Power::kHandleReports)) {
          return done(Error(refused->status, refused->text, refused->field));
        }
        done(id == 0 ? List(r) : Close(r, who, id));
      });
}

ApiResponse ReportApi::List(const ApiRequest& request) {
  const auto query = TargetQuery(request.target);
  if (!query) return Error(400, "the query has a bad escape");
  bool open = true;
  std::int64_t before = 0;
  std::int64_t limit = kDefaultReportsPage;
  for (const auto& [key, value] : *query) {
    if (key == "status" && (value == "open" || value == "closed")) {
      open = value == "open";
    } else if (key == "before") {
      const auto n = WholeNumber(value, 1, std::numeric_limits<std::int64_t>::max());
      if (!n) return Error(400, "\"before\" is a report's id, a whole number above 0", "before");
      before = *n;
    } else if (key == "limit") {
      const auto n = WholeNumber(value, 1, kMaxReportsPage);
      if (!n) {
        return Error(400,
                     "\"limit\" is a whole number from 1 to " + std::to_string(kMaxReportsPage),
                     "limit");
      }
      limit = *n;
    } else {
      return Error(400, "the reports take status (open or closed), before and limit", key);
    }
  }
  nlohmann::json reports = nlohmann::json::array();
  for (const auto& r : moderation_->Reports(open, before, static_cast<int>(limit))) {
    reports.push_back(ReportJson(r));
  }
  return Json(200, {{"reports", reports}});
}

ApiResponse ReportApi::Close(const ApiRequest& request, const SignedIn& who, std::int64_t id) {
  auto read = ReadJsonObject(request.body, kMaxCloseBody, 1);
  if (auto* refused = std::get_if<ApiResponse>(&read)) return std::move(*refused);
  const auto& body = std::get<nlohmann::ordered_json>(read);
  for (const auto& [key, value] : body.items()) {
    if (key != "status" && key != "note") {
      return Error(400, "the fields are status and note", key);
    }
    if (!value.is_string()) return Error(400, "\"" + key + "\" must be a string", key);
  }
  const std::string* status = StringField(body, "status");
  if (status == nullptr || (*status != "dismissed" && *status != "actioned")) {
    return Error(400, "\"status\" is dismissed or actioned", "status");
  }
  const std::string* typed_note = StringField(body, "note");
  const std::string note = typed_note == nullptr ? std::string() : *typed_note;
  if (!note.empty()) {
    if (const auto problem = codec::CheckText(note, kMaxReasonChars);
        problem != codec::TextProblem::kNone) {
      return Error(400, codec::TextProblemMessage(problem, "notes", kMaxReasonChars), "note");
    }
  }
  const store::AuditEntry audit{
      0, api_.Now(), who.name, "close-report", "report " + std::to_string(id), note, *status};
  if (!moderation_->CloseReport(id, *status, note, audit)) {
    return Error(404, "no open report " + std::to_string(id));
  }
  return Json(200, {{"done", "report " + std::to_string(id) + " " + *status}});
}

}  // namespace carc::server::accounts
