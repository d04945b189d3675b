#include "client/bot_seat.h"

#include <thread>

namespace carc::client {

using namespace std::chrono_literals;

// Redirects followed for one request at most: a room moves again only when its node is lost.
constexpr int kMaxRedirects = 4;

BotSeat::BotSeat(ServerAddress address, std::string name, std::uint64_t seed)
    : BotSeat(std::vector<ServerAddress>{std::move(address)}, std::move(name), seed) {}

BotSeat::BotSeat(std::vector<ServerAddress> servers, std::string name, std::uint64_t seed)
    : servers_(std::move(servers)), name_(std::move(name)), rng_(seed) {}

std::string BotSeat::Dial() {
  std::string error;
  if (home_) {
    client_.emplace();
    error = client_->Connect(*home_, 5s);
    if (error.empty()) return {};
    home_.reset();  // its node is gone: the others will know where the room went
  }
  for (std::size_t i = 0; i < servers_.size(); ++i) {
    const ServerAddress& a = servers_[next_server_ % servers_.size()];
    client_.emplace();
    error = client_->Connect(a, 5s);
    if (error.empty()) return {};
    ++next_server_;  // try the next one first from now on
  }
  return error.empty() ? "no server to connect to" : error;
}

std::optional<v1::ServerMessage> BotSeat::SayHello(bool resume) {
  v1::ClientMessage hello;
  hello.mutable_hello()->set_client_name(name_);
  hello.mutable_hello()->set_client_version("carcassonne-bot/1");
  if (resume) hello.mutable_hello()->set_resume_token(token_);
  Request(hello);
  return client_->WaitFor(
      [](const v1::ServerMessage& m) {
        return m.has_welcome() || m.has_error() || m.has_redirect();
      },
      5s);
}

bool BotSeat::Follow(const v1::Redirect& redirect) {
  const auto to = ParseServerUrl(redirect.url());
  if (!to) return false;
  home_ = *to;
  // The session goes along: it is good on every node of the cluster.
  home_->fields = servers_.front().fields;
  return true;
}

std::uint32_t BotSeat::Request(v1::ClientMessage m) {
  m.set_request_id(client_->NextRequestId());
  client_->Send(m);
  return m.request_id();
}

void BotSeat::SendCommand(v1::ClientMessage m) {
  if (move_delay_.count() > 0) std::this_thread::sleep_for(move_delay_);
  Request(std::move(m));
}

std::string BotSeat::Connect() {
  if (std::string e = Dial(); !e.empty()) return error_ = e;
  const auto w = SayHello(false);
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

std::string BotSeat::AddComputer(const std::string& level) {
  v1::ClientMessage m;
  m.mutable_add_computer()->set_seat(-1);
  m.mutable_add_computer()->set_level(level);
  const std::uint32_t id = Request(m);
  ++computers_;
  const int want = computers_;
  const auto g = client_->WaitFor(
      [id, want](const v1::ServerMessage& x) {
        if (x.has_error()) return x.request_id() == id;
        if (!x.has_room_state()) return false;
        int seated = 0;
        for (const auto& s : x.room_state().seats()) seated += s.computer_level().empty() ? 0 : 1;
        return seated >= want;
      },
      5s);
  if (!g || g->has_error()) return error_ = g ? g->error().message() : "no answer to AddComputer";
  return {};
}

std::string BotSeat::JoinRoom(const std::string& code, bool spectate) {
  v1::ClientMessage m;
  m.mutable_join_room()->set_code(code);
  m.mutable_join_room()->set_player_name(name_);
  m.mutable_join_room()->set_spectate(spectate);
  spectator_ = spectate;
  room_ = code;
  std::optional<v1::ServerMessage> g;
  for (int hop = 0;; ++hop) {
    Request(m);
    g = client_->WaitFor(
        [spectate](const v1::ServerMessage& x) {
          return (spectate ? x.has_room_state() : x.has_seat_granted()) || x.has_error() ||
                 x.has_redirect();
        },
        5s);
    if (!g || !g->has_redirect()) break;
    if (hop == kMaxRedirects || !Follow(g->redirect())) return error_ = "too many redirects";
    if (std::string e = Dial(); !e.empty()) return error_ = e;
    const auto w = SayHello(false);
    if (!w || !w->has_welcome()) return error_ = "no Welcome from " + g->redirect().url();
  }
  if (spectate) {
    if (!g || !g->has_room_state()) return error_ = g ? g->error().message() : "no answer";
    return {};
  }
  if (!g || !g->has_seat_granted()) return error_ = g ? g->error().message() : "no answer";
  seat_ = g->seat_granted().seat();
  token_ = g->seat_granted().resume_token();
  v1::ClientMessage ready;
  ready.mutable_set_ready()->set_ready(true);
  Request(ready);
  return {};
}

bool BotSeat::Reconnect() {
  int hops = 0;
  for (int attempt = 0; attempt < 20; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(100 * attempt));
    if (!Dial().empty()) continue;
    const auto w = SayHello(true);
    // Always remembered: the room's server is the one to try next. Followed at once a few
    // times; past that (the room is moving, or its node is down and still holds it) only
    // after the usual wait.
    if (w && w->has_redirect() && Follow(w->redirect())) {
      if (++hops <= kMaxRedirects) --attempt;
      continue;
    }
    if (w && w->has_welcome()) {
      have_view_ = false;   // a snapshot follows
      pending_.reset();     // whatever became of it, it was not acknowledged
      retry_at_.reset();    // the snapshot that follows is the fresh start a retry would ask for
      start_sent_ = false;  // a start lost with the connection is asked for again
      return true;
    }
    if (w && w->has_error() && w->error().code() == v1::ERROR_CODE_INVALID_TOKEN) return false;
  }
  return false;
}

void BotSeat::Act(SeatResult& result) {
  if (spectator_ || !game_ || !game_->asked()) return;
  v1::ClientMessage m;
  v1::GameCommand* command = m.mutable_game_command();
  command->set_expected_seq(seq_);
  pending_.emplace(seq_, game_->Decide(rng_, *command, result.decisions));
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
  } else if (m.has_snapshot()) {
    const v1::GameSnapshot& snapshot = m.snapshot();
    // A command of ours at this very seq is still on its way (the snapshot was asked for, or
    // answered, before it was applied): its batch or its refusal will come. Deciding again
    // here would send a second command and take the first one's batch for the second's.
    const bool in_flight = pending_ && pending_->first == snapshot.seq();
    if (!in_flight) pending_.reset();
    if (!game_) game_ = NewSeatGame(snapshot, spectator_ ? -1 : seat_);
    if (!game_) {
      result.error = "a snapshot of a game this client does not know";
      return;
    }
    game_->TakeSnapshot(snapshot);
    seq_ = snapshot.seq();
    have_view_ = true;
    result.server_hash = snapshot.public_hash();
    if (const auto hash = game_->MirrorHash(); hash && *hash != snapshot.public_hash()) {
      ++result.hash_mismatches;
    }
    if (!in_flight) Act(result);
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
      result.acked.push_back(
          {b.seq(), std::move(pending_->second), std::chrono::steady_clock::now()});
      pending_.reset();
    }
    game_->ApplyBatch(b);
    if (log_events_) game_->Describe(b, event_log_);
    seq_ = b.seq();
    result.server_hash = b.public_hash();
    if (const auto hash = game_->MirrorHash(); hash && *hash != b.public_hash()) {
      ++result.hash_mismatches;
    }
    Act(result);
  } else if (m.has_error()) {
    const v1::Error& e = m.error();
    result.errors_seen.push_back(v1::ErrorCode_Name(e.code()));
    pending_.reset();
    if (e.code() == v1::ERROR_CODE_STALE_SEQ) {
      v1::ClientMessage resync;
      resync.mutable_request_snapshot();
      Request(resync);
      ++result.resyncs;
    } else if (e.code() == v1::ERROR_CODE_RATE_LIMITED ||
               e.code() == v1::ERROR_CODE_STORE_UNAVAILABLE) {
      // Nothing was applied: back off for a few refills of the bucket (or while the server's
      // store, or the room's move to another node of a cluster, gets sorted out), then resync
      // and act.
      retry_at_ = std::chrono::steady_clock::now() + 300ms;
    } else {
      result.error = v1::ErrorCode_Name(e.code()) + ": " + e.message();
    }
  }
}

SeatResult BotSeat::Play(std::chrono::milliseconds deadline, int drop_after_commands,
                         bool deadline_is_silence) {
  SeatResult result;
  result.room = room_;
  result.seat = seat_;
  auto until = std::chrono::steady_clock::now() + deadline;
  bool dropped = false;
  while (std::chrono::steady_clock::now() < until) {
    if (have_view_ && game_->over()) {
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
    if (m && deadline_is_silence) until = std::chrono::steady_clock::now() + deadline;
  }
  if (!result.finished && result.error.empty()) {
    result.error = deadline_is_silence ? "no word from the server for the --timeout" : "timed out";
  }
  result.seat = seat_;
  result.last_seq = seq_;
  if (game_) {
    result.final_scores = game_->scores();
    const auto hash = game_->MirrorHash();
    result.has_mirror = hash.has_value();
    result.mirror_hash = hash.value_or(0);
    result.last_to_move = game_->to_move();
    result.last_phase = game_->phase();
    result.had_legal_moves = game_->asked();
  }
  return result;
}

}  // namespace carc::client
