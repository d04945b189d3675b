#include "app/report_filing.h"

#include <spdlog/spdlog.h>

#include <memory>
#include <string>

#include "store/event_store.h"

namespace carc::server {

void ReportFiling::File(store::ReportRow report, std::function<void(std::int64_t id)> done) {
  auto job = std::make_shared<std::pair<store::ReportRow, std::function<void(std::int64_t)>>>(
      std::move(report), std::move(done));
  // The reporter's own share of the workers; their rate is the rooms' (--reports-per-hour).
  const auto admission = workers_.Submit(
      "report:" + std::to_string(job->first.reporter),
      [this, job] {
        std::int64_t id = 0;
        try {
          id = store_.AddReport(job->first);
          ++metrics_.kept;
        } catch (const store::StoreError& e) {
          ++metrics_.failed;
          spdlog::warn("reports: cannot keep a report: {}", e.what());
        }
        job->second(id);
      },
      [this, job](ApiWorkers::Dropped) {
        ++metrics_.failed;
        job->second(0);
      });
  if (admission != ApiWorkers::Admission::kAccepted) {
    ++metrics_.failed;
    job->second(0);
  }
}

}  // namespace carc::server
