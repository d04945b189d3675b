// One interface for every game: what rooms, records, computer players, benchmarks and the
// conformance tests need of a game, whichever game it is.
//
// Contract:
// - A Game is registered once by name in a GameRegistry and makes States from a GameSetup.
// - A State is a deterministic value: the same setup and the same moves give the same state on
//   every machine. Clone() copies it whole; Apply() changes it and Determinize() resamples its
//   secrets (for search on copies); nothing else does.
// - Apply() either accepts a move (seq() one higher) or refuses it with a reason and leaves the
//   state exactly as it was.
// - A Move is a small value: it can be stored, compared, hashed and sent across threads. The two
//   move types every game shares (Timeout, Resign) have fixed numbers; what the others mean is
//   the game's own, and Game::MoveText() names them.
// - Secrets (the seed, the stack order, hidden hands, face-down tiles) stay inside the State:
//   SameView() tells whether a seat sees two states alike, and Determinize() keeps what the seat
//   sees while it redraws what it cannot.
#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "carc/engine/option_spec.h"
#include "carc/engine/reject_reason.h"
#include "carc/engine/rng.h"
#include "carc/engine/types.h"

namespace carc::engine {

struct Move {
  std::uint8_t type = 0;
  // The move's fields in the order its game documents them; unused ones stay 0.
  std::array<std::int32_t, 4> args{};
  friend auto operator<=>(const Move&, const Move&) = default;
};

// Move types every game has.
// Timeout: the seat to move ran out of time (sent by the room's clock, never by a player); the
// game plays its fallback for the decision at hand.
inline constexpr std::uint8_t kTimeoutMove = 0;
// Resign: the seat leaves the game; accepted from any seat still playing.
inline constexpr std::uint8_t kResignMove = 1;
// The first number a game may use for its own move types.
inline constexpr std::uint8_t kFirstGameMove = 2;

// Whether a Move field fits the one-byte field of a command it stands for (a segment, a region,
// a pending feature's index).
constexpr bool FitsByte(std::int32_t v) {
  return v >= 0 && v <= 255;
}

// A move with the seat that made it: a game's log is a list of these.
struct SeatMove {
  Seat seat = 0;
  Move move;
  friend bool operator==(const SeatMove&, const SeatMove&) = default;
};

struct GameSetup {
  int players = 2;
  std::uint64_t seed = 0;  // never leaves the server
  // Option name and value in their text form, as records and room settings write them; options
  // not named keep their defaults.
  std::vector<std::pair<std::string, std::string>> options;
  // The seat the host named to start, for games whose options let the host choose.
  Seat host = 0;
};

// What a playout did, for benchmarks: its decisions, its tile placements (the "place_tile"
// decisions, the turns of every game) and the legal placements those offered in all.
struct PlayoutCounts {
  std::uint64_t decisions = 0;
  std::uint64_t placements = 0;
  std::uint64_t placements_offered = 0;
  // One decision drawn among `offered` legal moves; `placing` for a "place_tile" decision.
  void Add(bool placing, std::size_t offered) {
    ++decisions;
    if (placing) {
      ++placements;
      placements_offered += offered;
    }
  }
};

class State {
 public:
  virtual ~State() = default;
  virtual std::unique_ptr<State> Clone() const = 0;

  int players() const { return players_; }
  // The seat whose decision the game waits for; -1 once it is over. It need not be the seat
  // whose turn it is (the Count's decisions go round the table).
  virtual Seat ToMove() const = 0;
  // What that decision is, in the game's words ("place_tile", "place_follower", ...); "" once
  // the game is over.
  virtual std::string_view Decision() const = 0;
  // Every legal move of `seat` now, in a fixed order, except Resign (legal for any seat still
  // playing) and Timeout (the clock's). Empty when `seat` is not to move.
  virtual void LegalMoves(Seat seat, std::vector<Move>& out) const = 0;
  std::vector<Move> LegalMoves(Seat seat) const;
  // One of those moves drawn uniformly with `rng`: exactly LegalMoves(seat)[rng.Below(n)], with
  // the same draws, where n (the number of legal moves) goes to `offered`; `seat` must be to
  // move. Games override it to draw without listing every move, since it is the hot path of
  // random playouts; `scratch` is a buffer the listing may use between calls.
  virtual Move PickUniform(Seat seat, Rng& rng, std::vector<Move>& scratch,
                           std::size_t& offered) const;
  // Plays the game to its end, every decision drawn with `rng`: the same game, draw for draw, as
  // PickUniform() then Apply() at each decision (what a random agent plays), adding what it did
  // to `counts` when given. A seat that resigned plays its fallback (Timeout) and draws nothing.
  // The hot loop of search playouts and of `carcassonne bench`: games override it to apply the
  // moves they draw without the checks a move from outside needs.
  virtual void PlayOut(Rng& rng, PlayoutCounts* counts = nullptr);

  // The one way a game goes on: checks what every game checks (the game is not over, the seat
  // exists, the move type is the game's), then the game's own step. On acceptance seq() is one
  // higher; a refusal changes nothing.
  RejectReason Apply(Seat seat, const Move& move);
  // A refusal Apply() just returned, in the rules' words: the id of the rule it breaks in the
  // decision at hand and what was wrong (reject_reason.h). Ask before the state changes again.
  virtual Refusal Explain(RejectReason r) const = 0;

  // Whether Apply keeps the events of each move for the game's views (on from the start).
  // Playouts that never read them (benchmarks, search) turn them off, and the engine then
  // skips building them.
  virtual void KeepEvents(bool keep) = 0;

  // Commands accepted so far.
  virtual std::uint64_t seq() const = 0;
  virtual bool IsOver() const = 0;
  virtual int Score(Seat seat) const = 0;
  std::vector<int> Scores() const;
  // The scores if the game ended now: the final scoring run on a copy (features still open,
  // farms, the Castle's keep and wall tiles), one per seat; the scores themselves once over.
  // What the greedy player weighs its moves by.
  virtual std::vector<int> ProjectedScores() const = 0;
  // What chance showed before the decision at hand that no move names (the tile drawn this
  // turn), 0 when nothing: search tells apart by it the positions that the same moves lead to
  // under different draws.
  virtual std::uint64_t Observation() const = 0;
  // Whether `seat` has resigned (its turns are played by the fallback from then on).
  virtual bool Resigned(Seat seat) const = 0;
  // The seats with the highest total, resigned seats excluded; empty until the game is over.
  virtual std::vector<Seat> Winners() const = 0;
  // Of the whole state, secrets included: equal states hash alike on every machine.
  virtual std::uint64_t Hash() const = 0;

  // Whether `seat` (kSpectator: anyone) sees this state and `other`, a state of the same game,
  // alike: the same view, legal moves included.
  virtual bool SameView(const State& other, Seat seat) const = 0;
  // For search on a copy: redraws what `seat` cannot see (the order of the stack, other seats'
  // hidden hands, face-down tiles) from what it could be given everything the seat has seen,
  // with `rng`. SameView(before, seat) holds afterwards, and the game goes on legally. Two
  // states `seat` sees alike become the same state under the same generator.
  virtual void Determinize(Seat seat, Rng& rng) = 0;

 protected:
  explicit State(int players) : players_(players) {}
  State(const State&) = default;
  State& operator=(const State&) = default;
  // One decision of PlayOut() the general way: PickUniform() then Apply().
  void PlayOneUniform(Rng& rng, std::vector<Move>& scratch, PlayoutCounts* counts);

 private:
  // The game's own step for a move whose type is below MoveTypes() and a seat in range. It bumps
  // seq() once when it accepts and changes nothing when it refuses.
  virtual RejectReason Step(Seat seat, const Move& move) = 0;
  virtual std::uint8_t MoveTypes() const = 0;

  int players_;
};

class Game {
 public:
  virtual ~Game() = default;
  // The name rooms, records and the CLI use (the registry's key): "base", ...
  virtual std::string_view name() const = 0;
  virtual int min_players() const = 0;
  virtual int max_players() const = 0;
  // The options a setup may name, in a fixed order.
  virtual std::span<const OptionSpec> Options() const = 0;
  // A new game at its start, or why the setup makes none (a player count out of range, an
  // unknown option or value).
  virtual std::variant<std::unique_ptr<State>, std::string> NewState(
      const GameSetup& setup) const = 0;
  // A move in words for logs and tests, e.g. "place_tile 1 -2 r3".
  virtual std::string MoveText(const Move& move) const = 0;
};

// The games a process offers, each once by name.
class GameRegistry {
 public:
  // Refuses (returns false) a game whose name is taken.
  bool Add(std::unique_ptr<const Game> game);
  const Game* Find(std::string_view name) const;
  std::vector<const Game*> All() const;

 private:
  std::vector<std::unique_ptr<const Game>> games_;
};

}  // namespace carc::engine
