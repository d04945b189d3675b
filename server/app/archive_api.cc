#include "app/archive_api.h"

#include <spdlog/spdlog.h>

#include <charconv>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <variant>
#include <vector>

#include "app/replay_cache.h"
#include "carc/codec/json_limits.h"
#include "carc/codec/record.h"
#include "carc/codec/replay.h"
#include "games/registry.h"
#include "net/percent_decode.h"
#include "net/static_files.h"
#include "rooms/archived_record.h"

namespace carc::server {
namespace {

std::string ErrorJson(const std::string& message) {
  return nlohmann::json{{"error", message}}.dump();
}

nlohmann::json GameJson(const store::ArchivedGame& g) {
  nlohmann::json players = nlohmann::json::array();
  for (const auto& p : g.players) players.push_back({{"name", p.name}, {"score", p.score}});
  return {{"id", g.id},
          {"room", g.code},
          {"finished_at", g.finished_at},
          {"game", g.game},
          {"players", players},
          {"record", "/api/games/" + std::to_string(g.id) + "/record"},
          {"replay", "/api/games/" + std::to_string(g.id) + "/replay"}};
}

ApiResponse Json(unsigned status, std::string body) {
  return {status, "application/json", std::move(body), ""};
}

ApiResponse NotAllowed(const std::string& allow) {
  return {405, "application/json", ErrorJson("method not allowed: use " + allow), allow};
}

bool IsRead(const ApiRequest& request) {
  return request.method == "GET" || request.method == "HEAD";
}

ApiResponse ReplayAnswer(const std::variant<v1::Replay, codec::RecordError>& built) {
  if (const auto* error = std::get_if<codec::RecordError>(&built)) {
    nlohmann::json body = {{"error", codec::Describe(*error)}, {"rule", error->rule}};
    if (error->turn >= 0) body["turn"] = error->turn;
    return Json(400, body.dump());
  }
  return {200, std::string(kReplayContentType), std::get<v1::Replay>(built).SerializeAsString(),
          ""};
}

// POST /api/replay: nothing in the upload is trusted, and whatever is wrong with it is a 400
// that names it. The record parsers refuse JSON nested deeper than codec::kMaxJsonDepth while
// parsing, before anything recursive (dumps, copies, comparisons) can touch the value.
ApiResponse ReplayUpload(const std::string& body) {
  try {
    // Parsed once: the game it names decides which record format reads the value.
    auto json = codec::ParseLimitedJson(body, "record");
    if (const auto* why = std::get_if<std::string>(&json)) {
      return ReplayAnswer(codec::RecordError{-1, "", *why});
    }
    const auto& value = std::get<nlohmann::ordered_json>(json);
    const GameAdapter* game = FindGameOfRecord(value);
    if (game == nullptr) {
      return ReplayAnswer(
          codec::RecordError{-1, "", "game must be one of " + GameNames(", ", "\"")});
    }
    return ReplayAnswer(game->Replay(value, {}, /*uploaded=*/true));
  } catch (const std::exception& e) {
    return Json(400, ErrorJson(std::string("not a valid record: ") + e.what()));
  }
}

// The identity of an archived game's record and replay: the game's id never names another game
// in this store, and the server's version changes it when the replay's encoding may change.
std::string ArchiveTag(store::RoomId id, std::string_view what) {
  return "\"" + std::string(what.substr(1)) + "-" + std::to_string(id) +
         "-" CARC_SERVER_VERSION "\"";
}

ApiResponse Cacheable(ApiResponse response, const std::string& etag) {
  if (response.status == 200) {
    response.etag = etag;
    response.cache_control = std::string(kArchiveCacheControl);
  }
  return response;
}

// Only archived games are replayed: their play is over, so every tile in the record is public.
// `record` is the game's (RecordOfArchived).
ApiResponse ArchivedReplay(const store::ArchivedGame& game, const std::string& record) {
  std::vector<std::string> names;
  for (const auto& p : game.players) names.push_back(p.name);
  std::variant<v1::Replay, codec::RecordError> built;
  // The store read the record's game already: it picks the reader.
  const GameAdapter* adapter = FindGameNamed(game.game);
  if (adapter == nullptr) {
    built = codec::RecordError{-1, "", "no game named " + game.game};
  } else {
    auto json = codec::ParseLimitedJson(record, "record");
    if (const auto* why = std::get_if<std::string>(&json)) {
      built = codec::RecordError{-1, "", *why};
    } else {
      built = adapter->Replay(std::get<nlohmann::ordered_json>(json), names, /*uploaded=*/false);
    }
  }
  if (const auto* error = std::get_if<codec::RecordError>(&built)) {
    spdlog::error("archive: game {} cannot be replayed: {}", game.id, codec::Describe(*error));
    return Json(500, ErrorJson("game " + std::to_string(game.id) + " cannot be replayed"));
  }
  return ReplayAnswer(built);
}

}  // namespace

bool IsArchivePath(const ApiRequest& request) {
  const std::string_view t = request.target;
  const std::string_view path = t.substr(0, t.find('?'));
  return path == "/api/replay" || path == "/api/games" || path.starts_with("/api/games/");
}

bool ServeArchive(store::EventStore& store, const ApiRequest& request, const ApiReply& reply,
                  GameAnalyses* analyses, ReplayCache* cache) {
  const std::string_view t = request.target;
  const std::string_view path = t.substr(0, t.find('?'));
  const std::string_view query =
      t.find('?') == std::string_view::npos ? std::string_view() : t.substr(t.find('?') + 1);
  if (path == "/api/replay") {
    reply(request.method == "POST" ? ReplayUpload(request.body) : NotAllowed("POST"));
    return true;
  }
  const std::string_view games = "/api/games";
  if (path != games && path.substr(0, games.size() + 1) != "/api/games/") return false;
  if (!IsRead(request)) {
    reply(NotAllowed("GET, HEAD"));
    return true;
  }
  try {
    if (path == games || path == "/api/games/") {
      const auto params = ParseQuery(query);
      if (!params) {
        reply(Json(400, ErrorJson("the query has a bad %-escape")));
        return true;
      }
      int limit = 20;
      if (const auto it = params->find("limit"); it != params->end()) {
        const auto& v = it->second;
        const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), limit);
        if (ec != std::errc() || p != v.data() + v.size() || limit < 1 || limit > 100) {
          reply(Json(400, ErrorJson("limit must be a number from 1 to 100")));
          return true;
        }
      }
      const auto player = params->count("player") ? params->at("player") : std::string();
      nlohmann::json list = nlohmann::json::array();
      for (const auto& g : store.ListGames(player, limit)) list.push_back(GameJson(g));
      reply(Json(200, nlohmann::json{{"games", list}}.dump()));
      return true;
    }
    // /api/games/{id}/record, /api/games/{id}/replay and /api/games/{id}/analysis
    const std::string_view rest = path.substr(games.size() + 1);
    const auto slash = rest.find('/');
    store::RoomId id = 0;
    const std::string_view digits = rest.substr(0, slash);
    const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
    const std::string_view what =
        slash == std::string_view::npos ? std::string_view() : rest.substr(slash);
    if (ec != std::errc() || p != digits.data() + digits.size() ||
        (what != "/record" && what != "/replay" && what != "/analysis")) {
      reply(Json(404, ErrorJson("unknown API path")));
      return true;
    }
    if (what == "/analysis") {
      reply(analyses != nullptr ? analyses->Get(id)
                                : Json(503, ErrorJson("this server does not analyse games")));
      return true;
    }
    const std::string etag = ArchiveTag(id, what);
    if (!request.if_none_match.empty() && StaticFiles::Matches(request.if_none_match, etag)) {
      ApiResponse same{304, "application/json", "", ""};
      same.etag = etag;
      same.cache_control = std::string(kArchiveCacheControl);
      reply(std::move(same));
      return true;
    }
    if (what == "/replay" && cache != nullptr) {
      if (const auto kept = cache->Get(id)) {
        reply(Cacheable({200, std::string(kReplayContentType), *kept, ""}, etag));
        return true;
      }
    }
    const auto game = store.Game(id);
    if (!game) {
      reply(Json(404, ErrorJson("no finished game " + std::to_string(id))));
      return true;
    }
    const ArchivedRecord record = RecordOfArchived(store, *game);
    if (!record.error.empty()) {
      spdlog::error("archive: game {} has no record: {}", id, record.error);
      reply(Json(500, ErrorJson("game " + std::to_string(id) + " cannot be read back")));
      return true;
    }
    if (what == "/record") {
      reply(Cacheable(Json(200, record.record), etag));
      return true;
    }
    ApiResponse replay = ArchivedReplay(*game, record.record);
    if (replay.status == 200 && cache != nullptr) {
      cache->Put(id, std::make_shared<const std::string>(replay.body));
    }
    reply(Cacheable(std::move(replay), etag));
  } catch (const store::StoreError& e) {
    spdlog::error("archive: store read failed: {}", e.what());
    reply(Json(503, ErrorJson("the archive cannot be read right now")));
  } catch (const std::exception& e) {
    // A server bug (or memory running out) fails this request only, not the thread serving it.
    spdlog::error("archive: {} failed: {}", request.target, e.what());
    reply(Json(500, ErrorJson("internal error")));
  }
  return true;
}

}  // namespace carc::server
