#include "app/read_worker_metrics.h"

#include "app/metric_family.h"

namespace carc::server {

std::function<void(std::ostream&)> ReadWorkerMetricsSection(const ApiWorkerMetrics& reads) {
  return [&reads](std::ostream& o) {
    Metric(o, "carc_read_jobs_total", "counter",
           "Account reads served on the read threads (sessions, /api/me, profiles, ...).",
           reads.done.load());
    Metric(o, "carc_read_jobs_refused_total", "counter",
           "Account reads answered 503: --read-queue full (busy, displaced: pushed out by an "
           "address with fewer waiting) or the address at --read-per-address (address).",
           "reason",
           {{"busy", reads.refused_busy.load()},
            {"displaced", reads.displaced.load()},
            {"address", reads.refused_address.load()}});
    MetricHead(o, "carc_read_jobs_queued", "gauge", "Account reads waiting for a read thread.");
    o << "carc_read_jobs_queued " << reads.queued.load() << '\n';
  };
}

}  // namespace carc::server
