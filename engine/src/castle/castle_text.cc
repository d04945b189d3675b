// The canonical text form of a Castle state and its hash.
#include <iterator>
#include <sstream>

#include "carc/engine/castle/castle_state.h"

namespace carc::engine::castle {

std::string CastleState::ToString() const {
  std::ostringstream o;
  o << "castle seq " << seq_ << " turn " << turn_ << " phase " << static_cast<int>(phase_)
    << " current " << current_ << " tile " << current_tile_ << " extra " << in_extra_turn_
    << " discarded " << discarded_ << "\nscores";
  for (int s : score_) o << ' ' << s;
  o << "\nresigned";
  for (bool r : resigned_) o << ' ' << r;
  o << "\nbag";
  for (int t : bag_) o << ' ' << t;
  o << "\ntowers";
  for (WallTile t : towers_) o << ' ' << static_cast<int>(t);
  o << "\nused";
  for (std::size_t k = 1; k < used_.size(); ++k) o << ' ' << static_cast<int>(used_[k]);
  o << "\nplaced";
  for (const PlacedTile& t : placed_) {
    o << ' ' << set().tiles[static_cast<std::size_t>(t.tile)].id << '@' << t.pos.x << ',' << t.pos.y
      << 'r' << t.rotation << 'p' << t.player;
  }
  o << "\nfollowers";
  for (const Follower& f : followers_) o << ' ' << f.player << ':' << f.node;
  for (Seat s = 0; s < kPlayers; ++s) {
    o << "\nseat " << s << " keep " << keep(s).pos.x << ',' << keep(s).pos.y << ' '
      << static_cast<int>(keep(s).region) << ' ' << keep(s).size << " wall";
    for (const HeldWallTile& h : wall_tiles(s))
      o << ' ' << static_cast<int>(h.kind) << '/' << h.turn;
  }
  o << "\npending";
  for (const PendingFeature& p : pending_) {
    o << ' ' << static_cast<int>(p.feature) << ':' << Find(p.node) << ':' << p.winner;
  }
  o << "\nfeatures";
  for (std::size_t n = 0; n < parent_.size(); ++n) {
    o << ' ' << Find(static_cast<int>(n));
    if (Find(static_cast<int>(n)) == static_cast<int>(n)) o << '/' << open_[n];
  }
  o << "\nrng " << rng_.Word(0) << ' ' << rng_.Word(1) << ' ' << rng_.Word(2) << ' ' << rng_.Word(3)
    << '\n';
  return o.str();
}

namespace {

// FNV-1a over a value's 8 bytes, lowest first: the same on every machine.
void Mix(std::uint64_t& h, std::int64_t value) {
  // A word at a time (the base game's mixer): byte-wise FNV took eight dependent multiplies per
  // value, a twentieth of a random game.
  h = (h ^ static_cast<std::uint64_t>(value)) * 0x9e3779b97f4a7c15ULL;
  h ^= h >> 29;
}

template <typename Range>
void MixAll(std::uint64_t& h, const Range& values) {
  Mix(h, static_cast<std::int64_t>(std::size(values)));
  for (const auto v : values) Mix(h, static_cast<std::int64_t>(v));
}

}  // namespace

std::uint64_t CastleState::Hash() const {
  // Over everything ToString() shows, field by field (building the text cost a tenth of a random
  // game), except what follows from the rest: equal states hash equal, and any field that
  // differs changes the words mixed in.
  std::uint64_t h = 1469598103934665603ULL;
  for (const std::int64_t v :
       {static_cast<std::int64_t>(seq_), std::int64_t{turn_},
        std::int64_t{static_cast<int>(phase_)}, std::int64_t{current_}, std::int64_t{current_tile_},
        std::int64_t{in_extra_turn_}, std::int64_t{discarded_}}) {
    Mix(h, v);
  }
  MixAll(h, score_);
  MixAll(h, resigned_);
  MixAll(h, bag_);
  MixAll(h, towers_);
  MixAll(h, used_);
  Mix(h, static_cast<std::int64_t>(placed_.size()));
  for (const PlacedTile& t : placed_) {
    for (const int v : {t.tile, t.pos.x, t.pos.y, t.rotation, t.player}) Mix(h, v);
  }
  Mix(h, static_cast<std::int64_t>(followers_.size()));
  for (const Follower& f : followers_) {
    Mix(h, f.player);
    Mix(h, f.node);
  }
  for (Seat s = 0; s < kPlayers; ++s) {
    for (const int v : {keep(s).pos.x, keep(s).pos.y, int{keep(s).region}, keep(s).size}) {
      Mix(h, v);
    }
    Mix(h, static_cast<std::int64_t>(wall_tiles(s).size()));
    for (const HeldWallTile& w : wall_tiles(s)) {
      Mix(h, w.kind);
      Mix(h, w.turn);
    }
  }
  Mix(h, static_cast<std::int64_t>(pending_.size()));
  for (const PendingFeature& p : pending_) {
    Mix(h, static_cast<int>(p.feature));
    Mix(h, Find(p.node));
    Mix(h, p.winner);
  }
  // The features (which nodes are joined, what is open) follow from the placements in their
  // order, mixed in above, so walking every node of the graph here (a tenth of a random game)
  // would add nothing: its size stands for it.
  Mix(h, static_cast<std::int64_t>(parent_.size()));
  for (int i = 0; i < 4; ++i) Mix(h, static_cast<std::int64_t>(rng_.Word(i)));
  return h;
}

}  // namespace carc::engine::castle
