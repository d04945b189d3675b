// When the server gives freed heap memory back (app/memory_return.h): after a large drop in
// open connections, or once quiet after many rooms were disposed of; once per drop.
#include <catch2/catch.hpp>

#include "app/memory_return.h"

using carc::server::MemoryReturn;

namespace {

MemoryReturn::Figures Open(std::int64_t connections) {
  return {connections, 0, 0};
}

}  // namespace

TEST_CASE("memory is given back once connections fall to half of their peak", "[server][memory]") {
  int trims = 0;
  MemoryReturn memory([&] { ++trims; });
  CHECK_FALSE(memory.Observe(Open(0)));
  CHECK_FALSE(memory.Observe(Open(1000)));
  CHECK_FALSE(memory.Observe(Open(600)));  // not yet half
  CHECK(trims == 0);
  CHECK(memory.Observe(Open(500)));  // half of the peak
  CHECK(trims == 1);
  CHECK_FALSE(memory.Observe(Open(500)));  // the same drop is not paid for twice
  CHECK_FALSE(memory.Observe(Open(300)));  // the peak is now 500: a drop of 200 is too small
  CHECK(memory.Observe(Open(0)));          // down from the 500 seen since the trim
  CHECK(trims == 2);
}

TEST_CASE("a small server never trims for its dips", "[server][memory]") {
  int trims = 0;
  MemoryReturn memory([&] { ++trims; });
  for (int round = 0; round < 10; ++round) {
    memory.Observe(Open(MemoryReturn::kMinDrop - 1));
    memory.Observe(Open(0));
  }
  CHECK(trims == 0);
}

TEST_CASE("memory is given back once the server falls quiet after many rooms were disposed of",
          "[server][memory]") {
  int trims = 0;
  MemoryReturn memory([&] { ++trims; });
  const auto gone = MemoryReturn::kMinRoomsGone;
  // Games keep being played: rooms come and go, no trim while commands arrive.
  CHECK_FALSE(memory.Observe({100, 1000, gone}));
  CHECK_FALSE(memory.Observe({100, 2000, 2 * gone}));
  // The players have gone (a small dip in connections) and no command came since: trim once.
  CHECK(memory.Observe({2, 2000, 2 * gone}));
  CHECK(trims == 1);
  CHECK_FALSE(memory.Observe({2, 2000, 2 * gone}));
  // A few more rooms, then quiet again: too few to pay for a trim.
  CHECK_FALSE(memory.Observe({2, 2100, 2 * gone + 5}));
  CHECK_FALSE(memory.Observe({2, 2100, 2 * gone + 5}));
  CHECK(trims == 1);
}
