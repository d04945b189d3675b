// One room of `carcassonne load`: its players' connections, all driven by asynchronous handlers
// on the room's own strand, so that they share its bookkeeping (the room code, the command in
// flight and when it was sent) without locks, while rooms run in parallel on every I/O thread.
//
// A cycle: every seat connects and says Hello; seat 0 creates the room, the others join with
// its code and say they are ready; seat 0 starts the game; each seat answers the decisions its
// view asks of it with a random legal move (client/seat_game.h) after the think time. When the
// game is over every seat leaves and the cycle starts again with a new room, until Stop().
// In idle mode the seats only connect and say Hello. In relay mode (LoadConfig::relay) the
// seats of a room take turns sending a numbered frame through the reference relay instead.
//
// Several servers (the nodes of a cluster): room r's seats start at server r mod n. A playing
// seat whose connection is lost gets it back as a person's browser would (load_failover.cc):
// it dials its server again, or the next in the list when that one cannot be reached, resumes
// with its token and follows the Redirect to wherever its room went.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "client/seat_game.h"
#include "load/load_config.h"

namespace carc::cli {

class LoadRoom : public std::enable_shared_from_this<LoadRoom> {
 public:
  using Clock = std::chrono::steady_clock;

  using Endpoint = boost::asio::ip::tcp::endpoint;

  // `servers`: config.servers resolved, in the same order. Connection i of this room binds to
  // `sources[(first_connection + i) % size]` when any are given. Counting starts at
  // `window_start`.
  LoadRoom(boost::asio::io_context& io, const LoadConfig& config, std::vector<Endpoint> servers,
           int index, Clock::time_point window_start);

  // Opens the connections (on the room's strand).
  void Start();
  // Stops acting, counts the connections still held and closes them; `done` runs (on the
  // room's strand) once every connection is closed.
  void Stop(std::function<void()> done);
  // Read after the I/O threads have stopped.
  LoadCounts& counts() { return counts_; }

 private:
  using Stream = boost::beast::websocket::stream<boost::beast::tcp_stream>;
  struct Conn {
    explicit Conn(boost::asio::strand<boost::asio::io_context::executor_type> strand)
        : think(strand) {}
    // A new stream for each connection the seat opens; handlers of an earlier one see `dial`
    // changed and leave the seat alone.
    std::optional<Stream> ws;
    int dial = 0;
    boost::asio::steady_timer think;
    boost::beast::flat_buffer buffer;
    std::deque<std::string> out;
    bool writing = false;
    bool close_pending = false;  // an async_close has yet to finish
    bool open = false;
    bool welcomed = false;
    bool closing = false;
    bool ended = false;
    bool in_room = false;
    bool joining = false;
    bool leaving = false;
    int generation = 0;  // the room generation this seat last joined
    int seat = -1;
    std::uint64_t seq = 0;
    bool have_view = false;
    bool game_over = false;
    std::unique_ptr<client::SeatGame> game;
    std::uint32_t request_id = 0;
    // Where the seat connects: an index into servers_, or the node a Redirect named.
    std::size_t server = 0;
    std::optional<client::ServerAddress> redirect_to;
    std::string token;  // the room's resume token for this seat ("" outside a room)
    bool ever_welcomed = false;
    bool moving = false;    // closing on purpose to follow a Redirect
    bool resuming = false;  // the Hello carried the token
    bool lost = false;      // lost (counted) and not welcomed back yet
    int redials = 0;        // attempts since the seat last had a Welcome
  };

  // Opens seat i's connection to its server (a fresh stream).
  void Connect(int i);
  void OnOpen(int i);
  // load_failover.cc: whether seat i tries to get its connection back after losing it.
  bool WantsBack(int i) const;
  // Seat i's connect or handshake failed: counted, and a seat in play tries the next server.
  void DialFailed(int i, const char* what);
  // Opens seat i's connection again after `delay`, once its last write has finished.
  void Redial(int i, std::chrono::milliseconds delay);
  // The Welcome, Redirect or refusal that answers a Hello of seat i.
  void OnWelcome(int i, const v1::Welcome& w);
  void OnRedirect(int i, const v1::Redirect& r);
  // The address seat i connects to next and its endpoint, or nullopt when a redirect's host
  // is not an address.
  std::optional<std::pair<client::ServerAddress, Endpoint>> Target(int i);
  void Read(int i);
  void OnMessage(int i, const v1::ServerMessage& m);
  void OnGameMessage(int i, const v1::ServerMessage& m);
  void Send(int i, v1::ClientMessage m);
  void Write(int i);
  // The connection is gone (closed, lost or never opened); `why` names a loss to count, ""
  // for none.
  void Ended(int i, const std::string& why);
  void Act(int i);
  // Runs `act` after the think time (at once without one), on seat i's timer.
  void AfterThink(int i, std::function<void()> act);
  // Seat i has the in-flight command's events (relay: its frame): counts the command at its
  // sender and, once every seat has it, its latency. Returns whether every seat has it.
  struct InFlight;
  bool MarkSeen(int i, InFlight& f);
  // Relay mode: the frame of turn `relay_turn_` reached seat i; seat i sends the next turn's.
  void OnRelayFrame(int i, std::string_view frame);
  void RelayAct(int i);
  // Seat 0 asks for the room of the next game.
  void CreateRoom();
  // A gap or a refused command: the seat asks for its whole view again.
  void RequestSnapshot(int i);
  std::string SeatName(int i) const;
  // Seats that have left their last room join the current one once seat 0 has made it.
  void JoinWaiting();
  void CheckStart(const v1::RoomState& state);
  void CloseOne(int i);
  bool Counting() const { return Clock::now() >= window_start_ && !stopping_; }
  void CountError(const std::string& what);

  const LoadConfig& config_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  std::vector<Endpoint> servers_;
  int index_;
  Clock::time_point window_start_;
  std::vector<std::unique_ptr<Conn>> conns_;
  std::mt19937_64 rng_;
  LoadCounts counts_;
  bool stopping_ = false;
  std::function<void()> done_;
  int open_or_opening_ = 0;

  // The room the seats play in now: its code and generation (one per game).
  std::string code_;
  int generation_ = 0;
  bool start_sent_ = false;
  // The commands in flight: the seq each was built on, when it was sent, who sent it, and which
  // seats have seen its batch (a bit per seat). More than one: the next seat may act on a
  // batch before the seat that sent it has read the same batch, and both are counted.
  struct InFlight {
    std::uint64_t prev_seq = 0;
    Clock::time_point sent;
    int sender = -1;
    unsigned seen = 0;
  };
  std::vector<InFlight> in_flight_;
  // Notes a command sent; the oldest is forgotten past a few (a seat that left never sees it).
  void NoteSent(std::uint64_t prev_seq, int sender);
  // The command built on `prev_seq`, or end().
  std::vector<InFlight>::iterator InFlightOn(std::uint64_t prev_seq);
  // Relay mode: the number of the turn whose frame is in flight (or next to be sent).
  std::uint64_t relay_turn_ = 0;
};

}  // namespace carc::cli
