// Building a record from a played game and writing it as JSON.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "carc/codec/record.h"
#include "carc/engine/count.h"
#include "carc/engine/tile_catalog.h"

namespace carc::codec {

using Json = nlohmann::ordered_json;

namespace {

constexpr const char* kSideNames[] = {"N", "E", "S", "W"};
constexpr const char* kHalfNames[] = {"Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"};
constexpr const char* kKindNames[] = {"road", "city", "cloister", "field"};

// The board-frame name of a segment: its feature and the first side or half-edge it reaches.
RecordMeeple MeepleOf(const engine::TileCatalog& cat, engine::TileKind kind, int rotation,
                      std::uint8_t segment) {
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

Json CountMoveJson(const RecordCountMove& m) {
  Json j;
  if (m.player >= 0) j["player"] = m.player;
  switch (m.kind) {
    case RecordCountMove::Kind::kPass:
      j["pass"] = true;
      break;
    case RecordCountMove::Kind::kEnter:
      j["enter"] = m.quarter;
      if (!m.count_to.empty()) j["count_to"] = m.count_to;
      break;
    case RecordCountMove::Kind::kRedeploy:
      j["redeploy"] = m.followers;
      break;
    case RecordCountMove::Kind::kLeave:
      j["leave"] = m.quarter;
      j["x"] = m.pos.x;
      j["y"] = m.pos.y;
      j["segment"] = m.segment;
      break;
  }
  return j;
}

const char* StageName(RecordResignation::Stage s) {
  switch (s) {
    case RecordResignation::Stage::kBeforeTurn:
      return "before_turn";
    case RecordResignation::Stage::kBeforeFollower:
      return "before_follower";
    case RecordResignation::Stage::kCountDecision:
      return "count_decision";
    case RecordResignation::Stage::kFinalMove:
      return "final_move";
  }
  return "before_turn";
}

}  // namespace

Record RecordOf(const engine::GameConfig& config,
                const std::vector<engine::LoggedCommand>& commands) {
  const engine::TileCatalog& cat = engine::CatalogFor(config.options);
  std::vector<engine::Event> events;
  engine::GameState state(config, &events);
  for (const engine::LoggedCommand& c : commands) state.Apply(c.seat, c.command, &events);
  using Stage = RecordResignation::Stage;

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
  // The Count: a decision asked and not yet answered, whether it is a final-scoring one, where
  // the Count stands, and a resignation whose own automatic pass is not a recorded decision.
  bool decision_open = false;
  bool final_decision = false;
  engine::Quarter count = engine::Quarter::kCastle;
  engine::Seat just_resigned = -1;
  auto count_list = [&]() -> std::vector<RecordCountMove>& {
    return final_decision ? r.final_moves : r.turns.back().city;
  };
  for (const engine::Event& e : events) {
    const engine::Seat resigned_before = just_resigned;
    just_resigned = -1;
    if (const auto* ts = std::get_if<engine::TurnStarted>(&e)) {
      if (first_turn) r.first_player = ts->player;
      first_turn = false;
      placed_this_turn = false;
    } else if (const auto* res = std::get_if<engine::PlayerResigned>(&e)) {
      const int last = static_cast<int>(r.turns.size()) - 1;
      just_resigned = res->player;
      if (decision_open) {
        const int index = static_cast<int>(count_list().size());
        r.resignations.push_back({res->player, final_decision ? -1 : last,
                                  final_decision ? Stage::kFinalMove : Stage::kCountDecision,
                                  index});
      } else if (placed_this_turn) {
        r.resignations.push_back({res->player, last, Stage::kBeforeFollower, 0});
      } else {
        r.resignations.push_back({res->player, turn_open ? last : last + 1, Stage::kBeforeTurn, 0});
      }
    } else if (const auto* asked = std::get_if<engine::CountDecision>(&e)) {
      decision_open = true;
      final_decision = asked->choice == engine::CountChoice::kFinalMove;
    } else if (const auto* in = std::get_if<engine::FollowerEnteredCity>(&e)) {
      decision_open = false;
      RecordCountMove m;
      m.player = in->player;
      m.kind = RecordCountMove::Kind::kEnter;
      m.quarter = engine::kQuarterNames[static_cast<std::size_t>(in->quarter)];
      m.count_to = engine::kQuarterNames[static_cast<std::size_t>(count)];
      count_list().push_back(std::move(m));
    } else if (const auto* moved = std::get_if<engine::CountMoved>(&e)) {
      count = moved->to;
      count_list().back().count_to = engine::kQuarterNames[static_cast<std::size_t>(count)];
    } else if (const auto* rd = std::get_if<engine::FollowersRedeployed>(&e)) {
      decision_open = false;
      RecordCountMove m;
      m.player = rd->player;
      if (final_decision) {
        const engine::FollowerRef& f = rd->followers.front();
        const engine::PlacedTile& t = state.placed(state.board().At(f.pos));
        m.kind = RecordCountMove::Kind::kLeave;
        m.quarter = engine::kQuarterNames[static_cast<std::size_t>(rd->quarter)];
        m.pos = f.pos;
        m.segment = cat.Def(t.kind).segments[f.segment].name;
      } else {
        m.kind = RecordCountMove::Kind::kRedeploy;
        m.followers = static_cast<int>(rd->followers.size());
      }
      count_list().push_back(std::move(m));
    } else if (const auto* pass = std::get_if<engine::CountPassed>(&e)) {
      decision_open = false;
      // A seat that resigns while it is asked passes by itself: the resignation says so.
      if (resigned_before == pass->player) continue;
      RecordCountMove m;
      m.player = pass->player;
      count_list().push_back(std::move(m));
    } else if (const auto* d = std::get_if<engine::TileDrawn>(&e)) {
      draws.push_back(cat.Def(d->tile).letter);
      if (!hands) {
        close_turn();
        r.turns.push_back({d->player, cat.Def(d->tile).letter, false, {}, 0, std::nullopt, {}});
        turn_open = true;
      }
    } else if (const auto* x = std::get_if<engine::TileDiscarded>(&e)) {
      if (hands) {
        close_turn();
        r.turns.push_back({x->player, cat.Def(x->tile).letter, true, {}, 0, std::nullopt, {}});
      } else {
        r.turns.back().discarded = true;
        turn_open = false;
      }
    } else if (const auto* p = std::get_if<engine::TilePlaced>(&e)) {
      if (hands) {
        close_turn();
        r.turns.push_back({p->player, cat.Def(p->tile).letter, false, {}, 0, std::nullopt, {}});
      }
      r.turns.back().pos = p->pos;
      r.turns.back().rotation = p->rotation;
      turn_open = false;
      placed_this_turn = true;
    } else if (const auto* f = std::get_if<engine::FollowerPlaced>(&e)) {
      const RecordTurn& t = r.turns.back();
      r.turns.back().meeple = MeepleOf(cat, cat.KindOf(t.tile), t.rotation, f->follower.segment);
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
  }
  for (RecordResignation& x : r.resignations) {
    if (x.stage == Stage::kFinalMove) x.turn = static_cast<int>(r.turns.size());
    x.turn = std::min(x.turn, static_cast<int>(r.turns.size()));
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
  if (r.options.count) {
    j["start"] = {
        {"city_block", "count"}, {"x", engine::kBlockOrigin.x}, {"y", engine::kBlockOrigin.y}};
  } else {
    j["start"] = {{"tile", "D"}, {"rotation", 0}, {"x", 0}, {"y", 0}};
  }
  if (r.draw_order) j["draw_order"] = *r.draw_order;
  if (!r.resignations.empty()) {
    Json list = Json::array();
    for (const RecordResignation& x : r.resignations) {
      Json one = {{"seat", x.seat}, {"turn", x.turn}, {"stage", StageName(x.stage)}};
      if (x.stage == RecordResignation::Stage::kCountDecision ||
          x.stage == RecordResignation::Stage::kFinalMove) {
        one["decision"] = x.decision;
      }
      list.push_back(std::move(one));
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
    if (!t.city.empty()) {
      Json city = Json::array();
      for (const RecordCountMove& m : t.city) city.push_back(CountMoveJson(m));
      tj["city"] = std::move(city);
    }
    turns.push_back(std::move(tj));
  }
  j["turns"] = std::move(turns);
  if (!r.final_moves.empty()) {
    Json moves = Json::array();
    for (const RecordCountMove& m : r.final_moves) moves.push_back(CountMoveJson(m));
    j["final_moves"] = std::move(moves);
  }
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
