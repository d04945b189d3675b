#include "carc/codec/castle/castle_record.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "carc/codec/json_limits.h"

namespace carc::codec {
namespace {

namespace castle = engine::castle;
using json = nlohmann::ordered_json;

constexpr std::string_view kCastleGame = "castle";

std::string RegionId(const castle::CastleSet& set, int tile, int region) {
  return set.tiles[static_cast<std::size_t>(tile)].regions[static_cast<std::size_t>(region)].id;
}

json Scores(const castle::CastleState& s) {
  return json::array({s.score(0), s.score(1)});
}

std::string_view StageOf(castle::Phase p) {
  switch (p) {
    case castle::Phase::kPlaceTile:
      return "tile";
    case castle::Phase::kPlaceFollower:
      return "follower";
    case castle::Phase::kChooseScoring:
      return "scoring";
    case castle::Phase::kExtraTurn:
      return "extra_turn";
    case castle::Phase::kGameOver:
      break;
  }
  return "over";
}

}  // namespace

bool IsCastleRecord(std::string_view json_text) {
  auto parsed = ParseLimitedJson(json_text, "record");
  const auto* j = std::get_if<json>(&parsed);
  return j != nullptr && IsCastleRecordValue(*j);
}

bool IsCastleRecordValue(const json& record) {
  const auto game = record.is_object() ? record.find("game") : record.end();
  return game != record.end() && *game == kCastleGame;
}

std::string WriteCastleRecord(const castle::CastleConfig& config,
                              std::span<const castle::LoggedCommand> log) {
  const castle::CastleSet& set = *config.set;
  std::vector<castle::Event> events;
  castle::CastleState state(config, &events);
  // Dealt before any command: the wall tiles and the first player.
  json wall = json::array();
  {
    const std::string text = state.ToString();
    const auto at = text.find("\ntowers");
    std::istringstream in(text.substr(at + 7, text.find('\n', at + 1) - at - 7));
    for (int k; in >> k;) wall.push_back(k);
  }
  const int first = state.ToMove();
  json turns = json::array();
  std::vector<std::array<int, castle::kPlayers>> after;
  std::array<int, castle::kPlayers> running{};  // scores before end-game scoring
  const auto close = [&] {
    while (after.size() < turns.size()) after.push_back(running);
  };
  const auto tile_id = [&](int tile) { return set.tiles[static_cast<std::size_t>(tile)].id; };
  const auto take_events = [&] {
    for (const castle::Event& e : events) {
      if (const auto* d = std::get_if<castle::TileDiscarded>(&e)) {
        close();
        turns.push_back({{"player", d->player}, {"tile", tile_id(d->tile)}, {"discarded", true}});
      } else if (const auto* p = std::get_if<castle::TilePlaced>(&e)) {
        close();
        turns.push_back({{"player", p->player},
                         {"tile", tile_id(p->tile)},
                         {"x", p->pos.x},
                         {"y", p->pos.y},
                         {"rotation", p->rotation}});
      } else if (const auto* f = std::get_if<castle::FollowerPlaced>(&e)) {
        const int tile =
            state.placed()[static_cast<std::size_t>(state.TileAt(f->follower.pos))].tile;
        turns.back()["follower"] = RegionId(set, tile, f->follower.region);
      } else if (const auto* s = std::get_if<castle::FeatureScored>(&e)) {
        if (s->reason == castle::ScoreReason::kCompleted && s->winner >= 0) {
          running[static_cast<std::size_t>(s->winner)] += s->points;
        }
      }
    }
    events.clear();
  };
  take_events();
  json resigned;
  for (const castle::LoggedCommand& logged : log) {
    castle::Command command = logged.command;
    if (std::holds_alternative<engine::Timeout>(command) && logged.seat == state.ToMove()) {
      command = castle::FallbackCommand(state);
    }
    if (std::holds_alternative<engine::Resign>(command)) {
      resigned = {{"seat", logged.seat}, {"during", StageOf(state.phase())}};
      if (state.phase() == castle::Phase::kPlaceTile) {
        resigned["tile"] = tile_id(state.current_tile());
      }
    } else if (const auto* sc = std::get_if<castle::ScoreFeature>(&command)) {
      if (sc->feature < state.pending().size()) {
        const auto [pos, region] = state.AnchorOf(state.pending()[sc->feature]);
        const int tile = state.placed()[static_cast<std::size_t>(state.TileAt(pos))].tile;
        json choice = {{"x", pos.x}, {"y", pos.y}, {"region", RegionId(set, tile, region)}};
        if (sc->double_it) choice["double"] = true;
        turns.back()["scoring"].push_back(choice);
      }
    } else if (std::holds_alternative<castle::UseExtraTurn>(command) &&
               state.phase() == castle::Phase::kExtraTurn) {
      turns.back()["extra_turn"] = true;
    }
    if (state.Apply(logged.seat, command, &events) != engine::RejectReason::kNone) continue;
    take_events();
  }
  close();

  std::ostringstream out;
  json rules = json::object();
  for (const engine::OptionSpec& spec : castle::CastleOptionSpecs()) {
    const std::string v = castle::GetCastleOption(config.options, spec.name);
    if (spec.type == engine::OptionType::kBool) {
      rules[std::string(spec.name)] = v == "true";
    } else {
      rules[std::string(spec.name)] = v;
    }
  }
  out << "{\n \"format\": \"" << kRecordFormat << "\",\n \"game\": \"castle\",\n"
      << " \"players\": 2,\n \"first_player\": " << first << ",\n \"rules\": " << rules.dump()
      << ",\n \"set\": "
      << json({{"board", set.board.provenance}, {"tiles", set.tiles_provenance}}).dump()
      << ",\n \"wall_tiles\": " << wall.dump() << ",\n \"turns\": [";
  for (std::size_t i = 0; i < turns.size(); ++i) out << (i ? ",\n  " : "\n  ") << turns[i].dump();
  out << "\n ],\n";
  if (!resigned.is_null()) out << " \"resigned\": " << resigned.dump() << ",\n";
  out << " \"scores\": {\"after_turn\": [";
  for (std::size_t i = 0; i < after.size(); ++i) {
    out << (i ? ", " : "") << json(after[i]).dump();
  }
  out << "],\n  \"final\": " << Scores(state).dump() << "}\n}\n";
  return out.str();
}

namespace {

struct Failure {
  RecordError error;
};

[[noreturn]] void Fail(int turn, std::string rule, std::string message) {
  throw Failure{{turn, std::move(rule), std::move(message)}};
}

int TileIndex(const castle::CastleSet& set, const json& id, int turn) {
  if (!id.is_string()) Fail(turn, "", "\"tile\" must be a tile id string");
  for (std::size_t i = 0; i < set.tiles.size(); ++i) {
    if (set.tiles[i].id == id.get<std::string>()) return static_cast<int>(i);
  }
  Fail(turn, "", "unknown tile '" + id.get<std::string>() + "'");
}

int IntOf(const json& j, const char* key, int turn) {
  if (!j.contains(key) || !j[key].is_number_integer()) {
    Fail(turn, "", std::string("\"") + key + "\" must be an integer");
  }
  return j[key].get<int>();
}

int RegionIndex(const castle::TileDef& def, const json& id, int turn) {
  if (!id.is_string()) Fail(turn, "", "a region is named by its id string");
  for (std::size_t r = 0; r < def.regions.size(); ++r) {
    if (def.regions[r].id == id.get<std::string>()) return static_cast<int>(r);
  }
  Fail(turn, "K-5", "tile " + def.id + " has no region '" + id.get<std::string>() + "'");
}

std::array<int, castle::kPlayers> Pair(const json& j, const std::string& what) {
  if (!j.is_array() || j.size() != 2 || !j[0].is_number_integer() || !j[1].is_number_integer()) {
    Fail(-1, "", what + " must be [seat 0, seat 1]");
  }
  return {j[0].get<int>(), j[1].get<int>()};
}

}  // namespace

CastleReplay ReplayCastleRecord(std::string_view json_text,
                                std::shared_ptr<const castle::CastleSet> set) {
  auto parsed = ParseLimitedJson(json_text, "record");
  if (const auto* why = std::get_if<std::string>(&parsed)) {
    CastleReplay out;
    out.error = RecordError{-1, "", *why};
    return out;
  }
  return ReplayCastleRecordValue(std::get<json>(parsed), std::move(set));
}

CastleReplay ReplayCastleRecordValue(const json& j,
                                     std::shared_ptr<const castle::CastleSet> set_ptr) {
  CastleReplay out;
  try {
    if (!j.is_object()) Fail(-1, "", "not a JSON object");
    if (j.value("format", "") != kRecordFormat) {
      Fail(-1, "", "format must be \"" + std::string(kRecordFormat) + "\"");
    }
    if (j.value("game", "") != kCastleGame) Fail(-1, "", "game must be \"castle\"");
    if (j.contains("players") && j["players"] != 2) Fail(-1, "K-1", "The Castle is for 2 players");
    const castle::CastleSet& set = *set_ptr;
    castle::CastleConfig& config = out.config;
    config.set = set_ptr;
    config.first_player = j.contains("first_player") ? IntOf(j, "first_player", -1) : 0;
    if (config.first_player < 0 || config.first_player > 1) {
      Fail(-1, "K-1", "first_player must be 0 or 1");
    }
    if (j.contains("rules")) {
      if (!j["rules"].is_object()) Fail(-1, "", "\"rules\" must be an object");
      for (const auto& [name, value] : j["rules"].items()) {
        if (value.is_structured()) {
          // Not echoed: the value may be as large as the whole record.
          Fail(-1, "", "rule " + name + ": a value is true, false, a number or a text");
        }
        const std::string text = value.is_boolean()  ? (value.get<bool>() ? "true" : "false")
                                 : value.is_string() ? value.get<std::string>()
                                                     : value.dump();
        if (std::string e = castle::SetCastleOption(config.options, name, text); !e.empty()) {
          Fail(-1, "", e);
        }
      }
    }
    if (!j.contains("wall_tiles") || !j["wall_tiles"].is_array()) {
      Fail(-1, "K-3", "\"wall_tiles\" must list the wall tile on each corner tower (0: none)");
    }
    std::vector<castle::WallTile> wall;
    for (const json& k : j["wall_tiles"]) {
      if (!k.is_number_integer() || k.get<int>() < 0 || k.get<int>() > castle::kWallTileKinds) {
        Fail(-1, "K-3", "wall tiles are 0 (none) or 1..9");
      }
      wall.push_back(static_cast<castle::WallTile>(k.get<int>()));
    }
    config.wall_tiles = wall;
    if (!j.contains("turns") || !j["turns"].is_array()) Fail(-1, "", "\"turns\" must be a list");
    const json& turns = j["turns"];
    const json resigned = j.value("resigned", json());
    std::vector<int> draws;
    for (std::size_t i = 0; i < turns.size(); ++i) {
      if (!turns[i].is_object()) Fail(static_cast<int>(i), "", "a turn is an object");
      draws.push_back(TileIndex(set, turns[i].value("tile", json()), static_cast<int>(i)));
    }
    std::string during;
    if (!resigned.is_null()) {
      during = resigned.value("during", "tile");
      if (during == "tile") draws.push_back(TileIndex(set, resigned.value("tile", json()), -1));
    }
    config.draw_order = draws;
    if (std::string e = castle::Validate(config); !e.empty()) Fail(-1, "K-3", e);

    castle::CastleState state(config);
    // A command the engine refused, reported with the rule it breaks and in its words.
    const auto refused = [&](int turn, engine::RejectReason r) {
      const engine::Refusal why = state.Explain(r);
      Fail(turn, std::string(why.rule), std::string(why.text));
    };
    const auto apply = [&](int turn, engine::Seat seat, const castle::Command& c) {
      const engine::RejectReason r = state.Apply(seat, c);
      if (r != engine::RejectReason::kNone) refused(turn, r);
      out.commands.push_back({seat, c});
    };
    std::array<int, castle::kPlayers> running{};
    int discards_seen = 0;
    for (std::size_t i = 0; i < turns.size(); ++i) {
      const int turn = static_cast<int>(i);
      const json& t = turns[i];
      const bool last = i + 1 == turns.size();
      if (t.contains("player") && t["player"] != state.current_player()) {
        Fail(turn, "K-1", "it is seat " + std::to_string(state.current_player()) + "'s turn");
      }
      if (t.value("discarded", false)) {
        if (state.discarded() <= discards_seen) {
          Fail(turn, "K-4",
               "tile " + t["tile"].get<std::string>() +
                   " has a legal place: it may not be discarded");
        }
        ++discards_seen;
        out.after_turn.push_back(running);
        continue;
      }
      if (state.discarded() > discards_seen) {
        Fail(turn, "K-4", "the tile before it could not be placed: the record must discard it");
      }
      if (state.phase() != castle::Phase::kPlaceTile) Fail(turn, "", "the game is over");
      const engine::Seat seat = state.current_player();
      const castle::PlaceTile place{{IntOf(t, "x", turn), IntOf(t, "y", turn)},
                                    IntOf(t, "rotation", turn)};
      std::vector<castle::Event> events;
      const auto scored = [&](const std::vector<castle::Event>& es) {
        for (const castle::Event& e : es) {
          const auto* s = std::get_if<castle::FeatureScored>(&e);
          if (s != nullptr && s->reason == castle::ScoreReason::kCompleted && s->winner >= 0) {
            running[static_cast<std::size_t>(s->winner)] += s->points;
          }
        }
      };
      const auto step = [&](const castle::Command& c) {
        events.clear();
        const engine::RejectReason r = state.Apply(seat, c, &events);
        if (r != engine::RejectReason::kNone) refused(turn, r);
        out.commands.push_back({seat, c});
        scored(events);
      };
      step(place);
      if (last && during == "follower") break;
      const json follower = t.value("follower", json());
      if (state.phase() == castle::Phase::kPlaceFollower) {
        const auto& def = set.tiles[static_cast<std::size_t>(state.placed().back().tile)];
        if (follower.is_null()) {
          step(engine::SkipFollower{});
        } else {
          step(castle::PlaceFollower{static_cast<std::uint8_t>(RegionIndex(def, follower, turn))});
        }
      } else if (!follower.is_null()) {
        Fail(turn, "K-5", "no follower may be placed on this tile");
      }
      const json scoring = t.value("scoring", json::array());
      std::size_t next = 0;
      while (state.phase() == castle::Phase::kChooseScoring && next < scoring.size()) {
        const json& c = scoring[next++];
        const engine::Pos pos{IntOf(c, "x", turn), IntOf(c, "y", turn)};
        const int index = state.TileAt(pos);
        if (index < 0) Fail(turn, "K-9", "no tile at the feature named in \"scoring\"");
        const auto& def = set.tiles[static_cast<std::size_t>(
            state.placed()[static_cast<std::size_t>(index)].tile)];
        const int node = state.NodeOf(index, RegionIndex(def, c.value("region", json()), turn));
        std::uint8_t feature = 0xFF;
        for (std::size_t p = 0; p < state.pending().size(); ++p) {
          if (state.SameFeature(state.pending()[p].node, node))
            feature = static_cast<std::uint8_t>(p);
        }
        if (feature == 0xFF)
          Fail(turn, "K-9", "the feature named in \"scoring\" is not waiting to score");
        step(castle::ScoreFeature{feature, c.value("double", false)});
      }
      if (last && during == "scoring") break;
      if (state.phase() == castle::Phase::kChooseScoring) {
        Fail(turn, "K-9", "several features score: \"scoring\" must give their order");
      }
      if (next < scoring.size()) Fail(turn, "K-9", "\"scoring\" lists more than scored");
      const bool extra = t.value("extra_turn", false);
      if (state.phase() == castle::Phase::kExtraTurn) {
        if (last && during == "extra_turn") break;
        step(extra ? castle::Command{castle::UseExtraTurn{}} : castle::Command{castle::EndTurn{}});
      } else if (extra) {
        Fail(turn, "K-10", "no wall tile 1 to use at the end of this turn");
      }
      out.after_turn.push_back(running);
    }
    if (!resigned.is_null()) {
      const int seat = IntOf(resigned, "seat", -1);
      apply(-1, seat, engine::Resign{});
      if (during != "tile" && out.after_turn.size() < turns.size()) {
        out.after_turn.push_back(running);
      }
    } else if (state.discarded() > discards_seen) {
      Fail(static_cast<int>(turns.size()), "K-4", "a tile the engine discarded is missing");
    }
    if (!state.IsOver()) Fail(-1, "", "the record ends before the game does");
    out.final_scores = {state.score(0), state.score(1)};
    if (j.contains("scores")) {
      const json& scores = j["scores"];
      if (scores.contains("after_turn")) {
        std::vector<std::array<int, castle::kPlayers>> expected;
        for (const json& a : scores["after_turn"]) expected.push_back(Pair(a, "after_turn"));
        out.expected_after_turn = expected;
      }
      if (scores.contains("final")) out.expected_final = Pair(scores["final"], "final");
    }
  } catch (const Failure& f) {
    out.error = f.error;
  } catch (const json::exception& e) {
    // A value of the wrong type where the format wants another (a number as "format", ...).
    out.error = RecordError{-1, "", std::string("not a valid record: ") + e.what()};
  }
  return out;
}

std::optional<std::string> CompareCastleScores(const CastleReplay& replay) {
  const auto text = [](const std::array<int, castle::kPlayers>& a) {
    return "[" + std::to_string(a[0]) + ", " + std::to_string(a[1]) + "]";
  };
  if (replay.expected_after_turn) {
    const auto& want = *replay.expected_after_turn;
    if (want.size() != replay.after_turn.size()) {
      return "after_turn has " + std::to_string(want.size()) + " entries, the game " +
             std::to_string(replay.after_turn.size());
    }
    for (std::size_t i = 0; i < want.size(); ++i) {
      if (want[i] != replay.after_turn[i]) {
        return "turn " + std::to_string(i) + ": record " + text(want[i]) + ", engine " +
               text(replay.after_turn[i]);
      }
    }
  }
  if (replay.expected_final && *replay.expected_final != replay.final_scores) {
    return "final: record " + text(*replay.expected_final) + ", engine " +
           text(replay.final_scores);
  }
  return std::nullopt;
}

}  // namespace carc::codec
