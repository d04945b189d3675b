#include "rooms/room_registry.h"

#include <spdlog/spdlog.h>
#include <boost/asio/strand.hpp>

#include "rooms/tokens.h"

namespace carc::server {

RoomRegistry::RoomRegistry(boost::asio::io_context& io, const ServerConfig& config,
                           Metrics& metrics)
    : io_(io), config_(config), metrics_(metrics) {}

std::shared_ptr<Room> RoomRegistry::Create(const v1::RoomOptions& options,
                                           const engine::Options& engine_options) {
  std::shared_ptr<Room> room;
  {
    std::lock_guard lock(mu_);
    std::string code;
    do {
      code = NewInviteCode();
    } while (rooms_.count(code) > 0);
    room = std::make_shared<Room>(boost::asio::make_strand(io_), code, options, engine_options,
                                  config_, metrics_, *this);
    rooms_[code] = room;
  }
  room->Start();
  spdlog::info("room {} created ({} seats, {})", room->code(), options.seats(),
               options.is_public() ? "public" : "private");
  return room;
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
      if (room->IsPublic()) rooms.push_back(room);
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
      const auto idle = it->second->IdleFor();
      if (idle && *idle > config_.empty_room_ttl) {
        gone.push_back(it->second);
        it = rooms_.erase(it);
      } else {
        ++it;
      }
    }
    for (auto it = tokens_.begin(); it != tokens_.end();) {
      it = it->second.expired() ? tokens_.erase(it) : std::next(it);
    }
  }
  for (const auto& room : gone) {
    spdlog::info("room {} disposed of: nobody connected", room->code());
    room->CloseAll(1000, "room closed");
  }
}

void RoomRegistry::CloseAll(std::uint16_t code, const std::string& reason) {
  std::lock_guard lock(mu_);
  for (const auto& [c, room] : rooms_) room->CloseAll(code, reason);
}

std::size_t RoomRegistry::size() const {
  std::lock_guard lock(mu_);
  return rooms_.size();
}

}  // namespace carc::server
