// The API's worker pools (net/api_workers.h): addresses are served round robin, a full queue
// makes room for an address with fewer waiting by displacing the newest job of the address with
// the most, and every job either runs once or gets one `dropped` call.
#include "net/api_workers.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace carc::test::api_workers {
namespace {

using server::ApiWorkers;

// Holds the one worker in its first job until Release().
struct Gate {
  std::mutex mu;
  std::condition_variable cv;
  bool open = false;
  bool entered = false;
  void Wait() {
    std::unique_lock lock(mu);
    entered = true;
    cv.notify_all();
    cv.wait(lock, [this] { return open; });
  }
  void AwaitEntered() {
    std::unique_lock lock(mu);
    cv.wait(lock, [this] { return entered; });
  }
  void Release() {
    const std::lock_guard lock(mu);
    open = true;
    cv.notify_all();
  }
};

}  // namespace

TEST_CASE("api workers: addresses take turns, and a full queue makes room for a newcomer",
          "[server]") {
  ApiWorkers pool(1, 6, 10);
  Gate gate;
  std::mutex mu;
  std::vector<std::string> ran;
  std::vector<std::string> dropped;
  const auto submit = [&](const std::string& address, const std::string& name) {
    return pool.Submit(
        address,
        [&, name] {
          const std::lock_guard lock(mu);
          ran.push_back(name);
        },
        [&, name](ApiWorkers::Dropped why) {
          const std::lock_guard lock(mu);
          dropped.push_back(name +
                            (why == ApiWorkers::Dropped::kDisplaced ? ":displaced" : ":stopping"));
        });
  };
  REQUIRE(pool.Submit(
              "10.0.0.9", [&] { gate.Wait(); }, nullptr) == ApiWorkers::Admission::kAccepted);
  gate.AwaitEntered();
  // A flood of five from one address, then one from another: the other's comes second.
  for (int i = 0; i < 5; ++i) {
    CHECK(submit("10.0.0.1", "a" + std::to_string(i)) == ApiWorkers::Admission::kAccepted);
  }
  CHECK(submit("10.0.0.2", "b0") == ApiWorkers::Admission::kAccepted);
  // The queue (6) is full: a third address displaces the flood's newest.
  CHECK(submit("10.0.0.3", "c0") == ApiWorkers::Admission::kAccepted);
  // b's second: a still has the most waiting (4 against b's 1), so a's newest goes again.
  CHECK(submit("10.0.0.2", "b1") == ApiWorkers::Admission::kAccepted);
  CHECK(pool.metrics().displaced.load() == 2);
  // a: 3, b: 2, c: 1 waiting. One more from a itself cannot displace anyone.
  CHECK(submit("10.0.0.1", "a9") == ApiWorkers::Admission::kBusy);
  gate.Release();
  // The gate's job and the six left: all run before the pool stops.
  for (int i = 0; i < 1000 && pool.metrics().done.load() < 7; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  pool.Stop();
  const std::lock_guard lock(mu);
  CHECK(dropped == std::vector<std::string>{"a4:displaced", "a3:displaced"});
  CHECK(ran == std::vector<std::string>{"a0", "b0", "c0", "a1", "b1", "a2"});
}

TEST_CASE("api workers: jobs still waiting at Stop are dropped, each once", "[server]") {
  ApiWorkers pool(1, 8, 8);
  Gate gate;
  int dropped = 0;
  REQUIRE(pool.Submit(
              "10.0.0.9", [&] { gate.Wait(); }, nullptr) == ApiWorkers::Admission::kAccepted);
  gate.AwaitEntered();
  for (int i = 0; i < 3; ++i) {
    pool.Submit(
        "10.0.0.1", [] {},
        [&](ApiWorkers::Dropped why) {
          CHECK(why == ApiWorkers::Dropped::kStopping);
          ++dropped;
        });
  }
  gate.Release();
  pool.Stop();
  // Released before Stop: the worker may have run some; the rest were dropped.
  CHECK(dropped + static_cast<int>(pool.metrics().done.load()) == 4);
}

}  // namespace carc::test::api_workers
