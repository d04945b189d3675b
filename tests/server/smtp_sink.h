// An SMTP relay of a test's own on loopback (tests/support/smtp_sink.py, Debian's
// python3-aiosmtpd): every message it takes is kept as a file, read back decoded; and a server
// configuration that mails through it.
#pragma once

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "account_helpers.h"
#include "helper_process.h"
#include "mime_base64.h"
#include "server_process.h"
#include "test_server.h"

namespace carc::test {

struct SunkMail {
  std::string from;
  std::vector<std::string> to;
  std::string headers;  // with \n line ends
  std::string body;     // decoded
};

// The relay: every message it took, as files in a directory of its own.
class SmtpSink {
 public:
  SmtpSink()
      : port_(FreePort()),
        dir_(NewDataDir()),
        process_("/usr/bin/python3", {std::string(CARC_SOURCE_DIR) + "/tests/support/smtp_sink.py",
                                      std::to_string(port_), dir_, "120"}) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (std::chrono::steady_clock::now() < until) {
      if (Listening()) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    FAIL("the SMTP sink did not start on port " << port_);
  }

  std::uint16_t port() const { return port_; }

  std::vector<SunkMail> Mails() {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir_)) {
      if (e.path().extension() == ".eml") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    std::vector<SunkMail> out;
    for (const auto& f : files) {
      SunkMail m;
      std::ifstream envelope(std::filesystem::path(f).replace_extension(".json"));
      const auto head = nlohmann::json::parse(envelope);
      m.from = head["from"];
      m.to = head["to"].get<std::vector<std::string>>();
      std::ifstream in(f, std::ios::binary);
      std::stringstream raw;
      raw << in.rdbuf();
      const std::string text = raw.str();
      const auto split = text.find("\r\n\r\n");
      REQUIRE(split != std::string::npos);
      m.headers = text.substr(0, split);
      for (auto at = m.headers.find("\r\n"); at != std::string::npos;
           at = m.headers.find("\r\n", at)) {
        m.headers.replace(at, 2, "\n");
      }
      m.body = DecodeMimeBase64(text.substr(split + 4));
      out.push_back(std::move(m));
    }
    return out;
  }

  std::vector<SunkMail> AwaitMails(std::size_t count) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(15);
    auto got = Mails();
    while (got.size() < count && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      got = Mails();
    }
    return got;
  }

 private:
  bool Listening() {
    boost::asio::io_context io;
    boost::asio::ip::tcp::socket socket(io);
    boost::system::error_code ec;
    socket.connect({boost::asio::ip::make_address("127.0.0.1"), port_}, ec);
    return !ec;
  }

  std::uint16_t port_;
  std::string dir_;
  HelperProcess process_;
};

inline server::ServerConfig MailConfig(std::uint16_t smtp_port) {
  auto config = AccountGamesConfig();
  config.smtp_url = "smtp://127.0.0.1:" + std::to_string(smtp_port);
  config.smtp_starttls = false;  // the sink speaks no TLS: loopback only
  config.mail_from = "play@example.org";
  config.public_url = "http://play.example.org/";
  config.digest_sweep_seconds = 1;
  return config;
}

}  // namespace carc::test
