// The canonical text form of a Castle state and its hash.
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

std::uint64_t CastleState::Hash() const {
  // FNV-1a over the canonical form: equal states hash equal.
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : ToString()) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

}  // namespace carc::engine::castle
