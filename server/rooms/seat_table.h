// A room's seats: who sits where (a person, or a computer player of some level), under which
// name and colour, ready or not, the host, the resume token of each person's seat (as a hash),
// and the connection currently holding it.
//
// Contract: not thread-safe (the room's strand); no I/O: the room writes the stored form
// (ToStored) and tells the token index and the clients. Seat numbers are checked: a method
// given a seat outside the table refuses or answers "none" instead of misbehaving. Invariants:
// two occupied seats never share a colour, and the host is a person's seat whenever a person
// sits at the table (a computer player is never the host).
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "carc/store/v1/room_log.pb.h"
#include "net/session.h"

namespace carc::server {

struct Seat {
  bool occupied = false;
  std::string name;
  std::string colour;
  bool ready = false;
  std::shared_ptr<Session> session;  // null while the seat's player is away
  std::string token_hash;
  std::chrono::steady_clock::time_point dropped_at{};  // when the connection went
  // A computer player's level text (bots/bot_level.h); empty for a person.
  std::string computer_level;
  // The account that holds the seat (its player signed in when taking it); 0 for a guest.
  std::int64_t account = 0;
  // A moderator kicked the seat's player during the game (rooms/room_moderation.cc): a computer
  // plays it, whatever the absent policy, until the kick is lifted. Not in the room's log: the
  // store's kicks are applied again to a rebuilt room.
  bool removed = false;
  bool computer() const { return !computer_level.empty(); }
};

class SeatTable {
 public:
  explicit SeatTable(std::size_t seats = 0) : seats_(seats) {}

  std::size_t size() const { return seats_.size(); }
  Seat& operator[](std::size_t i) { return seats_[i]; }
  const Seat& operator[](std::size_t i) const { return seats_[i]; }
  auto begin() { return seats_.begin(); }
  auto end() { return seats_.end(); }
  auto begin() const { return seats_.begin(); }
  auto end() const { return seats_.end(); }

  int host() const { return host_; }
  // A turn-based lobby's: when its host was last seen (seconds since the Unix epoch; 0: not
  // known), kept in the stored table so that the lobby's expiry counts across restarts.
  std::int64_t host_seen_at() const { return host_seen_at_; }
  void set_host_seen_at(std::int64_t at) { host_seen_at_ = at; }
  bool IsHost(int seat) const {
    return seat == host_ && Valid(seat) && At(seat).occupied && !At(seat).computer();
  }
  int Occupied() const;
  // Occupied seats of computer players.
  int Computers() const;
  // The seat `s` holds, or -1.
  int SeatOf(const std::shared_ptr<Session>& s) const;
  // The seat whose token hashes to `token_hash`, or -1.
  int SeatOfToken(const std::string& token_hash) const;
  std::vector<std::string> TokenHashes() const;
  // The occupied seat account `account` holds, or -1 (always -1 for 0, a guest).
  int SeatOfAccount(std::int64_t account) const;
  int FirstFree() const;

  // A new player in free seat `seat`: the first colour nobody has (B-2), host if no other
  // person sits. The seat belongs to the session's account when it is signed in.
  void Grant(int seat, std::string name, std::shared_ptr<Session> session, std::string token_hash);
  // A computer player of `level` in free seat `seat`, always ready, named "Computer" and its
  // seat's number; Refusal::kNoSuchSeat or kSeatTaken otherwise.
  // Empties the seat; the host passes to the first seat a person holds. Returns the seat's token
  // hash (for the room's token index), empty if it had none.
  std::string Free(int seat);

  enum class Refusal { kNone, kNoSuchSeat, kSeatTaken, kUnknownColour, kColourTaken };
  Refusal GrantComputer(int seat, std::string level);

  // Accounts (rooms/room_accounts.cc says when): the guest's seat whose token hashes to
  // `token_hash` becomes `account`'s, under `name`, unless the account sits here already, the
  // seat is a computer's or another account's; and a deleted account's seat plays on as
  // `label`, for no account. Each returns the seat changed, or -1 for none (nothing changes);
  // a connected player's session takes the new name too.
  int ClaimByToken(const std::string& token_hash, std::int64_t account, std::string name);
  int ForgetAccount(std::int64_t account, std::string label);
  // Moves the player in `from` to `to` (-1: the first free seat); `moved_to` gets the seat.
  Refusal Move(int from, int to, int* moved_to);
  Refusal ChooseColour(int seat, const std::string& colour);
  // The first occupied seat, the host's excepted, that is not ready; nullopt if none.
  std::optional<int> FirstNotReady() const;

  // The players only, in seat order (room seat i becomes game seat i), the host's new seat
  // kept: the table a game starts with.
  SeatTable Compacted() const;

  // The stored form (the room's log) and back; Load checks nothing but the seat count, which
  // the caller compares with the room's.
  carc::store::v1::SeatTable ToStored() const;
  void Load(const carc::store::v1::SeatTable& stored, std::chrono::steady_clock::time_point now);

 private:
  // The first colour no occupied seat has (B-2).
  std::string FreeColour() const;
  bool Valid(int seat) const { return seat >= 0 && seat < static_cast<int>(seats_.size()); }
  Seat& At(int seat) { return seats_[static_cast<std::size_t>(seat)]; }
  const Seat& At(int seat) const { return seats_[static_cast<std::size_t>(seat)]; }

  std::vector<Seat> seats_;
  int host_ = 0;
  std::int64_t host_seen_at_ = 0;
};

}  // namespace carc::server
