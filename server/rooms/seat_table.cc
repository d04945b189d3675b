#include "rooms/seat_table.h"

#include <algorithm>

#include "carc/engine/types.h"

namespace carc::server {

namespace sv1 = carc::store::v1;

int SeatTable::Occupied() const {
  return static_cast<int>(
      std::count_if(seats_.begin(), seats_.end(), [](const Seat& x) { return x.occupied; }));
}

int SeatTable::Computers() const {
  return static_cast<int>(std::count_if(seats_.begin(), seats_.end(),
                                        [](const Seat& x) { return x.occupied && x.computer(); }));
}

int SeatTable::SeatOf(const std::shared_ptr<Session>& s) const {
  if (!s) return -1;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].session == s) return static_cast<int>(i);
  }
  return -1;
}

int SeatTable::SeatOfToken(const std::string& token_hash) const {
  if (token_hash.empty()) return -1;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].occupied && seats_[i].token_hash == token_hash) return static_cast<int>(i);
  }
  return -1;
}

std::vector<std::string> SeatTable::TokenHashes() const {
  std::vector<std::string> out;
  for (const Seat& seat : seats_) {
    if (seat.occupied && !seat.token_hash.empty()) out.push_back(seat.token_hash);
  }
  return out;
}

int SeatTable::SeatOfAccount(std::int64_t account) const {
  if (account == 0) return -1;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].occupied && seats_[i].account == account) return static_cast<int>(i);
  }
  return -1;
}

int SeatTable::FirstFree() const {
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (!seats_[i].occupied) return static_cast<int>(i);
  }
  return -1;
}

void SeatTable::Grant(int seat, std::string name, std::shared_ptr<Session> session,
                      std::string token_hash) {
  if (!Valid(seat)) return;
  const bool first = Occupied() == Computers();
  Seat& slot = At(seat);
  slot = Seat{};
  slot.occupied = true;
  slot.name = std::move(name);
  slot.colour = FreeColour();
  slot.account = session ? session->account().id : 0;
  slot.session = std::move(session);
  slot.token_hash = std::move(token_hash);
  if (first) host_ = seat;
}

int SeatTable::ClaimByToken(const std::string& token_hash, std::int64_t account, std::string name) {
  const int seat = SeatOfToken(token_hash);
  // One seat per account in a room; a seat that belongs to an account stays its.
  if (seat < 0 || account == 0 || SeatOfAccount(account) >= 0) return -1;
  Seat& slot = At(seat);
  if (slot.account != 0 || slot.computer()) return -1;
  slot.account = account;
  slot.name = std::move(name);
  if (slot.session) slot.session->set_name(slot.name);
  return seat;
}

int SeatTable::ForgetAccount(std::int64_t account, std::string label) {
  const int seat = SeatOfAccount(account);
  if (seat < 0) return -1;
  Seat& slot = At(seat);
  slot.account = 0;
  slot.name = std::move(label);
  if (slot.session) slot.session->set_name(slot.name);
  return seat;
}

SeatTable::Refusal SeatTable::GrantComputer(int seat, std::string level) {
  if (!Valid(seat)) return Refusal::kNoSuchSeat;
  if (At(seat).occupied) return Refusal::kSeatTaken;
  Seat& slot = At(seat);
  slot = Seat{};
  slot.occupied = true;
  slot.name = "Computer " + std::to_string(seat + 1);
  slot.colour = FreeColour();
  slot.ready = true;
  slot.computer_level = std::move(level);
  return Refusal::kNone;
}

std::string SeatTable::FreeColour() const {
  for (std::string_view c : engine::kSeatColours) {
    const bool taken = std::any_of(seats_.begin(), seats_.end(), [&](const Seat& other) {
      return other.occupied && other.colour == c;
    });
    if (!taken) return std::string(c);
  }
  return {};
}

std::string SeatTable::Free(int seat) {
  if (!Valid(seat)) return {};
  std::string token = std::move(At(seat).token_hash);
  At(seat) = Seat{};
  if (seat == host_) {
    for (std::size_t i = 0; i < seats_.size(); ++i) {
      if (seats_[i].occupied && !seats_[i].computer()) {
        host_ = static_cast<int>(i);
        break;
      }
    }
  }
  return token;
}

SeatTable::Refusal SeatTable::Move(int from, int to, int* moved_to) {
  if (!Valid(from) || !At(from).occupied) return Refusal::kNoSuchSeat;
  if (to < -1 || to >= static_cast<int>(seats_.size())) return Refusal::kNoSuchSeat;
  const int target = to == -1 ? FirstFree() : to;
  if (target < 0 || At(target).occupied) return Refusal::kSeatTaken;
  At(target) = std::move(At(from));
  At(from) = Seat{};
  if (host_ == from) host_ = target;
  if (moved_to != nullptr) *moved_to = target;
  return Refusal::kNone;
}

SeatTable::Refusal SeatTable::ChooseColour(int seat, const std::string& colour) {
  if (!Valid(seat) || !At(seat).occupied) return Refusal::kNoSuchSeat;
  if (std::find(engine::kSeatColours.begin(), engine::kSeatColours.end(), colour) ==
      engine::kSeatColours.end()) {
    return Refusal::kUnknownColour;
  }
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (static_cast<int>(i) != seat && seats_[i].occupied && seats_[i].colour == colour) {
      return Refusal::kColourTaken;
    }
  }
  At(seat).colour = colour;
  return Refusal::kNone;
}

std::optional<int> SeatTable::FirstNotReady() const {
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].occupied && !seats_[i].ready && static_cast<int>(i) != host_) {
      return static_cast<int>(i);
    }
  }
  return std::nullopt;
}

SeatTable SeatTable::Compacted() const {
  SeatTable out;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (!seats_[i].occupied) continue;
    if (static_cast<int>(i) == host_) out.host_ = static_cast<int>(out.seats_.size());
    out.seats_.push_back(seats_[i]);
  }
  return out;
}

sv1::SeatTable SeatTable::ToStored() const {
  sv1::SeatTable table;
  for (const Seat& seat : seats_) {
    sv1::StoredSeat* s = table.add_seats();
    s->set_occupied(seat.occupied);
    s->set_name(seat.name);
    s->set_colour(seat.colour);
    s->set_ready(seat.ready);
    s->set_token_hash(seat.token_hash);
    s->set_computer_level(seat.computer_level);
    s->set_account_id(seat.account);
  }
  table.set_host(host_);
  table.set_host_seen_at(host_seen_at_);
  return table;
}

void SeatTable::Load(const sv1::SeatTable& stored, std::chrono::steady_clock::time_point now) {
  seats_.assign(static_cast<std::size_t>(stored.seats_size()), Seat{});
  for (int i = 0; i < stored.seats_size(); ++i) {
    const sv1::StoredSeat& s = stored.seats(i);
    Seat& seat = seats_[static_cast<std::size_t>(i)];
    seat.occupied = s.occupied();
    seat.name = s.name();
    seat.colour = s.colour();
    seat.ready = s.ready();
    seat.token_hash = s.token_hash();
    seat.computer_level = s.computer_level();
    seat.account = s.account_id();
    seat.dropped_at = now;  // the grace period starts again with the server
  }
  host_ = stored.host();
  host_seen_at_ = stored.host_seen_at();
}

}  // namespace carc::server
