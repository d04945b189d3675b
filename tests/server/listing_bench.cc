// The cluster-wide room list, measured (bench/cluster_lobby.sh runs it; hidden from the suite):
// two nodes in this process on one PostgreSQL database with the default lease (3000 ms: each
// node publishes and reads every 1000 ms).
// - Staleness: a public room is made on node a; how long until node b's ListRooms shows it.
// - Cost: how long one node's read of the others' lists takes (the query each node runs every
//   period), with 2 other nodes publishing 2,000 rooms each, the most a node serves by default.
// Trials: CARC_LISTING_TRIALS (20).
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "store/pg_connection.h"
#include "store/postgres_store.h"
#include "store/room_leases.h"
#include "test_postgres.h"
#include "test_server.h"

namespace carc::test {
namespace {

using Clock = std::chrono::steady_clock;
namespace cs = carc::server::store;

double Ms(Clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

void Print(const char* what, std::vector<double> v) {
  std::sort(v.begin(), v.end());
  std::printf("%s: median %.1f ms, min %.1f, max %.1f (%zu trials)\n", what, v[v.size() / 2],
              v.front(), v.back(), v.size());
}

}  // namespace

TEST_CASE("the cluster's room list: staleness and cost", "[.][listing-bench]") {
  const char* env = std::getenv("CARC_LISTING_TRIALS");
  const int trials = env != nullptr ? std::max(1, std::atoi(env)) : 20;
  const std::string url = NewPostgresDatabase();
  server::ServerConfig config = TestConfig();
  config.store = url;
  config.lease = std::chrono::milliseconds(3000);
  config.max_rooms_per_address = 100000;
  config.node_id = "a";
  TestServer a(config);
  config.node_id = "b";
  TestServer b(config);

  std::vector<double> stale;
  std::vector<std::unique_ptr<client::WsClient>> hosts;  // kept: an empty room is not listed
  for (int t = 0; t < trials; ++t) {
    v1::RoomOptions options;
    options.set_game_type(v1::GAME_TYPE_BASE);
    options.set_seats(2);
    options.set_is_public(true);
    hosts.push_back(DialHello(a));
    REQUIRE(hosts.back());
    const auto made = Ask(*hosts.back(), CreateMsg(options));
    REQUIRE(made);
    REQUIRE(made->has_seat_granted());
    const auto at = Clock::now();
    const std::string code = made->seat_granted().room_code();
    while (!ListsRoom(b, code).value_or(false)) {
      REQUIRE(Clock::now() - at < std::chrono::seconds(10));
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    stale.push_back(Ms(Clock::now() - at));
    // Start the next trial at another point of the nodes' periods.
    std::this_thread::sleep_for(std::chrono::milliseconds(137 * (t % 7)));
  }
  Print("a public room made on node a, until node b lists it", stale);

  // Two more (pretend) nodes, live, with 2,000 rooms listed each.
  v1::RoomList big;
  for (int i = 0; i < 2000; ++i) {
    v1::RoomSummary* s = big.add_rooms();
    s->set_code("R" + std::to_string(100000 + i));
    s->set_game_type(v1::GAME_TYPE_BASE);
    s->set_seats(4);
    s->set_players(2);
    s->set_host_name("player number " + std::to_string(i));
    s->set_status(v1::ROOM_STATUS_LOBBY);
  }
  const std::string bytes = big.SerializeAsString();
  {
    cs::PgConnection db(url);
    for (const char* id : {"x", "y"}) {
      db.Exec(
          "INSERT INTO nodes (id, advertise, lease_ms, seen_at, listing) "
          "VALUES ($1, 'ws://127.0.0.1:1/ws', 600000, clock_timestamp(), $2)",
          {id, cs::PgParam::Bytes(bytes)});
    }
  }
  const auto store = cs::OpenPostgresStore(url, cs::Durability::kNormal);
  store->leases()->Join("bench", "ws://127.0.0.1:2/ws", std::chrono::milliseconds(3000));
  std::vector<double> cost;
  std::size_t rooms = 0;
  for (int t = 0; t < 50; ++t) {
    const auto at = Clock::now();
    const auto listings = store->leases()->OtherListings();
    rooms = 0;
    for (const auto& l : listings) {
      v1::RoomList list;
      REQUIRE(list.ParseFromString(l));
      rooms += static_cast<std::size_t>(list.rooms_size());
    }
    cost.push_back(Ms(Clock::now() - at));
  }
  std::printf("listing bytes per 2,000-room node: %zu\n", bytes.size());
  std::printf("rooms read per poll: %zu\n", rooms);
  Print("one poll (read and parse the other nodes' lists)", cost);
  CHECK(rooms >= 4000);
}

}  // namespace carc::test
