#include "rooms/room_view.h"

#include "rooms/rated_game.h"

namespace carc::server {

namespace {

// A person away from a game under way, before the room's absent policy takes the seat's turns;
// 0 otherwise (a room that waits for its players counts nothing down).
std::uint32_t AwayMsLeft(const RoomView& room, std::size_t i) {
  const Seat& s = room.seats[i];
  const v1::AbandonPolicy policy = room.options.abandon_policy();
  if (room.status != v1::ROOM_STATUS_PLAYING || !s.occupied || s.computer() || s.session ||
      policy == v1::ABANDON_POLICY_WAIT || policy == v1::ABANDON_POLICY_UNSPECIFIED ||
      room.options.turn_based().move_seconds() > 0 || room.computers.standing_in(i) ||
      room.absent.awaited(static_cast<int>(i)) || room.absent.skipped(static_cast<int>(i))) {
    return 0;
  }
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      s.dropped_at + room.grace_period - room.now);
  return left.count() > 0 ? static_cast<std::uint32_t>(left.count()) : 0;
}

}  // namespace

v1::ServerMessage RoomStateMessage(const RoomView& room, int seat, std::uint32_t request_id) {
  v1::ServerMessage m;
  m.set_request_id(request_id);
  v1::RoomState* st = m.mutable_room_state();
  st->set_code(room.code);
  *st->mutable_options() = room.options;
  st->set_status(room.status);
  const SeatTable& seats = room.seats;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const int n = static_cast<int>(i);
    v1::SeatInfo* info = st->add_seats();
    info->set_seat(n);
    info->set_occupied(seats[i].occupied);
    info->set_name(seats[i].name);
    info->set_colour(seats[i].colour);
    info->set_ready(seats[i].ready);
    info->set_connected(seats[i].session != nullptr);
    info->set_is_host(seats.IsHost(n));
    info->set_computer_level(seats[i].computer_level);
    info->set_computer_standing_in(room.computers.standing_in(i));
    info->set_awaited(room.absent.awaited(n));
    info->set_skipped(room.absent.skipped(n));
    info->set_vote(room.absent.vote(n));
    info->set_away_ms_left(AwayMsLeft(room, i));
  }
  st->set_spectators(static_cast<std::uint32_t>(room.spectators));
  st->set_your_seat(seat);
  st->set_invite_path("/r/" + room.code);
  if (room.game_id) st->set_game_id(*room.game_id);
  if (room.rating_changes != nullptr) FillRatingChanges(*room.rating_changes, st);
  for (const int score : room.ended_by_vote_scores) st->add_ended_by_vote_scores(score);
  return m;
}

v1::RoomSummary SummaryOf(const RoomView& room) {
  v1::RoomSummary summary;
  summary.set_code(room.code);
  summary.set_game_type(room.options.game_type());
  summary.set_seats(static_cast<std::uint32_t>(room.seats.size()));
  summary.set_players(static_cast<std::uint32_t>(room.seats.Occupied()));
  summary.set_computers(static_cast<std::uint32_t>(room.seats.Computers()));
  summary.set_rated(room.options.rated());
  if (room.seats.IsHost(room.seats.host())) {
    summary.set_host_name(room.seats[static_cast<std::size_t>(room.seats.host())].name);
  }
  summary.set_status(room.status);
  return summary;
}

}  // namespace carc::server
