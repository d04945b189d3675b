#include "net/listener.h"

#include <malloc.h>
#include <spdlog/spdlog.h>
#include <boost/asio/strand.hpp>
#include <cerrno>

#include "net/descriptor_limit.h"
#include "net/overflow_session.h"

namespace carc::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

// The errno of a system error, else 0. Read without a virtual call on the error's category (a
// comparison with an error condition makes one): this runs when the process has no descriptor
// left, and UBSan's check of a virtual call it has not seen yet opens a pipe to test the
// object's memory, fails, and reports a false "invalid vptr" (sanitizer_common's
// IsAccessibleMemoryRange), which aborts the sanitized builds.
int SystemErrno(const boost::system::error_code& ec) {
  return ec.category() == boost::system::system_category() ? ec.value() : 0;
}

// What to log of an accept failure: the same words ec.message() would give these four,
// without its virtual call; anything else is rare and comes with descriptors to spare.
std::string AcceptFailure(const boost::system::error_code& ec) {
  switch (SystemErrno(ec)) {
    case EMFILE:
      return "Too many open files";
    case ENFILE:
      return "Too many open files in system";
    case ENOBUFS:
      return "No buffer space available";
    case ENOMEM:
      return "Cannot allocate memory";
    default:
      return ec.message();
  }
}

// Failures that another accept() right away would repeat: the queued connection stays in the
// kernel until a descriptor or some memory is free.
bool OutOfResources(const boost::system::error_code& ec) {
  const int e = SystemErrno(ec);
  return e == EMFILE || e == ENFILE || e == ENOBUFS || e == ENOMEM;
}

// Beside a connection cap the server needs descriptors of its own: when auto-deriving the cap
// it asks for enough to keep that many connections with the reserve.
constexpr std::uint64_t kWantedDescriptors = 16384;

}  // namespace

Listener::Listener(net::io_context& io, const NetConfig& config, NetMetrics& metrics,
                   MessageHandler& handler, const StaticFiles& files, HttpServices services)
    : io_(io),
      acceptor_(net::make_strand(io)),
      pause_(acceptor_.get_executor()),
      trim_(acceptor_.get_executor()),
      config_(config),
      metrics_(metrics),
      handler_(handler),
      files_(files),
      shared_{std::move(services), {}, AddressRate(config.api_burst, config.api_rate)} {}

std::string Listener::Open() {
  auto trust = ProxyTrust::Parse(config_.trusted_proxies);
  if (const auto* why = std::get_if<std::string>(&trust)) return "--trusted-proxies: " + *why;
  trust_ = std::get<ProxyTrust>(trust);
  auto origins = OriginPolicy::Parse(config_.allowed_origins);
  if (const auto* why = std::get_if<std::string>(&origins)) return "--allowed-origins: " + *why;
  shared_.origins = std::get<OriginPolicy>(origins);
  const std::uint64_t wanted =
      config_.max_connections == 0
          ? kWantedDescriptors
          : config_.max_connections + DescriptorReserve(config_.max_connections * 2);
  const std::uint64_t limit = RaiseDescriptorLimit(wanted);
  std::size_t max_total = config_.max_connections;
  if (max_total == 0) {
    max_total = DefaultMaxConnections(limit);
  } else if (max_total + DescriptorReserve(limit) > limit) {
    spdlog::warn(
        "--max-connections {} with a descriptor limit of {}: accept() may run out of "
        "descriptors before the cap; raise the limit (ulimit -n, LimitNOFILE=) or lower the cap",
        max_total, limit);
  }
  limiter_ = std::make_shared<ConnectionLimiter>(max_total, config_.max_connections_per_address,
                                                 &metrics_.tcp_connections);
  lane_ = std::make_shared<ConnectionLimiter>(kOverflowLaneConnections, kOverflowLanePerAddress);
  spdlog::info("connections: at most {} in total, {} per address; descriptor limit {}", max_total,
               config_.max_connections_per_address == 0
                   ? std::string("no cap")
                   : std::to_string(config_.max_connections_per_address),
               limit);

  boost::system::error_code ec;
  const auto address = net::ip::make_address(config_.bind, ec);
  if (ec) return "bad bind address '" + config_.bind + "': " + ec.message();
  const tcp::endpoint endpoint(address, config_.port);
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
  if (ec) {
    return "cannot listen on " + config_.bind + ":" + std::to_string(config_.port) + ": " +
           ec.message();
  }
  port_ = acceptor_.local_endpoint().port();
  return {};
}

void Listener::Run() {
  DoAccept();
  ScheduleTrim();
}

void Listener::ScheduleTrim() {
  // glibc keeps what many closed connections freed (their write queues, their buffers) in its
  // arenas: measured, 200 slow readers left the process 50 MB larger for good. A trim every
  // few seconds returns it; on a quiet heap it costs next to nothing.
  trim_.expires_after(std::chrono::seconds(5));
  trim_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec || !self->acceptor_.is_open()) return;
    ::malloc_trim(0);
    self->ScheduleTrim();
  });
}

void Listener::Stop() {
  net::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::system::error_code ignored;
    self->acceptor_.close(ignored);
    self->pause_.cancel();
    self->trim_.cancel();
  });
}

void Listener::DoAccept() {
  acceptor_.async_accept(net::make_strand(io_),
                         [self = shared_from_this()](boost::system::error_code ec, tcp::socket s) {
                           self->OnAccept(ec, std::move(s));
                         });
}

void Listener::OnAccept(boost::system::error_code ec, tcp::socket socket) {
  if (!acceptor_.is_open()) return;
  if (ec) {
    if (ec == net::error::operation_aborted) return;
    ++metrics_.accept_failures;
    if (const auto n = failure_log_.Tick()) {
      spdlog::warn("accept: {} ({} failure(s) since the last report)", AcceptFailure(ec), n);
    }
    if (OutOfResources(ec)) {
      pause_.expires_after(backoff_.Next());
      pause_.async_wait([self = shared_from_this()](boost::system::error_code wec) {
        if (!wec && self->acceptor_.is_open()) self->DoAccept();
      });
      return;
    }
    return DoAccept();
  }
  backoff_.Reset();
  Admit(std::move(socket));
  DoAccept();
}

void Listener::Admit(tcp::socket socket) {
  boost::system::error_code ec;
  const auto endpoint = socket.remote_endpoint(ec);
  if (ec) return;  // already reset by the peer
  // Game messages are small and answered at once: Nagle's algorithm would hold each one back
  // until the peer's delayed acknowledgement (tens of milliseconds a move).
  socket.set_option(tcp::no_delay(true), ec);
  std::string address = endpoint.address().to_string();
  // A trusted proxy's connections count under the client's address once its request names it
  // (HttpSession, on the WebSocket upgrade); until then only in the total.
  auto acquired = limiter_->TryAcquire(address, !trust_.Trusts(endpoint.address()));
  if (auto* slot = std::get_if<ConnectionSlot>(&acquired)) {
    std::make_shared<HttpSession>(std::move(socket), std::move(*slot), config_, metrics_, handler_,
                                  files_, trust_, shared_)
        ->Run();
    return;
  }
  const auto refusal = std::get<ConnectionLimiter::Refusal>(acquired);
  ++(refusal == ConnectionLimiter::Refusal::kTotal ? metrics_.refused_total
                                                   : metrics_.refused_per_address);
  if (const auto n = refusal_log_.Tick()) {
    spdlog::warn(
        "{} connection(s) refused for a connection cap since the last report (latest: {} "
        "from {}; {} open)",
        n, RefusalName(refusal), address, limiter_->open());
  }
  auto lane = lane_->TryAcquire(address);
  if (auto* slot = std::get_if<ConnectionSlot>(&lane)) {
    std::make_shared<OverflowSession>(std::move(socket), std::move(*slot))->Run();
  }
  // Otherwise the socket closes here, unread: the cheapest refusal.
}

}  // namespace carc::server
