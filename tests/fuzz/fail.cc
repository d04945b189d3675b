#include <cstdio>
#include <cstdlib>

#include "fuzz_target.h"

namespace carc::fuzz {

void Fail(std::string_view what) {
  std::fprintf(stderr, "fuzz target: broken promise: %.*s\n", static_cast<int>(what.size()),
               what.data());
  std::abort();
}

}  // namespace carc::fuzz
