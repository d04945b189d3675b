#include "rooms/archived_record.h"

#include <memory>

#include "rooms/game_session.h"
#include "rooms/room_journal.h"
#include "rooms/room_metrics.h"
#include "rooms/seat_table.h"
#include "rooms/turn_clock.h"

namespace carc::server {
namespace {

// The replay reads entries and writes nothing: what its journal would count goes nowhere.
class Uncounted final : public RoomMetrics {
 public:
  void Reject(const std::string&) override {}
  void ObserveCommandLatency(double) override {}
};

}  // namespace

ArchivedRecord RecordOfArchived(store::EventStore& store, const store::ArchivedGame& game) {
  if (!game.record.empty()) return {game.record, {}};
  const std::optional<std::vector<std::string>> entries = store.Log(game.id);
  if (!entries || entries->empty()) return {{}, "the game's room has no log"};
  const RoomCreation created = ReadCreation(*entries);
  if (!created.error.empty()) return {{}, created.error};
  Uncounted uncounted;
  RoomJournal journal(store, game.id, game.code, uncounted);
  SeatTable seats(created.options.seats());
  TurnClock clock;
  std::optional<MoveDeadline> turn_based;
  std::unique_ptr<GameSession> session;
  if (std::string why =
          journal.Replay(*entries, created.options, {seats, session, clock, turn_based});
      !why.empty()) {
    return {{}, why};
  }
  if (!session || !session->IsOver()) return {{}, "the room's log holds no finished game"};
  return {session->Record(), {}};
}

}  // namespace carc::server
