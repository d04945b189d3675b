#include "client/bot_seat.h"

#include <thread>

#include "carc/codec/proto_codec.h"
#include "carc/codec/view_mirror.h"

namespace carc::client {

using namespace std::chrono_literals;

namespace {

std::string Pos(const v1::Position& p) {
  return "(" + std::to_string(p.x()) + "," + std::to_string(p.y()) + ")";
}

}  // namespace

std::string DescribeEvent(const v1::BaseEvent& e) {
  switch (e.event_case()) {
    case v1::BaseEvent::kTurnStarted:
      return "turn: seat " + std::to_string(e.turn_started().seat()) +
             (e.turn_started().extra() ? " (extra turn)" : "");
    case v1::BaseEvent::kTileDrawn:
      return "seat " + std::to_string(e.tile_drawn().seat()) + " draws " + e.tile_drawn().tile();
    case v1::BaseEvent::kTileDiscarded:
      return "tile " + e.tile_discarded().tile() +
             " fits nowhere: " + (e.tile_discarded().reshuffled() ? "reshuffled" : "discarded");
    case v1::BaseEvent::kTilePlaced:
      return "seat " + std::to_string(e.tile_placed().seat()) + " places " +
             e.tile_placed().tile() + " at " + Pos(e.tile_placed().position()) + " rotation " +
             std::to_string(e.tile_placed().rotation());
    case v1::BaseEvent::kFollowerPlaced:
      return "seat " + std::to_string(e.follower_placed().follower().seat()) +
             " deploys a follower on segment " +
             std::to_string(e.follower_placed().follower().segment()) + " at " +
             Pos(e.follower_placed().follower().position());
    case v1::BaseEvent::kFeatureScored: {
      const auto& f = e.feature_scored();
      std::string winners;
      for (int w : f.winners()) winners += (winners.empty() ? "" : ",") + std::to_string(w);
      return v1::FeatureKind_Name(f.kind()) + " of " + std::to_string(f.tiles_size()) +
             " tiles scores " + std::to_string(f.points()) +
             (winners.empty() ? " for nobody" : " for seat " + winners) + " (" +
             v1::ScoreReason_Name(f.reason()) + ")";
    }
    case v1::BaseEvent::kFollowersReturned:
      return std::to_string(e.followers_returned().followers_size()) + " follower(s) return";
    case v1::BaseEvent::kCountDecision:
      return "seat " + std::to_string(e.count_decision().seat()) +
             " decides: " + v1::CountChoice_Name(e.count_decision().choice());
    case v1::BaseEvent::kFollowerEnteredCity:
      return "seat " + std::to_string(e.follower_entered_city().seat()) +
             " puts a follower into the " + v1::Quarter_Name(e.follower_entered_city().quarter());
    case v1::BaseEvent::kCountMoved:
      return "the Count moves to the " + v1::Quarter_Name(e.count_moved().to());
    case v1::BaseEvent::kFollowersRedeployed:
      return "seat " + std::to_string(e.followers_redeployed().seat()) + " moves " +
             std::to_string(e.followers_redeployed().followers_size()) + " follower(s) from the " +
             v1::Quarter_Name(e.followers_redeployed().quarter());
    case v1::BaseEvent::kCountPassed:
      return "seat " + std::to_string(e.count_passed().seat()) + " passes";
    case v1::BaseEvent::kGameEnded: {
      std::string scores;
      for (int s : e.game_ended().scores())
        scores += (scores.empty() ? "" : " ") + std::to_string(s);
      return "game over: " + scores;
    }
    default:
      return "unknown event";
  }
}

BotSeat::BotSeat(ServerAddress address, std::string name, std::uint64_t seed)
    : address_(std::move(address)), name_(std::move(name)), rng_(seed) {}

void BotSeat::Request(v1::ClientMessage m) {
  m.set_request_id(client_->NextRequestId());
  client_->Send(m);
}

void BotSeat::SendCommand(v1::ClientMessage m) {
  if (move_delay_.count() > 0) std::this_thread::sleep_for(move_delay_);
  Request(std::move(m));
}

std::string BotSeat::Connect() {
  client_.emplace();
  if (std::string e = client_->Connect(address_, 5s); !e.empty()) return error_ = e;
  v1::ClientMessage hello;
  hello.mutable_hello()->set_client_name(name_);
  hello.mutable_hello()->set_client_version("carcassonne-bot/1");
  Request(hello);
  const auto w = client_->WaitFor(
      [](const v1::ServerMessage& m) { return m.has_welcome() || m.has_error(); }, 5s);
  if (!w || !w->has_welcome()) return error_ = "no Welcome from the server";
  return {};
}

std::string BotSeat::CreateRoom(const v1::RoomOptions& options) {
  v1::ClientMessage m;
  *m.mutable_create_room()->mutable_options() = options;
  m.mutable_create_room()->set_player_name(name_);
  Request(m);
  const auto g = client_->WaitFor(
      [](const v1::ServerMessage& x) { return x.has_seat_granted() || x.has_error(); }, 5s);
  if (!g || !g->has_seat_granted()) {
    error_ = g ? g->error().message() : "no answer to CreateRoom";
    return {};
  }
  room_ = g->seat_granted().room_code();
  seat_ = g->seat_granted().seat();
  token_ = g->seat_granted().resume_token();
  host_ = true;
  return room_;
}

std::string BotSeat::JoinRoom(const std::string& code, bool spectate) {
  v1::ClientMessage m;
  m.mutable_join_room()->set_code(code);
  m.mutable_join_room()->set_player_name(name_);
  m.mutable_join_room()->set_spectate(spectate);
  Request(m);
  spectator_ = spectate;
  room_ = code;
  if (spectate) {
    const auto st = client_->WaitFor(
        [](const v1::ServerMessage& x) { return x.has_room_state() || x.has_error(); }, 5s);
    if (!st || !st->has_room_state()) return error_ = st ? st->error().message() : "no answer";
    return {};
  }
  const auto g = client_->WaitFor(
      [](const v1::ServerMessage& x) { return x.has_seat_granted() || x.has_error(); }, 5s);
  if (!g || !g->has_seat_granted()) return error_ = g ? g->error().message() : "no answer";
  seat_ = g->seat_granted().seat();
  token_ = g->seat_granted().resume_token();
  v1::ClientMessage ready;
  ready.mutable_set_ready()->set_ready(true);
  Request(ready);
  return {};
}

bool BotSeat::Reconnect() {
  for (int attempt = 0; attempt < 20; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(100 * attempt));
    client_.emplace();
    if (!client_->Connect(address_, 5s).empty()) continue;
    v1::ClientMessage hello;
    hello.mutable_hello()->set_client_name(name_);
    hello.mutable_hello()->set_resume_token(token_);
    Request(hello);
    const auto w = client_->WaitFor(
        [](const v1::ServerMessage& m) { return m.has_welcome() || m.has_error(); }, 5s);
    if (w && w->has_welcome()) {
      have_view_ = false;   // a snapshot follows
      pending_.reset();     // whatever became of it, it was not acknowledged
      start_sent_ = false;  // a start lost with the connection is asked for again
      return true;
    }
    if (w && w->has_error() && w->error().code() == v1::ERROR_CODE_INVALID_TOKEN) return false;
  }
  return false;
}

void BotSeat::ActCount(const v1::BaseLegalMoves& moves, v1::BaseCommand& out) {
  // Uniform over the legal choices and passing, like the engine's random player.
  if (mirror_.phase() == v1::BASE_PHASE_ENTER_CITY) {
    std::uniform_int_distribution<int> pick(0, moves.city_entries_size());
    const int i = pick(rng_);
    if (i == moves.city_entries_size()) {
      out.mutable_pass();
    } else {
      out.mutable_enter_city()->set_quarter(moves.city_entries(i).quarter());
      out.mutable_enter_city()->set_count_to(moves.city_entries(i).count_to());
    }
  } else if (mirror_.phase() == v1::BASE_PHASE_REDEPLOY) {
    std::uniform_int_distribution<std::uint32_t> pick(0, moves.redeploy_limit());
    const std::uint32_t n = pick(rng_);
    if (n == 0) {
      out.mutable_pass();
    } else {
      out.mutable_redeploy()->set_followers(n);
    }
  } else {
    std::uniform_int_distribution<int> pick(0, moves.city_exits_size());
    const int i = pick(rng_);
    if (i == moves.city_exits_size()) {
      out.mutable_pass();
    } else {
      const v1::CityExit& e = moves.city_exits(i);
      out.mutable_leave_city()->set_quarter(e.quarter());
      *out.mutable_leave_city()->mutable_position() = e.position();
      out.mutable_leave_city()->set_segment(e.segment());
    }
  }
}

void BotSeat::Act(const v1::BaseLegalMoves& moves, SeatResult& result) {
  v1::ClientMessage m;
  v1::GameCommand* gc = m.mutable_game_command();
  gc->set_expected_seq(seq_);
  if (moves.placements_size() > 0) {
    std::uniform_int_distribution<int> pick(0, moves.placements_size() - 1);
    const v1::Placement& p = moves.placements(pick(rng_));
    v1::PlaceTile* place = gc->mutable_base()->mutable_place_tile();
    *place->mutable_position() = p.position();
    place->set_rotation(p.rotation());
    place->set_tile(p.tile());
  } else if (mirror_.phase() == v1::BASE_PHASE_ENTER_CITY ||
             mirror_.phase() == v1::BASE_PHASE_REDEPLOY ||
             mirror_.phase() == v1::BASE_PHASE_FINAL_MOVE) {
    ActCount(moves, *gc->mutable_base());
    ++result.count_decisions;
    if (turn_seat_ != seat_) ++result.out_of_turn_decisions;
    if (turn_seat_ != seat_ && mirror_.phase() == v1::BASE_PHASE_REDEPLOY) {
      ++result.out_of_turn_redeploys;
    }
  } else {
    std::uniform_int_distribution<int> pick(0, moves.follower_spots_size());
    const int i = pick(rng_);
    if (i == moves.follower_spots_size()) {
      gc->mutable_base()->mutable_skip_follower();
    } else {
      gc->mutable_base()->mutable_place_follower()->set_segment(moves.follower_spots(i).segment());
    }
  }
  pending_.emplace(seq_, gc->base().SerializeAsString());
  SendCommand(m);
  ++result.commands;
}

void BotSeat::OnMessage(const v1::ServerMessage& m, SeatResult& result) {
  if (m.has_room_state()) {
    const v1::RoomState& st = m.room_state();
    if (host_ && !start_sent_ && st.status() == v1::ROOM_STATUS_LOBBY) {
      bool full = true;
      for (const auto& s : st.seats()) full = full && s.occupied() && (s.is_host() || s.ready());
      if (full) {
        v1::ClientMessage start;
        start.mutable_start_game();
        Request(start);
        start_sent_ = true;
      }
    }
  } else if (m.has_snapshot() && m.snapshot().has_castle()) {
    OnCastleSnapshot(m.snapshot(), result);
  } else if (m.has_snapshot()) {
    pending_.reset();
    mirror_ = m.snapshot().base();
    seq_ = m.snapshot().seq();
    if (mirror_.phase() == v1::BASE_PHASE_PLACE_TILE ||
        mirror_.phase() == v1::BASE_PHASE_PLACE_FOLLOWER) {
      turn_seat_ = mirror_.to_move();
    }
    have_view_ = true;
    result.server_hash = m.snapshot().public_hash();
    if (codec::PublicHash(mirror_) != m.snapshot().public_hash()) ++result.hash_mismatches;
    if (!spectator_ && mirror_.to_move() == seat_ && mirror_.has_legal_moves() &&
        mirror_.phase() != v1::BASE_PHASE_GAME_OVER) {
      Act(mirror_.legal_moves(), result);
    }
  } else if (m.has_event_batch()) {
    const v1::EventBatch& b = m.event_batch();
    if (!have_view_ || b.prev_seq() != seq_) {
      // A gap: ask for the whole state instead of guessing.
      if (have_view_) ++result.resyncs;
      have_view_ = false;
      v1::ClientMessage resync;
      resync.mutable_request_snapshot();
      Request(resync);
      return;
    }
    if (pending_ && pending_->first == b.prev_seq()) {
      result.acked.push_back({b.seq(), std::move(pending_->second)});
      pending_.reset();
    }
    if (castle_) {
      for (const auto& e : b.events()) {
        if (!e.castle().has_game_ended()) continue;
        castle_over_ = true;
        castle_scores_.assign(e.castle().game_ended().scores().begin(),
                              e.castle().game_ended().scores().end());
      }
      seq_ = b.seq();
      result.server_hash = b.public_hash();
      if (!spectator_ && b.has_castle_legal_moves()) ActCastle(b.castle_legal_moves(), result);
      return;
    }
    for (const auto& e : b.events()) {
      if (e.base().has_turn_started()) turn_seat_ = e.base().turn_started().seat();
      codec::ApplyEvent(mirror_, e.base());
      if (log_events_) event_log_.push_back(DescribeEvent(e.base()));
    }
    seq_ = b.seq();
    result.server_hash = b.public_hash();
    if (codec::PublicHash(mirror_) != b.public_hash()) ++result.hash_mismatches;
    if (!spectator_ && b.has_base_legal_moves()) Act(b.base_legal_moves(), result);
  } else if (m.has_error()) {
    const v1::Error& e = m.error();
    result.errors_seen.push_back(v1::ErrorCode_Name(e.code()));
    pending_.reset();
    if (e.code() == v1::ERROR_CODE_STALE_SEQ) {
      v1::ClientMessage resync;
      resync.mutable_request_snapshot();
      Request(resync);
      ++result.resyncs;
    } else if (e.code() == v1::ERROR_CODE_RATE_LIMITED) {
      // Nothing was applied: back off for a few refills of the bucket, then resync and act.
      retry_at_ = std::chrono::steady_clock::now() + 300ms;
    } else {
      result.error = v1::ErrorCode_Name(e.code()) + ": " + e.message();
    }
  }
}

SeatResult BotSeat::Play(std::chrono::milliseconds deadline, int drop_after_commands) {
  SeatResult result;
  result.room = room_;
  result.seat = seat_;
  const auto until = std::chrono::steady_clock::now() + deadline;
  bool dropped = false;
  while (std::chrono::steady_clock::now() < until) {
    if (have_view_ && (castle_ ? castle_over_ : mirror_.phase() == v1::BASE_PHASE_GAME_OVER)) {
      result.finished = true;
      break;
    }
    if (!result.error.empty()) break;
    if (drop_after_commands > 0 && !dropped && result.commands >= drop_after_commands) {
      dropped = true;
      client_->Close();  // as if the network went away
    }
    if (client_->closed()) {
      result.close_codes.push_back(client_->close_code());
      // 4000 (another connection took the seat) and 4001 (kicked): never reconnect.
      const bool final_close = client_->close_code() == 4000 || client_->close_code() == 4001;
      if (spectator_ || token_.empty() || final_close || !Reconnect()) {
        result.error = "connection lost (close code " + std::to_string(client_->close_code()) + ")";
        break;
      }
      ++result.reconnects;
      continue;
    }
    if (retry_at_ && std::chrono::steady_clock::now() >= *retry_at_) {
      retry_at_.reset();
      v1::ClientMessage resync;
      resync.mutable_request_snapshot();
      Request(resync);
      ++result.resyncs;
    }
    const auto m = client_->Receive(retry_at_ ? 50ms : 200ms);
    if (m && hook_) hook_(*m);
    if (m) OnMessage(*m, result);
  }
  if (!result.finished && result.error.empty()) result.error = "timed out";
  if (castle_) {
    result.castle = true;
    result.final_scores = castle_scores_;
  } else {
    for (int s : mirror_.scores()) result.final_scores.push_back(s);
    result.mirror_hash = codec::PublicHash(mirror_);
  }
  result.seat = seat_;
  result.last_seq = seq_;
  result.last_to_move = mirror_.to_move();
  result.last_phase = static_cast<int>(mirror_.phase());
  result.had_legal_moves = mirror_.has_legal_moves();
  return result;
}

}  // namespace carc::client
