// Creating a room through the registry and waiting for the answer, which comes once the store's
// writer thread has the room (RoomRegistry::Create): for tests that want the room at hand.
#pragma once

#include <boost/asio/io_context.hpp>

#include <chrono>
#include <future>
#include <optional>
#include <stdexcept>
#include <string>

#include "rooms/room_registry.h"

namespace carc::test {

// With `io`: the test runs the registry's io_context itself, and it is run here until the
// answer comes. Without: the server's own threads run it.
inline server::RoomRegistry::Created CreateRoomNow(server::RoomRegistry& registry,
                                                   const v1::RoomOptions& options,
                                                   const std::string& address,
                                                   boost::asio::io_context* io = nullptr) {
  if (io != nullptr) {
    std::optional<server::RoomRegistry::Created> out;
    registry.Create(options, address,
                    [&out](server::RoomRegistry::Created c) { out = std::move(c); });
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!out && std::chrono::steady_clock::now() < until) {
      io->restart();
      io->run_one_for(std::chrono::milliseconds(10));
    }
    if (!out) throw std::runtime_error("the registry did not answer a creation within 30 s");
    return std::move(*out);
  }
  auto answer = std::make_shared<std::promise<server::RoomRegistry::Created>>();
  auto future = answer->get_future();
  registry.Create(options, address,
                  [answer](server::RoomRegistry::Created c) { answer->set_value(std::move(c)); });
  if (future.wait_for(std::chrono::seconds(30)) != std::future_status::ready) {
    throw std::runtime_error("the registry did not answer a creation within 30 s");
  }
  return future.get();
}

}  // namespace carc::test
