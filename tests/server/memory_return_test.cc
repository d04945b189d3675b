// When the server gives freed heap memory back (app/memory_return.h): after a large drop in
// open connections only, once per drop.
#include <catch2/catch.hpp>

#include "app/memory_return.h"

using carc::server::MemoryReturn;

TEST_CASE("memory is given back once connections fall to half of their peak", "[server][memory]") {
  int trims = 0;
  MemoryReturn memory([&] { ++trims; });
  CHECK_FALSE(memory.Observe(0));
  CHECK_FALSE(memory.Observe(1000));
  CHECK_FALSE(memory.Observe(600));  // not yet half
  CHECK(trims == 0);
  CHECK(memory.Observe(500));  // half of the peak
  CHECK(trims == 1);
  CHECK_FALSE(memory.Observe(500));  // the same drop is not paid for twice
  CHECK_FALSE(memory.Observe(300));  // the peak is now 500: a drop of 200 is too small
  CHECK(memory.Observe(0));          // down from the 500 seen since the trim
  CHECK(trims == 2);
}

TEST_CASE("a small server never trims for its dips", "[server][memory]") {
  int trims = 0;
  MemoryReturn memory([&] { ++trims; });
  for (int round = 0; round < 10; ++round) {
    memory.Observe(MemoryReturn::kMinDrop - 1);
    memory.Observe(0);
  }
  CHECK(trims == 0);
}
