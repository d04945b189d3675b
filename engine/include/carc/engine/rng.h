// The engine's own pseudo-random generator and shuffle.
//
// Contract: the same seed gives the same sequence on every platform and standard library
// (std::shuffle and std::uniform_int_distribution do not promise that). The generator state is
// part of GameState and never leaves the server.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

namespace carc::engine {

// xoshiro256** seeded through splitmix64.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0);

  std::uint64_t Next();
  // Uniform in [0, bound) without modulo bias; bound must be > 0.
  std::uint32_t Below(std::uint32_t bound);

  template <typename T>
  void Shuffle(std::vector<T>& v) {
    // Fisher-Yates from the back; Below() makes every permutation equally likely.
    for (std::size_t i = v.size(); i > 1; --i) {
      const std::size_t j = Below(static_cast<std::uint32_t>(i));
      std::swap(v[i - 1], v[j]);
    }
  }

  friend bool operator==(const Rng&, const Rng&) = default;
  std::uint64_t Word(int i) const { return s_[i]; }

 private:
  std::uint64_t s_[4];
};

// In the header: a random playout draws once per decision, and the call cost showed.
inline std::uint64_t Rng::Next() {
  const std::uint64_t result = std::rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = std::rotl(s_[3], 45);
  return result;
}

inline std::uint32_t Rng::Below(std::uint32_t bound) {
  // Lemire's multiply-and-reject: unbiased and needs a division only on the rare reject path.
  std::uint64_t m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(Next() >> 32)) * bound;
  auto low = static_cast<std::uint32_t>(m);
  if (low < bound) {
    const std::uint32_t threshold = (0u - bound) % bound;
    while (low < threshold) {
      m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(Next() >> 32)) * bound;
      low = static_cast<std::uint32_t>(m);
    }
  }
  return static_cast<std::uint32_t>(m >> 32);
}

}  // namespace carc::engine
