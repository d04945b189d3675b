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

std::vector<v1::ChatMessage> ChatHistory::Newest(std::size_t n) const {
  const std::size_t from = lines_.size() > n ? lines_.size() - n : 0;
  return {lines_.begin() + static_cast<std::ptrdiff_t>(from), lines_.end()};
}

void ChatHistory::Clear() {
  lines_.clear();
  bytes_ = 0;
}

}  // namespace carc::server
