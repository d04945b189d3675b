// Building a record from a played game and writing it as JSON.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "carc/codec/record.h"
#include "carc/engine/tile_catalog.h"

namespace carc::codec {

using Json = nlohmann::ordered_json;

namespace {

constexpr const char* kSideNames[] = {"N", "E", "S", "W"};
constexpr const char* kHalfNames[] = {"Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"};
constexpr const char* kKindNames[] = {"road", "city", "cloister", "field"};

// The board-frame name of a segment: its feature and the first side or half-edge it reaches.
RecordMeeple MeepleOf(engine::TileKind kind, int rotation, std::uint8_t segment) {
  const engine::TileCatalog& cat = engine::BaseCatalog();
  const engine::SegmentDef& seg = cat.Def(kind).segments[segment];
  const engine::RotatedTile& rt = cat.Rotated(kind, rotation);
  RecordMeeple m{std::string(seg.name), kKindNames[static_cast<int>(seg.kind)], "C"};
  if (seg.kind == engine::FeatureKind::kField) {
    for (int h = 0; h < engine::kHalfEdges; ++h) {
      if (rt.half_segment[static_cast<std::size_t>(h)] == segment) {
        m.at = kHalfNames[h];
        break;
      }
    }
  } else if (seg.kind != engine::FeatureKind::kCloister) {
    for (int s = 0; s < engine::kSides; ++s) {
      if (rt.side_segment[static_cast<std::size_t>(s)] == segment) {
        m.at = kSideNames[s];
        break;
      }
    }
  }
  return m;
}

}  // namespace

Record RecordOf(const engine::GameConfig& config,
                const std::vector<engine::LoggedCommand>& commands) {
  const engine::TileCatalog& cat = engine::BaseCatalog();
  std::vector<engine::Event> events;
  engine::GameState state(config, &events);
  for (const engine::LoggedCommand& c : commands) state.Apply(c.seat, c.command, &events);

  Record r;
  r.players = config.players;
  r.options = config.options;
  std::vector<int> running(static_cast<std::size_t>(config.players), 0);
  std::vector<std::vector<int>> after;
  std::string draws;
  bool first_turn = true;
  // Each draw (hand_size 0) or each play and discard (hands) is one record turn; a turn's
  // scores are the running totals when the next one begins.
  auto close_turn = [&] {
    if (!r.turns.empty() && after.size() < r.turns.size()) after.push_back(running);
  };
  const bool hands = config.options.hand_size > 0;
  bool turn_open = false;  // without hands: the last turn's tile is drawn but not yet placed
  bool placed_this_turn = false;
  for (const engine::Event& e : events) {
    if (const auto* ts = std::get_if<engine::TurnStarted>(&e)) {
      if (first_turn) r.first_player = ts->player;
      first_turn = false;
      placed_this_turn = false;
    } else if (const auto* res = std::get_if<engine::PlayerResigned>(&e)) {
      const int last = static_cast<int>(r.turns.size()) - 1;
      if (placed_this_turn) {
        r.resignations.push_back({res->player, last, true});
      } else {
        r.resignations.push_back({res->player, turn_open ? last : last + 1, false});
      }
    } else if (const auto* d = std::get_if<engine::TileDrawn>(&e)) {
      draws.push_back(cat.Def(d->tile).letter);
      if (!hands) {
        close_turn();
        r.turns.push_back({d->player, cat.Def(d->tile).letter, false, {}, 0, std::nullopt});
        turn_open = true;
      }
    } else if (const auto* x = std::get_if<engine::TileDiscarded>(&e)) {
      if (hands) {
        close_turn();
        r.turns.push_back({x->player, cat.Def(x->tile).letter, true, {}, 0, std::nullopt});
      } else {
        r.turns.back().discarded = true;
        turn_open = false;
      }
    } else if (const auto* p = std::get_if<engine::TilePlaced>(&e)) {
      if (hands) {
        close_turn();
        r.turns.push_back({p->player, cat.Def(p->tile).letter, false, {}, 0, std::nullopt});
      }
      r.turns.back().pos = p->pos;
      r.turns.back().rotation = p->rotation;
      turn_open = false;
      placed_this_turn = true;
    } else if (const auto* f = std::get_if<engine::FollowerPlaced>(&e)) {
      const RecordTurn& t = r.turns.back();
      r.turns.back().meeple = MeepleOf(cat.KindOf(t.tile), t.rotation, f->follower.segment);
    } else if (const auto* s = std::get_if<engine::FeatureScored>(&e)) {
      if (s->reason != engine::ScoreReason::kCompleted) continue;
      for (engine::Seat w : s->winners) running[static_cast<std::size_t>(w)] += s->points;
    }
  }
  close_turn();
  // A tile drawn but never placed (the game still runs, or ended by resignation) is not a
  // turn that happened; the replay draws nothing more and ends the same way.
  if (turn_open && !r.turns.empty()) {
    r.turns.pop_back();
    after.pop_back();
    for (RecordResignation& x : r.resignations) {
      x.turn = std::min(x.turn, static_cast<int>(r.turns.size()));
    }
  }
  if (hands) r.draw_order = draws;
  r.after_turn = after;
  if (state.IsOver()) {
    r.final_scores = std::vector<int>();
    for (engine::Seat s = 0; s < config.players; ++s) r.final_scores->push_back(state.score(s));
    r.final_breakdown = state.final_breakdown();
  }
  return r;
}

std::string WriteRecord(const Record& r) {
  Json j;
  j["format"] = kRecordFormat;
  j["players"] = r.players;
  j["first_player"] = r.first_player;
  Json rules = Json::object();
  for (const engine::OptionSpec& spec : engine::OptionSpecs()) {
    const std::string v = engine::GetOption(r.options, spec.name);
    if (spec.type == engine::OptionType::kBool) {
      rules[std::string(spec.name)] = v == "true";
    } else if (spec.type == engine::OptionType::kInt) {
      rules[std::string(spec.name)] = std::stoi(v);
    } else {
      rules[std::string(spec.name)] = v;
    }
  }
  j["rules"] = rules;
  j["start"] = {{"tile", "D"}, {"rotation", 0}, {"x", 0}, {"y", 0}};
  if (r.draw_order) j["draw_order"] = *r.draw_order;
  if (!r.resignations.empty()) {
    Json list = Json::array();
    for (const RecordResignation& x : r.resignations) {
      list.push_back({{"seat", x.seat},
                      {"turn", x.turn},
                      {"stage", x.before_follower ? "before_follower" : "before_turn"}});
    }
    j["resignations"] = std::move(list);
  }
  Json turns = Json::array();
  for (const RecordTurn& t : r.turns) {
    Json tj;
    if (t.player >= 0) tj["player"] = t.player;
    tj["tile"] = std::string(1, t.tile);
    if (t.discarded) {
      tj["discarded"] = true;
    } else {
      tj["x"] = t.pos.x;
      tj["y"] = t.pos.y;
      tj["rotation"] = t.rotation;
      if (t.meeple) {
        tj["meeple"] = {
            {"segment", t.meeple->segment}, {"feature", t.meeple->feature}, {"at", t.meeple->at}};
      } else {
        tj["meeple"] = nullptr;
      }
    }
    turns.push_back(std::move(tj));
  }
  j["turns"] = std::move(turns);
  if (r.after_turn || r.final_scores) {
    Json scores = Json::object();
    if (r.after_turn) scores["after_turn"] = *r.after_turn;
    if (r.final_scores) scores["final"] = *r.final_scores;
    if (r.final_breakdown) {
      Json fb = Json::array();
      for (int p = 0; p < r.players; ++p) {
        Json one;
        for (int k = 0; k < engine::kFeatureKinds; ++k) {
          one[kKindNames[k]] =
              r.final_breakdown->points[static_cast<std::size_t>(p)][static_cast<std::size_t>(k)];
        }
        fb.push_back(std::move(one));
      }
      scores["final_breakdown"] = std::move(fb);
    }
    j["scores"] = std::move(scores);
  }
  return j.dump(1) + "\n";
}

}  // namespace carc::codec
