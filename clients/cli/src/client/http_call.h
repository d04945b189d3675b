// One HTTP request to a server's API, synchronous, with a deadline: what `login` and `logout`
// need (the game itself goes over the WebSocket).
#pragma once

#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include "client/ws_client.h"

namespace carc::client {

struct HttpAnswer {
  unsigned status = 0;  // 0: no answer (see error)
  std::string body;
  std::string set_cookie;
  std::string error;
};

HttpAnswer HttpCall(const ServerAddress& server, const std::string& method,
                    const std::string& target, const std::string& body,
                    const std::vector<std::pair<std::string, std::string>>& fields,
                    std::chrono::seconds timeout = std::chrono::seconds(30));

}  // namespace carc::client
