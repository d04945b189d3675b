// `carcassonne load --server A,B,C` against a cluster of three server processes on a real
// PostgreSQL (loopback only): rooms start round robin on the nodes, and when one node is killed
// with SIGKILL in the middle of the window its seats fail over (the next server in the list,
// their resume tokens, the Redirect to the node that took their room) and play on. Bounded: the
// load tool's window is 8 s and it ends by itself.
#include <signal.h>

#include <catch2/catch.hpp>
#include <future>
#include <memory>
#include <nlohmann/json.hpp>
#include <thread>

#include "cli/cli_run.h"
#include "client/server_list.h"
#include "server_process.h"
#include "test_postgres.h"
#include "test_server.h"

namespace carc::test {
namespace {

constexpr int kClusterNodes = 3;

}  // namespace

TEST_CASE(
    "load against a cluster of 3 nodes spreads its rooms, and its seats fail over when a node is "
    "killed",
    "[postgres][cluster][serial][cli][load]") {
  const std::string url = NewPostgresDatabase();
  std::vector<std::unique_ptr<ServerProcess>> nodes;
  std::string servers;
  for (int i = 0; i < kClusterNodes; ++i) {
    const std::string dir = NewDataDir();
    nodes.push_back(std::make_unique<ServerProcess>(
        FreePort(), dir, dir + "/server.log",
        std::vector<std::string>{"--store", url, "--node-id", "n" + std::to_string(i), "--lease-ms",
                                 "2000", "--max-rooms-per-address", "1000", "--rate-per-second",
                                 "1000", "--rate-burst", "1000"}));
    REQUIRE(nodes.back()->Start() == "");
    servers += (servers.empty() ? "" : ",") + client::UrlOf(nodes.back()->address());
  }

  // 6 rooms of 2: rooms 1 and 4 start on node n1. The window opens about 1 s after the start.
  auto load = std::async(std::launch::async, [&servers] {
    return RunCliAnyThread(
        "load --server " + servers +
            " --rooms 6 --players 2 --think-ms 40 --duration 8 --threads 2 --settle 0"
            " --json",
        false);
  });
  std::this_thread::sleep_for(std::chrono::seconds(3));
  REQUIRE(nodes[1]->Stop(SIGKILL) != 0);
  REQUIRE(load.wait_for(std::chrono::seconds(60)) == std::future_status::ready);
  const CliRun run = load.get();
  INFO(run.out);
  REQUIRE(nlohmann::json::accept(run.out));
  const auto r = nlohmann::json::parse(run.out);

  CHECK(run.code == 0);  // every seat connected at the end of the window
  CHECK(r["servers"] == kClusterNodes);
  CHECK(r["connections_held"] == 12);
  CHECK(r["connect_failures"] == 0);
  // Node n1's 4 seats lost their connections and got them back on the other nodes.
  CHECK(r["connections_lost"].get<int>() >= 4);
  CHECK(r["connections_regained"].get<int>() >= r["connections_lost"].get<int>());
  CHECK(r["commands"].get<int>() > 100);
  CHECK(r["games_finished"].get<int>() >= 1);

  // The rooms n1 held are served by the survivors now: every room the load made is leased to
  // n0 or n2, or finished.
  int served = 0;
  for (const int k : {0, 2}) {
    const HttpResult m = HttpGet(nodes[static_cast<std::size_t>(k)]->port(), "/metrics");
    const std::string key = "\ncarc_cluster_rooms_claimed_total ";
    const auto at = m.body.find(key);
    REQUIRE(at != std::string::npos);
    served += std::stoi(m.body.substr(at + key.size()));
  }
  CHECK(served >= 1);  // n1's rooms were taken over, not abandoned
  for (const int k : {0, 2}) CHECK(nodes[static_cast<std::size_t>(k)]->Stop(SIGTERM) == 0);
}

}  // namespace carc::test
