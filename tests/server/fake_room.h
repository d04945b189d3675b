// The rooms without a socket: a lobby, its registry and rooms on an io_context this thread runs,
// a store in memory that can fail (flaky_store.h), and connections that keep what the server
// sends them. What a test delivers is handled, and everything it set off run, before the call
// returns (the rooms' once-a-second ticks and clocks excepted).
#pragma once

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "bots/bot_pool.h"
#include "flaky_store.h"
#include "net/message_handler.h"
#include "rooms/lobby.h"
#include "rooms/room_registry.h"

namespace carc::test {

// The rooms' counters, and each refusal by its reason.
struct FakeRoomMetrics final : server::RoomMetrics {
  void Reject(const std::string& reason) override { ++rejections[reason]; }
  void ObserveCommandLatency(double) override { ++latencies; }
  std::map<std::string, int> rejections;
  int latencies = 0;
};

// A connection as the rooms see it: every message the server sends it, in order.
class FakeSession final : public server::Session {
 public:
  explicit FakeSession(std::string id) : id_(std::move(id)) {}
  using server::Session::set_account;  // a signed-in connection
  void Send(std::shared_ptr<const std::string> bytes) override {
    v1::ServerMessage m;
    REQUIRE(m.ParseFromString(*bytes));
    received.push_back(std::move(m));
  }
  void Close(std::uint16_t code, std::string) override { closed_with = code; }
  const std::string& id() const override { return id_; }

  // The last message of a kind (`has` is its ServerMessage::has_* accessor), if any came.
  template <typename Has>
  std::optional<v1::ServerMessage> Last(Has has) const {
    for (auto it = received.rbegin(); it != received.rend(); ++it) {
      if (((*it).*has)()) return *it;
    }
    return std::nullopt;
  }

  std::vector<v1::ServerMessage> received;
  std::optional<std::uint16_t> closed_with;

 private:
  std::string id_;
};

class FakeRooms {
 public:
  // `bot_threads` > 0 gives the rooms a computer players' pool.
  explicit FakeRooms(server::RoomConfig config = {}, int bot_threads = 0)
      : config_(WithComputers(std::move(config), bot_threads > 0)),
        bots_(bot_threads > 0 ? std::make_unique<bots::BotPool>(bot_threads, 16) : nullptr),
        registry_(io_, config_, metrics, store, bots_.get()),
        lobby_(registry_, config_, metrics) {}
  ~FakeRooms() {
    if (bots_) bots_->Stop();
    registry_.CloseAll(server::close_code::kRestart, "end of the test");
    RunUntilIdle();
    registry_.ReleaseSessions();
  }

  // A new connection that has said Hello (with a seat's resume token: taking it back).
  std::shared_ptr<FakeSession> Connect(const std::string& resume_token = "") {
    auto s = std::make_shared<FakeSession>("fake" + std::to_string(++sessions_));
    lobby_.OnOpen(s);
    v1::ClientMessage hello;
    hello.mutable_hello()->set_client_name("fake_room");
    hello.mutable_hello()->set_resume_token(resume_token);
    Deliver(s, hello);
    return s;
  }
  // What the transport does with a decoded message: the lobby has it, then everything it set
  // off runs.
  void Deliver(const std::shared_ptr<FakeSession>& s, v1::ClientMessage m) {
    lobby_.OnMessage(s, std::move(m));
    RunUntilIdle();
  }
  void Disconnect(const std::shared_ptr<FakeSession>& s) {
    lobby_.OnDisconnect(s);
    RunUntilIdle();
  }
  // Runs what is ready until nothing is; the store's answers to appends come from its own
  // thread, so it is flushed in between.
  void RunUntilIdle() {
    do {
      store.Flush();
      io_.restart();
    } while (io_.poll() > 0);
  }
  // Runs until `done` or `limit` (for what a computer player's thread answers).
  template <typename Done>
  bool RunUntil(Done done, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!done()) {
      if (std::chrono::steady_clock::now() > end) return false;
      RunUntilIdle();
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return true;
  }

  server::RoomRegistry& registry() { return registry_; }

  FlakyStore store;
  FakeRoomMetrics metrics;

 private:
  static server::RoomConfig WithComputers(server::RoomConfig config, bool computers) {
    config.computers = computers;
    return config;
  }

  server::RoomConfig config_;
  boost::asio::io_context io_{1};
  std::unique_ptr<bots::BotPool> bots_;
  server::RoomRegistry registry_;
  server::Lobby lobby_;
  int sessions_ = 0;
};

}  // namespace carc::test
