#include "rooms/computer_seats.h"

#include "rooms/bot_job.h"

namespace carc::server {

std::optional<bots::BotJob> ComputerSeats::Prepare(const GameSession& game, bots::BotLevel level,
                                                   bool urgent) {
  // Already thinking about it, unless the clock ran out meanwhile: then the quick answer
  // replaces the one still waiting in the queue.
  if (job_ && job_seq_ == game.seq() && !urgent) return std::nullopt;
  Cancel();  // an older question: not wanted
  bots::BotJob job = JobFor(game, level);
  job.urgent = urgent;
  return job;
}

void ComputerSeats::Cancel() {
  if (job_) job_->store(true);
  job_.reset();
}

bool ComputerSeats::NoteStandIns(const SeatTable& seats, const GameSession* game,
                                 Clock::time_point now) {
  std::vector<bool> now_in(seats.size(), false);
  for (std::size_t i = 0; i < seats.size(); ++i) {
    now_in[i] = game != nullptr && !game->IsOver() && !seats[i].computer() && Plays(seats[i], now);
  }
  if (now_in == stand_ins_) return false;
  stand_ins_ = std::move(now_in);
  return true;
}

}  // namespace carc::server
