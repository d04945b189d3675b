#include "arena/arena_log.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

namespace carc::cli {
namespace {

nlohmann::json ToJson(std::int64_t g, const ArenaGame& r) {
  return {{"g", g},
          {"winner", r.winner},
          {"mean_a", r.mean_a},
          {"mean_b", r.mean_b},
          {"seats_a", r.seats_a},
          {"seats_b", r.seats_b},
          {"think_s", {r.think_s[0], r.think_s[1]}},
          {"moves", {r.moves[0], r.moves[1]}},
          {"iterations", {r.iterations[0], r.iterations[1]}}};
}

// Reads one game line; false for anything else.
bool FromJson(const std::string& line, std::int64_t& g, ArenaGame& r) {
  const auto j = nlohmann::json::parse(line, nullptr, false);
  if (!j.is_object()) return false;
  try {
    g = j.at("g").get<std::int64_t>();
    r.winner = j.at("winner").get<int>();
    r.mean_a = j.at("mean_a").get<double>();
    r.mean_b = j.at("mean_b").get<double>();
    r.seats_a = j.at("seats_a").get<std::int64_t>();
    r.seats_b = j.at("seats_b").get<std::int64_t>();
    for (std::size_t i = 0; i < 2; ++i) {
      r.think_s[i] = j.at("think_s").at(i).get<double>();
      r.moves[i] = j.at("moves").at(i).get<std::int64_t>();
      r.iterations[i] = j.at("iterations").at(i).get<std::uint64_t>();
    }
  } catch (const nlohmann::json::exception&) {
    return false;
  }
  return g >= 0 && r.winner >= -1 && r.winner <= 1 && r.seats_a > 0 && r.seats_b > 0;
}

}  // namespace

std::string ArenaLog::Open(const std::string& path, const std::string& options,
                           std::int64_t games) {
  std::string text;
  {
    std::ifstream in(path, std::ios::binary);
    if (in) {
      std::ostringstream all;
      all << in.rdbuf();
      text = all.str();
    }
  }
  // Whole lines only: a last line without its '\n' is a write an interruption cut short.
  std::size_t keep = 0;  // bytes of the whole lines
  std::size_t number = 0;
  for (std::size_t at = 0, end; (end = text.find('\n', at)) != std::string::npos; at = end + 1) {
    const std::string line = text.substr(at, end - at);
    ++number;
    if (number == 1) {
      if (line != options) {
        return path + " was written by an arena run with other options (" + line +
               "); give a new file, or the same options";
      }
    } else {
      std::int64_t g = 0;
      ArenaGame game;
      if (!FromJson(line, g, game)) {
        return path + ", line " + std::to_string(number) + ": not an arena game";
      }
      if (g < games) done_.emplace(g, game);
    }
    keep = end + 1;
  }
  if (keep < text.size()) {
    std::error_code ec;
    std::filesystem::resize_file(path, keep, ec);
    if (ec) return "cannot write " + path + ": " + ec.message();
  }
  out_.open(path, std::ios::binary | std::ios::app);
  if (!out_) return "cannot write " + path;
  if (keep == 0) out_ << options << '\n' << std::flush;
  return out_ ? "" : "cannot write " + path;
}

bool ArenaLog::Append(std::int64_t g, const ArenaGame& game) {
  const std::lock_guard lock(mutex_);
  out_ << ToJson(g, game).dump() << '\n' << std::flush;
  return static_cast<bool>(out_);
}

}  // namespace carc::cli
