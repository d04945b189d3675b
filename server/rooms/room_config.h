// What the rooms are told by whoever starts them (server/app builds it from the flags): their
// limits and timings, and the few connection limits the Welcome message announces to clients.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace carc::server {

struct RoomConfig {
  // A seat stays reserved this long after its connection drops.
  std::chrono::seconds grace_period{300};
  // A room nobody is connected to is disposed of after this long; a lobby with no seat taken
  // (spectators do not count) after empty_lobby_ttl.
  std::chrono::seconds empty_room_ttl{600};
  std::chrono::seconds empty_lobby_ttl{60};
  // How often the sweeper looks for rooms to dispose of.
  std::chrono::milliseconds sweep_interval{5000};
  // Every game started uses this seed instead of a fresh random one (0 = a fresh one each).
  std::uint64_t game_seed = 0;
  // Turn-based rooms' wall clock, seconds since the Unix epoch; empty: the system's.
  std::function<std::int64_t()> wall_now;
  // Rooms in memory, and rooms one client address created that still exist.
  int max_rooms = 2000;
  int max_rooms_per_address = 10;
  // Turn-based rooms an account sits in at once (lobbies and games under way): a game over days
  // stays in memory while it waits, so an account cannot open them without end.
  int max_turn_based_games = 50;
  // Turn-based lobbies (games not started) an account sits in at once, and how long one waits
  // for its host once the host's last connection left: a lobby only its absent host holds
  // would otherwise stay in memory, and across restarts, for ever.
  int max_turn_based_lobbies = 5;
  std::chrono::seconds turn_based_lobby_ttl{72 * 3600};
  // Rooms by kind: turn-based rooms (over days, mostly with nobody connected) count toward
  // max_turn_based_rooms, live rooms toward max_rooms, so that neither kind can crowd out the
  // other.
  int max_turn_based_rooms = 1000;
  // Clients' messages a room holds while one of its commands is being written (write_gate.h).
  std::size_t room_queue = 1024;
  // Room codes a client address may look up and miss a minute, after a burst.
  int code_guesses_per_minute = 12;
  // Reports of players an account may make an hour, after a burst of 3 (over every room).
  int reports_per_hour = 10;
  // Computer players exist (a pool with threads), the longest a move of theirs may take, the
  // level that stands in for an absent person, and the level while nobody is connected.
  bool computers = true;
  std::chrono::milliseconds max_computer_ms{2000};
  std::string absent_level = "medium";
  std::string unattended_level = "mcts@10";
  // The connection limits Welcome announces (the network layer enforces them).
  std::size_t max_message_bytes = 64 * 1024;
  int rate_per_second = 30;
};

}  // namespace carc::server
