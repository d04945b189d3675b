// The review's critical finding against a real server process: a passkey registration whose
// attestation object is a few dozen bytes of nested CBOR array headers, each declaring 2^26
// elements. Before the CBOR was walked first (accounts/cbor_check.h), libcbor reserved and
// cleared the declared lengths: +1.0 GiB of peak memory and 6.8 s on the API thread per request.
// Now each is refused with the reason, fast, and the process's peak memory barely moves.
#include <signal.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "accounts/webauthn.h"
#include "server_process.h"
#include "soft_authenticator.h"
#include "test_server.h"

namespace wa = carc::server::accounts::webauthn;

namespace carc::test::passkey_bomb {
namespace {

// The process's peak resident set (VmHWM) in KiB, from /proc.
long PeakKib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}

}  // namespace

TEST_CASE("passkeys: a CBOR bomb of nested array headers is refused fast and costs no memory",
          "[accounts][passkeys][server][timing][serial]") {
  const std::string dir = NewDataDir();
  const std::uint16_t port = FreePort();
  const std::string origin = "http://127.0.0.1:" + std::to_string(port);
  ServerProcess server(port, dir, dir + "/server.log", {"--public-url", origin});
  REQUIRE(server.Start() == "");
  const auto made = HttpRequest(port, "POST", "/api/accounts",
                                R"({"name":"Mallory","password":"correct horse"})");
  REQUIRE(made.status == 201);
  const std::string cookie =
      made.Header("Set-Cookie").substr(0, made.Header("Set-Cookie").find(';'));

  std::string bomb;
  for (int i = 0; i < 1800; ++i) bomb += std::string("\x9a\x04\x00\x00\x00", 5);
  const long peak_before = PeakKib(server.pid());
  REQUIRE(peak_before > 0);
  std::vector<double> ms;
  for (int i = 0; i < 20; ++i) {
    const auto options =
        HttpRequest(port, "POST", "/api/me/passkeys/options", "{}", {{"Cookie", cookie}});
    REQUIRE(options.status == 200);
    const std::string challenge = nlohmann::json::parse(options.body)["challenge"];
    // Two nested headers (the review's figure), then as many as the body limit lets through.
    const std::string object = i % 2 == 0 ? bomb.substr(0, 10) : bomb;
    const nlohmann::json body = {
        {"clientDataJSON", wa::Base64Url(ClientData("webauthn.create", challenge, origin))},
        {"attestationObject", wa::Base64Url(object)}};
    const auto start = std::chrono::steady_clock::now();
    const auto r = HttpRequest(port, "POST", "/api/me/passkeys", body.dump(), {{"Cookie", cookie}});
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
    INFO(r.body);
    REQUIRE(r.status == 401);
    CHECK(nlohmann::json::parse(r.body)["error"] ==
          "passkey refused: the attestation object is not a CBOR map: the CBOR is refused: an "
          "array or map declares more items than the input holds");
  }
  const long peak_after = PeakKib(server.pid());
  std::sort(ms.begin(), ms.end());
  WARN("20 CBOR bombs: slowest " << ms.back() << " ms, median " << ms[10] << " ms; peak RSS grew "
                                 << (peak_after - peak_before) << " KiB");
  CHECK(ms.back() < 50.0);
  CHECK(peak_after - peak_before < 16 * 1024);
  CHECK(MetricValue(port, "carc_passkeys_refused_total") == 20);
  // Refusals are logged a line a period, not a line each (the review saw ~25,000 lines).
  std::ifstream log(dir + "/server.log");
  std::string line;
  int refusal_lines = 0;
  while (std::getline(log, line)) {
    refusal_lines += line.find("passkey(s) refused") != std::string::npos ? 1 : 0;
  }
  CHECK(refusal_lines == 1);
  CHECK(server.running());
  server.Stop(SIGTERM);
}

}  // namespace carc::test::passkey_bomb
