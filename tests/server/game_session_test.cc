// The room's game session over every registered game, without a room or a socket: a move
// stored and read back reproduces the game, an undone move leaves no trace, and the record of
// the log is the record of the game.
#include <catch2/catch.hpp>

#include <google/protobuf/unknown_field_set.h>

#include "carc/engine/rng.h"
#include "games/registry.h"
#include "rooms/game_session.h"

using namespace carc;
using server::GameSession;

namespace {

// A 2-player game of `game` with its default options.
std::unique_ptr<GameSession> NewSession(const server::GameAdapter& game, std::uint64_t seed) {
  v1::RoomOptions options;
  options.set_game_type(game.game_type());
  options.set_seats(2);
  REQUIRE(game.NormalizeOptions(options).empty());
  std::string error;
  auto session = server::StartGameSession(options, 2, seed, 0, &error);
  INFO(error);
  REQUIRE(session);
  return session;
}

}  // namespace

TEST_CASE(
    "game session: every game's moves survive the room log (stored from their wire form), undo and "
    "the record",
    "[rooms][games]") {
  const auto games = server::AllGames();
  REQUIRE(games.size() >= 2);
  for (const server::GameAdapter* game : games) {
    DYNAMIC_SECTION(game->game().name()) {
      auto live = NewSession(*game, 20261125);
      auto restored = NewSession(*game, 20261125);
      engine::Rng rng(7);
      int moves = 0;
      while (!live->IsOver()) {
        REQUIRE(moves < 2000);
        const int seat = live->ToMove();
        const auto legal = live->state().LegalMoves(seat);
        REQUIRE_FALSE(legal.empty());
        const engine::Move chosen = legal[rng.Below(static_cast<std::uint32_t>(legal.size()))];
        // As a client sends it: the wire form, decoded once.
        const v1::GameCommand wire = live->WireCommand(chosen);
        auto decoded = live->Decode(wire);
        REQUIRE(std::holds_alternative<engine::Move>(decoded));
        const engine::Move move = std::get<engine::Move>(decoded);
        if (moves % 7 == 3) {
          // The store refuses this one: undone, the game is as it was.
          const std::uint64_t hash = live->state().Hash();
          REQUIRE(live->ApplyMove(seat, move, wire) == engine::RejectReason::kNone);
          live->Undo();
          CHECK(live->state().Hash() == hash);
        }
        REQUIRE(live->ApplyMove(seat, move, wire) == engine::RejectReason::kNone);
        live->Commit();
        // The other session learns the move from its stored form only.
        REQUIRE(restored->ApplyStored(live->Stored()) == "");
        REQUIRE(restored->state().Hash() == live->state().Hash());
        CHECK(restored->PublicHash() == live->PublicHash());
        ++moves;
      }
      CHECK(moves > 20);
      REQUIRE_FALSE(live->RecordRefusal());
      CHECK(restored->Record() == live->Record());
      CHECK(live->Record().find("\"seed\"") == std::string::npos);  // no secret in a record
    }
  }
}

TEST_CASE(
    "game session: bytes a client adds to a command that the server does not read are not stored",
    "[rooms][games]") {
  // The game part of a command (whichever oneof case the game uses), found by reflection so
  // that every registered game is checked.
  const auto game_part = [](google::protobuf::Message& m) -> google::protobuf::Message* {
    std::vector<const google::protobuf::FieldDescriptor*> fields;
    m.GetReflection()->ListFields(m, &fields);
    for (const auto* f : fields) {
      if (f->type() == google::protobuf::FieldDescriptor::TYPE_MESSAGE && f->name() != "timeout" &&
          f->name() != "resign") {
        return m.GetReflection()->MutableMessage(&m, f);
      }
    }
    return nullptr;
  };
  for (const server::GameAdapter* game : server::AllGames()) {
    DYNAMIC_SECTION(game->game().name()) {
      auto session = NewSession(*game, 3);
      const int seat = session->ToMove();
      const engine::Move move = session->state().LegalMoves(seat).front();
      v1::GameCommand wire = session->WireCommand(move);
      google::protobuf::Message* part = game_part(wire);
      REQUIRE(part != nullptr);
      part->GetReflection()->MutableUnknownFields(part)->AddLengthDelimited(4000,
                                                                            std::string(1000, 'x'));
      REQUIRE(session->ApplyMove(seat, move, wire) == engine::RejectReason::kNone);
      store::v1::GameCommand stored = session->Stored();
      google::protobuf::Message* kept = game_part(stored);
      REQUIRE(kept != nullptr);
      CHECK(kept->GetReflection()->GetUnknownFields(*kept).empty());
      CHECK(stored.ByteSizeLong() < 200);
    }
  }
}

TEST_CASE("game session: a stored command of another game or of no kind is refused",
          "[rooms][games]") {
  for (const server::GameAdapter* game : server::AllGames()) {
    DYNAMIC_SECTION(game->game().name()) {
      auto session = NewSession(*game, 1);
      store::v1::GameCommand nothing;
      CHECK_FALSE(session->ApplyStored(nothing).empty());
      CHECK(session->seq() == 0);
      v1::GameCommand wire;  // no body at all
      CHECK(std::holds_alternative<std::string>(session->Decode(wire)));
    }
  }
}

TEST_CASE(
    "game session: a placement previewed before it is sent offers the follower step that placement "
    "then gets, in every game, and changes nothing",
    "[rooms][games][preview]") {
  // What a batch offers its seat, comparable across games: the legal moves' bytes, "" for none.
  const auto offered = [](const v1::EventBatch& b) {
    if (b.has_base_legal_moves()) return "base:" + b.base_legal_moves().SerializeAsString();
    if (b.has_castle_legal_moves()) return "castle:" + b.castle_legal_moves().SerializeAsString();
    return std::string();
  };
  const auto previewed = [](const v1::PlacementPreview& p) {
    if (p.has_base_legal_moves()) return "base:" + p.base_legal_moves().SerializeAsString();
    if (p.has_castle_legal_moves()) return "castle:" + p.castle_legal_moves().SerializeAsString();
    return std::string();
  };
  for (const server::GameAdapter* game : server::AllGames()) {
    DYNAMIC_SECTION(game->game().name()) {
      auto live = NewSession(*game, 20261128);
      engine::Rng rng(5);
      int previews = 0;
      int with_follower_step = 0;
      while (!live->IsOver()) {
        const int seat = live->ToMove();
        const auto legal = live->state().LegalMoves(seat);
        REQUIRE_FALSE(legal.empty());
        const engine::Move chosen = legal[rng.Below(static_cast<std::uint32_t>(legal.size()))];
        v1::PlacementPreview preview;
        const engine::RejectReason r = live->PreviewPlacement(seat, chosen, &preview);
        if (live->state().Decision() != "place_tile") {
          CHECK(r == engine::RejectReason::kWrongPhase);
        } else {
          REQUIRE(r == engine::RejectReason::kNone);
          // Not the other seat's to ask.
          v1::PlacementPreview none;
          CHECK(live->PreviewPlacement(1 - seat, chosen, &none) ==
                engine::RejectReason::kNotYourTurn);
          ++previews;
        }
        const std::uint64_t seq = live->seq();
        REQUIRE(live->ApplyMove(seat, chosen, live->WireCommand(chosen)) ==
                engine::RejectReason::kNone);
        live->Commit();
        if (r == engine::RejectReason::kNone) {
          // The preview is what the placement's batch then offered its seat, when the seat
          // still decides (the follower step), and nothing when the game went on without one.
          v1::EventBatch batch;
          live->BatchFor(seq, seat, 0, &batch);
          const bool follower_step =
              live->ToMove() == seat && live->state().Decision() == "place_follower";
          CHECK(previewed(preview) == (follower_step ? offered(batch) : ""));
          if (follower_step) ++with_follower_step;
        }
      }
      CHECK(previews > 10);
      CHECK(with_follower_step > 5);
    }
  }
}

TEST_CASE(
    "game session: a preview changes nothing, and refuses an illegal placement with the engine's "
    "reason (B-5)",
    "[rooms][games][preview]") {
  const server::GameAdapter* base = server::FindGame(v1::GAME_TYPE_BASE);
  REQUIRE(base != nullptr);
  auto session = NewSession(*base, 77);
  const int seat = session->ToMove();
  const std::uint64_t hash = session->state().Hash();
  const std::uint64_t public_hash = session->PublicHash();
  // Every legal placement, previewed: the game is the game it was, secrets included.
  int asked = 0;
  for (const engine::Move& m : session->state().LegalMoves(seat)) {
    v1::PlacementPreview preview;
    REQUIRE(session->PreviewPlacement(seat, m, &preview) == engine::RejectReason::kNone);
    ++asked;
  }
  CHECK(asked > 0);
  CHECK(session->state().Hash() == hash);
  CHECK(session->PublicHash() == public_hash);
  CHECK(session->seq() == 0);
  // The start tile's own square (B-5: a tile goes on an empty square).
  v1::GameCommand wire;
  wire.mutable_base()->mutable_place_tile()->mutable_position();
  auto decoded = session->Decode(wire);
  REQUIRE(std::holds_alternative<engine::Move>(decoded));
  v1::PlacementPreview refused;
  CHECK(session->PreviewPlacement(seat, std::get<engine::Move>(decoded), &refused) ==
        engine::RejectReason::kOccupiedSquare);
  CHECK_FALSE(refused.has_base_legal_moves());
  CHECK(session->state().Hash() == hash);
}
