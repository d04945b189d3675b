#include "accounts/cbor_check.h"

#include <cstdint>

namespace carc::server::accounts {
namespace {

class Walker {
 public:
  Walker(std::string_view data, const CborLimits& limits) : data_(data), limits_(limits) {}

  // Reads one item at depth `depth`; false (with error_ set) when it is refused.
  bool Item(std::size_t depth) {
    if (++items_ > limits_.max_items) return Fail("more than the allowed number of items");
    if (at_ >= data_.size()) return Fail("the input ends inside an item");
    const auto initial = static_cast<std::uint8_t>(data_[at_++]);
    const int major = initial >> 5;
    const int info = initial & 0x1f;
    if (info == 31) {
      return Fail(major == 7 ? "a break outside an indefinite-length item"
                             : "indefinite lengths are not taken");
    }
    if (info >= 28) return Fail("reserved additional information");
    std::uint64_t argument = info;
    if (info >= 24) {
      const std::size_t size = std::size_t{1} << (info - 24);
      if (data_.size() - at_ < size) return Fail("the input ends inside an item's head");
      argument = 0;
      for (std::size_t i = 0; i < size; ++i) {
        argument = (argument << 8) | static_cast<std::uint8_t>(data_[at_++]);
      }
    }
    switch (major) {
      case 0:  // unsigned integer
      case 1:  // negative integer
      case 7:  // simple value or float: the head holds it all
        return true;
      case 2:  // byte string
      case 3:  // text string
        if (argument > data_.size() - at_) return Fail("a string is longer than the input");
        at_ += static_cast<std::size_t>(argument);
        return true;
      case 4:  // array
      case 5:  // map
      {
        const std::uint64_t per_entry = major == 5 ? 2 : 1;
        // Every item takes at least one byte: a count the rest of the input cannot hold is a
        // lie, refused before anything is read or reserved.
        if (argument > (data_.size() - at_) / per_entry) {
          return Fail("an array or map declares more items than the input holds");
        }
        if (depth + 1 > limits_.max_depth) return Fail("items nested too deeply");
        const std::uint64_t entries = argument * per_entry;
        for (std::uint64_t i = 0; i < entries; ++i) {
          if (!Item(depth + 1)) return false;
        }
        return true;
      }
      default:  // 6: a tag, then the item it tags
        if (depth + 1 > limits_.max_depth) return Fail("items nested too deeply");
        return Item(depth + 1);
    }
  }

  std::size_t at() const { return at_; }
  const std::string& error() const { return error_; }

 private:
  bool Fail(const char* why) {
    error_ = std::string("the CBOR is refused: ") + why;
    return false;
  }

  std::string_view data_;
  const CborLimits& limits_;
  std::size_t at_ = 0;
  std::size_t items_ = 0;
  std::string error_;
};

}  // namespace

CborCheck CheckCbor(std::string_view data, const CborLimits& limits) {
  Walker walker(data, limits);
  CborCheck out;
  if (walker.Item(0)) {
    out.length = walker.at();
  } else {
    out.error = walker.error();
  }
  return out;
}

}  // namespace carc::server::accounts
