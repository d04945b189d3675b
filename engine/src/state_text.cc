// The canonical text form and hash of a GameState. They cover everything that decides the
// game's future (stack order and generator included), so they are for the server's own use:
// never send them to a client.
#include <sstream>

#include "carc/engine/game_state.h"

namespace carc::engine {
namespace {

constexpr const char* kPhaseNames[] = {"place_tile", "place_follower", "game_over",
                                       "enter_city", "redeploy",       "final_move"};

std::string_view Letter(const TileCatalog& cat, TileKind k) {
  return k == kNoTile ? "-" : cat.Def(k).id;
}

// Multiply-xorshift over 64-bit words: one multiply per word (the bench hashes every final
// state), and every bit of every word reaches the result.
struct Hasher {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  void Add(std::uint64_t v) {
    h = (h ^ v) * 0x9e3779b97f4a7c15ULL;
    h ^= h >> 29;
  }
  void Add(int v) { Add(static_cast<std::uint64_t>(static_cast<std::int64_t>(v))); }
};

}  // namespace

std::string GameState::ToString() const {
  const TileCatalog& cat = *catalog_;
  std::ostringstream o;
  o << "carcassonne-state/1\n";
  o << "players " << config_.players << " seq " << seq_ << " phase "
    << kPhaseNames[static_cast<int>(phase_)] << " current " << current_ << " tile "
    << Letter(cat, current_tile_) << " extra " << in_extra_turn_ << " hole " << hole_filled_
    << "\n";
  o << "options";
  for (const OptionSpec& spec : OptionSpecs())
    o << ' ' << spec.name << '=' << GetOption(config_.options, spec.name);
  o << "\nscores";
  for (int s = 0; s < config_.players; ++s) o << ' ' << score_[static_cast<std::size_t>(s)];
  o << "\nresigned";
  for (int s = 0; s < config_.players; ++s) o << ' ' << resigned_[static_cast<std::size_t>(s)];
  o << "\nsupply";
  for (int s = 0; s < config_.players; ++s) o << ' ' << supply_[static_cast<std::size_t>(s)];
  o << "\nfinal";
  for (int s = 0; s < config_.players; ++s) {
    for (int k = 0; k < kFeatureKinds; ++k) {
      o << (k == 0 ? ' ' : '/')
        << final_breakdown_.points[static_cast<std::size_t>(s)][static_cast<std::size_t>(k)];
    }
  }
  o << "\ntiles";
  for (int i = 0; i < num_placed_; ++i) {
    const PlacedTile& t = placed_[static_cast<std::size_t>(i)];
    o << ' ' << Letter(cat, t.kind) << '@' << t.pos.x << ',' << t.pos.y << 'r' << int{t.rotation};
  }
  o << "\nfollowers";
  for (const Follower& f : followers_) {
    const FollowerRef r = RefOf(f);
    o << ' ' << r.player << ':' << r.pos.x << ',' << r.pos.y << '.'
      << cat.Def(placed_[static_cast<std::size_t>(TileOfSegment(f.segment))].kind)
             .segments[r.segment]
             .name;
  }
  o << "\nhands";
  for (int s = 0; s < config_.players; ++s) {
    o << ' ';
    for (int i = 0; i < hand_count_[static_cast<std::size_t>(s)]; ++i)
      o << Letter(cat, hands_[static_cast<std::size_t>(s)][static_cast<std::size_t>(i)]);
    if (hand_count_[static_cast<std::size_t>(s)] == 0) o << '-';
  }
  o << "\nstack ";
  for (auto it = bag_.rbegin(); it != bag_.rend(); ++it) o << Letter(cat, *it);
  o << "\nrng";
  for (int i = 0; i < 4; ++i) o << ' ' << std::hex << rng_.Word(i) << std::dec;
  o << '\n';
  if (config_.options.count) {
    o << "count " << kQuarterNames[static_cast<std::size_t>(count_)] << " decider " << decider_
      << " round " << int{round_step_} << " scored " << anyone_scored_ << placer_scored_ << " out "
      << final_out_ << "\ncity";
    for (int q = 0; q < kQuarters; ++q) {
      o << ' ' << kQuarterNames[static_cast<std::size_t>(q)] << '=';
      for (int s = 0; s < config_.players; ++s)
        o << (s == 0 ? "" : "/") << InCity(static_cast<Quarter>(q), s);
    }
    o << "\npending";
    for (std::size_t i = pending_next_; i < pending_.size(); ++i) {
      const PendingFeature& p = pending_[i];
      const PlacedTile& t = placed_[static_cast<std::size_t>(TileOfSegment(p.segment))];
      o << ' ' << t.pos.x << ',' << t.pos.y << '.'
        << cat.Def(t.kind).segments[static_cast<std::size_t>(LocalOfSegment(p.segment))].name;
    }
    o << '\n';
  }
  return o.str();
}

std::uint64_t GameState::Hash() const {
  Hasher h;
  h.Add(config_.players);
  h.Add(seq_);
  h.Add(static_cast<int>(phase_));
  h.Add(current_);
  h.Add(int{current_tile_});
  for (int s = 0; s < config_.players; ++s) {
    h.Add(score_[static_cast<std::size_t>(s)]);
    h.Add(supply_[static_cast<std::size_t>(s)]);
    h.Add(resigned_[static_cast<std::size_t>(s)] ? 1 : 0);
    for (int k = 0; k < kFeatureKinds; ++k)
      h.Add(final_breakdown_.points[static_cast<std::size_t>(s)][static_cast<std::size_t>(k)]);
    for (int i = 0; i < hand_count_[static_cast<std::size_t>(s)]; ++i)
      h.Add(int{hands_[static_cast<std::size_t>(s)][static_cast<std::size_t>(i)]});
  }
  for (int i = 0; i < num_placed_; ++i) {
    const PlacedTile& t = placed_[static_cast<std::size_t>(i)];
    h.Add((int{t.kind} << 2) | t.rotation);
    h.Add(t.pos.x);
    h.Add(t.pos.y);
  }
  for (const Follower& f : followers_) h.Add((f.player << 16) | f.segment);
  for (TileKind k : bag_) h.Add(int{k});
  for (int i = 0; i < 4; ++i) h.Add(rng_.Word(i));
  if (config_.options.count) {
    h.Add(static_cast<int>(count_));
    h.Add(decider_);
    h.Add((int{round_step_} << 2) | (anyone_scored_ ? 2 : 0) | (placer_scored_ ? 1 : 0));
    h.Add(static_cast<std::uint64_t>(final_out_));
    for (const auto& quarter : city_) {
      for (int s = 0; s < config_.players; ++s) h.Add(int{quarter[static_cast<std::size_t>(s)]});
    }
    for (std::size_t i = pending_next_; i < pending_.size(); ++i) h.Add(int{pending_[i].segment});
  }
  return h.h;
}

}  // namespace carc::engine
