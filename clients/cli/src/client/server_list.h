// A list of servers to try in turn: "ws://a:8080,ws://b:8080" (the nodes of a cluster, or one
// server). A client fails over to the next when one cannot be reached.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "client/ws_client.h"

namespace carc::client {

// Each comma-separated part as ParseServerUrl takes it; nullopt when any is not a server URL
// or there are more than 16.
std::optional<std::vector<ServerAddress>> ParseServerList(const std::string& list);

// "ws://host:port/path", for messages.
std::string UrlOf(const ServerAddress& address);

}  // namespace carc::client
