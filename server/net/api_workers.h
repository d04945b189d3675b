// The threads that do the HTTP API's costly work (reading and replaying records, the archive's
// store reads, starting analyses), so that none of it runs on a network thread: a request that
// costs a second of CPU, or waits on a busy store, delays only the API, never a game.
//
// Contract: thread-safe. Submit() never blocks: it refuses the job (kAddressShare) when the
// client's address (AddressKey: an IPv6 /64 is one) has `per_address` jobs waiting or running,
// and (kBusy) when `max_queued` jobs wait already and none can make room; the caller answers
// 503 with Retry-After. Fairness between addresses: the workers take the waiting jobs round
// robin by address (each address's own in the order they came), so a job waits behind at most
// one job of each other address, not behind a flood of one; and when the queue is full, a job
// of an address with fewer jobs waiting displaces the newest job of the address with the most
// (that job gets its `dropped` call with kDisplaced). A job runs exactly once, on a worker, or
// gets exactly one `dropped` call. Stop() (also the destructor) runs no more jobs: each one
// still waiting gets its `dropped` call (kStopping), so that every request is answered, then
// the workers are joined.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace carc::server {

struct ApiWorkerMetrics {
  std::atomic<std::uint64_t> done{0};
  std::atomic<std::uint64_t> refused_busy{0};
  std::atomic<std::uint64_t> refused_address{0};
  std::atomic<std::uint64_t> displaced{0};  // jobs refused after they were queued
  std::atomic<std::int64_t> queued{0};
  std::atomic<std::int64_t> running{0};
  std::atomic<std::uint64_t> busy_us{0};  // time spent running jobs
};

class ApiWorkers {
 public:
  enum class Admission { kAccepted, kBusy, kAddressShare };
  enum class Dropped { kStopping, kDisplaced };

  ApiWorkers(int threads, std::size_t max_queued, std::size_t per_address);
  ~ApiWorkers();
  ApiWorkers(const ApiWorkers&) = delete;
  ApiWorkers& operator=(const ApiWorkers&) = delete;

  Admission Submit(const std::string& address, std::function<void()> job,
                   std::function<void(Dropped)> dropped);
  void Stop();

  const ApiWorkerMetrics& metrics() const { return metrics_; }

 private:
  struct Job {
    std::string key;
    std::function<void()> run;
    std::function<void(Dropped)> dropped;
  };
  void Work();
  // With mu_ held: the newest waiting job of the address with the most waiting, when it has
  // more than `than` + 1 (a displacement that leaves it with no fewer than the newcomer).
  bool TakeNewestOfLargest(std::size_t than, Job& out);

  const std::size_t max_queued_;
  const std::size_t per_address_;
  ApiWorkerMetrics metrics_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::unordered_map<std::string, std::deque<Job>> waiting_;  // by address, oldest first
  std::deque<std::string> turns_;  // addresses with jobs waiting, the next to be served first
  std::size_t queued_ = 0;
  std::unordered_map<std::string, std::size_t> per_key_;  // waiting or running, by address
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace carc::server
