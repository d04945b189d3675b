// A SQLite store in memory that refuses every write and read while `failing` is set, as a store
// whose disk or database is gone would: for the rooms' parts tested without a socket.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "store/event_store.h"
#include "store/sqlite_store.h"

namespace carc::test {

class FlakyStore final : public server::store::EventStore {
 public:
  FlakyStore()
      : inner_(server::store::OpenSqliteStore(":memory:", server::store::Durability::kNormal)) {}

  std::atomic<bool> failing{false};

  server::store::RoomId CreateRoom(const std::string& code, std::string_view first) override {
    Check();
    return inner_->CreateRoom(code, first);
  }
  void Append(server::store::RoomId r, std::uint32_t i, std::string_view e) override {
    Check();
    inner_->Append(r, i, e);
  }
  void AppendAsync(server::store::RoomId r, std::uint32_t i, std::string e,
                   server::store::AppendDone done) override {
    if (failing) return done("disk full");
    inner_->AppendAsync(r, i, std::move(e), std::move(done));
  }
  void OnWriter(std::function<void()> write) override { inner_->OnWriter(std::move(write)); }
  void Flush() override { inner_->Flush(); }
  std::vector<server::store::RatingChange> Archive(const server::store::ArchivedGame& g) override {
    Check();
    return inner_->Archive(g);
  }
  void Dispose(server::store::RoomId r) override { inner_->Dispose(r); }
  void Quarantine(server::store::RoomId r, const std::string& why) override {
    inner_->Quarantine(r, why);
  }
  std::vector<server::store::OpenRoom> OpenRooms() override { return inner_->OpenRooms(); }
  std::optional<std::vector<std::string>> Log(server::store::RoomId r) override {
    return inner_->Log(r);
  }
  std::vector<server::store::QuarantinedRoom> Quarantined() override {
    return inner_->Quarantined();
  }
  std::vector<server::store::ArchivedGame> ListGames(const std::string& p, int n) override {
    return inner_->ListGames(p, n);
  }
  std::optional<server::store::ArchivedGame> Game(server::store::RoomId id) override {
    Check();
    return inner_->Game(id);
  }

 private:
  void Check() const {
    if (failing) throw server::store::StoreError("disk full");
  }
  std::unique_ptr<server::store::EventStore> inner_;
};

}  // namespace carc::test
