#include "archived_game.h"

#include <catch2/catch.hpp>
#include <variant>
#include <vector>

#include "carc/engine/random_agent.h"
#include "games/registry.h"

namespace carc::test {

server::store::RoomId ArchiveRandomGame(TestServer& server, const std::string& game,
                                        std::uint64_t seed) {
  const server::GameAdapter* adapter = server::FindGameNamed(game);
  REQUIRE(adapter != nullptr);
  auto options = adapter->RoomOptionsFrom(2, {});
  REQUIRE(std::holds_alternative<v1::RoomOptions>(options));
  std::string error;
  auto start = adapter->NewState(std::get<v1::RoomOptions>(options), 2, seed, 0, &error);
  REQUIRE(start);
  auto state = start->Clone();
  state->KeepEvents(false);
  engine::RandomAgent agent(seed);
  std::vector<engine::SeatMove> log;
  while (!state->IsOver()) {
    const engine::Seat seat = state->ToMove();
    const engine::Move move = agent.Choose(*state);
    REQUIRE(state->Apply(seat, move) == engine::RejectReason::kNone);
    log.push_back({seat, move});
  }
  server::store::EventStore& store = server.app().store();
  const server::store::RoomId id = store.CreateRoom("AN" + std::to_string(seed), "not a room");
  store.Archive({id,
                 "AN" + std::to_string(seed),
                 1,
                 {{"ann", state->Score(0)}, {"bob", state->Score(1)}},
                 adapter->Record(*start, log),
                 std::string(adapter->game().name())});
  store.Dispose(id);  // an archived game, no room to rebuild
  return id;
}

}  // namespace carc::test
