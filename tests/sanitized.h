// Whether this build runs under a sanitizer: tests that bound CPU time or speed widen their
// bounds there, since the instrumentation costs several times the plain work.
#pragma once

namespace carc::test {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace carc::test
