// A store that fails the fuzz input if anything touches it: what reads only the request (an
// uploaded record) must never read from or write to the store.
#pragma once

#include <string_view>

#include "fuzz_target.h"
#include "store/event_store.h"

namespace carc::fuzz {

class UntouchableStore : public server::store::EventStore {
 public:
  server::store::RoomId CreateRoom(const std::string&, std::string_view) override { Touched(); }
  void Append(server::store::RoomId, std::uint32_t, std::string_view) override { Touched(); }
  std::vector<server::store::RatingChange> Archive(const server::store::ArchivedGame&) override {
    Touched();
  }
  void Dispose(server::store::RoomId) override { Touched(); }
  void Quarantine(server::store::RoomId, const std::string&) override { Touched(); }
  std::vector<server::store::OpenRoom> OpenRooms() override { Touched(); }
  std::optional<std::vector<std::string>> Log(server::store::RoomId) override { Touched(); }
  std::vector<server::store::QuarantinedRoom> Quarantined() override { Touched(); }
  std::vector<server::store::ArchivedGame> ListGames(const std::string&, int) override {
    Touched();
  }
  std::optional<server::store::ArchivedGame> Game(server::store::RoomId) override { Touched(); }

 private:
  [[noreturn]] static void Touched() { Fail("the request used the store"); }
};

}  // namespace carc::fuzz
