// Placement previews (PreviewPlacement): the follower step a placement would offer, asked before
// the placement is sent, so that a player sees the spots on the previewed tile and can still take
// the placement back. The server stays the authority: the answer comes from the engine, on a copy
// of the game, and the placement and the follower are then sent as the usual two commands.
#include "net/message_handler.h"
#include "rooms/room_game.h"

namespace carc::server {

void RoomGame::Preview(const std::shared_ptr<Session>& s, int seat,
                       const v1::PreviewPlacement& request, std::uint32_t rid) {
  const std::optional<engine::Move> move = Decode(s, seat, request.command(), rid);
  if (!move) return;
  v1::ServerMessage out;
  out.set_request_id(rid);
  v1::PlacementPreview* preview = out.mutable_placement_preview();
  if (const engine::RejectReason r = game_->PreviewPlacement(seat, *move, preview);
      r != engine::RejectReason::kNone) {
    return Refuse(s, rid, r);
  }
  // The placement as the server reads it, not the client's bytes back.
  *preview->mutable_command() = game_->WireCommand(*move);
  ++metrics_.placement_previews;
  s->Send(Serialize(out));
}

}  // namespace carc::server
