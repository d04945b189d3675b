#include "app/archive_api.h"

#include <spdlog/spdlog.h>

#include <charconv>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

namespace carc::server {
namespace {

std::string ErrorJson(const std::string& message) {
  return nlohmann::json{{"error", message}}.dump();
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Percent-decoding of one query component ('+' is a space); nullopt for a bad escape.
std::optional<std::string> Decode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%') {
      if (i + 2 >= s.size()) return std::nullopt;
      const int hi = HexValue(s[i + 1]);
      const int lo = HexValue(s[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::optional<std::map<std::string, std::string>> ParseQuery(std::string_view q) {
  std::map<std::string, std::string> out;
  while (!q.empty()) {
    const auto amp = q.find('&');
    const std::string_view pair = q.substr(0, amp);
    q = amp == std::string_view::npos ? std::string_view() : q.substr(amp + 1);
    if (pair.empty()) continue;
    const auto eq = pair.find('=');
    auto key = Decode(pair.substr(0, eq));
    auto value = Decode(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1));
    if (!key || !value) return std::nullopt;
    out[*key] = *value;
  }
  return out;
}

nlohmann::json GameJson(const store::ArchivedGame& g) {
  nlohmann::json players = nlohmann::json::array();
  for (const auto& p : g.players) players.push_back({{"name", p.name}, {"score", p.score}});
  return {{"id", g.id},
          {"room", g.code},
          {"finished_at", g.finished_at},
          {"players", players},
          {"record", "/api/games/" + std::to_string(g.id) + "/record"}};
}

}  // namespace

bool ServeArchive(store::EventStore& store, const std::string& target,
                  const std::function<void(unsigned, std::string)>& reply) {
  const std::string_view t = target;
  const std::string_view path = t.substr(0, t.find('?'));
  const std::string_view query =
      t.find('?') == std::string_view::npos ? std::string_view() : t.substr(t.find('?') + 1);
  const std::string_view games = "/api/games";
  if (path != games && path.substr(0, games.size() + 1) != "/api/games/") return false;
  try {
    if (path == games || path == "/api/games/") {
      const auto params = ParseQuery(query);
      if (!params) {
        reply(400, ErrorJson("the query has a bad %-escape"));
        return true;
      }
      int limit = 20;
      if (const auto it = params->find("limit"); it != params->end()) {
        const auto& v = it->second;
        const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), limit);
        if (ec != std::errc() || p != v.data() + v.size() || limit < 1 || limit > 100) {
          reply(400, ErrorJson("limit must be a number from 1 to 100"));
          return true;
        }
      }
      const auto player = params->count("player") ? params->at("player") : std::string();
      nlohmann::json list = nlohmann::json::array();
      for (const auto& g : store.ListGames(player, limit)) list.push_back(GameJson(g));
      reply(200, nlohmann::json{{"games", list}}.dump());
      return true;
    }
    // /api/games/{id}/record
    const std::string_view rest = path.substr(games.size() + 1);
    const auto slash = rest.find('/');
    store::RoomId id = 0;
    const std::string_view digits = rest.substr(0, slash);
    const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
    if (ec != std::errc() || p != digits.data() + digits.size() ||
        slash == std::string_view::npos || rest.substr(slash) != "/record") {
      reply(404, ErrorJson("unknown API path"));
      return true;
    }
    const auto game = store.Game(id);
    if (!game) {
      reply(404, ErrorJson("no finished game " + std::to_string(id)));
      return true;
    }
    reply(200, game->record);
  } catch (const store::StoreError& e) {
    spdlog::error("archive: store read failed: {}", e.what());
    reply(503, ErrorJson("the archive cannot be read right now"));
  }
  return true;
}

}  // namespace carc::server
