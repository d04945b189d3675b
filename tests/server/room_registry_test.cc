// The room registry without a socket: a room's creation waiting on the store holds up that
// creation only.
#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>

#include "app/metrics.h"
#include "rooms/room_registry.h"
#include "store/sqlite_store.h"

namespace carc::test {
namespace {

namespace store = server::store;
using namespace std::chrono_literals;

// A SQLite store in memory whose CreateRoom waits at a gate until the test opens it (as it
// would wait on another process's write lock), or fails.
class GatedStore final : public store::EventStore {
 public:
  GatedStore() : inner_(store::OpenSqliteStore(":memory:", store::Durability::kNormal)) {}

  void Close() {
    std::lock_guard lock(mu_);
    open_ = false;
  }
  void Open(bool fail) {
    std::lock_guard lock(mu_);
    open_ = true;
    fail_ = fail;
    cv_.notify_all();
  }
  // Whether a creation is waiting at the closed gate, within `limit`.
  bool AwaitWaiter(std::chrono::milliseconds limit) {
    std::unique_lock lock(mu_);
    return cv_.wait_for(lock, limit, [this] { return waiting_ > 0; });
  }

  store::RoomId CreateRoom(const std::string& code, std::string_view first) override {
    {
      std::unique_lock lock(mu_);
      ++waiting_;
      cv_.notify_all();
      cv_.wait(lock, [this] { return open_; });
      --waiting_;
      if (fail_) throw store::StoreError("database is locked");
    }
    return inner_->CreateRoom(code, first);
  }
  void Append(store::RoomId r, std::uint32_t i, std::string_view e) override {
    inner_->Append(r, i, e);
  }
  void AppendAsync(store::RoomId r, std::uint32_t i, std::string e,
                   store::AppendDone done) override {
    inner_->AppendAsync(r, i, std::move(e), std::move(done));
  }
  void Flush() override { inner_->Flush(); }
  std::vector<store::RatingChange> Archive(const store::ArchivedGame& g) override {
    return inner_->Archive(g);
  }
  void Dispose(store::RoomId r) override { inner_->Dispose(r); }
  void Quarantine(store::RoomId r, const std::string& why) override { inner_->Quarantine(r, why); }
  std::vector<store::OpenRoom> OpenRooms() override { return inner_->OpenRooms(); }
  std::optional<std::vector<std::string>> Log(store::RoomId r) override { return inner_->Log(r); }
  std::vector<store::QuarantinedRoom> Quarantined() override { return inner_->Quarantined(); }
  std::vector<store::ArchivedGame> ListGames(const std::string& p, int n) override {
    return inner_->ListGames(p, n);
  }
  std::optional<store::ArchivedGame> Game(store::RoomId id) override { return inner_->Game(id); }

 private:
  std::unique_ptr<store::EventStore> inner_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool open_ = true;
  bool fail_ = false;
  int waiting_ = 0;
};

// A registry over a GatedStore, with `per_address` as --max-rooms-per-address; its rooms are
// closed at the end.
struct Registry {
  explicit Registry(int per_address) { config.max_rooms_per_address = per_address; }
  ~Registry() {
    rooms.CloseAll(4000, "end of the test");
    io.poll();
    rooms.ReleaseSessions();
  }
  server::RoomConfig config;
  server::Metrics metrics;
  boost::asio::io_context io;
  GatedStore gated;
  server::RoomRegistry rooms{io, config, metrics, gated};
};

v1::RoomOptions TwoSeats() {
  v1::RoomOptions o;
  o.set_seats(2);
  return o;
}

TEST_CASE(
    "registry: a room whose creation waits on the store holds up no lookup, and counts "
    "against its address's cap meanwhile",
    "[server][security]") {
  Registry fixture(2);
  GatedStore& gated = fixture.gated;
  server::RoomRegistry& registry = fixture.rooms;
  const auto first = registry.Create(TwoSeats(), "192.0.2.1");
  REQUIRE(first.room);

  std::future<server::RoomRegistry::Created> waiting;
  std::future<bool> lookups;
  gated.Close();
  // Whatever fails below, the gate opens before the futures are waited for.
  struct OpenAtExit {
    GatedStore& store;
    ~OpenAtExit() { store.Open(/*fail=*/false); }
  } open_at_exit{gated};
  waiting =
      std::async(std::launch::async, [&] { return registry.Create(TwoSeats(), "192.0.2.1"); });
  REQUIRE(gated.AwaitWaiter(5s));
  // The registry's lock is free: lookups and listings answer while the write waits.
  lookups = std::async(std::launch::async, [&] {
    return registry.Find(first.room->code()) == first.room && registry.size() == 1 &&
           registry.ListPublic().empty();
  });
  REQUIRE(lookups.wait_for(2s) == std::future_status::ready);
  CHECK(lookups.get());
  // The room being written counts: the address is at its cap of 2.
  const auto third = registry.Create(TwoSeats(), "192.0.2.1");
  CHECK(third.room == nullptr);
  CHECK(third.error == v1::ERROR_CODE_TOO_MANY_ROOMS);

  gated.Open(/*fail=*/false);
  const auto second = waiting.get();
  REQUIRE(second.room);
  CHECK(second.room->code() != first.room->code());
  CHECK(registry.Find(second.room->code()) == second.room);
  CHECK(registry.size() == 2);
}

TEST_CASE("registry: a creation the store refuses gives its place under the caps back",
          "[server][security]") {
  Registry fixture(1);
  GatedStore& gated = fixture.gated;
  server::RoomRegistry& registry = fixture.rooms;
  gated.Open(/*fail=*/true);
  const auto refused = registry.Create(TwoSeats(), "192.0.2.7");
  CHECK(refused.room == nullptr);
  CHECK(refused.error == v1::ERROR_CODE_STORE_UNAVAILABLE);
  CHECK(registry.size() == 0);
  gated.Open(/*fail=*/false);
  const auto created = registry.Create(TwoSeats(), "192.0.2.7");
  CHECK(created.room != nullptr);
  CHECK(registry.size() == 1);
}

}  // namespace
}  // namespace carc::test
