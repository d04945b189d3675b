// The PostgreSQL store when its connection fails during a COMMIT (tests/server/fault_proxy.h
// between the store and the test run's PostgreSQL): the store asks the log whether the commit
// took place, and answers each append truly; when it cannot ask, the append is "in doubt" and
// the node gives the room's lease up, so that the room is rebuilt from the log, whatever the
// log holds. Nothing acknowledged may be missing from the log, and nothing refused may be
// treated as written.
#include <catch2/catch.hpp>
#include <chrono>
#include <future>

#include "fault_proxy.h"
#include "store/postgres_store.h"
#include "store/room_leases.h"
#include "test_postgres.h"

using namespace carc;
using namespace carc::test;
namespace cs = carc::server::store;

namespace {

// postgresql://carc@127.0.0.1:PORT/DB -> its PORT, and the same URL with another port.
std::uint16_t PortOf(const std::string& url) {
  const auto colon = url.rfind(':');
  return static_cast<std::uint16_t>(std::stoi(url.substr(colon + 1)));
}
std::string WithPort(const std::string& url, std::uint16_t port) {
  const auto colon = url.rfind(':');
  const auto slash = url.find('/', colon);
  return url.substr(0, colon + 1) + std::to_string(port) + url.substr(slash);
}

std::string AppendAndWait(cs::EventStore& store, cs::RoomId room, std::uint32_t index,
                          const std::string& entry) {
  std::promise<std::string> done;
  auto answer = done.get_future();
  store.AppendAsync(room, index, entry, [&done](std::string error) { done.set_value(error); });
  REQUIRE(answer.wait_for(std::chrono::seconds(60)) == std::future_status::ready);
  return answer.get();
}

bool Holds(cs::RoomLeases& leases, cs::RoomId room) {
  for (const auto& l : leases.Held()) {
    if (l.room == room) return true;
  }
  return false;
}

}  // namespace

TEST_CASE(
    "PostgreSQL store: a connection lost while committing is settled by asking the log, and "
    "an append the log cannot be asked about is in doubt and gives the room's lease up",
    "[postgres]") {
  const std::string url = NewPostgresDatabase();
  FaultProxy proxy(PortOf(url));
  const auto store = cs::OpenPostgresStore(WithPort(url, proxy.port()), cs::Durability::kFull);
  cs::RoomLeases& leases = *store->leases();
  leases.Join("n0", "ws://127.0.0.1:1/ws", std::chrono::milliseconds(60000));
  const cs::RoomId room = store->CreateRoom("ABC234", "entry 0");
  const auto truth = cs::OpenPostgresStore(url, cs::Durability::kFull);  // not through the proxy
  auto logged = [&] { return truth->Log(room).value_or(std::vector<std::string>{}); };

  // The COMMIT reached the database and its answer was lost: the entry is in the log, so the
  // append is acknowledged.
  proxy.Arm(FaultProxy::Fault::kDropCommitAnswer);
  CHECK(AppendAndWait(*store, room, 1, "entry 1") == "");
  CHECK(proxy.faults() == 1);
  CHECK(store->Stats().writes_settled == 1);
  CHECK(logged() == std::vector<std::string>{"entry 0", "entry 1"});

  // The COMMIT never reached the database: the entry is not in the log, so the append fails,
  // and the room goes on from where the log is.
  proxy.Arm(FaultProxy::Fault::kDropCommit);
  const std::string refused = AppendAndWait(*store, room, 2, "entry 2");
  CHECK(proxy.faults() == 2);
  CHECK_FALSE(refused.empty());
  CHECK(refused.rfind(cs::kInDoubt, 0) != 0);
  CHECK(store->Stats().writes_settled == 2);
  CHECK(logged().size() == 2);
  CHECK(AppendAndWait(*store, room, 2, "entry 2 again") == "");
  CHECK(Holds(leases, room));

  // The answer lost, and the database unreachable afterwards: in doubt. The append is not
  // acknowledged, the node gives the room up, and its later appends are refused.
  proxy.set_refuse(true);
  proxy.Arm(FaultProxy::Fault::kDropCommitAnswer);
  const std::string doubt = AppendAndWait(*store, room, 3, "entry 3");
  CHECK(proxy.faults() == 3);
  INFO(doubt);
  CHECK(doubt.rfind(cs::kInDoubt, 0) == 0);
  CHECK(store->Stats().writes_in_doubt == 1);
  CHECK_FALSE(Holds(leases, room));
  proxy.set_refuse(false);
  const std::string later = AppendAndWait(*store, room, 4, "entry 4");
  CHECK(later.rfind(cs::kLeaseLost, 0) == 0);
  // What the log holds is the truth the room is rebuilt from: here the commit took place.
  CHECK(logged() == std::vector<std::string>{"entry 0", "entry 1", "entry 2 again", "entry 3"});
}
