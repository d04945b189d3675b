#include "rooms/room_journal.h"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include <chrono>
#include <utility>

#include "games/registry.h"
#include "rooms/turn_based_log.h"
#include "store/rating_store.h"

namespace carc::server {

namespace sv1 = carc::store::v1;

namespace {

// The seat table without readiness: a change to this forces a write.
std::string DurablePart(sv1::SeatTable table) {
  for (auto& seat : *table.mutable_seats()) seat.set_ready(false);
  return table.SerializeAsString();
}

}  // namespace

RoomJournal::RoomJournal(store::EventStore& store, store::RoomId id, std::string code,
                         RoomMetrics& metrics, Owner owner)
    : store_(store), id_(id), code_(std::move(code)), metrics_(metrics), owner_(std::move(owner)) {}

RoomJournal::RoomJournal(store::EventStore& store, store::RoomId id, std::string code,
                         RoomMetrics& metrics)
    : RoomJournal(store, id, std::move(code), metrics, Owner{}) {}

void RoomJournal::Write(const sv1::RoomLogEntry& entry, Then then) {
  Pending p;
  p.entry = entry.SerializeAsString();
  p.then = std::move(then);
  // No seat table may follow a start in the log (a replay refuses it), also while the start
  // is on its way.
  p.start = entry.has_started();
  if (p.start) started_ = true;
  Enqueue(std::move(p));
}

void RoomJournal::WriteSeats(const sv1::SeatTable& seats, bool with_ready, Then then) {
  const auto nothing = [&then] {
    if (then) then(true);
  };
  if (started_) return nothing();
  std::string bytes = seats.SerializeAsString();
  if (bytes == stored_seats_) return nothing();
  std::string durable = DurablePart(seats);
  if (!with_ready && durable == stored_durable_) return nothing();  // only readiness changed
  sv1::RoomLogEntry entry;
  *entry.mutable_seats() = seats;
  stored_seats_ = std::move(bytes);
  stored_durable_ = std::move(durable);
  // The store has only the first pending write: a table behind it is still the room's to
  // replace, so that a burst of lobby changes costs one write, not one each.
  if (!queue_.empty() && queue_.back().seats && (queue_.size() > 1 || !sent_)) {
    Pending& back = queue_.back();
    back.entry = entry.SerializeAsString();
    if (then && back.then) {
      back.then = [first = std::move(back.then), second = std::move(then)](bool ok) {
        first(ok);
        second(ok);
      };
    } else if (then) {
      back.then = std::move(then);
    }
    return;
  }
  Pending p;
  p.entry = entry.SerializeAsString();
  p.seats = true;
  p.then = std::move(then);
  Enqueue(std::move(p));
}

void RoomJournal::WriteCommand(const sv1::GameCommand& command,
                               const std::vector<std::uint32_t>& clock_ms,
                               const MoveDeadline::State* turn_based, Then then) {
  sv1::RoomLogEntry entry;
  sv1::GameCommand* stored = entry.mutable_command();
  *stored = command;
  for (const std::uint32_t ms : clock_ms) stored->add_clock_remaining_ms(ms);
  if (turn_based != nullptr) ToStored(*turn_based, stored->mutable_turn_based());
  Write(entry, std::move(then));
}

void RoomJournal::Archive(store::ArchivedGame game, ArchiveThen then) {
  game.id = id_;
  game.code = code_;
  Pending p;
  p.game = std::move(game);
  p.archived = std::move(then);
  Enqueue(std::move(p));
}

void RoomJournal::Enqueue(Pending p) {
  if (queue_.empty()) owner_.gate->BeginWrite();  // ended once the queue is empty again
  queue_.push_back(std::move(p));
  if (!sent_) Send();
}

void RoomJournal::Send() {
  Pending& p = queue_.front();
  sent_ = true;
  // The store answers on its writer thread: the answer goes back to the room's strand, the
  // room kept alive until then.
  auto back = [strand = owner_.strand, keep = owner_.keep_alive(), this](
                  std::string error, std::vector<store::RatingChange> changes) {
    boost::asio::post(strand, [this, keep, e = std::move(error), c = std::move(changes)]() mutable {
      Landed(std::move(e), std::move(c));
    });
  };
  if (p.game) {
    store_.ArchiveAsync(*p.game, [back](std::vector<store::RatingChange> changes,
                                        std::string error) { back(error, std::move(changes)); });
  } else {
    store_.AppendAsync(id_, size_, p.entry, [back](std::string error) { back(error, {}); });
  }
}

void RoomJournal::Landed(std::string error, std::vector<store::RatingChange> changes) {
  Pending p = std::move(queue_.front());
  queue_.pop_front();
  sent_ = false;
  const bool ok = error.empty();
  if (!ok) {
    ++metrics_.store_errors;
    spdlog::error("room {}: {} failed: {}", code_, p.game ? "archiving the game" : "store write",
                  error);
    // The next change of the lobby writes the table again.
    if (p.seats) stored_seats_.clear(), stored_durable_.clear();
    if (p.start) started_ = false;  // the lobby goes on
  } else if (!p.game) {
    ++size_;
  }
  // The room hears the answer with its gate open (what it does next may begin a write of its
  // own) and runs what was held once the writes handed in are all answered.
  if (queue_.empty()) owner_.gate->EndWrite();
  if (p.then) p.then(ok);
  if (p.archived) p.archived(ok ? std::optional(std::move(changes)) : std::nullopt);
  if (!sent_ && !queue_.empty()) Send();
  owner_.gate->RunHeld();
}

RoomCreation ReadCreation(const std::vector<std::string>& entries) {
  RoomCreation c;
  sv1::RoomLogEntry first;
  if (entries.empty() || !first.ParseFromString(entries[0]) || !first.has_created()) {
    c.error = "entry 0 is not the room's creation";
    return c;
  }
  c.code = first.created().code();
  c.options = first.created().options();
  const GameAdapter* game = FindGame(c.options.game_type());
  if (game == nullptr) {
    c.error =
        "entry 0: this server offers no game of type " + std::to_string(c.options.game_type());
  } else if (const std::string why = game->RestoreOptions(c.options); !why.empty()) {
    c.error = "entry 0: " + why;
  }
  return c;
}

std::string RoomJournal::Replay(const std::vector<std::string>& entries,
                                const v1::RoomOptions& options, Target target) {
  const auto now = std::chrono::steady_clock::now();
  for (std::size_t i = 1; i < entries.size(); ++i) {
    const std::string where = "entry " + std::to_string(i) + ": ";
    sv1::RoomLogEntry entry;
    if (!entry.ParseFromString(entries[i])) return where + "not a RoomLogEntry";
    switch (entry.entry_case()) {
      case sv1::RoomLogEntry::kSeats:
        if (target.game) return where + "a seat table after the start";
        if (entry.seats().seats_size() != static_cast<int>(options.seats())) {
          return where + "the seat table does not match the room's seats";
        }
        target.seats.Load(entry.seats(), now);
        stored_seats_ = entry.seats().SerializeAsString();
        stored_durable_ = DurablePart(entry.seats());
        break;
      case sv1::RoomLogEntry::kStarted: {
        if (target.game) return where + "a second start";
        started_ = true;
        const sv1::GameStarted& st = entry.started();
        target.seats.Load(st.seats(), now);
        std::string error;
        target.game = StartGameSession(options, static_cast<int>(target.seats.size()), st.seed(),
                                       st.first_player(), &error);
        if (!target.game) return where + error;
        // The clock is on if the start stored readings, whatever the options say now.
        if (st.clock_remaining_ms_size() > 0) {
          target.clock = TurnClock(st.clock_remaining_ms_size(), std::chrono::milliseconds(0),
                                   std::chrono::seconds(options.clock().increment_seconds()));
          target.clock.Load({st.clock_remaining_ms().begin(), st.clock_remaining_ms().end()});
        }
        // Likewise a turn-based clock: the game goes on by the rules it started with.
        if (st.has_turn_based()) {
          const TurnBasedRules rules = TurnBasedRulesOf(options);
          if (*TurnBasedProblem(rules) != '\0') return where + "a turn-based clock without rules";
          target.turn_based.emplace(static_cast<int>(target.seats.size()), rules);
          if (std::string why = LoadStored(st.turn_based(), *target.turn_based); !why.empty()) {
            return where + why;
          }
        }
        break;
      }
      case sv1::RoomLogEntry::kCommand: {
        if (!target.game) return where + "a command before the start";
        const sv1::GameCommand& c = entry.command();
        if (std::string why = target.game->ApplyStored(c); !why.empty()) return where + why;
        if (target.clock.on() &&
            !target.clock.Load({c.clock_remaining_ms().begin(), c.clock_remaining_ms().end()})) {
          return where + "clock readings do not match the seats";
        }
        if (target.turn_based && c.has_turn_based()) {
          if (std::string why = LoadStored(c.turn_based(), *target.turn_based); !why.empty()) {
            return where + why;
          }
        }
        break;
      }
      case sv1::RoomLogEntry::kTurnNoted:
        if (!target.turn_based) return where + "a turn-based note in a room without that clock";
        if (std::string why = LoadStored(entry.turn_noted(), *target.turn_based); !why.empty()) {
          return where + why;
        }
        break;
      case sv1::RoomLogEntry::kEnded:
        if (!target.game) return where + "an end before the start";
        if (target.game->IsOver()) return where + "an end after the end";
        target.game->EndEarly();
        for (const int seat : entry.ended().absent_seats()) {
          if (seat < 0 || seat >= static_cast<int>(options.seats())) {
            return where + "an absent seat that is not one";
          }
          target.game->MarkLeft(seat);
        }
        break;
      default:
        return where + "an entry of no known kind";
    }
  }
  size_ = static_cast<std::uint32_t>(entries.size());
  return {};
}

std::vector<store::RatingChange> RoomJournal::RatingChanges() {
  store::RatingStore* ratings = store_.ratings();
  if (ratings == nullptr) return {};
  try {
    std::vector<store::RatingChange> out;
    for (const store::RatingHistoryRow& r : ratings->GameRatings(id_)) {
      out.push_back({r.seat, 0, r.place, r.left, r.before, r.after, 0});
    }
    return out;
  } catch (const store::StoreError& e) {
    spdlog::error("room {}: reading the game's rating changes failed: {}", code_, e.what());
    return {};
  }
}

std::optional<bool> RoomJournal::Archived() {
  try {
    return store_.Game(id_).has_value();
  } catch (const store::StoreError& e) {
    spdlog::error("room {}: reading the archive failed: {}", code_, e.what());
    return std::nullopt;
  }
}

}  // namespace carc::server
