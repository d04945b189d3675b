// Room leases and fencing tokens in PostgreSQL (store/room_leases.h): several nodes, each its
// own store on one database of the test server, with leases of a few hundred milliseconds.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <future>
#include <set>
#include <thread>

#include "store/pg_connection.h"
#include "store/postgres_store.h"
#include "store/room_leases.h"
#include "test_postgres.h"

using namespace std::chrono_literals;
namespace cs = carc::server::store;

namespace {

struct Node {
  Node(const std::string& url, const std::string& id, std::chrono::milliseconds lease)
      : store(cs::OpenPostgresStore(url, cs::Durability::kNormal)), leases(*store->leases()) {
    leases.Join(id, "ws://" + id + ".test:8080/ws", lease);
  }
  std::unique_ptr<cs::EventStore> store;
  cs::RoomLeases& leases;
};

std::string AsyncAppend(cs::EventStore& store, cs::RoomId room, std::uint32_t index,
                        std::string entry) {
  std::promise<std::string> answer;
  store.AppendAsync(room, index, std::move(entry),
                    [&](std::string error) { answer.set_value(std::move(error)); });
  return answer.get_future().get();
}

}  // namespace

TEST_CASE(
    "leases: one node holds a room, another takes it only once the lease has run out, "
    "with a higher token, and the first is fenced off",
    "[store][postgres][leases]") {
  const std::string url = carc::test::NewPostgresDatabase();
  Node a(url, "a", 400ms);
  Node b(url, "b", 400ms);
  const cs::RoomId room = a.store->CreateRoom("AAAAAA", "a0");
  REQUIRE(a.leases.Held().size() == 1);
  CHECK(a.leases.Held()[0].token == 1);
  a.store->Append(room, 1, "a1");

  CHECK_FALSE(b.leases.Acquire(room));  // a's lease is live
  const auto home = b.leases.Locate("AAAAAA");
  REQUIRE(home);
  CHECK(home->room == room);
  CHECK(home->node == "a");
  CHECK(home->advertise == "ws://a.test:8080/ws");
  CHECK_FALSE(b.leases.Locate("ZZZZZZ"));
  // b holds no lease of it: its appends are refused before they reach the database.
  CHECK_THROWS_WITH(b.store->Append(room, 2, "b2"), Catch::StartsWith(cs::kLeaseLost));

  std::this_thread::sleep_for(500ms);  // a does not renew: its lease runs out
  CHECK(b.leases.Locate("AAAAAA")->node == "");
  const auto taken = b.leases.Acquire(room);
  REQUIRE(taken);
  CHECK(taken->token == 2);
  CHECK(b.leases.Locate("AAAAAA")->node == "b");

  // a still believes it holds the room: the fencing token refuses its write, synchronous or not.
  CHECK_THROWS_WITH(a.store->Append(room, 2, "a2"), Catch::StartsWith(cs::kLeaseLost) &&
                                                        Catch::Contains("node b") &&
                                                        Catch::Contains("token 2"));
  CHECK(a.leases.Held().empty());
  CHECK(a.leases.Renew().empty());  // already dropped by the refused write
  b.store->Append(room, 2, "b2");
  CHECK(*b.store->Log(room) == std::vector<std::string>{"a0", "a1", "b2"});
  CHECK_THROWS_AS(a.store->Dispose(room), cs::StoreError);  // fenced too
  CHECK(b.store->OpenRooms().size() == 1);
}

TEST_CASE(
    "leases: a node paused past its lease has its queued writes refused and learns it "
    "lost the room at its next renewal",
    "[store][postgres][leases]") {
  const std::string url = carc::test::NewPostgresDatabase();
  Node a(url, "a", 300ms);
  Node b(url, "b", 300ms);
  const cs::RoomId kept = a.store->CreateRoom("KKKKKK", "k0");
  const cs::RoomId lost = a.store->CreateRoom("LLLLLL", "l0");
  std::this_thread::sleep_for(400ms);  // "paused": no renewal
  // Nobody took `kept`, yet the lease ran out: a write could race a node taking it, so refused.
  const std::string ran_out = AsyncAppend(*a.store, kept, 1, "k1");
  CHECK_THAT(ran_out, Catch::StartsWith(cs::kLeaseLost) && Catch::Contains("ran out"));
  REQUIRE(b.leases.Acquire(lost));
  b.store->Append(lost, 1, "b1");
  const std::string fenced = AsyncAppend(*a.store, lost, 1, "l1");
  CHECK_THAT(fenced, Catch::StartsWith(cs::kLeaseLost) && Catch::Contains("node b"));
  CHECK(*b.store->Log(lost) == std::vector<std::string>{"l0", "b1"});
  CHECK(*b.store->Log(kept) == std::vector<std::string>{"k0"});
  CHECK(a.leases.Held().empty());
}

TEST_CASE("leases: renewal keeps a room, and Renew reports the rooms lost",
          "[store][postgres][leases]") {
  const std::string url = carc::test::NewPostgresDatabase();
  // A lease of 1 s, renewed every 100 ms for 1.5 s: longer than the lease, so only renewal
  // keeps the rooms. The steps after the loop get the rest of a lease (a sanitized build on a
  // busy machine took more than 300 ms for them).
  Node a(url, "a", 1000ms);
  Node b(url, "b", 1000ms);
  const cs::RoomId x = a.store->CreateRoom("XXXXXX", "x0");
  const cs::RoomId y = a.store->CreateRoom("YYYYYY", "y0");
  for (int i = 0; i < 15; ++i) {
    std::this_thread::sleep_for(100ms);
    CHECK(a.leases.Renew().empty());
    CHECK_FALSE(b.leases.Acquire(x));
  }
  // b takes y by force of a stale clock: a restarted a would do the same (Join expires a's
  // leases), so here a's lease of y is ended by hand as if it ran out.
  {
    carc::server::store::PgConnection db(url);
    db.Exec("UPDATE room_leases SET expires_at = clock_timestamp() WHERE room_id = $1",
            {cs::PgParam::Int(y)});
  }
  REQUIRE(b.leases.Acquire(y));
  CHECK(a.leases.Renew() == std::vector<cs::RoomId>{y});
  REQUIRE(a.leases.Held().size() == 1);
  CHECK(a.leases.Held()[0].room == x);
  a.store->Append(x, 1, "x1");
}

TEST_CASE("leases: nodes claiming orphaned rooms at once never take the same room",
          "[store][postgres][leases]") {
  const std::string url = carc::test::NewPostgresDatabase();
  std::set<cs::RoomId> rooms;
  {
    Node dead(url, "dead", 200ms);
    for (int i = 0; i < 30; ++i) {
      rooms.insert(dead.store->CreateRoom("R" + std::to_string(100000 + i), "0"));
    }
  }
  std::this_thread::sleep_for(300ms);
  Node b(url, "b", 5000ms);
  Node c(url, "c", 5000ms);
  Node d(url, "d", 5000ms);
  std::vector<std::future<std::vector<cs::Lease>>> claims;
  for (Node* n : {&b, &c, &d}) {
    claims.push_back(std::async(std::launch::async, [n] {
      std::vector<cs::Lease> all;
      for (int round = 0; round < 10; ++round) {
        for (const cs::Lease& l : n->leases.ClaimOrphans(4)) all.push_back(l);
      }
      return all;
    }));
  }
  std::set<cs::RoomId> claimed;
  std::size_t total = 0;
  for (auto& f : claims) {
    for (const cs::Lease& l : f.get()) {
      claimed.insert(l.room);
      CHECK(l.token == 2);
      ++total;
    }
  }
  CHECK(total == 30);  // no room twice
  CHECK(claimed == rooms);
  CHECK(b.leases.ClaimOrphans(10).empty());
}

TEST_CASE("leases: a node that leaves hands its rooms over at once, and nodes are listed",
          "[store][postgres][leases]") {
  const std::string url = carc::test::NewPostgresDatabase();
  Node a(url, "a", 60000ms);  // a lease that would take a minute to run out
  Node b(url, "b", 60000ms);
  for (int i = 0; i < 3; ++i) a.store->CreateRoom("L" + std::to_string(10000 + i), "0");
  auto nodes = b.leases.Nodes();
  REQUIRE(nodes.size() == 2);
  CHECK(nodes[0].id == "a");
  CHECK(nodes[0].live);
  CHECK(nodes[0].rooms == 3);
  a.leases.Leave();
  CHECK(b.leases.ClaimOrphans(10).size() == 3);
  nodes = b.leases.Nodes();
  CHECK(nodes[0].leaving);
  CHECK_FALSE(nodes[0].live);
  CHECK(nodes[1].rooms == 3);
}

TEST_CASE(
    "leases: resume tokens are found on any node, and a restarted node's old leases are "
    "free at once",
    "[store][postgres][leases]") {
  const std::string url = carc::test::NewPostgresDatabase();
  cs::RoomId room = 0;
  {
    Node a(url, "a", 60000ms);
    room = a.store->CreateRoom("TTTTTT", "t0");
    a.leases.IndexToken("hash-of-a-token", room);
  }
  Node b(url, "b", 60000ms);
  const auto home = b.leases.LocateToken("hash-of-a-token");
  REQUIRE(home);
  CHECK(home->code == "TTTTTT");
  CHECK(home->node == "a");
  CHECK_FALSE(b.leases.LocateToken("another"));
  Node a_again(url, "a", 60000ms);  // the same id: the old process is gone
  const auto orphans = b.leases.ClaimOrphans(10);
  REQUIRE(orphans.size() == 1);
  CHECK(orphans[0].token == 2);
}

TEST_CASE(
    "leases: a write racing a takeover lands before the new holder reads the log, or not "
    "at all",
    "[store][postgres][leases]") {
  const std::string url = carc::test::NewPostgresDatabase();
  Node a(url, "a", 60000ms);
  Node b(url, "b", 60000ms);
  cs::PgConnection db(url);
  for (int round = 0; round < 20; ++round) {
    const cs::RoomId room = a.store->CreateRoom("Q" + std::to_string(10000 + round), "0");
    std::atomic<bool> stop{false};
    std::thread writer([&] {
      for (std::uint32_t i = 1; !stop; ++i) {
        try {
          a.store->Append(room, i, "a");
        } catch (const cs::StoreError&) {
          return;  // fenced
        }
      }
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(round % 5));
    db.Exec("UPDATE room_leases SET expires_at = clock_timestamp() WHERE room_id = $1",
            {cs::PgParam::Int(room)});
    REQUIRE(b.leases.Acquire(room));
    const auto log = b.store->Log(room);
    std::this_thread::sleep_for(5ms);  // any write of a's that slipped through is in by now
    const std::uint32_t next = static_cast<std::uint32_t>(log->size());
    INFO("round " << round << ": the log b read had " << next << " entries");
    CHECK_NOTHROW(b.store->Append(room, next, "b"));  // nothing of a's came after b's read
    stop = true;
    writer.join();
  }
}
