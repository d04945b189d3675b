// All rooms by invite code, and resume tokens by hash. Thread-safe (one mutex: lobby actions
// are rare next to game traffic, which never touches the registry).
//
// Limits: at most --max-rooms rooms in memory, and at most --max-rooms-per-address rooms
// created from one client address that still exist (rooms restored at start count for nobody).
// The sweeper disposes of rooms (Room::TryMarkDisposed says when); a disposed room is marked
// so in the store and is not rebuilt at the next start.
#pragma once

#include <boost/asio/io_context.hpp>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot_pool.h"
#include "moderation/mute_list.h"
#include "moderation/room_action_list.h"
#include "moderation/server_settings.h"
#include "net/address_rate.h"
#include "push/notice.h"
#include "rooms/held_seat.h"
#include "rooms/report_sink.h"
#include "rooms/room.h"
#include "store/event_store.h"

namespace carc::server {

class RoomRegistry {
 public:
  // `bots`: the computer players' threads (none: rooms offer no computer players).
  RoomRegistry(boost::asio::io_context& io, const RoomConfig& config, RoomMetrics& metrics,
               store::EventStore& store, bots::BotPool* bots = nullptr);

  // A new room with a fresh invite code, already running its clock, created for a client at
  // `address` ("" when unknown: no per-address limit). Without a room, `error` and `message`
  // say why: a room limit (ERROR_CODE_TOO_MANY_ROOMS) or the store.
  struct Created {
    std::shared_ptr<Room> room;
    v1::ErrorCode error = v1::ERROR_CODE_UNSPECIFIED;
    std::string message;
  };
  // `then` hears at once of a limit; otherwise once the store has the room (its write runs on
  // the store's writer thread), on a thread of the io_context.
  using CreatedThen = std::function<void(Created)>;
  void Create(const v1::RoomOptions& options, const std::string& address, CreatedThen then);
  // Rebuilds every open room of the store (before the server accepts connections). A room
  // whose log cannot be replayed is quarantined in the store and reported; the others load.
  struct RestoreReport {
    int restored = 0;
    std::vector<store::QuarantinedRoom> quarantined;
  };
  RestoreReport RestoreAll();
  // Rebuilds the rooms with these ids (a cluster node's newly leased rooms) the same way.
  RestoreReport Restore(const std::vector<store::RoomId>& ids);
  // The rooms in memory: store id and code.
  std::vector<std::pair<store::RoomId, std::string>> Held() const;
  // Forgets the room without disposing of it in the store (another node serves it now) and
  // closes its connections with `close_code`.
  void Evict(const std::string& code, std::uint16_t close_code, const std::string& reason);
  std::shared_ptr<Room> Find(const std::string& code) const;
  // Whom a room's computer-player jobs count against (bots/bot_pool.h): the address that
  // created it, or the room itself when that is unknown (restored after a restart).
  std::string OwnerOf(const std::string& code) const;
  std::shared_ptr<Room> FindByToken(const std::string& token_hash) const;
  void IndexToken(const std::string& token_hash, const std::shared_ptr<Room>& room);
  void DropToken(const std::string& token_hash);
  std::vector<v1::RoomSummary> ListPublic() const;
  // A room as the moderators' list shows it: its summary, whether it is public, its players'
  // names and whether a moderator closed it.
  struct RoomRow {
    v1::RoomSummary summary;
    bool is_public = false;
    std::vector<std::string> players;
    bool closed = false;
  };
  // Every room this node holds, private ones too (a cluster's other nodes hold the rest), by
  // code, at most `limit` (any thread).
  std::vector<RoomRow> ModerationRows(std::size_t limit) const;
  // The seats `account` holds in this node's rooms (any thread; a scan of the rooms).
  std::vector<HeldSeat> SeatsHeldBy(std::int64_t account) const;
  // Asks this node's rooms of these token hashes whose games are not over to give their seats
  // to `account` (Room::ClaimSeat); returns how many rooms were asked.
  int ClaimSeats(std::int64_t account, const std::string& name,
                 const std::vector<std::string>& token_hashes) const;
  // The account is deleted: its seats in this node's rooms play on as `label`, for no account.
  void ForgetAccount(std::int64_t account, const std::string& label) const;
  // Disposes of rooms nobody has been connected to for the configured time. It visits only
  // the candidates (NoteCandidate), at most kSweepVisits of them, going round.
  void Sweep();
  // A room one of whose disposal conditions began counting (Room::MayDispose). Any thread;
  // takes only a lock that is never held while another is taken, so a room calls it under
  // its own.
  void NoteCandidate(const std::string& code);
  void CloseAll(std::uint16_t code, const std::string& reason);
  // After shutdown only (no thread runs the io_context): see Room::ReleaseSessions.
  void ReleaseSessions();
  std::size_t size() const;
  // Misses a client address may make at once before --code-guesses-per-minute applies.
  static constexpr int kCodeGuessBurst = 10;
  // Reports an account may make at once before --reports-per-hour applies.
  static constexpr int kReportBurst = 3;
  bots::BotPool* bots() const { return bots_; }
  // Where the rooms' notices to players who are away go (push/notice.h): set before the first
  // room is made (ServerApp's start), null for none.
  void set_notices(push::Notifier* notices) { notices_ = notices; }
  push::Notifier* notices() const { return notices_; }
  // The mutes in force (moderation/mute_list.h; null: none kept): set before the port opens.
  void set_mutes(const moderation::MuteList* mutes) { mutes_ = mutes; }
  const moderation::MuteList* mutes() const { return mutes_; }
  // The kicks and closed rooms in force (moderation/room_action_list.h; null: none kept): set
  // before the first room is restored. Rooms read it in Room::Moderate.
  void set_room_actions(const moderation::RoomActionList* actions) { room_actions_ = actions; }
  const moderation::RoomActionList* room_actions() const { return room_actions_; }
  // The actions on these rooms (by store id) changed: those this node holds carry them out.
  void ApplyRoomActions(const std::vector<std::int64_t>& room_ids) const;
  // The server's settings (moderation/server_settings.h; null: the defaults): set before the
  // port opens. Rooms ask it for the words refused in chat and whether guests may play.
  void set_settings(const moderation::SettingsBox* settings) { settings_ = settings; }
  // Where the rooms' reports are kept (null: reports refused, a store that keeps no accounts):
  // set before the port opens.
  void set_reports(ReportSink* reports) { reports_ = reports; }
  ReportSink* reports() const { return reports_; }
  // Reports an account may make, after a burst (--reports-per-hour), over every room: key
  // "account:ID".
  AddressRate& report_rate() { return report_rate_; }
  // Why a guest may not play here (create a room or take a seat), or "" when they may.
  std::string GuestRefusal(const Session& s) const;
  // The word of `text` that this server refuses in chat, or "" for none.
  std::string RefusedChatWord(std::string_view text) const;
  // Lookups of rooms by a code a client typed (joins, /api/rooms/CODE/record), metered per
  // address on the misses: ask Ready() before the lookup and Take() after a miss, so that a
  // guesser is refused before a guess, and a player's lookups that find their room cost nothing.
  AddressRate& code_guesses() { return code_guesses_; }

 private:
  // `code_known`: r.code comes from the store's rooms table and must match entry 0's.
  void RestoreOne(const store::OpenRoom& r, bool code_known, RestoreReport& report);

  boost::asio::io_context& io_;
  const RoomConfig& config_;
  RoomMetrics& metrics_;
  store::EventStore& store_;
  bots::BotPool* bots_;
  push::Notifier* notices_ = nullptr;
  const moderation::MuteList* mutes_ = nullptr;
  const moderation::RoomActionList* room_actions_ = nullptr;
  const moderation::SettingsBox* settings_ = nullptr;
  ReportSink* reports_ = nullptr;
  AddressRate report_rate_;
  AddressRate code_guesses_;
  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<Room>> rooms_;
  // Codes of the rooms the sweep visits: most rooms of a large server are being played, or are
  // turn-based games whose players are away for days, and a walk over them all was a quarter
  // of the CPU of 10,000 waiting games (docs/benchmarks.md). Under candidates_mu_, which is
  // taken last (after mu_ or a room's own lock) and alone otherwise.
  mutable std::mutex candidates_mu_;
  std::set<std::string> candidates_;
  // Where the next sweep starts among the candidates: each visits at most kSweepVisits, in
  // code order, going round. Under candidates_mu_.
  std::string sweep_from_;
  static constexpr std::size_t kSweepVisits = 1000;
  // Codes of rooms being written to the store by Create (outside mu_): taken, and counted
  // against --max-rooms and the creator's --max-rooms-per-address.
  std::set<std::string> creating_;
  // The creation's end, once the store answered: the room made and counted, or uncounted.
  Created Made(const std::string& code, const v1::RoomOptions& options, const std::string& address,
               store::RoomId id, const std::string& failure);
  std::size_t turn_based_creating_ = 0;  // of creating_
  std::map<std::string, std::weak_ptr<Room>> tokens_;
  std::map<std::string, std::string> creator_of_;  // room code -> address that created it
  std::map<std::string, int> rooms_of_;            // address -> rooms of creator_of_
};

}  // namespace carc::server
