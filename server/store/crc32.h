// CRC-32 (IEEE 802.3, as zlib computes it): the check stored beside every log entry.
#pragma once

#include <cstdint>
#include <string_view>

namespace carc::server::store {

std::uint32_t Crc32(std::string_view bytes);

}  // namespace carc::server::store
