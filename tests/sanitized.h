// How much of a randomised test to run. The sanitizer builds check memory and undefined
// behaviour, not the rules: the code paths a few dozen random games reach are the ones three
// hundred reach, at a tenth of the CI time. The dev build runs the full count.
#pragma once

namespace carc::test {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// `full` in the dev build, a fifth of it (at least 1) under the sanitizers.
constexpr int SizedForBuild(int full) {
  return kSanitized ? (full + 4) / 5 : full;
}

}  // namespace carc::test
