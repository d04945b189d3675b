// Keeps the rooms' reports (rooms/report_sink.h) in the moderation store, on the API's workers:
// a store write never runs on a room's strand or a network thread.
//
// Contract: thread-safe; File never blocks. A report the workers refuse (full) or the store
// fails to keep is answered with 0 and counted; nothing of it is logged (a report names
// players and quotes their chat).
#pragma once

#include <atomic>
#include <cstdint>

#include "net/api_workers.h"
#include "rooms/report_sink.h"
#include "store/moderation_store.h"

namespace carc::server {

struct ReportMetrics {
  std::atomic<std::uint64_t> kept{0};
  std::atomic<std::uint64_t> failed{0};
};

class ReportFiling final : public ReportSink {
 public:
  ReportFiling(store::ModerationStore& store, ApiWorkers& workers)
      : store_(store), workers_(workers) {}

  void File(store::ReportRow report, std::function<void(std::int64_t id)> done) override;

  const ReportMetrics& metrics() const { return metrics_; }

 private:
  store::ModerationStore& store_;
  ApiWorkers& workers_;
  ReportMetrics metrics_;
};

}  // namespace carc::server
