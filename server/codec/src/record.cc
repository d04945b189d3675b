#include "carc/codec/record.h"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

#include "carc/engine/reject_reason.h"
#include "carc/engine/tile_catalog.h"

namespace carc::codec {

using engine::FeatureKind;
using Json = nlohmann::ordered_json;

namespace {

constexpr const char* kSideNames[] = {"N", "E", "S", "W"};
constexpr const char* kHalfNames[] = {"Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"};
constexpr const char* kKindNames[] = {"road", "city", "cloister", "field"};

struct Fail {
  RecordError error;
};

[[noreturn]] void Throw(int turn, std::string rule, std::string message) {
  throw Fail{{turn, std::move(rule), std::move(message)}};
}

int IndexOf(const char* const* names, int n, std::string_view s) {
  for (int i = 0; i < n; ++i) {
    if (s == names[i]) return i;
  }
  return -1;
}

std::string OptionText(const Json& v) {
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "off";
  return v.dump();
}

RecordTurn ParseTurn(const Json& t, int i) {
  if (!t.is_object()) Throw(i, "", "a turn must be an object");
  RecordTurn turn;
  if (t.contains("player")) turn.player = t.at("player").get<int>();
  const std::string tile = t.at("tile").get<std::string>();
  if (tile.size() != 1 || engine::BaseCatalog().KindOf(tile[0]) == engine::kNoTile) {
    Throw(i, "B-1", "unknown tile '" + tile + "'");
  }
  turn.tile = tile[0];
  turn.discarded = t.value("discarded", false);
  if (turn.discarded) return turn;
  turn.pos = {t.at("x").get<int>(), t.at("y").get<int>()};
  turn.rotation = t.at("rotation").get<int>();
  if (t.contains("meeple") && !t.at("meeple").is_null()) {
    const Json& m = t.at("meeple");
    RecordMeeple meeple;
    meeple.segment = m.value("segment", "");
    meeple.feature = m.value("feature", "");
    meeple.at = m.value("at", "");
    if (meeple.segment.empty() && (meeple.feature.empty() || meeple.at.empty())) {
      Throw(i, "", "a meeple needs a segment or a feature with 'at'");
    }
    turn.meeple = meeple;
  }
  return turn;
}

// Resolves a record meeple to the local segment index of the tile as placed.
std::uint8_t ResolveMeeple(const RecordMeeple& m, engine::TileKind kind, int rotation, int turn) {
  const engine::TileCatalog& cat = engine::BaseCatalog();
  const engine::TileDef& def = cat.Def(kind);
  std::uint8_t by_segment = engine::kNoSegment;
  if (!m.segment.empty()) {
    by_segment = cat.SegmentIndex(kind, m.segment);
    if (by_segment == engine::kNoSegment) {
      Throw(turn, "B-7",
            "tile " + std::string(1, def.letter) + " has no segment '" + m.segment + "'");
    }
  }
  std::uint8_t by_place = engine::kNoSegment;
  if (!m.feature.empty()) {
    const engine::RotatedTile& rt = cat.Rotated(kind, rotation);
    const int fk = IndexOf(kKindNames, 4, m.feature);
    if (fk < 0) Throw(turn, "B-7", "unknown feature '" + m.feature + "'");
    if (m.feature == "cloister") {
      by_place = def.cloister_segment;
    } else if (m.feature == "field") {
      const int h = IndexOf(kHalfNames, 8, m.at);
      if (h >= 0) by_place = rt.half_segment[static_cast<std::size_t>(h)];
    } else {
      const int s = IndexOf(kSideNames, 4, m.at);
      if (s >= 0) by_place = rt.side_segment[static_cast<std::size_t>(s)];
    }
    if (by_place == engine::kNoSegment ||
        def.segments[by_place].kind != static_cast<FeatureKind>(fk)) {
      Throw(turn, "B-7", "no " + m.feature + " at '" + m.at + "' on the placed tile");
    }
  }
  if (by_segment != engine::kNoSegment && by_place != engine::kNoSegment &&
      by_segment != by_place) {
    Throw(turn, "B-7",
          "meeple segment '" + m.segment + "' and " + m.feature + " at '" + m.at + "' disagree");
  }
  return by_segment != engine::kNoSegment ? by_segment : by_place;
}

}  // namespace

ParsedRecord ParseRecord(std::string_view text) {
  ParsedRecord out;
  try {
    const Json j = Json::parse(text);
    if (!j.is_object()) Throw(-1, "", "a record must be a JSON object");
    if (j.value("format", "") != kRecordFormat) {
      Throw(-1, "", "format must be \"carcassonne-record/1\"");
    }
    Record r;
    r.players = j.at("players").get<int>();
    if (r.players < engine::kMinPlayers || r.players > engine::kMaxPlayers) {
      Throw(-1, "B-2", "players must be 2..6");
    }
    r.first_player = j.value("first_player", 0);
    if (r.first_player < 0 || r.first_player >= r.players) {
      Throw(-1, "B-3", "first_player must be a seat");
    }
    if (j.contains("rules")) {
      for (const auto& [name, value] : j.at("rules").items()) {
        if (std::string e = engine::SetOption(r.options, name, OptionText(value)); !e.empty()) {
          Throw(-1, "", e);
        }
      }
    }
    if (j.contains("start")) {
      const Json& s = j.at("start");
      if (s.value("tile", "D") != "D" || s.value("rotation", 0) != 0 || s.value("x", 0) != 0 ||
          s.value("y", 0) != 0) {
        Throw(-1, "B-1", "the start tile must be D at (0,0), rotation 0");
      }
    }
    if (j.contains("draw_order")) r.draw_order = j.at("draw_order").get<std::string>();
    if (j.contains("resignations")) {
      for (const Json& x : j.at("resignations")) {
        RecordResignation res;
        res.seat = x.at("seat").get<int>();
        res.turn = x.at("turn").get<int>();
        const std::string stage = x.value("stage", "before_turn");
        if (stage != "before_turn" && stage != "before_follower") {
          Throw(-1, "", "a resignation's stage is before_turn or before_follower");
        }
        res.before_follower = stage == "before_follower";
        if (res.seat < 0 || res.seat >= r.players) Throw(-1, "", "a resignation names no seat");
        for (const RecordResignation& earlier : r.resignations) {
          if (earlier.seat == res.seat) Throw(-1, "", "a seat resigns at most once");
        }
        r.resignations.push_back(res);
      }
    }
    const Json& turns = j.at("turns");
    for (std::size_t i = 0; i < turns.size(); ++i) {
      r.turns.push_back(ParseTurn(turns[i], static_cast<int>(i)));
    }
    if (j.contains("scores")) {
      const Json& sc = j.at("scores");
      if (sc.contains("after_turn")) {
        r.after_turn = sc.at("after_turn").get<std::vector<std::vector<int>>>();
      }
      if (sc.contains("final")) r.final_scores = sc.at("final").get<std::vector<int>>();
      if (sc.contains("final_breakdown")) {
        engine::Breakdown b;
        const Json& fb = sc.at("final_breakdown");
        for (std::size_t p = 0; p < fb.size() && p < engine::kMaxPlayers; ++p) {
          for (int k = 0; k < engine::kFeatureKinds; ++k) {
            b.points[p][static_cast<std::size_t>(k)] = fb[p].value(kKindNames[k], 0);
          }
        }
        r.final_breakdown = b;
      }
    }
    out.record = std::move(r);
  } catch (const Fail& f) {
    out.error = f.error;
  } catch (const Json::exception& e) {
    out.error = {-1, "", std::string("not a valid record: ") + e.what()};
  }
  return out;
}

ReplayedRecord ReplayRecord(const Record& r) {
  ReplayedRecord out;
  const engine::TileCatalog& cat = engine::BaseCatalog();
  engine::GameConfig& config = out.config;
  config.players = r.players;
  config.options = r.options;
  config.options.start_player = engine::StartPlayer::kHost;
  config.host_first_player = r.first_player;
  std::vector<engine::TileKind> order;
  if (r.draw_order) {
    for (char c : *r.draw_order) order.push_back(cat.KindOf(c));
  } else {
    for (const RecordTurn& t : r.turns) order.push_back(cat.KindOf(t.tile));
  }
  config.draw_order = order;
  if (std::string e = engine::Validate(config); !e.empty()) {
    out.error = RecordError{-1, "B-1", e};
    return out;
  }
  std::vector<engine::Event> events;
  engine::GameState state(config, &events);
  std::size_t discards_seen = 0;
  // Counted as events arrive: a record may hold thousands of discards (B-6 with reshuffle), and
  // recounting the whole game's events at every turn would grow with their square.
  std::size_t discards = 0;
  std::size_t counted = 0;
  auto discards_in = [&discards, &counted](const std::vector<engine::Event>& ev) {
    for (; counted < ev.size(); ++counted) {
      discards += std::holds_alternative<engine::TileDiscarded>(ev[counted]) ? 1 : 0;
    }
    return discards;
  };
  // B-1: a scripted draw order with reshuffles may list a tile any number of times, but no
  // more copies of a kind are placed than the set has (and the engine holds no more).
  std::array<int, engine::kMaxTileKinds> copies_placed{};
  auto before_final = [&](engine::Seat s) {
    int end = 0;
    for (int k = 0; k < engine::kFeatureKinds; ++k) {
      end +=
          state.final_breakdown().points[static_cast<std::size_t>(s)][static_cast<std::size_t>(k)];
    }
    return state.score(s) - end;
  };
  auto resign = [&](int turn, bool before_follower) {
    for (const RecordResignation& x : r.resignations) {
      if (x.turn != turn || x.before_follower != before_follower) continue;
      // After the last turn the game may already be over: the board and scores are the same.
      if (state.IsOver() && turn == static_cast<int>(r.turns.size())) continue;
      if (state.Apply(x.seat, engine::Resign{}, &events) != engine::RejectReason::kNone) {
        Throw(turn, "", "seat " + std::to_string(x.seat) + " cannot resign here");
      }
      out.commands.push_back({x.seat, engine::Resign{}});
    }
  };
  try {
    for (std::size_t i = 0; i < r.turns.size(); ++i) {
      const RecordTurn& t = r.turns[i];
      const int ti = static_cast<int>(i);
      const engine::TileKind kind = cat.KindOf(t.tile);
      resign(ti, false);
      if (t.discarded) {
        if (discards_in(events) <= discards_seen) {
          Throw(ti, "B-6",
                std::string("tile ") + t.tile + " is marked discarded but can be placed");
        }
        ++discards_seen;
      } else {
        if (discards_in(events) > discards_seen) {
          Throw(ti, "B-6", "a tile that fits nowhere was not marked discarded before this turn");
        }
        if (state.IsOver()) Throw(ti, "B-15", "the game is already over");
        const engine::TileDef& def = cat.Def(kind);
        if (++copies_placed[kind] > def.count - def.start_copies) {
          Throw(ti, "B-1",
                std::string("tile ") + t.tile + " is placed more often than the set's " +
                    std::to_string(def.count - def.start_copies) + " copies");
        }
        const engine::Seat seat = state.ToMove();
        if (t.player >= 0 && t.player != seat) {
          Throw(ti, "B-3",
                "turn belongs to player " + std::to_string(seat) + ", record says " +
                    std::to_string(t.player));
        }
        if (state.resigned(seat)) {
          // A resigned seat's turn is the fallback move; the record must show exactly that.
          state.Apply(seat, engine::Timeout{}, &events);
          out.commands.push_back({seat, engine::Timeout{}});
          const auto placed = std::find_if(events.rbegin(), events.rend(), [](const auto& e) {
            return std::holds_alternative<engine::TilePlaced>(e);
          });
          const auto& p = std::get<engine::TilePlaced>(*placed);
          if (!(p.pos == t.pos) || p.rotation != t.rotation || p.tile != kind || t.meeple) {
            Throw(ti, "", "a resigned seat's turn must be the fallback move");
          }
          std::vector<int> scores;
          for (engine::Seat s = 0; s < r.players; ++s) scores.push_back(before_final(s));
          out.after_turn.push_back(std::move(scores));
          continue;
        }
        const engine::Command place = engine::PlaceTile{t.pos, t.rotation, kind};
        if (auto e = state.Apply(seat, place, &events); e != engine::RejectReason::kNone) {
          Throw(
              ti, std::string(engine::RuleOf(e)),
              std::string("illegal placement of ") + t.tile + ": " + std::string(engine::Name(e)));
        }
        out.commands.push_back({seat, place});
        resign(ti, true);
        if (state.phase() == engine::Phase::kPlaceFollower) {
          engine::Command follow = engine::SkipFollower{};
          if (t.meeple)
            follow = engine::PlaceFollower{ResolveMeeple(*t.meeple, kind, t.rotation, ti)};
          if (auto e = state.Apply(seat, follow, &events); e != engine::RejectReason::kNone) {
            Throw(ti, std::string(engine::RuleOf(e)),
                  "illegal follower: " + std::string(engine::Name(e)));
          }
          out.commands.push_back({seat, follow});
        } else if (t.meeple) {
          Throw(ti, "B-7", "no follower can be placed on this tile");
        }
      }
      std::vector<int> scores;
      for (engine::Seat s = 0; s < r.players; ++s) scores.push_back(before_final(s));
      out.after_turn.push_back(std::move(scores));
    }
    resign(static_cast<int>(r.turns.size()), false);
    if (discards_in(events) > discards_seen) {
      Throw(static_cast<int>(r.turns.size()), "B-6", "the record ends with an undeclared discard");
    }
  } catch (const Fail& f) {
    out.error = f.error;
    return out;
  }
  for (engine::Seat s = 0; s < r.players; ++s) out.final_scores.push_back(state.score(s));
  out.final_breakdown = state.final_breakdown();
  return out;
}

std::optional<RecordError> CompareScores(const Record& r, const ReplayedRecord& got) {
  auto differ = [](int turn, std::size_t p, int want, int have) {
    const std::string when = turn < 0 ? "final" : "turn " + std::to_string(turn);
    return RecordError{turn, "",
                       when + " player " + std::to_string(p) + ": record " + std::to_string(want) +
                           ", engine " + std::to_string(have)};
  };
  if (r.after_turn) {
    for (std::size_t i = 0; i < r.after_turn->size() && i < got.after_turn.size(); ++i) {
      const auto& want = (*r.after_turn)[i];
      for (std::size_t p = 0; p < want.size() && p < got.after_turn[i].size(); ++p) {
        if (want[p] != got.after_turn[i][p]) {
          return differ(static_cast<int>(i), p, want[p], got.after_turn[i][p]);
        }
      }
    }
  }
  if (r.final_scores) {
    for (std::size_t p = 0; p < r.final_scores->size() && p < got.final_scores.size(); ++p) {
      if ((*r.final_scores)[p] != got.final_scores[p]) {
        return differ(-1, p, (*r.final_scores)[p], got.final_scores[p]);
      }
    }
  }
  if (r.final_breakdown) {
    for (std::size_t p = 0; p < static_cast<std::size_t>(r.players); ++p) {
      for (std::size_t k = 0; k < engine::kFeatureKinds; ++k) {
        const int want = r.final_breakdown->points[p][k];
        const int have = got.final_breakdown.points[p][k];
        if (want != have) {
          return RecordError{-1, "",
                             "final " + std::string(kKindNames[k]) + " player " +
                                 std::to_string(p) + ": record " + std::to_string(want) +
                                 ", engine " + std::to_string(have)};
        }
      }
    }
  }
  return std::nullopt;
}

}  // namespace carc::codec
