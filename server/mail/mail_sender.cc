#include "mail/mail_sender.h"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>

#include "sys/unix_seconds.h"

namespace carc::server::mail {
namespace {

// 128 random bits at the sender's domain: unique without a counter shared between nodes.
std::string NewMessageId(const std::string& from) {
  unsigned char bytes[16];
  randombytes_buf(bytes, sizeof bytes);
  char hex[2 * sizeof bytes + 1];
  sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
  const auto at = from.rfind('@');
  return std::string(hex) + "@" + (at == std::string::npos ? "localhost" : from.substr(at + 1));
}

}  // namespace

MailSender::MailSender(MailSenderConfig config, MailSenderMetrics& metrics, Transport transport,
                       Now now)
    : config_(std::move(config)),
      metrics_(metrics),
      transport_(std::move(transport)),
      now_(now ? std::move(now) : Now(UnixSeconds)) {
  if (!transport_) {
    transport_ = [smtp = config_.smtp](const std::string& from, const std::string& to,
                                       const std::string& message) {
      return SendSmtp(smtp, from, to, message);
    };
  }
  thread_ = std::thread([this] { Run(); });
}

MailSender::~MailSender() {
  Stop();
}

void MailSender::Stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

bool MailSender::Send(MailMessage message, std::string kind) {
  {
    std::lock_guard lock(mu_);
    if (stopping_ || jobs_.size() >= config_.max_queued) {
      metrics_.dropped_full.fetch_add(1, std::memory_order_relaxed);
      return false;
    }
    jobs_.emplace(Clock::now(), Job{std::move(message), std::move(kind), {}, 1});
    metrics_.queued.fetch_add(1, std::memory_order_relaxed);
  }
  wake_.notify_one();
  return true;
}

void MailSender::Run() {
  std::unique_lock lock(mu_);
  while (!stopping_) {
    if (jobs_.empty()) {
      wake_.wait(lock);
      continue;
    }
    if (jobs_.begin()->first > Clock::now()) {
      wake_.wait_until(lock, jobs_.begin()->first);
      continue;
    }
    Job job = std::move(jobs_.begin()->second);
    jobs_.erase(jobs_.begin());
    metrics_.queued.fetch_sub(1, std::memory_order_relaxed);
    lock.unlock();
    Attempt(std::move(job));
    lock.lock();
  }
  metrics_.queued.fetch_sub(static_cast<std::int64_t>(jobs_.size()), std::memory_order_relaxed);
  jobs_.clear();
}

void MailSender::Attempt(Job job) {
  if (job.composed.empty()) {
    job.composed = ComposeMail(
        job.message, {config_.from, config_.from_name, now_(), NewMessageId(config_.from)});
  }
  const SmtpResult result = transport_(config_.from, job.message.to, job.composed);
  if (result.ok) {
    metrics_.sent.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  if (!result.retry || job.attempt >= config_.attempts) {
    metrics_.failed.fetch_add(1, std::memory_order_relaxed);
    spdlog::warn("mail: a {} message was not sent after {} tries: {} (reply {})", job.kind,
                 job.attempt, result.error, result.code);
    return;
  }
  const auto wait = std::min<std::chrono::seconds>(
      config_.first_retry * (1 << std::min(job.attempt - 1, 16)), config_.max_retry);
  ++job.attempt;
  {
    std::lock_guard lock(mu_);
    if (stopping_ || jobs_.size() >= config_.max_queued) {
      metrics_.dropped_full.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    jobs_.emplace(Clock::now() + wait, std::move(job));
    metrics_.queued.fetch_add(1, std::memory_order_relaxed);
  }
  metrics_.retried.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace carc::server::mail
