// The growing waits after failed sign-ins (accounts/failure_delay.h), on a clock of the test's.
#include <catch2/catch.hpp>

#include "accounts/failure_delay.h"

using carc::server::accounts::FailureDelay;
using namespace std::chrono_literals;

TEST_CASE("failed sign-ins: free ones, then waits that double up to the cap", "[accounts]") {
  FailureDelay delay({3, 60s, 3600s, 1000});
  auto t = FailureDelay::Clock::time_point{} + 1000h;
  for (int i = 0; i < 3; ++i) {
    CHECK(delay.Wait("ada", t) == 0);
    delay.Failed("ada", t);
  }
  CHECK(delay.Wait("ada", t) == 0);  // three failures are free
  delay.Failed("ada", t);            // the fourth: 1 s
  CHECK(delay.Wait("ada", t) == 1);
  CHECK(delay.Wait("ada", t + 1s) == 0);
  t += 1s;
  delay.Failed("ada", t);  // the fifth: 2 s
  CHECK(delay.Wait("ada", t) == 2);
  CHECK(delay.Wait("ada", t + 1500ms) == 1);
  for (int i = 0; i < 20; ++i) delay.Failed("ada", t);
  CHECK(delay.Wait("ada", t) == 60);  // capped
  CHECK(delay.Wait("bob", t) == 0);   // keys are apart
  // Quiet for the forget time: a fresh start.
  CHECK(delay.Wait("ada", t + 3600s) == 0);
  delay.Failed("ada", t + 3600s);
  CHECK(delay.Wait("ada", t + 3600s) == 0);
  // A success clears the key.
  for (int i = 0; i < 10; ++i) delay.Failed("bob", t);
  CHECK(delay.Wait("bob", t) > 0);
  delay.Succeeded("bob");
  CHECK(delay.Wait("bob", t) == 0);
}

TEST_CASE("failed sign-ins: the keys kept are bounded", "[accounts]") {
  FailureDelay delay({1, 60s, 3600s, 100});
  const auto t = FailureDelay::Clock::time_point{} + 1000h;
  for (int i = 0; i < 10000; ++i)
    delay.Failed("name" + std::to_string(i), t + std::chrono::milliseconds(i));
  CHECK(delay.size() <= 100);
  // The most recent keys are kept.
  delay.Failed("name9999", t + 10s);
  CHECK(delay.Wait("name9999", t + 10s) > 0);
}
