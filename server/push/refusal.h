// What the Web Push crypto returns instead of throwing: the value, or a Refusal saying in words
// which input was wrong. A reason names the input, never its bytes: keys and secrets stay out of
// log lines.
#pragma once

#include <string>
#include <variant>

namespace carc::server::push {

struct Refusal {
  std::string reason;
};

template <class T>
using OrRefusal = std::variant<T, Refusal>;

}  // namespace carc::server::push
