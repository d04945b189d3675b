#include "rooms/rated_game.h"

#include <ctime>

#include "games/registry.h"
#include "moderation/utc_minute.h"
#include "ratings/computer_ratings.h"
#include "rooms/game_session.h"

namespace carc::server {

std::string RatedBarRefusal(const SocketAccount& account, const RoomConfig& config) {
  const std::int64_t now =
      config.wall_now ? config.wall_now() : static_cast<std::int64_t>(std::time(nullptr));
  if (account.rated_barred_until <= now) return "";
  return "you left too many rated games lately: rated rooms seat you again from " +
         moderation::UtcMinute(account.rated_barred_until);
}
namespace {

std::string PoolOf(const v1::RoomOptions& options) {
  if (!options.rated()) return "";
  const GameAdapter* game = FindGame(options.game_type());
  return game == nullptr ? "" : game->RatingPoolOf(options).pool;
}

void FillSkill(const ratings::Rating& r, v1::SkillRating* out) {
  out->set_mu(r.mu);
  out->set_sigma(r.sigma);
  out->set_rating(ratings::Displayed(r));
}

}  // namespace

std::string RatedRoomProblem(const v1::RoomOptions& options, const GameAdapter& game) {
  if (!options.rated()) return "";
  const RatingPool pool = game.RatingPoolOf(options);
  if (pool.pool.empty()) return "this game has no rating pool";
  if (!pool.house_rule.empty()) {
    return "a rated game plays the standard rules: " + pool.house_rule + " is a house rule";
  }
  if (options.hints()) return "a rated game gives no hints: turn hints off";
  // Waiting alone, a player who leaves holds the game forever and no one is rated: a clock (its
  // timeouts play on) or a policy that plays on for the absent is needed.
  const bool waits = options.abandon_policy() == v1::ABANDON_POLICY_UNSPECIFIED ||
                     options.abandon_policy() == v1::ABANDON_POLICY_WAIT;
  if (waits && options.clock().initial_seconds() == 0 && options.turn_based().move_seconds() == 0) {
    return "a rated game needs a turn clock, or a computer, the fallback move or a vote for a "
           "player who is away: waiting alone lets one who leaves hold the game forever";
  }
  return "";
}

std::string RatedComputerProblem(const v1::RoomOptions& options, std::string_view level) {
  const std::string pool = PoolOf(options);
  if (pool.empty() || ratings::ComputerRating(pool, level)) return "";
  return "a rated room seats only computer players with a yardstick rating in this game "
         "(docs/ratings.md); " +
         std::string(level) + " has none";
}

void RatedGame::PrepareArchive(store::ArchivedGame& game, const SeatTable& seats,
                               const GameSession& session) const {
  const std::string pool = PoolOf(options_);
  if (pool.empty()) return;
  game.rated_pool = pool;
  for (std::size_t i = 0; i < game.players.size() && i < seats.size(); ++i) {
    store::ArchivedPlayer& p = game.players[i];
    const Seat& seat = seats[i];
    if (seat.computer()) {
      p.fixed_rating = ratings::ComputerRating(pool, seat.computer_level);
    } else {
      p.left = session.left(static_cast<int>(i));
      p.moves = session.moves(static_cast<int>(i));
    }
  }
}

void FillRatingChanges(const std::vector<store::RatingChange>& changes, v1::RoomState* out) {
  for (const store::RatingChange& c : changes) {
    v1::RatingChange* r = out->add_rating_changes();
    r->set_seat(c.seat);
    r->set_place(c.place);
    r->set_left(c.left);
    FillSkill(c.before, r->mutable_before());
    FillSkill(c.after, r->mutable_after());
  }
}

}  // namespace carc::server
