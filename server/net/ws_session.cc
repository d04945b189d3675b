#include "net/ws_session.h"

#include <spdlog/spdlog.h>
#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>

#include "net/log_throttle.h"

namespace carc::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;

namespace {

// After this many refused messages in a row the flood is a policy violation (close 1008).
constexpr int kMaxStrikes = 20;

// One line per 10 s however many slow readers are cut off: each is counted in /metrics.
LogThrottle& SlowReaderLog() {
  static LogThrottle log(std::chrono::seconds(10));
  return log;
}

std::string NextId() {
  static std::atomic<std::uint64_t> counter{0};
  return "c" + std::to_string(++counter);
}

}  // namespace

std::shared_ptr<const std::string> Serialize(const v1::ServerMessage& message) {
  auto bytes = std::make_shared<std::string>();
  message.SerializeToString(bytes.get());
  return bytes;
}

std::shared_ptr<const std::string> ErrorMessage(std::uint32_t request_id, v1::ErrorCode code,
                                                std::string text, std::uint64_t seq) {
  v1::ServerMessage m;
  m.set_request_id(request_id);
  v1::Error* e = m.mutable_error();
  e->set_code(code);
  e->set_message(std::move(text));
  e->set_seq(seq);
  return Serialize(m);
}

WsSession::WsSession(net::ip::tcp::socket&& socket, ConnectionSlot slot, const NetConfig& config,
                     NetMetrics& metrics, MessageHandler& handler, SocketAccount account)
    : slot_(std::move(slot)),
      ws_(std::move(socket)),
      hello_timer_(ws_.get_executor()),
      lobby_idle_timer_(ws_.get_executor()),
      close_timer_(ws_.get_executor()),
      last_message_(std::chrono::steady_clock::now()),
      config_(config),
      metrics_(metrics),
      handler_(handler),
      id_(NextId()),
      bucket_(config.rate_burst, config.rate_per_second, std::chrono::steady_clock::now()) {
  // The slot's address is the client's: behind a trusted proxy, the one it reported.
  set_peer_address(slot_.address());
  set_account(std::move(account));
  // Without a bound the kernel's autotuning lets a client that does not read pin up to
  // net.ipv4.tcp_wmem's maximum (4 MiB by default) per connection, out of sight of the write
  // queue's own bound. Plain HTTP keeps the kernel's size: its responses are larger and
  // one at a time.
  if (config.socket_send_buffer != 0) {
    beast::error_code ec;
    ws_.next_layer().set_option(
        net::socket_base::send_buffer_size(static_cast<int>(config.socket_send_buffer)), ec);
  }
  ++metrics_.connections;
}

WsSession::~WsSession() {
  metrics_.write_queue_bytes -= static_cast<std::int64_t>(queued_bytes_);
  --metrics_.connections;
}

void WsSession::Accept(beast::http::request<beast::http::string_body> request) {
  websocket::stream_base::timeout timeouts{};
  timeouts.handshake_timeout = config_.handshake_timeout;
  timeouts.idle_timeout = config_.idle_timeout;
  timeouts.keep_alive_pings = true;
  ws_.set_option(timeouts);
  ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
    res.set(beast::http::field::server, "carcassonne-server");
  }));
  ws_.read_message_max(config_.max_message_bytes);
  ws_.binary(true);
  ws_.async_accept(request, beast::bind_front_handler(&WsSession::OnAccept, self()));
}

void WsSession::OnAccept(beast::error_code ec) {
  if (ec) return Finish();
  spdlog::debug("session {} open from {}", id_, peer_address());
  handler_.OnOpen(shared_from_this());
  hello_timer_.expires_after(config_.handshake_timeout);
  hello_timer_.async_wait([s = self()](beast::error_code tec) {
    if (!tec && !s->hello_done_) s->DoClose(close_code::kHandshake, "no Hello in time");
  });
  last_message_ = std::chrono::steady_clock::now();
  ArmLobbyIdle(config_.lobby_idle_timeout);
  DoRead();
}

void WsSession::DoRead() {
  ws_.async_read_some(net::buffer(chunk_), beast::bind_front_handler(&WsSession::OnRead, self()));
}

void WsSession::OnRead(beast::error_code ec, std::size_t bytes) {
  if (ec) {
    // Over-long frames: Beast has already failed the connection with close code 1009.
    if (ec == websocket::error::message_too_big) metrics_.Reject("message_too_big");
    return Finish();
  }
  if (close_pending_) return DoRead();  // closing: drain until the peer's close frame arrives
  ++metrics_.ws_reads;
  // A read returns at most one frame's payload, so a message of many tiny frames costs a read
  // each: 64 KiB in 1-byte frames is 65,536 reads where one frame takes about 270 (chunks of 256
  // and the ends of Beast's own buffer). A message may take --max-message-fragments reads beyond
  // one per 128 bytes: tiny frames are refused within a few dozen bytes, and no message costs
  // more than about twice the reads of one frame of its size.
  ++message_reads_;
  message_bytes_ += bytes;
  if (!ws_.is_message_done() &&
      message_reads_ >
          static_cast<std::size_t>(config_.max_message_fragments) + message_bytes_ / 128) {
    metrics_.Reject("too_many_fragments");
    return DoClose(close_code::kTooBig, "a message in too many frames");
  }
  if (!ws_.is_message_done() || !message_.empty()) {
    // Beast bounds the whole message by read_message_max, so message_ cannot outgrow it.
    message_.append(chunk_.data(), bytes);
    if (!ws_.is_message_done()) return DoRead();
  }
  message_reads_ = 0;
  message_bytes_ = 0;
  const std::string_view frame =
      message_.empty() ? std::string_view(chunk_.data(), bytes) : std::string_view(message_);
  ++metrics_.messages_in;
  last_message_ = std::chrono::steady_clock::now();
  const bool text = ws_.got_text();
  if (!TakeToken()) {
    metrics_.Reject("rate_limited");
    if (++strikes_ >= kMaxStrikes) return DoClose(close_code::kPolicy, "message flood");
    DoSend(ErrorMessage(0, v1::ERROR_CODE_RATE_LIMITED, "too many messages: slow down"));
  } else if (text) {
    strikes_ = 0;
    metrics_.Reject("text_frame");
    DoSend(ErrorMessage(0, v1::ERROR_CODE_TEXT_FRAME, "binary protobuf frames only"));
  } else {
    strikes_ = 0;
    Handle(frame);
  }
  if (!message_.empty()) std::string().swap(message_);  // a rare large message: let it go
  if (!finished_) DoRead();
}

bool WsSession::TakeToken() {
  return bucket_.Take(std::chrono::steady_clock::now());
}

void WsSession::Handle(std::string_view frame) {
  v1::ClientMessage message;
  if (!message.ParseFromArray(frame.data(), static_cast<int>(frame.size()))) {
    metrics_.Reject("malformed_message");
    return DoSend(ErrorMessage(0, v1::ERROR_CODE_MALFORMED_MESSAGE, "not a ClientMessage"));
  }
  if (message.body_case() == v1::ClientMessage::BODY_NOT_SET) {
    metrics_.Reject("unknown_message");
    return DoSend(ErrorMessage(message.request_id(), v1::ERROR_CODE_UNKNOWN_MESSAGE,
                               "empty or unknown message body"));
  }
  if (message.has_ping()) {
    v1::ServerMessage pong;
    pong.set_request_id(message.request_id());
    pong.mutable_pong()->set_nonce(message.ping().nonce());
    return DoSend(Serialize(pong));
  }
  if (!hello_done_ && !message.has_hello()) {
    metrics_.Reject("hello_required");
    return DoSend(
        ErrorMessage(message.request_id(), v1::ERROR_CODE_HELLO_REQUIRED, "send Hello first"));
  }
  if (message.has_hello()) {
    hello_done_ = true;
    hello_timer_.cancel();
  }
  handler_.OnMessage(shared_from_this(), std::move(message));
}

void WsSession::Send(std::shared_ptr<const std::string> bytes) {
  net::dispatch(ws_.get_executor(),
                [s = self(), b = std::move(bytes)]() mutable { s->DoSend(std::move(b)); });
}

void WsSession::DoSend(std::shared_ptr<const std::string> bytes) {
  if (finished_ || close_pending_) return;
  // A single message is always taken when nothing waits, however large: the bound is on what
  // piles up behind a reader that does not keep up.
  if (!queue_.empty() && (queue_.size() >= config_.max_write_queue ||
                          queued_bytes_ + bytes->size() > config_.max_write_queue_bytes)) {
    // A reader this slow would make the server buffer without bound: free what waits for it
    // now and close; the close frame follows the message being written, if the peer ever
    // reads it, and kCloseDeadline ends the connection if not.
    ++metrics_.slow_readers_dropped;
    if (const auto n = SlowReaderLog().Tick()) {
      spdlog::warn(
          "{} slow reader(s) disconnected since the last report (latest: session {} from {}, {} "
          "bytes in {} messages queued)",
          n, id_, peer_address(), queued_bytes_, queue_.size());
    }
    DropQueued();
    return DoClose(close_code::kPolicy, "reading too slowly: over " +
                                            std::to_string(config_.max_write_queue_bytes) +
                                            " bytes queued");
  }
  metrics_.bytes_out += bytes->size();
  Enqueue(std::move(bytes));
  if (!writing_) DoWrite();
}

void WsSession::Enqueue(std::shared_ptr<const std::string> bytes) {
  const std::size_t size = bytes->size();
  queue_.push_back(std::move(bytes));
  queued_bytes_ += size;
  metrics_.write_queue_bytes += static_cast<std::int64_t>(size);
  const auto queued = static_cast<std::int64_t>(queued_bytes_);
  auto peak = metrics_.write_queue_peak_bytes.load();
  while (queued > peak && !metrics_.write_queue_peak_bytes.compare_exchange_weak(peak, queued)) {
  }
}

void WsSession::Unqueued(std::size_t size) {
  queued_bytes_ -= size;
  metrics_.write_queue_bytes -= static_cast<std::int64_t>(size);
}

void WsSession::PopFront() {
  Unqueued(queue_.front()->size());
  queue_.pop_front();
}

void WsSession::DropQueued() {
  // The message being written stays: the write still reads its buffer.
  const std::size_t keep = writing_ ? 1 : 0;
  while (queue_.size() > keep) {
    Unqueued(queue_.back()->size());
    queue_.pop_back();
  }
}

void WsSession::DoWrite() {
  writing_ = true;
  ws_.async_write(net::buffer(*queue_.front()),
                  beast::bind_front_handler(&WsSession::OnWrite, self()));
}

void WsSession::OnWrite(beast::error_code ec, std::size_t) {
  writing_ = false;
  PopFront();
  if (ec) return Finish();
  if (!queue_.empty()) return DoWrite();
  if (close_pending_) SendClose();
}

void WsSession::Close(std::uint16_t code, std::string reason) {
  net::dispatch(ws_.get_executor(),
                [s = self(), code, r = std::move(reason)]() mutable { s->DoClose(code, r); });
}

void WsSession::DoClose(std::uint16_t code, std::string reason) {
  // One close per connection: a second async_close on the stream is not allowed, and shutdown
  // closes a seated connection both through its room and through the lobby.
  if (finished_ || close_pending_) return;
  close_pending_ = true;
  close_code_ = code;
  close_reason_ = std::move(reason);
  // A peer that reads nothing would hold the close (and its socket) forever.
  close_timer_.expires_after(kCloseDeadline);
  close_timer_.async_wait([s = self()](beast::error_code tec) {
    if (tec || s->finished_) return;
    beast::error_code ignored;
    s->ws_.next_layer().close(ignored);
    s->Finish();
  });
  if (writing_) return;  // OnWrite closes once the queue has drained
  SendClose();
}

void WsSession::SendClose() {
  DropQueued();
  ws_.async_close(
      websocket::close_reason(static_cast<websocket::close_code>(close_code_), close_reason_),
      [s = self()](beast::error_code) { s->Finish(); });
}

void WsSession::Finish() {
  if (finished_) return;
  finished_ = true;
  hello_timer_.cancel();
  lobby_idle_timer_.cancel();
  close_timer_.cancel();
  DropQueued();
  handler_.OnDisconnect(shared_from_this());
}

}  // namespace carc::server

namespace carc::server {

void WsSession::ArmLobbyIdle(std::chrono::steady_clock::duration after) {
  lobby_idle_timer_.expires_after(after);
  lobby_idle_timer_.async_wait([s = self()](beast::error_code ec) {
    if (!ec) s->CheckLobbyIdle();
  });
}

void WsSession::CheckLobbyIdle() {
  if (finished_ || close_pending_) return;
  const auto timeout = std::chrono::steady_clock::duration(config_.lobby_idle_timeout);
  const auto idle = std::chrono::steady_clock::now() - last_message_;
  if (idle < timeout) return ArmLobbyIdle(timeout - idle);
  // A seated or watching connection is kept alive by WebSocket pings and the room's grace
  // period; only one that has nowhere to be is closed.
  if (membership().in_room()) return ArmLobbyIdle(timeout);
  ++metrics_.lobby_idle_closed;
  DoClose(close_code::kLobbyIdle, "idle in the lobby");
}

}  // namespace carc::server
