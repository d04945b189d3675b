// The real lobby and rooms driven by in-memory connections, without a socket: what
// fuzz_ws_message and its seed generator (make_ws_seeds.cc) share.
//
// An input is a script of frames, each addressed to one of kSlots connections:
//   byte 0       slot = b % kSlots, op = (b / kSlots) % 4: 1 drops the connection, else the
//                payload is one WebSocket message of that connection
//   bytes 1..2   payload length, little endian (a shorter rest of the input is taken whole)
//   payload      the bytes of the message, decoded as ws_session.cc does
// At most kMaxFrames frames are played; the rest of the input is ignored.
//
// Two placeholders stand for values the server draws at random, so that a script can reach the
// same room and seat again: a JoinRoom with an empty code joins the room some connection is in
// (the lowest slot's), and a Hello whose resume_token is "*" uses the token the server last
// granted to that slot.
//
// Every script starts with a fresh registry, lobby and store (SQLite in memory); the io_context,
// the metrics and the config are one per process. The config fixes the game seed, so a script's
// game always draws the same tiles, and a script plays the same way whatever ran before it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "carc/v1/messages.pb.h"

namespace carc::fuzz {

inline constexpr int kSlots = 4;
inline constexpr int kMaxFrames = 256;
inline constexpr std::string_view kResumePlaceholder = "*";

enum class Op { kMessage = 0, kDrop = 1 };

// One frame of a script.
std::string EncodeFrame(int slot, Op op, std::string_view payload);

class WsScript {
 public:
  // Called with every message the server sends to a connection (the seed generator reads the
  // legal moves from them).
  using Observer = std::function<void(int slot, const v1::ServerMessage& message)>;

  explicit WsScript(Observer observer = {});
  // Disconnects every connection, closes every room and runs the io_context until idle, so that
  // nothing of the script outlives it.
  ~WsScript();
  WsScript(const WsScript&) = delete;
  WsScript& operator=(const WsScript&) = delete;

  // One WebSocket message from `slot`, then the io_context until idle.
  void Deliver(int slot, std::string_view bytes);
  // The connection of `slot` is gone (as when its socket closes); the next frame opens a new one.
  void Drop(int slot);

  // Plays a whole encoded script.
  static void Run(const std::uint8_t* data, std::size_t size);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace carc::fuzz
