// The room registry without a socket: a room's creation waiting on the store holds up that
// creation only.
#include <boost/asio/io_context.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>

#include "app/metrics.h"
#include "create_room.h"
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
  void OnWriter(std::function<void()> write) override { inner_->OnWriter(std::move(write)); }
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
    "registry: a room whose creation waits on the store holds up no caller and no lookup, and "
    "counts against its address's cap meanwhile",
    "[server][security]") {
  Registry fixture(2);
  GatedStore& gated = fixture.gated;
  server::RoomRegistry& registry = fixture.rooms;
  const auto first = CreateRoomNow(registry, TwoSeats(), "192.0.2.1", &fixture.io);
  REQUIRE(first.room);

  gated.Close();
  // Whatever fails below, the gate opens before the fixture goes.
  struct OpenAtExit {
    GatedStore& store;
    ~OpenAtExit() { store.Open(/*fail=*/false); }
  } open_at_exit{gated};
  std::optional<server::RoomRegistry::Created> second;
  const auto before = std::chrono::steady_clock::now();
  registry.Create(TwoSeats(), "192.0.2.1",
                  [&second](server::RoomRegistry::Created c) { second = std::move(c); });
  // The caller (a network thread) is back at once: the write waits on the store's own thread.
  CHECK(std::chrono::steady_clock::now() - before < 1s);
  REQUIRE(gated.AwaitWaiter(5s));
  CHECK_FALSE(second);
  // The registry's lock is free: lookups and listings answer while the write waits.
  CHECK(registry.Find(first.room->code()) == first.room);
  CHECK(registry.size() == 1);
  CHECK(registry.ListPublic().empty());
  // The room being written counts: the address is at its cap of 2, and hears so at once.
  std::optional<server::RoomRegistry::Created> third;
  registry.Create(TwoSeats(), "192.0.2.1",
                  [&third](server::RoomRegistry::Created c) { third = std::move(c); });
  REQUIRE(third);
  CHECK(third->room == nullptr);
  CHECK(third->error == v1::ERROR_CODE_TOO_MANY_ROOMS);

  gated.Open(/*fail=*/false);
  const auto until = std::chrono::steady_clock::now() + 10s;
  while (!second && std::chrono::steady_clock::now() < until) {
    fixture.io.restart();
    fixture.io.run_one_for(10ms);
  }
  REQUIRE(second);
  REQUIRE(second->room);
  CHECK(second->room->code() != first.room->code());
  CHECK(registry.Find(second->room->code()) == second->room);
  CHECK(registry.size() == 2);
}

TEST_CASE("registry: a creation the store refuses gives its place under the caps back",
          "[server][security]") {
  Registry fixture(1);
  GatedStore& gated = fixture.gated;
  server::RoomRegistry& registry = fixture.rooms;
  gated.Open(/*fail=*/true);
  const auto refused = CreateRoomNow(registry, TwoSeats(), "192.0.2.7", &fixture.io);
  CHECK(refused.room == nullptr);
  CHECK(refused.error == v1::ERROR_CODE_STORE_UNAVAILABLE);
  CHECK(registry.size() == 0);
  gated.Open(/*fail=*/false);
  const auto created = CreateRoomNow(registry, TwoSeats(), "192.0.2.7", &fixture.io);
  CHECK(created.room != nullptr);
  CHECK(registry.size() == 1);
}

}  // namespace
}  // namespace carc::test
