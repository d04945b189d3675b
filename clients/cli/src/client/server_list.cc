#include "client/server_list.h"

namespace carc::client {

std::optional<std::vector<ServerAddress>> ParseServerList(const std::string& list) {
  std::vector<ServerAddress> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const auto one = ParseServerUrl(list.substr(start, comma - start));
    if (!one || out.size() == 16) return std::nullopt;
    out.push_back(*one);
    start = comma + 1;
  }
  return out;
}

std::string UrlOf(const ServerAddress& address) {
  return "ws://" + address.host + ":" + address.port + address.path;
}

}  // namespace carc::client
