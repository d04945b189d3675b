// A finished game written straight into a test server's archive, as a room would leave it.
#pragma once

#include <cstdint>
#include <string>

#include "test_server.h"

namespace carc::test {

// Archives a finished game of `game` ("base", "castle") played by two random players from
// `seed`, in `server`'s store; returns its id. The room is disposed of: nothing to rebuild.
server::store::RoomId ArchiveRandomGame(TestServer& server, const std::string& game,
                                        std::uint64_t seed);

}  // namespace carc::test
