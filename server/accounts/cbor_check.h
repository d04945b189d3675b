// A walk over untrusted CBOR (RFC 8949) that allocates nothing, run before libcbor sees a byte.
//
// Why: libcbor 0.8 reserves (and clears) the declared length of an array or map before it checks
// that the input holds that many items, so a header of a few bytes declaring 2^26 elements costs
// hundreds of megabytes, and nested headers multiply. The walk checks every declared length
// against the bytes that are left (an item takes at least one byte, a map pair two), the depth
// and the number of items in all; only input that passes reaches the library, which then
// allocates at most in proportion to the bytes present.
//
// Contract: pure, thread-safe, never throws; reads at most data.size() bytes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace carc::server::accounts {

struct CborLimits {
  std::size_t max_depth = 4;    // arrays, maps and tags inside one another
  std::size_t max_items = 256;  // data items in all, containers and keys included
};

struct CborCheck {
  std::string error;       // "" when the first item is well-formed within the limits
  std::size_t length = 0;  // the bytes the first item takes (when error is "")
};

// Checks the first CBOR data item of `data` (what follows it is not read). Refused: declared
// lengths past the end of the input, indefinite lengths (CTAP2's canonical CBOR has none),
// reserved additional information, a stray "break", nesting deeper than max_depth, more than
// max_items items.
CborCheck CheckCbor(std::string_view data, const CborLimits& limits = {});

}  // namespace carc::server::accounts
