// Where a room's reports go to be kept (app/report_filing.h): away from the room's strand, since
// keeping one writes the store.
//
// Contract: File is thread-safe and never blocks; `done` is called exactly once, on another
// thread, with the kept report's id, or 0 when it could not be kept (the store failed, too many
// wait).
#pragma once

#include <cstdint>
#include <functional>

#include "store/moderation_store.h"

namespace carc::server {

class ReportSink {
 public:
  virtual ~ReportSink() = default;
  virtual void File(store::ReportRow report, std::function<void(std::int64_t id)> done) = 0;
};

}  // namespace carc::server
