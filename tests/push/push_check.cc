// The server's Web Push crypto (server/push) run on inputs from web_push_test.mjs, which checks
// the results with the web-push package and its dependencies (http_ece, jws), an independent
// implementation. The command is the first argument, its input JSON on stdin, its output JSON
// on stdout; bytes are base64url throughout.
//   vapid    {"privateKey"?, "aud", "sub", "exp", "now", "loopbackHttp"?}
//            -> {"publicKey", "jwt", "authorization"}   (a fresh key when privateKey is absent)
//   encrypt  {"p256dh", "auth", "plaintext" (text)} -> {"body"}
//   verify   {"publicKey", "jwt"} -> {"valid", "header", "claims"}   (the test verifier)
//   decrypt  {"privateKey", "auth", "body"} -> {"plaintext"}   (the test receiver)
// A refusal prints {"refused": reason}; bad input exits 2.
#include <cstdio>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "net/base64url.h"
#include "push/message_encryption.h"
#include "push/push_receiver.h"
#include "push/vapid.h"
#include "push/vapid_verifier.h"

namespace {

namespace wp = carc::server::push;
using nlohmann::json;

std::string Bytes(const json& input, const char* key) {
  std::string bytes;
  if (!carc::server::DecodeBase64Url(input.at(key).get<std::string>(), bytes)) {
    throw std::invalid_argument(std::string(key) + " is not base64url");
  }
  return bytes;
}

template <class T>
const wp::Refusal* Refused(const wp::OrRefusal<T>& outcome) {
  return std::get_if<wp::Refusal>(&outcome);
}

json Vapid(const json& input) {
  auto key = input.contains("privateKey")
                 ? wp::VapidKey::Load(input.at("privateKey").get<std::string>())
                 : wp::VapidKey::Generate();
  if (const auto* refusal = Refused(key)) return {{"refused", refusal->reason}};
  const wp::VapidKey& vapid = std::get<wp::VapidKey>(key);
  const wp::VapidClaims claims{input.at("aud").get<std::string>(),
                               input.at("exp").get<std::int64_t>(),
                               input.at("sub").get<std::string>()};
  const auto http = input.value("loopbackHttp", false) ? wp::HttpAudience::kAllowedOnLoopback
                                                       : wp::HttpAudience::kRefused;
  const std::int64_t now = input.at("now").get<std::int64_t>();
  const auto jwt = wp::MakeVapidJwt(vapid, claims, now, http);
  if (const auto* refusal = Refused(jwt)) return {{"refused", refusal->reason}};
  return {
      {"publicKey", vapid.PublicKey()},
      {"jwt", std::get<std::string>(jwt)},
      {"authorization", std::get<std::string>(wp::VapidAuthorization(vapid, claims, now, http))}};
}

json Encrypt(const json& input) {
  const auto body = wp::EncryptPushMessage(input.at("plaintext").get<std::string>(),
                                           Bytes(input, "p256dh"), Bytes(input, "auth"));
  if (const auto* refusal = Refused(body)) return {{"refused", refusal->reason}};
  return {{"body", carc::server::Base64Url(std::get<std::string>(body))}};
}

json Verify(const json& input) {
  const auto read =
      carc::test::push::ReadEs256Jwt(input.at("jwt").get<std::string>(), Bytes(input, "publicKey"));
  if (!read) return {{"valid", false}};
  return {{"valid", read->signature_valid}, {"header", read->header}, {"claims", read->claims}};
}

json Decrypt(const json& input) {
  const auto plaintext = carc::test::push::DecryptPushBody(
      Bytes(input, "body"), Bytes(input, "privateKey"), Bytes(input, "auth"));
  if (!plaintext) return {{"refused", "the body does not decrypt"}};
  return {{"plaintext", *plaintext}};
}

}  // namespace

int main(int argc, char** argv) {
  const std::string_view command = argc == 2 ? argv[1] : "";
  const std::string text{std::istreambuf_iterator<char>(std::cin), {}};
  const json input = json::parse(text, nullptr, false);
  if (input.is_discarded() || !input.is_object()) {
    std::fprintf(stderr, "push_check: stdin is not a JSON object\n");
    return 2;
  }
  try {
    json out;
    if (command == "vapid") {
      out = Vapid(input);
    } else if (command == "encrypt") {
      out = Encrypt(input);
    } else if (command == "verify") {
      out = Verify(input);
    } else if (command == "decrypt") {
      out = Decrypt(input);
    } else {
      std::fprintf(stderr, "push_check: the command is vapid, encrypt, verify or decrypt\n");
      return 2;
    }
    std::cout << out.dump() << "\n";
  } catch (const std::exception& e) {
    std::fprintf(stderr, "push_check: %s\n", e.what());
    return 2;
  }
  return 0;
}
