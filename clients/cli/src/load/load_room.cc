#include "load/load_room.h"

#include <algorithm>
#include <boost/asio/post.hpp>

namespace carc::cli {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using namespace std::chrono_literals;

LoadRoom::LoadRoom(net::io_context& io, const LoadConfig& config, std::vector<Endpoint> servers,
                   int index, Clock::time_point window_start)
    : config_(config),
      strand_(net::make_strand(io)),
      servers_(std::move(servers)),
      index_(index),
      window_start_(window_start),
      rng_(config.seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(index)) {
  for (int i = 0; i < config_.players; ++i) {
    conns_.push_back(std::make_unique<Conn>(strand_));
    conns_.back()->server = static_cast<std::size_t>(index) % servers_.size();
  }
}

void LoadRoom::Start() {
  net::post(strand_, [self = shared_from_this()] {
    for (int i = 0; i < self->config_.players; ++i) self->Connect(i);
  });
}

void LoadRoom::CountError(const std::string& what) {
  ++counts_.errors[what];
}

void LoadRoom::Connect(int i) {
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  ++open_or_opening_;
  c.ended = false;
  c.open = false;
  c.closing = false;
  c.moving = false;
  c.welcomed = false;
  c.out.clear();
  const int dial = ++c.dial;
  auto target = Target(i);
  if (!target) {
    CountError("redirect_not_an_address");
    c.redirect_to.reset();
    target = Target(i);
  }
  c.ws.emplace(strand_);
  auto& stream = beast::get_lowest_layer(*c.ws);
  if (!config_.source_addrs.empty()) {
    const std::size_t n = config_.source_addrs.size();
    const std::size_t k = static_cast<std::size_t>(index_ * config_.players + i) % n;
    beast::error_code ec;
    stream.socket().open(target->second.protocol(), ec);
    if (!ec) stream.socket().bind({net::ip::make_address(config_.source_addrs[k], ec), 0}, ec);
    if (ec) {
      CountError("bind_failed");
      ++counts_.connect_failures;
      c.ended = true;
      --open_or_opening_;
      return;
    }
  }
  stream.expires_after(10s);
  stream.async_connect(target->second, [self = shared_from_this(), i, dial,
                                        address = target->first](beast::error_code ec) {
    Conn& conn = *self->conns_[static_cast<std::size_t>(i)];
    if (conn.dial != dial) return;
    if (ec) return self->DialFailed(i, "connect_failed");
    beast::get_lowest_layer(*conn.ws).socket().set_option(net::ip::tcp::no_delay(true), ec);
    conn.ws->set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    const std::string path =
        self->config_.relay ? "/r/load-" + std::to_string(self->index_) : address.path;
    // Each room's first seat is the signed-in one (`carcassonne login`): an account holds one
    // seat of a room.
    if (i == 0 && !address.fields.empty()) {
      conn.ws->set_option(websocket::stream_base::decorator(
          [fields = address.fields](websocket::request_type& request) {
            for (const auto& [name, value] : fields) request.set(name, value);
          }));
    }
    conn.ws->async_handshake(address.host + ":" + address.port, path,
                             [self, i, dial](beast::error_code hec) {
                               Conn& cc = *self->conns_[static_cast<std::size_t>(i)];
                               if (cc.dial != dial) return;
                               if (hec) return self->DialFailed(i, "handshake_failed");
                               beast::get_lowest_layer(*cc.ws).expires_never();
                               ++self->counts_.connections_opened;
                               self->OnOpen(i);
                             });
  });
}

void LoadRoom::OnOpen(int i) {
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  c.open = true;
  c.ws->binary(true);
  c.ws->read_message_max(1 << 20);
  if (stopping_) return CloseOne(i);
  if (config_.relay) {
    // The relay has no Hello: an open connection is a seat. The last seat in starts turn 0.
    c.welcomed = true;
    ++counts_.welcomed;
    Read(i);
    if (!config_.idle && counts_.welcomed == static_cast<std::uint64_t>(config_.players)) {
      RelayAct(0);
    }
    return;
  }
  v1::ClientMessage hello;
  hello.mutable_hello()->set_client_name(SeatName(i));
  hello.mutable_hello()->set_client_version("carcassonne-load/1");
  c.resuming = !c.token.empty();
  if (c.resuming) hello.mutable_hello()->set_resume_token(c.token);
  Send(i, std::move(hello));
  Read(i);
}

void LoadRoom::Read(int i) {
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  c.ws->async_read(c.buffer, [self = shared_from_this(), i, dial = c.dial](beast::error_code ec,
                                                                           std::size_t) {
    Conn& cc = *self->conns_[static_cast<std::size_t>(i)];
    if (cc.dial != dial) return;
    if (ec) {
      cc.buffer.consume(cc.buffer.size());
      return self->Ended(i, "connection_lost");
    }
    if (self->Counting()) self->counts_.bytes_in += cc.buffer.size();
    if (self->config_.relay) {
      const auto data = cc.buffer.data();
      self->OnRelayFrame(i, {static_cast<const char*>(data.data()), data.size()});
      cc.buffer.consume(cc.buffer.size());
      return self->Read(i);
    }
    v1::ServerMessage m;
    const bool ok = m.ParseFromArray(cc.buffer.data().data(), static_cast<int>(cc.buffer.size()));
    cc.buffer.consume(cc.buffer.size());
    if (!ok) {
      self->CountError("unreadable_message");
    } else {
      self->OnMessage(i, m);
    }
    self->Read(i);
  });
}

void LoadRoom::Send(int i, v1::ClientMessage m) {
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  if (!c.open || c.closing) return;
  m.set_request_id(++c.request_id);
  c.out.push_back(m.SerializeAsString());
  Write(i);
}

void LoadRoom::Write(int i) {
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  if (c.writing || c.out.empty() || !c.open) return;
  c.writing = true;
  // A new stream is opened only once this write is done (Redial waits for it), so `dial`
  // cannot change under it.
  c.ws->async_write(net::buffer(c.out.front()),
                    [self = shared_from_this(), i](beast::error_code ec, std::size_t) {
                      Conn& cc = *self->conns_[static_cast<std::size_t>(i)];
                      cc.writing = false;
                      if (!cc.out.empty()) cc.out.pop_front();
                      if (ec) return;  // the read fails too and ends the connection
                      self->Write(i);
                    });
}

void LoadRoom::Ended(int i, const std::string& why) {
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  if (c.ended) return;
  c.ended = true;
  // (A close to follow a Redirect went through CloseOne: `closing`, so not a loss.)
  const bool moving = c.moving;
  if (c.open && !c.closing && !stopping_ && !why.empty()) {
    ++counts_.connections_lost;
    c.lost = true;
    CountError(why);
  }
  c.open = false;
  c.welcomed = false;
  c.think.cancel();
  // Whatever is still pending on this stream ends now (a close frame sent and not answered):
  // the next stream is made only once its handlers have run (Redial).
  beast::error_code ignored;
  beast::get_lowest_layer(*c.ws).socket().close(ignored);
  if (--open_or_opening_ == 0 && stopping_ && done_) {
    auto done = std::move(done_);
    done_ = nullptr;
    done();
  }
  if (!stopping_ && WantsBack(i)) {
    Redial(i, moving ? 0ms : std::chrono::milliseconds(std::min(100 * c.redials, 1000)));
  }
}

void LoadRoom::OnMessage(int i, const v1::ServerMessage& m) {
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  if (stopping_) return;
  if (m.has_redirect()) {
    OnRedirect(i, m.redirect());
  } else if (m.has_welcome()) {
    const bool again = c.ever_welcomed;
    c.welcomed = true;
    c.ever_welcomed = true;
    c.redials = 0;
    if (!again) ++counts_.welcomed;
    if (config_.idle) return;
    if (again) return OnWelcome(i, m.welcome());
    if (i == 0) {
      CreateRoom();
    } else {
      JoinWaiting();
    }
  } else if (m.has_seat_granted()) {
    c.seat = m.seat_granted().seat();
    c.token = m.seat_granted().resume_token();
    c.in_room = true;
    c.joining = false;
    c.game.reset();
    c.have_view = false;
    c.game_over = false;
    if (i == 0) {
      code_ = m.seat_granted().room_code();
      c.generation = ++generation_;
      start_sent_ = false;
      in_flight_.clear();  // a new game starts at seq 0 again
      for (int k = 0; k < config_.computers; ++k) {
        v1::ClientMessage add;
        add.mutable_add_computer()->set_seat(-1);
        add.mutable_add_computer()->set_level(config_.computer_level);
        Send(0, std::move(add));
      }
      JoinWaiting();
    } else {
      v1::ClientMessage ready;
      ready.mutable_set_ready()->set_ready(true);
      Send(i, std::move(ready));
    }
  } else if (m.has_room_state()) {
    if (i == 0) CheckStart(m.room_state());
  } else if (m.has_room_left()) {
    c.in_room = false;
    c.token.clear();
    c.leaving = false;
    if (i == 0) {
      CreateRoom();  // the next game's
    } else {
      JoinWaiting();
    }
  } else if (m.has_snapshot() || m.has_event_batch()) {
    OnGameMessage(i, m);
  } else if (m.has_error()) {
    const v1::ErrorCode code = m.error().code();
    if (Counting()) CountError(v1::ErrorCode_Name(code));
    if (c.resuming && !c.welcomed) {
      // The resume was refused: the room is gone (the seat plays on in the next one), or its
      // store cannot be reached for now (the seat tries again, on this server or the next).
      if (code == v1::ERROR_CODE_INVALID_TOKEN) {
        c.token.clear();
        c.in_room = false;
        c.have_view = false;
      }
      return CloseOne(i);  // and dial again after the usual wait
    }
    if (code == v1::ERROR_CODE_STALE_SEQ || code == v1::ERROR_CODE_RATE_LIMITED) {
      // Nothing was applied: ask for the view again (after a pause for the rate limit).
      c.have_view = false;
      in_flight_.clear();
      c.think.expires_after(code == v1::ERROR_CODE_RATE_LIMITED ? 300ms : 0ms);
      c.think.async_wait([self = shared_from_this(), i](beast::error_code ec) {
        if (!ec && !self->stopping_) self->RequestSnapshot(i);
      });
    } else if (i == 0 && !c.in_room) {
      // The room was refused (a room limit): ask again in a while rather than stall.
      c.think.expires_after(500ms);
      c.think.async_wait([self = shared_from_this()](beast::error_code ec) {
        if (!ec && !self->stopping_) self->CreateRoom();
      });
    } else if (!c.in_room && c.joining) {
      // A join that came too early or too late for its room: the seat waits for the next one.
      c.joining = false;
    }
  }
}

std::string LoadRoom::SeatName(int i) const {
  return "load-" + std::to_string(index_) + "-" + std::to_string(i);
}

void LoadRoom::RequestSnapshot(int i) {
  v1::ClientMessage resync;
  resync.mutable_request_snapshot();
  Send(i, std::move(resync));
}

void LoadRoom::CreateRoom() {
  v1::ClientMessage create;
  *create.mutable_create_room()->mutable_options() = config_.room;
  create.mutable_create_room()->set_player_name(SeatName(0));
  Send(0, std::move(create));
}

void LoadRoom::JoinWaiting() {
  if (code_.empty() || stopping_) return;
  for (int i = 1; i < config_.players; ++i) {
    Conn& c = *conns_[static_cast<std::size_t>(i)];
    if (!c.open || !c.welcomed || c.in_room || c.joining || c.leaving) continue;
    if (c.generation >= generation_) continue;
    c.joining = true;
    c.generation = generation_;
    v1::ClientMessage join;
    join.mutable_join_room()->set_code(code_);
    join.mutable_join_room()->set_player_name(SeatName(i));
    Send(i, std::move(join));
  }
}

void LoadRoom::CheckStart(const v1::RoomState& state) {
  if (start_sent_ || state.status() != v1::ROOM_STATUS_LOBBY) return;
  for (const auto& s : state.seats()) {
    if (!s.occupied() || !(s.is_host() || s.ready())) return;
  }
  start_sent_ = true;
  v1::ClientMessage start;
  start.mutable_start_game();
  Send(0, std::move(start));
}

void LoadRoom::OnGameMessage(int i, const v1::ServerMessage& m) {
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  if (!c.in_room) return;  // the tail of a room the seat has left
  if (m.has_snapshot()) {
    const v1::GameSnapshot& snapshot = m.snapshot();
    if (!c.game) c.game = client::NewSeatGame(snapshot, c.seat);
    if (!c.game) {
      CountError("unknown_game");
      return;
    }
    c.game->TakeSnapshot(snapshot);
    c.seq = snapshot.seq();
    c.have_view = true;
  } else {
    const v1::EventBatch& b = m.event_batch();
    if (!c.have_view || b.prev_seq() != c.seq) {
      // A gap: ask for the whole view instead of guessing.
      if (c.have_view && Counting()) CountError("resync");
      c.have_view = false;
      return RequestSnapshot(i);
    }
    if (const auto f = InFlightOn(b.prev_seq()); f != in_flight_.end() && MarkSeen(i, *f)) {
      in_flight_.erase(f);
    }
    if (Counting()) counts_.events += static_cast<std::uint64_t>(b.events_size());
    c.game->ApplyBatch(b);
    c.seq = b.seq();
  }
  if (c.game->over()) {
    if (!c.game_over) {
      c.game_over = true;
      if (i == 0 && Counting()) ++counts_.games_finished;
      c.leaving = true;
      v1::ClientMessage leave;
      leave.mutable_leave_room();
      Send(i, std::move(leave));
    }
    return;
  }
  Act(i);
}

void LoadRoom::Act(int i) {
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  if (stopping_ || !c.game || !c.have_view || !c.game->asked()) return;
  auto decide = [self = shared_from_this(), i] {
    Conn& cc = *self->conns_[static_cast<std::size_t>(i)];
    if (self->stopping_ || !cc.game || !cc.have_view || !cc.game->asked()) return;
    v1::ClientMessage m;
    v1::GameCommand* command = m.mutable_game_command();
    command->set_expected_seq(cc.seq);
    client::DecisionCounts decisions;
    cc.game->Decide(self->rng_, *command, decisions);
    self->NoteSent(cc.seq, i);
    self->Send(i, std::move(m));
  };
  AfterThink(i, std::move(decide));
}

void LoadRoom::AfterThink(int i, std::function<void()> act) {
  if (config_.think_ms == 0) return act();
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  c.think.expires_after(std::chrono::milliseconds(config_.think_ms));
  c.think.async_wait([act = std::move(act)](beast::error_code ec) {
    if (!ec) act();
  });
}

void LoadRoom::NoteSent(std::uint64_t prev_seq, int sender) {
  // A seat acts at most once per batch, so a handful covers every seat's command in flight.
  constexpr std::size_t kMaxInFlight = 8;
  if (in_flight_.size() >= kMaxInFlight) in_flight_.erase(in_flight_.begin());
  in_flight_.push_back(InFlight{prev_seq, Clock::now(), sender, 0});
}

std::vector<LoadRoom::InFlight>::iterator LoadRoom::InFlightOn(std::uint64_t prev_seq) {
  return std::find_if(in_flight_.begin(), in_flight_.end(),
                      [prev_seq](const InFlight& f) { return f.prev_seq == prev_seq; });
}

bool LoadRoom::MarkSeen(int i, InFlight& f) {
  f.seen |= 1u << i;
  if (i == f.sender && Counting()) ++counts_.commands;
  if (f.seen != (1u << config_.players) - 1) return false;
  if (Counting()) {
    counts_.latency_us.push_back(static_cast<float>(
        std::chrono::duration<double, std::micro>(Clock::now() - f.sent).count()));
  }
  return true;
}

void LoadRoom::RelayAct(int i) {
  auto send = [self = shared_from_this(), i] {
    Conn& c = *self->conns_[static_cast<std::size_t>(i)];
    if (self->stopping_ || !c.open || c.closing) return;
    std::string frame(static_cast<std::size_t>(self->config_.relay_bytes), '\0');
    for (int b = 0; b < 8; ++b)
      frame[static_cast<std::size_t>(b)] = static_cast<char>(self->relay_turn_ >> (8 * b));
    self->in_flight_.clear();
    self->NoteSent(self->relay_turn_, i);
    c.out.push_back(std::move(frame));
    self->Write(i);
  };
  AfterThink(i, std::move(send));
}

void LoadRoom::OnRelayFrame(int i, std::string_view frame) {
  if (stopping_) return;
  std::uint64_t turn = 0;
  if (frame.size() < 8) return CountError("short_frame");
  for (int b = 0; b < 8; ++b) {
    turn |=
        static_cast<std::uint64_t>(static_cast<unsigned char>(frame[static_cast<std::size_t>(b)]))
        << (8 * b);
  }
  const auto f = InFlightOn(turn);
  if (f == in_flight_.end()) return CountError("unexpected_frame");
  if (Counting()) ++counts_.events;
  if (!MarkSeen(i, *f)) return;
  const int next = (f->sender + 1) % config_.players;
  in_flight_.clear();
  ++relay_turn_;
  RelayAct(next);
}

void LoadRoom::Stop(std::function<void()> done) {
  net::post(strand_, [self = shared_from_this(), done = std::move(done)]() mutable {
    self->stopping_ = true;
    for (const auto& c : self->conns_) {
      if (c->open && c->welcomed) ++self->counts_.held_at_end;
    }
    if (self->open_or_opening_ == 0) return done();
    self->done_ = std::move(done);
    for (int i = 0; i < self->config_.players; ++i) self->CloseOne(i);
  });
}

void LoadRoom::CloseOne(int i) {
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  if (c.ended || c.closing) return;
  c.closing = true;
  c.think.cancel();
  if (!c.open) {
    // Still connecting: cancelling fails the connect or the handshake, which ends it.
    beast::get_lowest_layer(*c.ws).cancel();
    return;
  }
  // A peer that never answers the close frame is cut off after 3 s. (Not the stream's own
  // expiry: a read and a write may both be pending, and it can time only one of them.)
  c.think.expires_after(3s);
  c.think.async_wait([self = shared_from_this(), i, dial = c.dial](beast::error_code ec) {
    Conn& cc = *self->conns_[static_cast<std::size_t>(i)];
    if (!ec && cc.dial == dial) beast::get_lowest_layer(*cc.ws).close();
  });
  c.close_pending = true;
  c.ws->async_close(websocket::close_code::normal,
                    [self = shared_from_this(), i, dial = c.dial](beast::error_code) {
                      // The pending read fails now and ends the connection.
                      Conn& cc = *self->conns_[static_cast<std::size_t>(i)];
                      cc.close_pending = false;
                      if (cc.dial != dial) return;
                      cc.think.cancel();
                      beast::get_lowest_layer(*cc.ws).close();
                    });
}

}  // namespace carc::cli
