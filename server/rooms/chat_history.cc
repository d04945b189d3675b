#include "rooms/chat_history.h"

namespace carc::server {

void ChatHistory::Add(const v1::ChatMessage& line) {
  lines_.push_back(line);
  bytes_ += line.ByteSizeLong();
  while (!lines_.empty() && (lines_.size() > kMaxLines || bytes_ > kMaxBytes)) {
    bytes_ -= lines_.front().ByteSizeLong();
    lines_.pop_front();
  }
}

void ChatHistory::Fill(v1::History* out) const {
  for (const auto& line : lines_) *out->add_chat() = line;
}

void ChatHistory::Clear() {
  lines_.clear();
  bytes_ = 0;
}

}  // namespace carc::server
