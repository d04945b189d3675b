#include "client/ws_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace carc::client {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;

std::optional<ServerAddress> ParseServerUrl(const std::string& url) {
  std::string rest = url;
  for (const char* scheme : {"ws://", "http://"}) {
    if (rest.rfind(scheme, 0) == 0) rest = rest.substr(std::string(scheme).size());
  }
  if (rest.rfind("wss://", 0) == 0 || rest.rfind("https://", 0) == 0) return std::nullopt;
  ServerAddress a;
  const auto slash = rest.find('/');
  std::string hostport = rest.substr(0, slash);
  if (slash != std::string::npos && slash + 1 < rest.size()) a.path = rest.substr(slash);
  const auto colon = hostport.rfind(':');
  if (colon == std::string::npos) {
    a.host = hostport;
    a.port = "80";
  } else {
    a.host = hostport.substr(0, colon);
    a.port = hostport.substr(colon + 1);
  }
  if (a.host.empty() || a.port.empty()) return std::nullopt;
  return a;
}

WsClient::WsClient() : ws_(io_) {}

WsClient::~WsClient() {
  Close();
}

std::string WsClient::Connect(const ServerAddress& address, std::chrono::milliseconds timeout) {
  beast::error_code ec;
  net::ip::tcp::resolver resolver(io_);
  const auto results = resolver.resolve(address.host, address.port, ec);
  if (ec) return "cannot resolve " + address.host + ": " + ec.message();
  auto& tcp = beast::get_lowest_layer(ws_);
  bool done = false;
  // One endpoint at a time: Asio 1.81's range connect trips UBSan's vptr check under Beast.
  ec = net::error::host_not_found;
  for (const auto& entry : results) {
    tcp.expires_after(timeout);
    done = false;
    if (!address.source.empty()) {
      beast::error_code bec;
      const auto local = net::ip::make_address(address.source, bec);
      if (bec) return "bad source address " + address.source + ": " + bec.message();
      if (tcp.socket().is_open()) tcp.socket().close(bec);
      tcp.socket().open(entry.endpoint().protocol(), bec);
      if (!bec) tcp.socket().bind(net::ip::tcp::endpoint(local, 0), bec);
      if (bec) return "cannot connect from " + address.source + ": " + bec.message();
    }
    tcp.async_connect(entry.endpoint(), [&](beast::error_code e) {
      ec = e;
      done = true;
    });
    io_.restart();
    while (!done && io_.run_one()) {
    }
    if (!ec) break;
  }
  if (ec) return "cannot connect to " + address.host + ":" + address.port + ": " + ec.message();
  // A bot answers each event at once with a small message: without this, Nagle's algorithm
  // holds the answer back until the server's delayed acknowledgement.
  tcp.socket().set_option(net::ip::tcp::no_delay(true), ec);
  if (ec) return "cannot set TCP_NODELAY: " + ec.message();
  done = false;
  if (!address.fields.empty()) {
    ws_.set_option(beast::websocket::stream_base::decorator(
        [fields = address.fields](beast::websocket::request_type& request) {
          for (const auto& [name, value] : fields) request.set(name, value);
        }));
  }
  ws_.async_handshake(address.host + ":" + address.port, address.path, [&](beast::error_code e) {
    ec = e;
    done = true;
  });
  while (!done && io_.run_one()) {
  }
  if (ec) return "WebSocket handshake failed: " + ec.message();
  tcp.expires_never();
  ws_.binary(true);
  ws_.read_message_max(16 << 20);
  StartRead();
  return {};
}

void WsClient::StartRead() {
  if (reading_ || closed_) return;
  reading_ = true;
  ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
    reading_ = false;
    if (ec) {
      closed_ = true;
      close_code_ = static_cast<std::uint16_t>(ws_.reason().code);
      return;
    }
    v1::ServerMessage m;
    const std::string bytes = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    if (m.ParseFromString(bytes)) inbox_.push_back(std::move(m));
    StartRead();
  });
}

bool WsClient::Send(const v1::ClientMessage& message) {
  return SendRaw(message.SerializeAsString(), false);
}

bool WsClient::SendFragmented(const std::string& bytes, std::size_t frame_bytes) {
  if (closed_ || frame_bytes == 0) return false;
  beast::error_code ec;
  for (std::size_t at = 0; !ec && at < bytes.size(); at += frame_bytes) {
    const std::size_t n = std::min(frame_bytes, bytes.size() - at);
    bool done = false;
    ws_.async_write_some(at + n == bytes.size(), net::buffer(bytes.data() + at, n),
                         [&](beast::error_code e, std::size_t) {
                           ec = e;
                           done = true;
                         });
    io_.restart();
    while (!done && io_.run_one()) {
    }
  }
  if (ec) closed_ = true;
  return !ec;
}

bool WsClient::SendRaw(const std::string& bytes, bool text) {
  if (closed_) return false;
  ws_.text(text);
  bool done = false;
  beast::error_code ec;
  ws_.async_write(net::buffer(bytes), [&](beast::error_code e, std::size_t) {
    ec = e;
    done = true;
  });
  io_.restart();
  while (!done && io_.run_one()) {
  }
  ws_.binary(true);
  if (ec) closed_ = true;
  return !ec;
}

std::optional<v1::ServerMessage> WsClient::Receive(std::chrono::milliseconds timeout) {
  if (!held_.empty()) {
    v1::ServerMessage m = std::move(held_.front());
    held_.pop_front();
    return m;
  }
  return ReceiveNew(timeout);
}

std::optional<v1::ServerMessage> WsClient::ReceiveNew(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  io_.restart();
  while (inbox_.empty() && !closed_) {
    const auto left = deadline - std::chrono::steady_clock::now();
    if (left <= std::chrono::steady_clock::duration::zero()) break;
    if (io_.run_one_for(left) == 0 && io_.stopped()) io_.restart();
  }
  if (inbox_.empty()) return std::nullopt;
  v1::ServerMessage m = std::move(inbox_.front());
  inbox_.pop_front();
  return m;
}

void WsClient::Close() {
  if (closed_) return;
  beast::error_code ec;
  bool done = false;
  ws_.async_close(websocket::close_code::normal, [&](beast::error_code e) {
    ec = e;
    done = true;
  });
  io_.restart();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (!done && std::chrono::steady_clock::now() < deadline) {
    if (io_.run_one_for(std::chrono::milliseconds(100)) == 0 && io_.stopped()) io_.restart();
  }
  closed_ = true;
  beast::get_lowest_layer(ws_).close();
}

}  // namespace carc::client
