// The /metrics lines of the account reads' threads (--read-threads; net/api_workers.h), apart
// from the API threads' (carc_api_jobs_*) so that an operator sees which pool is full.
#pragma once

#include <functional>
#include <ostream>

#include "net/api_workers.h"

namespace carc::server {

// The section Metrics::AddSection writes; `reads` must outlive it.
std::function<void(std::ostream&)> ReadWorkerMetricsSection(const ApiWorkerMetrics& reads);

}  // namespace carc::server
