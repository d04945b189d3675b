// Whether this build runs under a sanitizer: tests that bound CPU time or speed widen their
// bounds there, since the instrumentation costs several times the plain work.
#pragma once

namespace carc::test {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// Whether this build's programs (the server the tests start among them) map a sanitizer's
// shadow memory at start: ASan or TSan under g++ or clang. (kSanitized above looks at g++'s
// macros only; the budgets of the tests that use it were set for that.)
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kShadowMemory = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr bool kShadowMemory = true;
#else
inline constexpr bool kShadowMemory = false;
#endif
#else
inline constexpr bool kShadowMemory = false;
#endif

}  // namespace carc::test
