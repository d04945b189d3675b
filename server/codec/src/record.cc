#include "carc/codec/record.h"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

#include "carc/codec/json_limits.h"
#include "carc/engine/count.h"
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

std::string OptionText(const std::string& name, const Json& v) {
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "off";
  // Not echoed: the value may be as large as the whole record.
  Throw(-1, "", "rule " + name + ": a value is true, false, a number, a text or null");
}

int QuarterIndex(const std::string& name) {
  for (int q = 0; q < engine::kQuarters; ++q) {
    if (engine::kQuarterNames[static_cast<std::size_t>(q)] == name) return q;
  }
  return -1;
}

std::string ParseQuarter(const Json& v, int turn) {
  const std::string q = v.get<std::string>();
  if (QuarterIndex(q) < 0) {
    Throw(turn, "C-1", "unknown quarter '" + q + "' (castle, market, blacksmith, cathedral)");
  }
  return q;
}

RecordCountMove ParseCountMove(const Json& m, int turn) {
  if (!m.is_object()) Throw(turn, "", "a Count decision must be an object");
  RecordCountMove out;
  if (m.contains("player")) out.player = m.at("player").get<int>();
  if (m.value("pass", false)) return out;
  if (m.contains("enter")) {
    out.kind = RecordCountMove::Kind::kEnter;
    out.quarter = ParseQuarter(m.at("enter"), turn);
    if (m.contains("count_to")) out.count_to = ParseQuarter(m.at("count_to"), turn);
  } else if (m.contains("redeploy")) {
    out.kind = RecordCountMove::Kind::kRedeploy;
    out.followers = m.at("redeploy").get<int>();
  } else if (m.contains("leave")) {
    out.kind = RecordCountMove::Kind::kLeave;
    out.quarter = ParseQuarter(m.at("leave"), turn);
    out.pos = {m.at("x").get<int>(), m.at("y").get<int>()};
    out.segment = m.at("segment").get<std::string>();
  } else {
    Throw(turn, "", "a Count decision is pass, enter, redeploy or leave");
  }
  return out;
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
  if (t.contains("city")) {
    for (const Json& m : t.at("city")) turn.city.push_back(ParseCountMove(m, i));
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
  auto parsed = ParseLimitedJson(text, "record");
  if (const auto* why = std::get_if<std::string>(&parsed)) {
    ParsedRecord out;
    out.error = {-1, "", *why};
    return out;
  }
  return ParseRecordValue(std::get<Json>(parsed));
}

ParsedRecord ParseRecordValue(const Json& j) {
  ParsedRecord out;
  try {
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
      if (!j.at("rules").is_object()) Throw(-1, "", "\"rules\" must be an object");
      for (const auto& [name, value] : j.at("rules").items()) {
        if (std::string e = engine::SetOption(r.options, name, OptionText(name, value));
            !e.empty()) {
          Throw(-1, "", e);
        }
      }
    }
    if (j.contains("start") && r.options.count) {
      const Json& s = j.at("start");
      if (s.value("city_block", "") != "count" || s.value("x", 0) != engine::kBlockOrigin.x ||
          s.value("y", 0) != engine::kBlockOrigin.y) {
        Throw(-1, "C-1", "with the Count the start is the city block: CO1 at (-2,-1)");
      }
    } else if (j.contains("start")) {
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
        using Stage = RecordResignation::Stage;
        if (stage == "before_turn") {
          res.stage = Stage::kBeforeTurn;
        } else if (stage == "before_follower") {
          res.stage = Stage::kBeforeFollower;
        } else if (stage == "count_decision") {
          res.stage = Stage::kCountDecision;
        } else if (stage == "final_move") {
          res.stage = Stage::kFinalMove;
        } else {
          Throw(-1, "",
                "a resignation's stage is before_turn, before_follower, count_decision or "
                "final_move");
        }
        res.decision = x.value("decision", 0);
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
    if (j.contains("final_moves")) {
      for (const Json& m : j.at("final_moves")) {
        r.final_moves.push_back(ParseCountMove(m, static_cast<int>(r.turns.size())));
      }
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
  const engine::TileCatalog& cat = engine::CatalogFor(r.options);
  using Stage = RecordResignation::Stage;
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
  auto resign = [&](int turn, Stage stage, int decision = 0) {
    for (const RecordResignation& x : r.resignations) {
      if (x.turn != turn || x.stage != stage) continue;
      if ((stage == Stage::kCountDecision || stage == Stage::kFinalMove) &&
          x.decision != decision) {
        continue;
      }
      // After the last turn the game may already be over: the board and scores are the same.
      if (state.IsOver() && turn == static_cast<int>(r.turns.size())) continue;
      if (state.Apply(x.seat, engine::Resign{}, &events) != engine::RejectReason::kNone) {
        Throw(turn, "", "seat " + std::to_string(x.seat) + " cannot resign here");
      }
      out.commands.push_back({x.seat, engine::Resign{}});
    }
  };
  // The Count's decisions (C-2, C-4, C-5): each one the engine asks for takes the next entry of
  // `moves`; when they run out, the rest pass. `stage` places resignations between them.
  // A command the engine refused, reported with the rule it breaks and in its words.
  const auto refused = [&](int ti, engine::RejectReason e, const std::string& what) {
    const engine::Refusal why = state.Explain(e);
    Throw(ti, std::string(why.rule), what + ": " + std::string(why.text));
  };
  auto count_decisions = [&](const std::vector<RecordCountMove>& moves, int ti, Stage stage) {
    std::size_t k = 0;
    const bool final = stage == Stage::kFinalMove;
    while (state.InCountDecision() && (state.phase() == engine::Phase::kFinalMove) == final) {
      resign(ti, stage, static_cast<int>(k));
      if (!state.InCountDecision()) break;
      const engine::Seat seat = state.ToMove();
      engine::Command command = engine::Pass{};
      if (k < moves.size()) {
        const RecordCountMove& m = moves[k];
        if (m.player >= 0 && m.player != seat) {
          Throw(ti, "C-4",
                "Count decision " + std::to_string(k) + " belongs to player " +
                    std::to_string(seat) + ", record says " + std::to_string(m.player));
        }
        const auto quarter = static_cast<engine::Quarter>(QuarterIndex(m.quarter));
        switch (m.kind) {
          case RecordCountMove::Kind::kPass:
            break;
          case RecordCountMove::Kind::kEnter: {
            engine::Quarter to = state.count_quarter();
            if (!m.count_to.empty()) {
              to = static_cast<engine::Quarter>(QuarterIndex(m.count_to));
            } else if (r.options.count_move == engine::CountMove::kClockwise) {
              to = engine::NextQuarter(to);
            } else if (r.options.count_move == engine::CountMove::kFollow) {
              to = quarter;
            }
            command = engine::EnterCity{quarter, to};
            break;
          }
          case RecordCountMove::Kind::kRedeploy:
            command = engine::Redeploy{m.followers};
            break;
          case RecordCountMove::Kind::kLeave: {
            const std::uint8_t tile = state.board().At(m.pos);
            std::uint8_t segment = engine::kNoSegment;
            if (tile != engine::kEmptyCell) {
              segment = cat.SegmentIndex(state.placed(tile).kind, m.segment);
            }
            if (segment == engine::kNoSegment) {
              Throw(ti, "C-5",
                    "final move " + std::to_string(k) + ": no segment '" + m.segment + "' at (" +
                        std::to_string(m.pos.x) + "," + std::to_string(m.pos.y) + ")");
            }
            command = engine::LeaveCity{quarter, m.pos, segment};
            break;
          }
        }
      }
      if (auto e = state.Apply(seat, command, &events); e != engine::RejectReason::kNone) {
        refused(ti, e, "illegal Count decision " + std::to_string(k));
      }
      out.commands.push_back({seat, command});
      ++k;
    }
    if (k < moves.size()) {
      Throw(ti, "C-2", "the record lists more Count decisions than the game asked for");
    }
  };
  try {
    for (std::size_t i = 0; i < r.turns.size(); ++i) {
      const RecordTurn& t = r.turns[i];
      const int ti = static_cast<int>(i);
      const engine::TileKind kind = cat.KindOf(t.tile);
      resign(ti, Stage::kBeforeTurn);
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
          count_decisions(t.city, ti, Stage::kCountDecision);
          std::vector<int> scores;
          for (engine::Seat s = 0; s < r.players; ++s) scores.push_back(before_final(s));
          out.after_turn.push_back(std::move(scores));
          continue;
        }
        const engine::Command place = engine::PlaceTile{t.pos, t.rotation, kind};
        if (auto e = state.Apply(seat, place, &events); e != engine::RejectReason::kNone) {
          refused(ti, e, std::string("illegal placement of ") + t.tile);
        }
        out.commands.push_back({seat, place});
        resign(ti, Stage::kBeforeFollower);
        if (state.phase() == engine::Phase::kPlaceFollower) {
          engine::Command follow = engine::SkipFollower{};
          if (t.meeple)
            follow = engine::PlaceFollower{ResolveMeeple(*t.meeple, kind, t.rotation, ti)};
          if (auto e = state.Apply(seat, follow, &events); e != engine::RejectReason::kNone) {
            refused(ti, e, "illegal follower");
          }
          out.commands.push_back({seat, follow});
        } else if (t.meeple) {
          Throw(ti, "B-7", "no follower can be placed on this tile");
        }
        count_decisions(t.city, ti, Stage::kCountDecision);
      }
      std::vector<int> scores;
      for (engine::Seat s = 0; s < r.players; ++s) scores.push_back(before_final(s));
      out.after_turn.push_back(std::move(scores));
    }
    const int end = static_cast<int>(r.turns.size());
    resign(end, Stage::kBeforeTurn);
    if (discards_in(events) > discards_seen) {
      Throw(end, "B-6", "the record ends with an undeclared discard");
    }
    count_decisions(r.final_moves, end, Stage::kFinalMove);
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
