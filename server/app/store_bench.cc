#include "app/store_bench.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "carc/store/v1/room_log.pb.h"
#include "store/sqlite_store.h"

namespace carc::server {
namespace {

struct BenchOptions {
  std::string data_dir = "data";
  std::vector<std::string> durability = {"full", "normal"};
  int rooms = 200;
  int commands = 20000;  // per durability setting and way of writing, over all rooms
  int threads = 2;
};

constexpr const char* kUsage =
    "usage: carcassonne-server bench-store [--data-dir DIR] [--durability full|normal|both]\n"
    "                                      [--rooms N] [--commands N] [--threads N]\n"
    "Appends game commands to a scratch store in DIR (default: data, so that the figures are\n"
    "those of the disk the server uses) and prints the commands per second the store\n"
    "sustains, written two ways: per-append (`threads` writers at once, each append its own\n"
    "transaction) and group-commit (the server's way: each of `rooms` rooms has one append\n"
    "in flight, and the store writes whatever queued up in one transaction). Defaults: 200\n"
    "rooms, 20000 commands, 2 threads. The scratch file is removed after.\n";

bool ParseCount(const std::string& s, int lo, int hi, int& out) {
  int v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v < lo || v > hi) return false;
  out = v;
  return true;
}

// A command entry as a room writes it: a placement with the clock of four seats.
std::string MakeEntry(int i) {
  carc::store::v1::RoomLogEntry entry;
  auto* c = entry.mutable_command();
  c->set_seat(i % 4);
  auto* place = c->mutable_base()->mutable_place_tile();
  place->set_tile("D");
  place->mutable_position()->set_x(i % 13 - 6);
  place->mutable_position()->set_y(i % 7 - 3);
  place->set_rotation(static_cast<std::uint32_t>(i % 4));
  for (int s = 0; s < 4; ++s) c->add_clock_remaining_ms(600000U - static_cast<std::uint32_t>(i));
  return entry.SerializeAsString();
}

// Rooms serialize their entries on their own threads: the timed part only writes them.
const std::string& SampleEntry(int i) {
  static const std::vector<std::string> pool = [] {
    std::vector<std::string> v;
    for (int k = 0; k < 1024; ++k) v.push_back(MakeEntry(k));
    return v;
  }();
  return pool[static_cast<std::size_t>(i) % pool.size()];
}

struct Figures {
  double seconds = 0;
  double per_second = 0;
  double p50_ms = 0;
  double p99_ms = 0;
  double per_batch = 0;  // group commit: commands per transaction
};

double Ms(std::chrono::steady_clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

void Percentiles(std::vector<double> all, Figures& f) {
  std::sort(all.begin(), all.end());
  if (!all.empty()) {
    f.p50_ms = all[all.size() / 2];
    f.p99_ms = all[std::min(all.size() - 1, all.size() * 99 / 100)];
  }
}

// A line a second while `done` climbs to `total`, for slow disks.
void WaitWithProgress(const std::atomic<int>& done, int total) {
  auto last = std::chrono::steady_clock::now();
  while (done.load() < total) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const auto now = std::chrono::steady_clock::now();
    if (now - last >= std::chrono::seconds(1)) {
      std::fprintf(stderr, "  ... %d of %d commands\n", done.load(), total);
      last = now;
    }
  }
}

Figures RunPerAppend(const BenchOptions& o, store::Durability durability, const std::string& path) {
  auto st = store::OpenSqliteStore(path, durability);
  std::vector<store::RoomId> rooms;
  for (int r = 0; r < o.rooms; ++r)
    rooms.push_back(st->CreateRoom("BENCH" + std::to_string(r), "x"));
  const int per_thread = o.commands / o.threads;
  std::vector<std::vector<double>> latencies(static_cast<std::size_t>(o.threads));
  std::atomic<int> done{0};
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> writers;
  for (int t = 0; t < o.threads; ++t) {
    writers.emplace_back([&, t] {
      // Thread t writes the rooms r with r % threads == t, in turn: a room is only ever
      // written by one thread at a time, as by its strand in the server.
      std::vector<std::size_t> mine;
      for (std::size_t r = static_cast<std::size_t>(t); r < rooms.size();
           r += static_cast<std::size_t>(o.threads)) {
        mine.push_back(r);
      }
      std::vector<std::uint32_t> next(rooms.size(), 1);
      auto& lat = latencies[static_cast<std::size_t>(t)];
      for (int i = 0; i < per_thread; ++i) {
        const std::size_t r = mine[static_cast<std::size_t>(i) % mine.size()];
        const std::string& entry = SampleEntry(i);
        const auto t0 = std::chrono::steady_clock::now();
        st->Append(rooms[r], next[r]++, entry);
        lat.push_back(Ms(std::chrono::steady_clock::now() - t0));
        ++done;
      }
    });
  }
  WaitWithProgress(done, per_thread * o.threads);
  for (auto& w : writers) w.join();
  Figures f;
  f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  f.per_second = per_thread * o.threads / f.seconds;
  std::vector<double> all;
  for (const auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  Percentiles(std::move(all), f);
  return f;
}

// As rooms write in the server: each room hands in its next command when the store has
// answered the previous one (AppendAsync), so up to `rooms` appends wait for each batch.
Figures RunGroupCommit(const BenchOptions& o, store::Durability durability,
                       const std::string& path) {
  auto st = store::OpenSqliteStore(path, durability);
  struct BenchRoom {
    store::RoomId id = 0;
    std::uint32_t next = 1;
    std::chrono::steady_clock::time_point sent{};
  };
  std::vector<BenchRoom> rooms(static_cast<std::size_t>(o.rooms));
  for (int r = 0; r < o.rooms; ++r) {
    rooms[static_cast<std::size_t>(r)].id = st->CreateRoom("BENCH" + std::to_string(r), "x");
  }
  const store::StoreStats before = st->Stats();
  std::atomic<int> issued{0};
  std::atomic<int> done{0};
  std::atomic<int> failed{0};
  std::vector<double> latencies;  // the store's thread only, until `done` reaches the total
  latencies.reserve(static_cast<std::size_t>(o.commands));
  std::function<void(std::size_t)> send = [&](std::size_t r) {
    const int i = issued.fetch_add(1);
    if (i >= o.commands) return;
    BenchRoom& room = rooms[r];
    room.sent = std::chrono::steady_clock::now();
    st->AppendAsync(room.id, room.next++, SampleEntry(i), [&, r](std::string error) {
      latencies.push_back(Ms(std::chrono::steady_clock::now() - rooms[r].sent));
      if (!error.empty()) ++failed;
      ++done;
      send(r);
    });
  };
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t r = 0; r < rooms.size(); ++r) send(r);
  WaitWithProgress(done, o.commands);
  Figures f;
  f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  st->Flush();
  if (failed.load() > 0) {
    throw store::StoreError(std::to_string(failed.load()) + " appends failed");
  }
  f.per_second = o.commands / f.seconds;
  const store::StoreStats after = st->Stats();
  const auto batches = after.batches - before.batches;
  f.per_batch = batches == 0 ? 0
                             : static_cast<double>(after.batched_appends - before.batched_appends) /
                                   static_cast<double>(batches);
  Percentiles(std::move(latencies), f);
  return f;
}

}  // namespace

int RunStoreBench(int argc, char** argv) {
  BenchOptions o;
  for (int i = 2; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--help" || flag == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "bench-store: %s needs a value\n%s", flag.c_str(), kUsage);
      return 2;
    }
    const std::string v = argv[++i];
    bool ok = true;
    if (flag == "--data-dir") {
      o.data_dir = v;
    } else if (flag == "--durability") {
      ok = v == "full" || v == "normal" || v == "both";
      o.durability =
          v == "both" ? std::vector<std::string>{"full", "normal"} : std::vector<std::string>{v};
    } else if (flag == "--rooms") {
      ok = ParseCount(v, 1, 100000, o.rooms);
    } else if (flag == "--commands") {
      ok = ParseCount(v, 1, 100000000, o.commands);
    } else if (flag == "--threads") {
      ok = ParseCount(v, 1, 64, o.threads);
    } else {
      std::fprintf(stderr, "bench-store: unknown flag %s\n%s", flag.c_str(), kUsage);
      return 2;
    }
    if (!ok) {
      std::fprintf(stderr, "bench-store: bad value '%s' for %s\n%s", v.c_str(), flag.c_str(),
                   kUsage);
      return 2;
    }
  }
  if (o.rooms < o.threads) {
    std::fprintf(stderr, "bench-store: --rooms must be at least --threads\n");
    return 2;
  }
  std::error_code ec;
  std::filesystem::create_directories(o.data_dir, ec);
  if (ec) {
    std::fprintf(stderr, "bench-store: cannot create %s: %s\n", o.data_dir.c_str(),
                 ec.message().c_str());
    return 1;
  }
  std::printf("bench-store: %d commands over %d rooms (per-append: %d writer threads), in %s\n",
              o.commands, o.rooms, o.threads, std::filesystem::absolute(o.data_dir).c_str());
  SampleEntry(0);  // the pool is built before anything is timed
  for (const std::string& d : o.durability) {
    const std::string path = (std::filesystem::path(o.data_dir) /
                              ("bench-store-" + std::to_string(::getpid()) + ".sqlite"))
                                 .string();
    const auto durability = d == "full" ? store::Durability::kFull : store::Durability::kNormal;
    Figures per_append;
    Figures grouped;
    // One scratch file per way of writing, so that neither starts on the other's file.
    auto remove_scratch = [&] {
      for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix, ec);
    };
    try {
      per_append = RunPerAppend(o, durability, path);
      remove_scratch();
      grouped = RunGroupCommit(o, durability, path);
      remove_scratch();
    } catch (const store::StoreError& e) {
      remove_scratch();
      std::fprintf(stderr, "bench-store: %s\n", e.what());
      return 1;
    }
    std::printf(
        "durability=%-6s per-append   %10.0f commands/s  (%.2f s; append p50 %.3f ms, p99 "
        "%.3f ms)\n",
        d.c_str(), per_append.per_second, per_append.seconds, per_append.p50_ms, per_append.p99_ms);
    std::printf(
        "durability=%-6s group-commit %10.0f commands/s  (%.2f s; append p50 %.3f ms, p99 "
        "%.3f ms; %.1f commands per transaction): %.1fx per-append\n",
        d.c_str(), grouped.per_second, grouped.seconds, grouped.p50_ms, grouped.p99_ms,
        grouped.per_batch, grouped.per_second / per_append.per_second);
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace carc::server
