// Ratings of players of free-for-all games of 2 to 6: Weng and Lin's Bayesian approximation
// (JMLR 12, 2011), the Bradley-Terry model with full pairing. Each player's skill is a normal
// belief N(mu, sigma^2); a finished game compares every pair of its players (a win, a loss or a
// tie), and each player's belief moves in closed form by the sum of those comparisons.
//
// Why Bradley-Terry full pairing rather than Plackett-Luce: a Carcassonne table is a set of
// scores, and the pairwise comparison reads exactly what they say (who outscored whom, ties as
// half a win) without Plackett-Luce's order of elimination; Weng and Lin measured it the more
// accurate of their models on multi-player data (Halite: 44.56% test error against
// TrueSkill's 44.72%); and with at most 6 players its n^2 pairs cost nothing.
//
// Contract: pure functions of their arguments (standard library only, no state), so that a
// store can rate a game inside the transaction that archives it and anyone can recompute an
// update from the mu and sigma the API shows. The update is that of the `openskill` package's
// rate() with its bradleyTerryFull model and default options (tests/ratings checks it against
// that package within 1e-9); sigma's growth while a player is idle is this project's own.
#pragma once

#include <span>
#include <vector>

namespace carc::ratings {

struct Rating {
  double mu = 25.0;
  double sigma = 25.0 / 3.0;
  friend bool operator==(const Rating&, const Rating&) = default;
};

struct Params {
  double mu = 25.0;           // a new player's mean
  double sigma = 25.0 / 3.0;  // a new player's uncertainty, and the most idleness restores
  double beta = 25.0 / 6.0;   // the spread of one game's performance around the skill
  // Added (in variance) to every rated player's sigma before each game, so that sigma never
  // settles to nothing and a player who improves is followed (openskill's default).
  double tau = 25.0 / 300.0;
  double kappa = 1e-4;  // the least fraction of its variance a game may leave a sigma
  // Growth of sigma per day without a rated game, in variance per day: a player back after
  // a year with sigma 2 comes back at about 6.1; never past `sigma`.
  double idle_per_day = 0.09;
};

// One player of a finished game, in seat order.
struct Standing {
  Rating before;
  // Where the player finished: 0 is first; equal places are a tie.
  int place = 0;
  // A fixed rating (a computer player's yardstick): it counts for the others and never moves.
  bool fixed = false;
};

// Everyone's rating after the game, in the same order. A fixed player's is its own.
// Needs 2 or more standings; with fewer, every rating is returned unchanged.
std::vector<Rating> RateGame(std::span<const Standing> standings, const Params& params = {});

// How much each comparison of a game counts, and how far a result may lift a mu: the server's
// guards against farming (ratings/farming_guard.h makes them). Left empty, the update is the
// model's (the one above).
struct Damping {
  // n * n, or empty (every weight 1): weights[i * n + q] scales player i's comparison with q,
  // both the move of i's mu and the shrinking of i's sigma, as if that comparison were that
  // fraction of a game.
  std::vector<double> weights;
  // Above 0: a game may lift a player's mu at most to where the model gives them this chance of
  // outscoring the strongest player they did not lose to, taken at that player's conservative
  // skill (mu - 3 sigma); a mu already above stays where it is. 0: no limit.
  double reach = 0.0;
};
std::vector<Rating> RateGame(std::span<const Standing> standings, const Damping& damping,
                             const Params& params = {});

// `rating` after `days` days without a rated game (0 or less: unchanged).
Rating AfterIdle(Rating rating, double days, const Params& params = {});

// A player's end of a game, in seat order.
struct FinalScore {
  int score = 0;
  // Left the game (absent past the room's policy, or resigned).
  bool left = false;
};

// The places of a finished game: the highest score is place 0, equal scores share a place (so
// the next place is skipped, "1224" order), and every player who left shares the last place
// whatever their score.
std::vector<int> PlacesFromScores(std::span<const FinalScore> finals);

// The conservative skill shown to players: mu - 3 sigma, a rating the player is very likely
// above (99.9% under the model's belief).
double Conservative(const Rating& rating);

// The number players read: 1000 + 30 * (mu - 3 sigma), rounded. 30 puts it near the Elo scale:
// for two settled players (sigma small) c = sqrt(2) beta = 5.89, so odds of 10:1 need a
// difference of c ln 10 = 13.6 in mu, which is 407 points, Elo's 400.
int Displayed(const Rating& rating);

}  // namespace carc::ratings
