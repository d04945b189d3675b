// Erasing a deleted account's name from the rooms' logs (carc/store/v1/room_log.proto): the
// lobby's seat tables and a game's start name each seat; the account's seats get `label` and
// belong to no account. Moves, scores and everything else stay as they were.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace carc::server::store {

// The entry's new bytes when it named a seat of `account`; nullopt when it did not (or is not a
// log entry: what cannot be read is left alone).
std::optional<std::string> ScrubAccount(std::string_view entry, std::int64_t account,
                                        const std::string& label);

}  // namespace carc::server::store
