// A room's recent chat, kept so that a page that joins or reloads shows the conversation it
// missed (sent in History, proto/carc/v1/messages.proto).
//
// Contract: keeps the newest lines, oldest first, within kMaxLines and kMaxBytes of serialized
// messages: a room's chat costs at most that much memory however long it runs. In memory only:
// a restart of the server forgets it (the game's own history is rebuilt from the store).
#pragma once

#include <cstddef>
#include <deque>
#include <vector>

#include "carc/v1/lobby.pb.h"
#include "carc/v1/messages.pb.h"

namespace carc::server {

class ChatHistory {
 public:
  static constexpr std::size_t kMaxLines = 50;
  static constexpr std::size_t kMaxBytes = 16 * 1024;

  void Add(const v1::ChatMessage& line);
  // Appends the kept lines to `out`'s chat, oldest first.
  void Fill(v1::History* out) const;
  // The newest `n` lines at most, oldest first.
  std::vector<v1::ChatMessage> Newest(std::size_t n) const;
  void Clear();
  std::size_t lines() const { return lines_.size(); }
  std::size_t bytes() const { return bytes_; }

 private:
  std::deque<v1::ChatMessage> lines_;
  std::size_t bytes_ = 0;
};

}  // namespace carc::server
