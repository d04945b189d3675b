// How a seat of `carcassonne load` gets its connection back, as a person's browser would: after
// a short wait (longer with each failed attempt, bounded), it dials its server again, or the
// next in the list when that one cannot be reached; resumes with its token; and follows a
// Redirect to the node that serves its room now. Every handler runs on the room's strand.
#include <boost/asio/ip/address.hpp>

#include "load/load_room.h"

namespace carc::cli {

namespace beast = boost::beast;
namespace net = boost::asio;
using namespace std::chrono_literals;

namespace {

// Attempts without a Welcome before a seat gives up: with the wait growing to 1 s, about 25 s,
// several times a cluster's default lease (3 s) after which another node serves the room.
constexpr int kMaxRedials = 30;

}  // namespace

bool LoadRoom::WantsBack(int i) const {
  const Conn& c = *conns_[static_cast<std::size_t>(i)];
  return !config_.relay && !config_.idle && c.ever_welcomed && c.redials < kMaxRedials;
}

void LoadRoom::DialFailed(int i, const char* what) {
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  if (!c.ever_welcomed) {
    ++counts_.connect_failures;
    CountError(what);
  } else {
    CountError("reconnect_failed");
    // A redirect's node is gone: the others know where the room went. Otherwise this server
    // is gone: the next one in the list.
    if (c.redirect_to) {
      c.redirect_to.reset();
    } else {
      c.server = (c.server + 1) % servers_.size();
    }
  }
  Ended(i, "");
}

void LoadRoom::Redial(int i, std::chrono::milliseconds delay) {
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  ++c.redials;
  c.think.expires_after(delay);
  c.think.async_wait([self = shared_from_this(), i](beast::error_code ec) {
    if (ec || self->stopping_) return;
    Conn& cc = *self->conns_[static_cast<std::size_t>(i)];
    if (cc.writing || cc.close_pending) {
      // The old stream's last write or close has yet to end; its handler needs that stream.
      --cc.redials;
      return self->Redial(i, 10ms);
    }
    self->Connect(i);
  });
}

std::optional<std::pair<client::ServerAddress, LoadRoom::Endpoint>> LoadRoom::Target(int i) {
  const Conn& c = *conns_[static_cast<std::size_t>(i)];
  if (!c.redirect_to) {
    return std::make_pair(config_.servers[c.server], servers_[c.server]);
  }
  // A node's advertised URL: an address and a port (a name would need resolving, which the
  // nodes of a cluster on one network do not need).
  beast::error_code ec;
  const auto address = net::ip::make_address(c.redirect_to->host, ec);
  int port = 0;
  try {
    port = std::stoi(c.redirect_to->port);
  } catch (const std::exception&) {
    port = 0;
  }
  if (ec || port <= 0 || port > 65535) return std::nullopt;
  return std::make_pair(*c.redirect_to, Endpoint(address, static_cast<unsigned short>(port)));
}

void LoadRoom::OnRedirect(int i, const v1::Redirect& r) {
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  const auto to = client::ParseServerUrl(r.url());
  if (!to) {
    CountError("bad_redirect");
    return;
  }
  ++counts_.redirects;
  c.redirect_to = *to;
  if (c.joining) {
    // Asked to join a room another node serves: join it there, once welcomed.
    c.joining = false;
    c.generation = generation_ - 1;
  }
  c.moving = true;
  CloseOne(i);
}

void LoadRoom::OnWelcome(int i, const v1::Welcome& w) {
  Conn& c = *conns_[static_cast<std::size_t>(i)];
  if (c.lost) {
    ++counts_.connections_regained;
    c.lost = false;
  }
  if (w.seat() >= 0) {
    // Back at the seat: the room's state and a snapshot follow, and the seat plays on from
    // there. Its command in flight, if any, was either applied (the snapshot shows it) or
    // lost (the seat is asked again).
    c.in_room = true;
    c.seat = w.seat();
    c.have_view = false;
    std::erase_if(in_flight_, [i](const InFlight& f) { return f.sender == i; });
    if (i == 0) start_sent_ = false;  // a start lost with the connection is asked for again
    return;
  }
  // Welcomed without a room (the seat was between games, or its room is gone).
  c.in_room = false;
  c.token.clear();
  if (i == 0) return CreateRoom();
  JoinWaiting();
}

}  // namespace carc::cli
