// Collects the answers of a store's asynchronous appends (the store's thread writes them, the
// test reads them after Flush).
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "store/event_store.h"

namespace carc::test {

struct AppendAnswers {
  std::mutex mu;
  std::vector<std::pair<std::uint32_t, std::string>> got;  // index, error

  server::store::AppendDone For(std::uint32_t index) {
    return [this, index](std::string error) {
      std::lock_guard lock(mu);
      got.emplace_back(index, std::move(error));
    };
  }
};

}  // namespace carc::test
