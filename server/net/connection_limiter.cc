#include "net/connection_limiter.h"

#include <boost/asio/ip/address.hpp>

namespace carc::server {

ConnectionSlot::ConnectionSlot(std::shared_ptr<ConnectionLimiter> limiter, std::string address,
                               std::string key)
    : limiter_(std::move(limiter)), address_(std::move(address)), key_(std::move(key)) {}

ConnectionSlot::ConnectionSlot(ConnectionSlot&& other) noexcept
    : limiter_(std::move(other.limiter_)),
      address_(std::move(other.address_)),
      key_(std::move(other.key_)) {
  other.limiter_.reset();
}

ConnectionSlot& ConnectionSlot::operator=(ConnectionSlot&& other) noexcept {
  if (this != &other) {
    Release();
    limiter_ = std::move(other.limiter_);
    address_ = std::move(other.address_);
    key_ = std::move(other.key_);
    other.limiter_.reset();
  }
  return *this;
}

ConnectionSlot::~ConnectionSlot() {
  Release();
}

void ConnectionSlot::Release() {
  if (limiter_) limiter_->Release(key_);
  limiter_.reset();
}

ConnectionLimiter::ConnectionLimiter(std::size_t max_total, std::size_t max_per_address,
                                     std::atomic<std::int64_t>* open_gauge)
    : max_total_(max_total), max_per_address_(max_per_address), open_gauge_(open_gauge) {}

std::variant<ConnectionSlot, ConnectionLimiter::Refusal> ConnectionLimiter::TryAcquire(
    const std::string& address, bool per_address_cap) {
  // An uncapped slot has the empty key, which no address maps to.
  std::string key = per_address_cap ? AddressKey(address) : std::string();
  {
    std::lock_guard lock(mu_);
    if (max_total_ != 0 && open_ >= max_total_) return Refusal::kTotal;
    if (!key.empty()) {
      const auto it = per_key_.find(key);
      const std::size_t from_key = it == per_key_.end() ? 0 : it->second;
      if (max_per_address_ != 0 && from_key >= max_per_address_) return Refusal::kPerAddress;
      ++per_key_[key];
    }
    ++open_;
  }
  if (open_gauge_ != nullptr) ++*open_gauge_;
  return ConnectionSlot(shared_from_this(), address, std::move(key));
}

bool ConnectionSlot::Rebind(const std::string& address) {
  if (!limiter_) return false;
  std::string key = AddressKey(address);
  if (!limiter_->Move(key_, key)) return false;
  address_ = address;
  key_ = std::move(key);
  return true;
}

bool ConnectionLimiter::Move(const std::string& from_key, const std::string& to_key) {
  std::lock_guard lock(mu_);
  if (from_key == to_key) return true;
  const auto to = per_key_.find(to_key);
  const std::size_t at_to = to == per_key_.end() ? 0 : to->second;
  if (max_per_address_ != 0 && at_to >= max_per_address_) return false;
  ++per_key_[to_key];
  if (const auto from = per_key_.find(from_key); from != per_key_.end() && --from->second == 0) {
    per_key_.erase(from);
  }
  return true;
}

void ConnectionLimiter::Release(const std::string& key) {
  if (open_gauge_ != nullptr) --*open_gauge_;
  std::lock_guard lock(mu_);
  --open_;
  const auto it = per_key_.find(key);
  if (it != per_key_.end() && --it->second == 0) per_key_.erase(it);
}

std::size_t ConnectionLimiter::open() const {
  std::lock_guard lock(mu_);
  return open_;
}

std::size_t ConnectionLimiter::open_from(const std::string& address) const {
  std::lock_guard lock(mu_);
  const auto it = per_key_.find(AddressKey(address));
  return it == per_key_.end() ? 0 : it->second;
}

std::string AddressKey(const std::string& address) {
  boost::system::error_code ec;
  const auto parsed = boost::asio::ip::make_address(address, ec);
  if (ec) return address;
  if (parsed.is_v4()) return parsed.to_string();
  const auto v6 = parsed.to_v6();
  if (v6.is_v4_mapped()) {
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
  }
  auto bytes = v6.to_bytes();
  for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
  return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

const char* RefusalName(ConnectionLimiter::Refusal refusal) {
  return refusal == ConnectionLimiter::Refusal::kTotal ? "total" : "per_address";
}

}  // namespace carc::server
