#include "rooms/room_registry.h"

#include <spdlog/spdlog.h>
#include <boost/asio/strand.hpp>

#include <algorithm>
#include <ctime>

#include "games/registry.h"
#include "net/log_throttle.h"
#include "rooms/tokens.h"

namespace carc::server {

RoomRegistry::RoomRegistry(boost::asio::io_context& io, const ServerConfig& config,
                           Metrics& metrics, store::EventStore& store, bots::BotPool* bots)
    : io_(io), config_(config), metrics_(metrics), store_(store), bots_(bots) {}

RoomRegistry::Created RoomRegistry::Create(const v1::RoomOptions& options,
                                           const std::string& address) {
  std::shared_ptr<Room> room;
  {
    std::lock_guard lock(mu_);
    if (rooms_.size() >= static_cast<std::size_t>(config_.max_rooms)) {
      ++metrics_.rooms_refused_max_rooms;
      // Clients can ask again at once, many times a second: one line per period.
      static LogThrottle refusal_log(std::chrono::seconds(10));
      if (const auto n = refusal_log.Tick()) {
        spdlog::warn(
            "{} room(s) refused since the last report: the server holds {} rooms "
            "(--max-rooms; latest from {})",
            n, rooms_.size(), address);
      }
      return {nullptr, v1::ERROR_CODE_TOO_MANY_ROOMS,
              "the server has too many rooms right now; try again later"};
    }
    if (!address.empty()) {
      const auto it = rooms_of_.find(address);
      if (it != rooms_of_.end() && it->second >= config_.max_rooms_per_address) {
        ++metrics_.rooms_refused_per_address;
        return {nullptr, v1::ERROR_CODE_TOO_MANY_ROOMS,
                "your address has " + std::to_string(it->second) +
                    " rooms open; leave or finish one first"};
      }
    }
    std::string code;
    do {
      code = NewInviteCode();
    } while (rooms_.count(code) > 0);
    carc::store::v1::RoomLogEntry created;
    created.mutable_created()->set_code(code);
    *created.mutable_created()->mutable_options() = options;
    created.mutable_created()->set_created_at(static_cast<std::int64_t>(std::time(nullptr)));
    store::RoomId id = 0;
    try {
      id = store_.CreateRoom(code, created.SerializeAsString());
    } catch (const store::StoreError& e) {
      ++metrics_.store_errors;
      spdlog::error("cannot create a room: store write failed: {}", e.what());
      return {nullptr, v1::ERROR_CODE_STORE_UNAVAILABLE,
              "the server cannot save a new room right now; try again"};
    }
    room = std::make_shared<Room>(boost::asio::make_strand(io_), code, options, config_, metrics_,
                                  *this, store_, id);
    rooms_[code] = room;
    if (!address.empty()) {
      creator_of_[code] = address;
      ++rooms_of_[address];
    }
  }
  room->Start();
  spdlog::info("room {} created ({} seats, {})", room->code(), options.seats(),
               options.is_public() ? "public" : "private");
  return {room, v1::ERROR_CODE_UNSPECIFIED, ""};
}

RoomRegistry::RestoreReport RoomRegistry::RestoreAll() {
  RestoreReport report;
  auto quarantine = [&](const store::OpenRoom& r, const std::string& why) {
    spdlog::error("room {} (store id {}): log cannot be replayed, quarantined: {}", r.code, r.id,
                  why);
    ++metrics_.rooms_quarantined;
    report.quarantined.push_back({r.id, r.code, why});
    try {
      store_.Quarantine(r.id, why);
    } catch (const store::StoreError& e) {
      ++metrics_.store_errors;
      spdlog::error("room {}: cannot mark it quarantined: {}", r.code, e.what());
    }
  };
  for (const store::OpenRoom& r : store_.OpenRooms()) {
    if (!r.read_error.empty()) {
      quarantine(r, r.read_error);
      continue;
    }
    carc::store::v1::RoomLogEntry first;
    if (r.entries.empty() || !first.ParseFromString(r.entries[0]) || !first.has_created()) {
      quarantine(r, "entry 0 is not the room's creation");
      continue;
    }
    v1::RoomOptions options = first.created().options();
    const GameAdapter* game = FindGame(options.game_type());
    if (game == nullptr) {
      quarantine(
          r, "entry 0: this server offers no game of type " + std::to_string(options.game_type()));
      continue;
    }
    if (const std::string why = game->RestoreOptions(options); !why.empty()) {
      quarantine(r, "entry 0: " + why);
      continue;
    }
    if (first.created().code() != r.code) {
      quarantine(r, "entry 0: the room's code is not valid");
      continue;
    }
    std::lock_guard lock(mu_);
    if (rooms_.count(r.code) > 0) {
      quarantine(r, "another open room has the code " + r.code);
      continue;
    }
    auto room = std::make_shared<Room>(boost::asio::make_strand(io_), r.code, options, config_,
                                       metrics_, *this, store_, r.id);
    if (const std::string why = room->Restore(r.entries); !why.empty()) {
      quarantine(r, why);
      continue;
    }
    rooms_[r.code] = room;
    for (const auto& hash : room->TokenHashes()) tokens_[hash] = room;
    room->Start();
    ++report.restored;
    ++metrics_.rooms_restored;
  }
  return report;
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
  std::lock_guard lock(mu_);
  tokens_[token_hash] = room;
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

void RoomRegistry::Sweep() {
  std::vector<std::shared_ptr<Room>> gone;
  {
    std::lock_guard lock(mu_);
    for (auto it = rooms_.begin(); it != rooms_.end();) {
      const Room::DisposeReason why = it->second->TryMarkDisposed();
      switch (why) {
        case Room::DisposeReason::kNone:
          ++it;
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
      }
      if (const auto c = creator_of_.find(it->first); c != creator_of_.end()) {
        if (const auto n = rooms_of_.find(c->second); n != rooms_of_.end() && --n->second <= 0) {
          rooms_of_.erase(n);
        }
        creator_of_.erase(c);
      }
      gone.push_back(it->second);
      it = rooms_.erase(it);
    }
    // Tokens of disposed rooms go with them; the index never keeps a room alive (weak).
    for (auto it = tokens_.begin(); it != tokens_.end();) {
      const auto room = it->second.lock();
      it = !room || std::find(gone.begin(), gone.end(), room) != gone.end() ? tokens_.erase(it)
                                                                            : std::next(it);
    }
  }
  for (const auto& room : gone) {
    spdlog::info("room {} disposed of", room->code());
    try {
      store_.Dispose(room->room_id());
    } catch (const store::StoreError& e) {
      // The room comes back at the next start and is disposed of again then.
      ++metrics_.store_errors;
      spdlog::error("room {}: store write failed: {}", room->code(), e.what());
    }
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

std::size_t RoomRegistry::size() const {
  std::lock_guard lock(mu_);
  return rooms_.size();
}

}  // namespace carc::server
