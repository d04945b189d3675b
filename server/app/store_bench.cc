#include "app/store_bench.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
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
  int rooms = 20;
  int commands = 2000;  // per durability setting, over all rooms
  int threads = 2;
};

constexpr const char* kUsage =
    "usage: carcassonne-server bench-store [--data-dir DIR] [--durability full|normal|both]\n"
    "                                      [--rooms N] [--commands N] [--threads N]\n"
    "Appends game commands to a scratch store in DIR (default: data, so that the figures are\n"
    "those of the disk the server uses), `threads` writers at once over `rooms` rooms, and\n"
    "prints the commands per second the store sustains. The scratch file is removed after.\n";

bool ParseCount(const std::string& s, int lo, int hi, int& out) {
  int v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v < lo || v > hi) return false;
  out = v;
  return true;
}

// A command entry as a room writes it: a placement with the clock of four seats.
std::string SampleEntry(int i) {
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

struct Figures {
  double seconds = 0;
  double per_second = 0;
  double p50_ms = 0;
  double p99_ms = 0;
};

Figures RunOne(const BenchOptions& o, store::Durability durability, const std::string& path) {
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
        const std::string entry = SampleEntry(i);
        const auto t0 = std::chrono::steady_clock::now();
        st->Append(rooms[r], next[r]++, entry);
        lat.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count());
        ++done;
      }
    });
  }
  // Progress for slow disks: a line every second.
  auto last = start;
  while (done.load() < per_thread * o.threads) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const auto now = std::chrono::steady_clock::now();
    if (now - last >= std::chrono::seconds(1)) {
      std::fprintf(stderr, "  ... %d of %d commands\n", done.load(), per_thread * o.threads);
      last = now;
    }
  }
  for (auto& w : writers) w.join();
  Figures f;
  f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  f.per_second = per_thread * o.threads / f.seconds;
  std::vector<double> all;
  for (const auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  std::sort(all.begin(), all.end());
  if (!all.empty()) {
    f.p50_ms = all[all.size() / 2];
    f.p99_ms = all[std::min(all.size() - 1, all.size() * 99 / 100)];
  }
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
  std::printf("bench-store: %d commands over %d rooms, %d writer thread(s), in %s\n", o.commands,
              o.rooms, o.threads, std::filesystem::absolute(o.data_dir).c_str());
  for (const std::string& d : o.durability) {
    const std::string path = (std::filesystem::path(o.data_dir) /
                              ("bench-store-" + std::to_string(::getpid()) + ".sqlite"))
                                 .string();
    Figures f;
    try {
      f = RunOne(o, d == "full" ? store::Durability::kFull : store::Durability::kNormal, path);
    } catch (const store::StoreError& e) {
      std::fprintf(stderr, "bench-store: %s\n", e.what());
      return 1;
    }
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix, ec);
    std::printf("durability=%-6s %10.0f commands/s  (%.2f s; append p50 %.3f ms, p99 %.3f ms)\n",
                d.c_str(), f.per_second, f.seconds, f.p50_ms, f.p99_ms);
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace carc::server
