#include "rooms/room_registry.h"

#include "net/connection_limiter.h"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include <algorithm>
#include <ctime>

#include "games/registry.h"
#include "net/log_throttle.h"
#include "rooms/tokens.h"
#include "store/room_leases.h"

namespace carc::server {
namespace {

// One room fewer for `address` in `rooms_of` (the per-address count of --max-rooms-per-address);
// "" counts nothing.
void UncountRoomOf(std::map<std::string, int>& rooms_of, const std::string& address) {
  if (address.empty()) return;
  if (const auto n = rooms_of.find(address); n != rooms_of.end() && --n->second <= 0) {
    rooms_of.erase(n);
  }
}

}  // namespace

RoomRegistry::RoomRegistry(boost::asio::io_context& io, const RoomConfig& config,
                           RoomMetrics& metrics, store::EventStore& store, bots::BotPool* bots)
    : io_(io),
      config_(config),
      metrics_(metrics),
      store_(store),
      bots_(bots),
      report_rate_(kReportBurst, config.reports_per_hour / 3600.0),
      code_guesses_(kCodeGuessBurst, config.code_guesses_per_minute / 60.0) {}

void RoomRegistry::Create(const v1::RoomOptions& options, const std::string& address,
                          CreatedThen then) {
  std::string code;
  {
    std::lock_guard lock(mu_);
    // Each kind counts toward its own cap: games over days, which wait mostly with nobody
    // connected, cannot crowd out live rooms, nor the other way round.
    const bool turn_based = options.turn_based().move_seconds() != 0;
    std::size_t of_kind =
        turn_based ? turn_based_creating_ : creating_.size() - turn_based_creating_;
    for (const auto& [c, r] : rooms_) of_kind += r->TurnBased() == turn_based ? 1 : 0;
    if (turn_based && of_kind >= static_cast<std::size_t>(config_.max_turn_based_rooms)) {
      ++metrics_.rooms_refused_max_turn_based;
      return then({nullptr, v1::ERROR_CODE_TOO_MANY_ROOMS,
                   "the server has too many turn-based rooms right now (--max-turn-based-rooms); "
                   "try again later"});
    }
    if (!turn_based && of_kind >= static_cast<std::size_t>(config_.max_rooms)) {
      ++metrics_.rooms_refused_max_rooms;
      // Clients can ask again at once, many times a second: one line per period.
      static LogThrottle refusal_log(std::chrono::seconds(10));
      if (const auto n = refusal_log.Tick()) {
        spdlog::warn(
            "{} room(s) refused since the last report: the server holds {} rooms "
            "(--max-rooms; latest from {})",
            n, rooms_.size(), address);
      }
      return then({nullptr, v1::ERROR_CODE_TOO_MANY_ROOMS,
                   "the server has too many rooms right now; try again later"});
    }
    if (!address.empty()) {
      const auto it = rooms_of_.find(address);
      if (it != rooms_of_.end() && it->second >= config_.max_rooms_per_address) {
        ++metrics_.rooms_refused_per_address;
        return then({nullptr, v1::ERROR_CODE_TOO_MANY_ROOMS,
                     "your address has " + std::to_string(it->second) +
                         " rooms open; leave or finish one first"});
      }
    }
    do {
      code = NewInviteCode();
    } while (rooms_.count(code) > 0 || creating_.count(code) > 0);
    // The room counts against both caps while it is written, so that a store that waits cannot
    // let an address past them.
    creating_.insert(code);
    if (turn_based) ++turn_based_creating_;
    if (!address.empty()) ++rooms_of_[address];
  }
  carc::store::v1::RoomLogEntry created;
  created.mutable_created()->set_code(code);
  *created.mutable_created()->mutable_options() = options;
  created.mutable_created()->set_created_at(static_cast<std::int64_t>(std::time(nullptr)));
  // Written on the store's writer thread: a store that waits on its write lock holds up this
  // creation only, not a network thread, nor every lookup, join and listing of other rooms.
  store_.CreateRoomAsync(
      code, created.SerializeAsString(),
      [this, code, options, address, then = std::move(then)](store::RoomId id, std::string error) {
        // Back on the network threads: the writer goes on with the next write.
        boost::asio::post(io_, [this, code, options, address, then, id, e = std::move(error)] {
          then(Made(code, options, address, id, e));
        });
      });
}

RoomRegistry::Created RoomRegistry::Made(const std::string& code, const v1::RoomOptions& options,
                                         const std::string& address, store::RoomId id,
                                         const std::string& failure) {
  std::shared_ptr<Room> room;
  {
    std::lock_guard lock(mu_);
    creating_.erase(code);
    if (options.turn_based().move_seconds() != 0) --turn_based_creating_;
    if (!failure.empty()) {
      UncountRoomOf(rooms_of_, address);
    } else {
      room = std::make_shared<Room>(boost::asio::make_strand(io_), code, options, config_, metrics_,
                                    *this, store_, id);
      rooms_[code] = room;
      // The room noted itself while it was not yet here, and a sweep may have dropped it.
      if (room->MayDispose()) NoteCandidate(code);
      if (!address.empty()) creator_of_[code] = address;
    }
  }
  if (!room) {
    ++metrics_.store_errors;
    spdlog::error("cannot create a room: store write failed: {}", failure);
    return {nullptr, v1::ERROR_CODE_STORE_UNAVAILABLE,
            "the server cannot save a new room right now; try again"};
  }
  room->Start();
  spdlog::info("room {} created ({} seats, {})", room->code(), options.seats(),
               options.is_public() ? "public" : "private");
  return {room, v1::ERROR_CODE_UNSPECIFIED, ""};
}

RoomRegistry::RestoreReport RoomRegistry::RestoreAll() {
  RestoreReport report;
  for (const store::OpenRoom& r : store_.OpenRooms()) RestoreOne(r, true, report);
  return report;
}

RoomRegistry::RestoreReport RoomRegistry::Restore(const std::vector<store::RoomId>& ids) {
  RestoreReport report;
  for (const store::RoomId id : ids) {
    store::OpenRoom r;
    r.id = id;
    try {
      auto log = store_.Log(id);
      if (!log) continue;  // not in the store: nothing to serve
      r.entries = std::move(*log);
    } catch (const store::StoreError& e) {
      r.read_error = e.what();
    }
    RestoreOne(r, false, report);
  }
  return report;
}

void RoomRegistry::RestoreOne(const store::OpenRoom& r, bool code_known, RestoreReport& report) {
  auto quarantine = [&](const std::string& why) {
    const std::string code = r.code.empty() ? "?" : r.code;
    spdlog::error("room {} (store id {}): log cannot be replayed, quarantined: {}", code, r.id,
                  why);
    ++metrics_.rooms_quarantined;
    report.quarantined.push_back({r.id, code, why});
    try {
      store_.Quarantine(r.id, why);
    } catch (const store::StoreError& e) {
      ++metrics_.store_errors;
      spdlog::error("room {}: cannot mark it quarantined: {}", code, e.what());
    }
  };
  if (!r.read_error.empty()) return quarantine(r.read_error);
  RoomCreation created = ReadCreation(r.entries);
  if (!created.error.empty()) return quarantine(created.error);
  const v1::RoomOptions& options = created.options;
  const std::string code = code_known ? r.code : created.code;
  if (created.code != code || code.empty() || code.size() > 16) {
    return quarantine("entry 0: the room's code is not valid");
  }
  std::lock_guard lock(mu_);
  if (const auto it = rooms_.find(code); it != rooms_.end()) {
    if (it->second->room_id() == r.id) return;  // rebuilt already (a cluster node's claim)
    return quarantine("another open room has the code " + code);
  }
  auto room = std::make_shared<Room>(boost::asio::make_strand(io_), code, options, config_,
                                     metrics_, *this, store_, r.id);
  if (const std::string why = room->Restore(r.entries); !why.empty()) return quarantine(why);
  rooms_[code] = room;
  if (room->MayDispose()) NoteCandidate(code);  // as in Create
  for (const auto& hash : room->TokenHashes()) tokens_[hash] = room;
  // A kick or a close in force is carried out before the room's first tick.
  if (room_actions_ != nullptr && !(room_actions_->For(r.id) == moderation::RoomModeration{})) {
    room->Moderate();
  }
  room->Start();
  ++report.restored;
  ++metrics_.rooms_restored;
  spdlog::info("room {} rebuilt from its log ({} entries)", code, r.entries.size());
}

std::vector<std::pair<store::RoomId, std::string>> RoomRegistry::Held() const {
  std::lock_guard lock(mu_);
  std::vector<std::pair<store::RoomId, std::string>> out;
  for (const auto& [code, room] : rooms_) out.emplace_back(room->room_id(), code);
  return out;
}

void RoomRegistry::Evict(const std::string& code, std::uint16_t close_code,
                         const std::string& reason) {
  std::shared_ptr<Room> room;
  {
    std::lock_guard lock(mu_);
    const auto it = rooms_.find(code);
    if (it == rooms_.end()) return;
    room = it->second;
    rooms_.erase(it);
    for (auto t = tokens_.begin(); t != tokens_.end();) {
      const auto r = t->second.lock();
      t = !r || r == room ? tokens_.erase(t) : std::next(t);
    }
  }
  room->CloseAll(close_code, reason);
}

std::string RoomRegistry::OwnerOf(const std::string& code) const {
  std::lock_guard lock(mu_);
  const auto it = creator_of_.find(code);
  return it != creator_of_.end() ? AddressKey(it->second) : "room " + code;
}

std::shared_ptr<Room> RoomRegistry::Find(const std::string& code) const {
  std::lock_guard lock(mu_);
  const auto it = rooms_.find(code);
  return it == rooms_.end() ? nullptr : it->second;
}

std::shared_ptr<Room> RoomRegistry::FindByToken(const std::string& token_hash) const {
  std::lock_guard lock(mu_);
  const auto it = tokens_.find(token_hash);
  return it == tokens_.end() ? nullptr : it->second.lock();
}

void RoomRegistry::IndexToken(const std::string& token_hash, const std::shared_ptr<Room>& room) {
  {
    std::lock_guard lock(mu_);
    tokens_[token_hash] = room;
  }
  // In a cluster, any node must find the room of a token (to send its holder there).
  if (store::RoomLeases* leases = store_.leases()) {
    try {
      leases->IndexToken(token_hash, room->room_id());
    } catch (const store::StoreError& e) {
      ++metrics_.store_errors;
      spdlog::error("room {}: cannot index a resume token: {}", room->code(), e.what());
    }
  }
}

void RoomRegistry::DropToken(const std::string& token_hash) {
  std::lock_guard lock(mu_);
  tokens_.erase(token_hash);
}

std::vector<v1::RoomSummary> RoomRegistry::ListPublic() const {
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    for (const auto& [code, room] : rooms_) {
      if (room->Listed()) rooms.push_back(room);
    }
  }
  std::vector<v1::RoomSummary> out;
  for (const auto& room : rooms) out.push_back(room->Summary());
  return out;
}

std::vector<RoomRegistry::RoomRow> RoomRegistry::ModerationRows(std::size_t limit) const {
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    for (const auto& [code, room] : rooms_) {
      if (rooms.size() == limit) break;
      rooms.push_back(room);
    }
  }
  std::vector<RoomRow> out;
  for (const auto& room : rooms) {
    const bool closed = room_actions_ != nullptr && room_actions_->For(room->room_id()).closed;
    out.push_back({room->Summary(), room->IsPublic(), room->Players(), closed});
  }
  return out;
}

std::vector<HeldSeat> RoomRegistry::SeatsHeldBy(std::int64_t account) const {
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    for (const auto& [code, room] : rooms_) rooms.push_back(room);
  }
  std::vector<HeldSeat> out;
  for (const auto& room : rooms) {
    if (auto held = room->SeatHeldBy(account)) out.push_back(std::move(*held));
  }
  return out;
}

int RoomRegistry::ClaimSeats(std::int64_t account, const std::string& name,
                             const std::vector<std::string>& token_hashes) const {
  int asked = 0;
  for (const auto& hash : token_hashes) {
    const auto room = FindByToken(hash);
    // A finished game is claimed in the archive (AccountStore::ClaimGames).
    if (room && room->Summary().status() != v1::ROOM_STATUS_FINISHED) {
      room->ClaimSeat(hash, account, name);
      ++asked;
    }
  }
  return asked;
}

void RoomRegistry::ForgetAccount(std::int64_t account, const std::string& label) const {
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    for (const auto& [code, room] : rooms_) rooms.push_back(room);
  }
  for (const auto& room : rooms) {
    if (room->SeatHeldBy(account)) room->ForgetAccount(account, label);
  }
}

void RoomRegistry::ApplyRoomActions(const std::vector<std::int64_t>& room_ids) const {
  std::vector<std::shared_ptr<Room>> rooms;
  {
    std::lock_guard lock(mu_);
    // Few actions change at once (one per moderator's act): a walk over the rooms held finds
    // them without another index to keep.
    for (const auto& [code, room] : rooms_) {
      if (std::binary_search(room_ids.begin(), room_ids.end(), room->room_id())) {
        rooms.push_back(room);
      }
    }
  }
  for (const auto& room : rooms) room->Moderate();
}

void RoomRegistry::NoteCandidate(const std::string& code) {
  std::lock_guard lock(candidates_mu_);
  candidates_.insert(code);
}

void RoomRegistry::Sweep() {
  std::vector<std::string> visit;
  {
    std::lock_guard lock(candidates_mu_);
    auto it = candidates_.lower_bound(sweep_from_);
    const std::size_t limit = std::min(kSweepVisits, candidates_.size());
    for (std::size_t i = 0; i < limit; ++i, ++it) {
      if (it == candidates_.end()) it = candidates_.begin();
      visit.push_back(*it);
    }
    sweep_from_ = it == candidates_.end() ? std::string() : *it;
  }
  metrics_.rooms_swept += visit.size();
  std::vector<std::shared_ptr<Room>> gone;
  {
    std::lock_guard lock(mu_);
    // Each visited code with its room if the room stays (null when it is gone): one look-up.
    std::vector<std::pair<const std::string*, const Room*>> looked;
    looked.reserve(visit.size());
    for (const std::string& code : visit) {
      const auto it = rooms_.find(code);
      if (it == rooms_.end()) {
        looked.emplace_back(&code, nullptr);
        continue;
      }
      const Room::DisposeReason why = it->second->TryMarkDisposed();
      switch (why) {
        case Room::DisposeReason::kNone:
          looked.emplace_back(&code, it->second.get());
          continue;
        case Room::DisposeReason::kEmptyLobby:
          ++metrics_.rooms_disposed_empty_lobby;
          break;
        case Room::DisposeReason::kFinished:
          ++metrics_.rooms_disposed_finished;
          break;
        case Room::DisposeReason::kAbandoned:
          ++metrics_.rooms_disposed_abandoned;
          break;
        case Room::DisposeReason::kAwayLobby:
          ++metrics_.rooms_disposed_away_lobby;
          break;
      }
      if (const auto c = creator_of_.find(it->first); c != creator_of_.end()) {
        UncountRoomOf(rooms_of_, c->second);
        creator_of_.erase(c);
      }
      gone.push_back(it->second);
      rooms_.erase(it);
      looked.emplace_back(&code, nullptr);
    }
    // A visited room leaves the candidates once it is gone or nothing of it counts any more.
    // Under candidates_mu_: a room that begins counting again sets its flag before it notes
    // itself, so either this sees the flag or its note comes after.
    {
      std::lock_guard candidates(candidates_mu_);
      for (const auto& [code, room] : looked) {
        if (room == nullptr || !room->MayDispose()) candidates_.erase(*code);
      }
    }
    // Tokens of disposed rooms go with them; the index never keeps a room alive (weak). Only
    // when a room went: the walk over every seat's token is most of a sweep's time otherwise
    // (Evict drops its room's tokens itself).
    for (auto t = tokens_.begin(); !gone.empty() && t != tokens_.end();) {
      const auto room = t->second.lock();
      t = !room || std::find(gone.begin(), gone.end(), room) != gone.end() ? tokens_.erase(t)
                                                                           : std::next(t);
    }
  }
  for (const auto& room : gone) {
    spdlog::info("room {} disposed of", room->code());
    // On the store's writer thread; a failure brings the room back at the next start, to be
    // disposed of again then.
    store_.DisposeAsync(room->room_id(), [this, code = room->code()](std::string error) {
      if (error.empty()) return;
      ++metrics_.store_errors;
      spdlog::error("room {}: store write failed: {}", code, error);
    });
    room->Dispose();
  }
}

void RoomRegistry::CloseAll(std::uint16_t code, const std::string& reason) {
  std::lock_guard lock(mu_);
  for (const auto& [c, room] : rooms_) room->CloseAll(code, reason);
}

void RoomRegistry::ReleaseSessions() {
  std::lock_guard lock(mu_);
  for (const auto& [c, room] : rooms_) room->ReleaseSessions();
}

std::string RoomRegistry::GuestRefusal(const Session& s) const {
  if (settings_ == nullptr || s.account().signed_in() || settings_->Get()->guests_play) return "";
  return "this server seats signed-in players only: sign in, or join a room to watch";
}

std::string RoomRegistry::RefusedChatWord(std::string_view text) const {
  if (settings_ == nullptr) return "";
  return moderation::RefusedWordIn(*settings_->Get(), text).value_or("");
}

std::size_t RoomRegistry::size() const {
  std::lock_guard lock(mu_);
  return rooms_.size();
}

}  // namespace carc::server
