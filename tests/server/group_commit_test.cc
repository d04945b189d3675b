// Group commit on its own (what queues up while a batch is written goes into the next one, in
// order, and a failed batch fails all of it) and in the SQLite store (a locked store fails the
// batch and writes nothing). store_contract_test.cc checks asynchronous appends in every store.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <future>
#include <mutex>
#include <thread>

#include "append_answers.h"
#include "store/group_commit.h"
#include "store/sqlite_store.h"
#include "test_server.h"

using namespace carc;
namespace cs = carc::server::store;

TEST_CASE("group commit: appends that queue during a write share the next batch, in order",
          "[store]") {
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::mutex mu;
  std::vector<std::vector<std::uint32_t>> batches;
  cs::GroupCommitter committer(
      [&](const std::vector<cs::PendingAppend>& batch) {
        std::vector<std::uint32_t> indexes;
        for (const auto& a : batch) indexes.push_back(a.index);
        {
          std::lock_guard lock(mu);
          batches.push_back(indexes);
        }
        released.wait();  // the first batch is "on the disk" until the test lets it go
        return std::vector<std::string>(batch.size());
      },
      /*max_batch=*/1000);
  test::AppendAnswers answers;
  committer.Submit({1, 0, "first", answers.For(0), {}});
  // Wait until the writer holds the first append, then queue 50 more behind it.
  for (int i = 0; i < 1000; ++i) {
    {
      std::lock_guard lock(mu);
      if (!batches.empty()) break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  for (std::uint32_t i = 1; i <= 50; ++i) {
    committer.Submit({static_cast<cs::RoomId>(i % 7), i, "entry", answers.For(i), {}});
  }
  CHECK(committer.Stats().queued_appends == 50);
  release.set_value();
  committer.Flush();
  REQUIRE(batches.size() == 2);
  CHECK(batches[0] == std::vector<std::uint32_t>{0});
  REQUIRE(batches[1].size() == 50);
  for (std::uint32_t i = 0; i < 50; ++i) CHECK(batches[1][i] == i + 1);
  REQUIRE(answers.got.size() == 51);
  for (std::uint32_t i = 0; i <= 50; ++i) {
    CHECK(answers.got[i].first == i);  // answered in the order handed in
    CHECK(answers.got[i].second.empty());
  }
  const cs::StoreStats stats = committer.Stats();
  CHECK(stats.batches == 2);
  CHECK(stats.batched_appends == 51);
  CHECK(stats.queued_appends == 0);
}

TEST_CASE("group commit: a batch that throws fails every append in it, with the reason",
          "[store]") {
  cs::GroupCommitter committer(
      [](const std::vector<cs::PendingAppend>&) -> std::vector<std::string> {
        throw cs::StoreError("disk on fire");
      },
      8);
  test::AppendAnswers answers;
  for (std::uint32_t i = 0; i < 20; ++i) committer.Submit({1, i, "x", answers.For(i), {}});
  committer.Flush();
  REQUIRE(answers.got.size() == 20);
  for (const auto& [index, error] : answers.got) CHECK(error == "disk on fire");
  CHECK(committer.Stats().failed_appends == 20);
  CHECK(committer.Stats().batches >= 3);  // at most 8 per batch
}

TEST_CASE("store: while another process holds the write lock a batch fails whole, then writes",
          "[store][serial]") {
  const std::string dir = test::NewDataDir();
  auto store = cs::OpenSqliteStore(cs::StorePath(dir), cs::Durability::kFull);
  const cs::RoomId a = store->CreateRoom("AAAAAA", "a0");
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(cs::StorePath(dir).c_str(), &db) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, "PRAGMA busy_timeout = 0", nullptr, nullptr, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_exec(db, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr) == SQLITE_OK);
  test::AppendAnswers answers;
  store->AppendAsync(a, 1, "a1", answers.For(1));  // waits out the 5 s busy timeout, then fails
  store->Flush();
  REQUIRE(answers.got.size() == 1);
  CHECK_FALSE(answers.got[0].second.empty());
  REQUIRE(sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
  CHECK(*store->Log(a) == std::vector<std::string>{"a0"});  // nothing of the failed batch
  store->AppendAsync(a, 1, "a1", answers.For(1));
  store->Flush();
  REQUIRE(answers.got.size() == 2);
  CHECK(answers.got[1].second.empty());
  CHECK(*store->Log(a) == std::vector<std::string>{"a0", "a1"});
  CHECK(store->Stats().failed_appends == 1);
}
