// The Castle's game configs for the codec tests: the shipped board and tiles, a seed, and the
// wall4_fountain_bonus option on for every third seed so that both settings are covered.
#pragma once

#include <cstdint>

#include "carc/codec/castle/castle_data.h"
#include "carc/engine/castle/castle_config.h"

namespace carc::test {

inline engine::castle::CastleConfig CastleConfigFor(std::uint64_t seed) {
  engine::castle::CastleConfig c;
  c.set = codec::DefaultCastleSet();
  c.seed = seed;
  c.options.wall4_fountain_bonus = seed % 3 == 0;
  return c;
}

}  // namespace carc::test
