#include "rooms/archived_record.h"

#include <memory>

#include "carc/store/v1/room_log.pb.h"
#include "games/registry.h"
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
  carc::store::v1::RoomLogEntry first;
  if (!first.ParseFromString(entries->front()) || !first.has_created()) {
    return {{}, "entry 0: not the room's creation"};
  }
  v1::RoomOptions options = first.created().options();
  const GameAdapter* adapter = FindGame(options.game_type());
  if (adapter == nullptr) return {{}, "entry 0: a game this server does not offer"};
  if (std::string why = adapter->RestoreOptions(options); !why.empty()) {
    return {{}, "entry 0: " + why};
  }
  Uncounted uncounted;
  RoomJournal journal(store, game.id, game.code, uncounted);
  SeatTable seats(options.seats());
  TurnClock clock;
  std::unique_ptr<GameSession> session;
  if (std::string why = journal.Replay(*entries, options, {seats, session, clock}); !why.empty()) {
    return {{}, why};
  }
  if (!session || !session->IsOver()) return {{}, "the room's log holds no finished game"};
  return {session->Record(), {}};
}

}  // namespace carc::server
