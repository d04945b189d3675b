#include "ws_harness.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <boost/asio/io_context.hpp>

#include "app/metrics.h"
#include "app/protobuf_log.h"
#include "fuzz_target.h"
#include "net/message_handler.h"
#include "net/session.h"
#include "rooms/lobby.h"
#include "rooms/room_registry.h"
#include "store/sqlite_store.h"

namespace carc::fuzz {

using server::Session;

namespace {

// What lives as long as the process. The store does not: each script gets its own, in memory,
// so that a script plays the same way whatever ran before it (a finding replays alone) and
// leaves nothing behind (libFuzzer's leak check stays quiet, and fast, when an input frees
// what it allocated).
struct World {
  World() {
    spdlog::set_level(spdlog::level::off);  // a line per room would drown the fuzzer's output
    server::RouteProtobufLogs();
    config.game_seed = 20261125;  // the same tiles for every run of a script
  }

  server::RoomConfig config;
  server::Metrics metrics;
  boost::asio::io_context io{1};
};

World& TheWorld() {
  static World world;
  return world;
}

// Runs every handler that is ready, and those they make ready, until none is: the rooms' clocks
// (a second or more away) stay pending. The store answers appends from its own thread: Flush
// waits until those answers are posted, so that they are run too.
void RunUntilIdle(boost::asio::io_context& io, server::store::EventStore& store) {
  do {
    store.Flush();
    io.restart();
  } while (io.poll() > 0);
}

class FakeSession : public Session {
 public:
  using Sink = std::function<void(const v1::ServerMessage&)>;
  explicit FakeSession(Sink sink)
      : id_("fuzz" + std::to_string(++counter_)), sink_(std::move(sink)) {}

  void Send(std::shared_ptr<const std::string> bytes) override {
    // What the server sends is its own: it must always be a ServerMessage.
    v1::ServerMessage m;
    if (!m.ParseFromString(*bytes)) Fail("the server sent bytes that are not a ServerMessage");
    if (!closed_) sink_(m);
  }
  void Close(std::uint16_t, std::string) override { closed_ = true; }
  const std::string& id() const override { return id_; }
  bool closed() const { return closed_; }

 private:
  static inline std::atomic<std::uint64_t> counter_{0};
  std::string id_;
  Sink sink_;
  bool closed_ = false;
};

struct Connection {
  std::shared_ptr<FakeSession> session;
  bool hello_done = false;
};

}  // namespace

std::string EncodeFrame(int slot, Op op, std::string_view payload) {
  std::string out;
  out += static_cast<char>(slot + kSlots * static_cast<int>(op));
  out += static_cast<char>(payload.size() & 0xff);
  out += static_cast<char>((payload.size() >> 8) & 0xff);
  out += payload;
  return out;
}

struct WsScript::Impl {
  explicit Impl(Observer obs)
      : world(TheWorld()),
        store(server::store::OpenSqliteStore(":memory:", server::store::Durability::kNormal)),
        registry(world.io, world.config, world.metrics, *store),
        lobby(registry, world.config, world.metrics),
        observer(std::move(obs)) {}

  Connection& Open(int slot) {
    Connection& c = connections[static_cast<std::size_t>(slot)];
    if (!c.session) {
      c.session = std::make_shared<FakeSession>([this, slot](const v1::ServerMessage& m) {
        if (m.has_seat_granted() && !m.seat_granted().resume_token().empty()) {
          tokens[static_cast<std::size_t>(slot)] = m.seat_granted().resume_token();
        }
        if (observer) observer(slot, m);
      });
      c.hello_done = false;
      lobby.OnOpen(c.session);
    }
    return c;
  }

  // What WsSession::Finish does once a connection is gone.
  void Disconnect(int slot) {
    Connection& c = connections[static_cast<std::size_t>(slot)];
    if (!c.session) return;
    lobby.OnDisconnect(c.session);
    c.session.reset();
    RunUntilIdle(world.io, *store);
  }

  // The server closed these connections: their transport would now report them gone.
  void ReapClosed() {
    for (int slot = 0; slot < kSlots; ++slot) {
      const auto& s = connections[static_cast<std::size_t>(slot)].session;
      if (s && s->closed()) Disconnect(slot);
    }
  }

  void FillPlaceholders(int slot, v1::ClientMessage& m) {
    if (m.has_join_room() && m.join_room().code().empty()) {
      for (const Connection& c : connections) {
        if (!c.session) continue;
        if (const auto room =
                std::static_pointer_cast<server::Room>(c.session->membership().host.lock())) {
          m.mutable_join_room()->set_code(room->code());
          break;
        }
      }
    }
    if (m.has_hello() && m.hello().resume_token() == kResumePlaceholder) {
      m.mutable_hello()->set_resume_token(tokens[static_cast<std::size_t>(slot)]);
    }
  }

  // WsSession::Handle without the socket: decode, the answers the transport gives itself, then
  // the lobby.
  void Deliver(int slot, std::string_view frame) {
    Connection& c = Open(slot);
    const auto& s = c.session;
    if (frame.size() > world.config.max_message_bytes) {
      // Beast fails such a connection with 1009 before the session sees the message.
      world.metrics.Reject("message_too_big");
      return Disconnect(slot);
    }
    ++world.metrics.messages_in;
    v1::ClientMessage message;
    if (!message.ParseFromArray(frame.data(), static_cast<int>(frame.size()))) {
      world.metrics.Reject("malformed_message");
      return s->Send(
          server::ErrorMessage(0, v1::ERROR_CODE_MALFORMED_MESSAGE, "not a ClientMessage"));
    }
    if (message.body_case() == v1::ClientMessage::BODY_NOT_SET) {
      world.metrics.Reject("unknown_message");
      return s->Send(server::ErrorMessage(message.request_id(), v1::ERROR_CODE_UNKNOWN_MESSAGE,
                                          "empty or unknown message body"));
    }
    if (message.has_ping()) {
      v1::ServerMessage pong;
      pong.set_request_id(message.request_id());
      pong.mutable_pong()->set_nonce(message.ping().nonce());
      return s->Send(server::Serialize(pong));
    }
    if (!c.hello_done && !message.has_hello()) {
      world.metrics.Reject("hello_required");
      return s->Send(server::ErrorMessage(message.request_id(), v1::ERROR_CODE_HELLO_REQUIRED,
                                          "send Hello first"));
    }
    if (message.has_hello()) c.hello_done = true;
    FillPlaceholders(slot, message);
    lobby.OnMessage(s, std::move(message));
    RunUntilIdle(world.io, *store);
    ReapClosed();
  }

  void Dispose() {
    for (int slot = 0; slot < kSlots; ++slot) Disconnect(slot);
    registry.CloseAll(server::close_code::kRestart, "end of the script");
    RunUntilIdle(world.io, *store);
    registry.ReleaseSessions();
  }

  World& world;
  std::unique_ptr<server::store::EventStore> store;
  server::RoomRegistry registry;
  server::Lobby lobby;
  Observer observer;
  std::array<Connection, kSlots> connections;
  std::array<std::string, kSlots> tokens;
};

WsScript::WsScript(Observer observer) : impl_(std::make_unique<Impl>(std::move(observer))) {}

WsScript::~WsScript() {
  impl_->Dispose();
}

void WsScript::Deliver(int slot, std::string_view bytes) {
  impl_->Deliver(slot, bytes);
}

void WsScript::Drop(int slot) {
  impl_->Disconnect(slot);
}

void WsScript::Run(const std::uint8_t* data, std::size_t size) {
  WsScript script;
  std::size_t at = 0;
  for (int frames = 0; frames < kMaxFrames && at < size; ++frames) {
    const int header = data[at++];
    const int slot = header % kSlots;
    const auto op = static_cast<Op>((header / kSlots) % 4);
    std::size_t length = 0;
    if (at < size) length = data[at++];
    if (at < size) length |= static_cast<std::size_t>(data[at++]) << 8;
    length = std::min(length, size - at);
    const std::string_view payload(reinterpret_cast<const char*>(data + at), length);
    at += length;
    if (op == Op::kDrop) {
      script.Drop(slot);
    } else {
      script.Deliver(slot, payload);
    }
  }
}

}  // namespace carc::fuzz
