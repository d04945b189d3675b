// The mail sender with a relay of the test's own: a message composed once and handed over with
// its envelope, a relay that is down or answers 4xx tried again until it takes the message, a
// 5xx final, the tries bounded, and a full queue refusing more instead of growing.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "mail/mail_sender.h"

namespace carc::test::mail_sender {

namespace mail = carc::server::mail;
using namespace std::chrono_literals;

struct Handed {
  std::string from, to, message;
};

// A relay whose answers the test scripts; it records what it was handed.
class ScriptedRelay {
 public:
  explicit ScriptedRelay(std::vector<mail::SmtpResult> answers) : answers_(std::move(answers)) {}
  mail::MailSender::Transport transport() {
    return [this](const std::string& from, const std::string& to, const std::string& message) {
      std::lock_guard lock(mu_);
      handed_.push_back({from, to, message});
      if (answers_.empty()) return mail::SmtpResult{true, 250, false, ""};
      auto answer = answers_.front();
      answers_.erase(answers_.begin());
      return answer;
    };
  }
  std::vector<Handed> handed() {
    std::lock_guard lock(mu_);
    return handed_;
  }

 private:
  std::mutex mu_;
  std::vector<mail::SmtpResult> answers_;
  std::vector<Handed> handed_;
};

mail::MailSenderConfig SenderConfig() {
  mail::MailSenderConfig c;
  c.from = "play@example.org";
  c.first_retry = 0s;  // retries at once: the test waits for none
  c.attempts = 3;
  return c;
}

template <class Done>
bool AwaitMail(Done done) {
  const auto until = std::chrono::steady_clock::now() + 10s;
  while (!done() && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(5ms);
  return done();
}

TEST_CASE("mail sender: a message goes to the relay with its envelope, composed once", "[mail]") {
  const mail::SmtpResult busy{false, 451, true, "451 try later"};
  ScriptedRelay relay({busy});
  mail::MailSenderMetrics metrics;
  mail::MailSender sender(SenderConfig(), metrics, relay.transport(), [] { return 1'800'000'000; });
  REQUIRE(sender.Send({"ada@example.org", "Hello", "Body\n"}, "digest"));
  REQUIRE(AwaitMail([&] { return metrics.sent.load() == 1; }));
  const auto handed = relay.handed();
  REQUIRE(handed.size() == 2);  // a 451, then taken
  CHECK(handed[0].from == "play@example.org");
  CHECK(handed[0].to == "ada@example.org");
  CHECK(handed[0].message.find("Subject: Hello\r\n") != std::string::npos);
  CHECK(handed[0].message.find("Date: Fri, 15 Jan 2027 08:00:00 +0000\r\n") != std::string::npos);
  CHECK(handed[0].message.find("@example.org>\r\n") != std::string::npos);  // the Message-ID
  CHECK(handed[1].message == handed[0].message);  // the same message, Message-ID and all
  CHECK(metrics.retried.load() == 1);
  CHECK(metrics.failed.load() == 0);
  CHECK(metrics.queued.load() == 0);
}

TEST_CASE("mail sender: a 5xx is final, a relay that stays down is given up after the tries",
          "[mail]") {
  const mail::SmtpResult refused{false, 550, false, "550 no such user"};
  const mail::SmtpResult down{false, 0, true, "Couldn't connect to server"};
  ScriptedRelay relay({refused, down, down, down});
  mail::MailSenderMetrics metrics;
  mail::MailSender sender(SenderConfig(), metrics, relay.transport());
  REQUIRE(sender.Send({"nobody@example.org", "A", "a\n"}, "verification"));
  REQUIRE(AwaitMail([&] { return metrics.failed.load() == 1; }));
  CHECK(relay.handed().size() == 1);  // no retry after a 550
  REQUIRE(sender.Send({"ada@example.org", "B", "b\n"}, "digest"));
  REQUIRE(AwaitMail([&] { return metrics.failed.load() == 2; }));
  CHECK(relay.handed().size() == 4);  // three tries in all
  CHECK(metrics.retried.load() == 2);
  CHECK(metrics.sent.load() == 0);
}

TEST_CASE("mail sender: a full queue refuses more and counts them", "[mail]") {
  std::mutex gate;
  std::unique_lock held(gate);  // the relay waits here: nothing leaves the queue meanwhile
  mail::MailSenderMetrics metrics;
  auto config = SenderConfig();
  config.max_queued = 2;
  std::atomic<int> handed{0};
  mail::MailSender sender(config, metrics,
                          [&](const std::string&, const std::string&, const std::string&) {
                            ++handed;
                            std::lock_guard wait(gate);
                            return mail::SmtpResult{true, 250, false, ""};
                          });
  REQUIRE(sender.Send({"a@example.org", "1", "1\n"}, "digest"));
  REQUIRE(AwaitMail([&] { return handed.load() == 1; }));  // taken by the thread, held
  CHECK(sender.Send({"b@example.org", "2", "2\n"}, "digest"));
  CHECK(sender.Send({"c@example.org", "3", "3\n"}, "digest"));
  CHECK_FALSE(sender.Send({"d@example.org", "4", "4\n"}, "digest"));
  CHECK(metrics.dropped_full.load() == 1);
  CHECK(metrics.queued.load() == 2);
  held.unlock();
  REQUIRE(AwaitMail([&] { return metrics.sent.load() == 3; }));
  CHECK(metrics.queued.load() == 0);
}

}  // namespace carc::test::mail_sender
