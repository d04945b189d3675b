// Web Push's cryptography (server/push): RFC 8291's worked example to the byte, round trips
// through a receiver written apart from the sender (tests/push/push_receiver.h), refusals of
// hostile inputs; and RFC 8292 VAPID tokens checked with OpenSSL's ECDSA verification.
#include <openssl/rand.h>
#include <catch2/catch.hpp>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "net/base64url.h"
#include "push/message_encryption.h"
#include "push/push_receiver.h"
#include "push/vapid.h"
#include "push/vapid_verifier.h"

namespace wp = carc::server::push;

namespace {

// RFC 8291 section 5 and Appendix A ("Intermediate Values for Encryption"), whitespace removed.
constexpr const char* kRfc8291Plaintext = "When I grow up, I want to be a watermelon";
constexpr const char* kRfc8291AsPublic =
    "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
constexpr const char* kRfc8291AsPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
constexpr const char* kRfc8291UaPublic =
    "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
constexpr const char* kRfc8291UaPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94";
constexpr const char* kRfc8291Salt = "DGv6ra1nlYgDCS1FRnbzlw";
constexpr const char* kRfc8291AuthSecret = "BTBZMqHH6r4Tts7J_aSIgg";
constexpr const char* kRfc8291EcdhSecret = "kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs";
constexpr const char* kRfc8291PrkKey = "Snr3JMxaHVDXHWJn5wdC52WjpCtd2EIEGBykDcZW32k";
constexpr const char* kRfc8291KeyInfo =
    "V2ViUHVzaDogaW5mbwAEJXGyvs3942BVGq8e0PTNNmwRzr5VX4m8t7GGpTM5FzFo7OLr4BhZe9MEebhuPI-OztV3"
    "ylkYfpJGmQ22ggCLDgT-M_SrDepxkU21WCP3O1SUj0EwbZIHMtu5pZpTKGSCIA5Zent7wmC6HCJ5mFgJkuk5cwAv"
    "MBKiiujwa7t45ewP";
constexpr const char* kRfc8291Ikm = "S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg";
constexpr const char* kRfc8291Prk = "09_eUZGrsvxChDCGRCdkLiDXrReGOEVeSCdCcPBSJSc";
constexpr const char* kRfc8291Cek = "oIhVW04MRdy2XN9CiKLxTg";
constexpr const char* kRfc8291Nonce = "4h_95klXJ5E_qnoN";
constexpr const char* kRfc8291Header =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_"
    "c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6Tl"
    "zAC8wEqKK6PBru3jl7A8";
constexpr const char* kRfc8291Ciphertext =
    "8pfeW0KbunFT06SuDKoJH9Ql87S1QUrdirN6GcG7sFz1y1sqLgVi1VhjVkHsUoEsbI_0LpXMuGvnzQ";
constexpr const char* kRfc8291Body =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_"
    "c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6Tl"
    "zAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_"
    "Qulcy4a-"
    "fN";

std::string PushRaw(const char* base64url) {
  std::string bytes;
  REQUIRE(carc::server::DecodeBase64Url(base64url, bytes));
  return bytes;
}

std::string PushRefusal(const wp::OrRefusal<std::string>& outcome) {
  const auto* refusal = std::get_if<wp::Refusal>(&outcome);
  return refusal != nullptr ? refusal->reason : "";
}

// A subscription as a browser makes one: a fresh key pair and a random auth secret.
struct PushSubscriber {
  std::string ua_private;
  std::string ua_public;
  std::string auth_secret;
};

PushSubscriber NewPushSubscriber() {
  const wp::Pkey key = wp::NewP256Key();
  REQUIRE(key);
  std::string auth(16, '\0');
  REQUIRE(RAND_bytes(reinterpret_cast<unsigned char*>(auth.data()), 16) == 1);
  return {wp::P256Scalar(key.get()), wp::P256Point(key.get()), auth};
}

}  // namespace

TEST_CASE("RFC 8291 Appendix A: every intermediate value", "[push]") {
  const auto derived = wp::DeriveKeySchedule(PushRaw(kRfc8291UaPublic), PushRaw(kRfc8291AuthSecret),
                                             PushRaw(kRfc8291AsPrivate), PushRaw(kRfc8291Salt));
  REQUIRE(std::holds_alternative<wp::KeySchedule>(derived));
  const auto& s = std::get<wp::KeySchedule>(derived);
  CHECK(carc::server::Base64Url(s.as_public) == kRfc8291AsPublic);
  CHECK(carc::server::Base64Url(s.ecdh_secret) == kRfc8291EcdhSecret);
  CHECK(carc::server::Base64Url(s.prk_key) == kRfc8291PrkKey);
  CHECK(carc::server::Base64Url(s.key_info) == kRfc8291KeyInfo);
  CHECK(carc::server::Base64Url(s.ikm) == kRfc8291Ikm);
  CHECK(carc::server::Base64Url(s.prk) == kRfc8291Prk);
  CHECK(carc::server::Base64Url(s.cek) == kRfc8291Cek);
  CHECK(carc::server::Base64Url(s.nonce) == kRfc8291Nonce);
}

TEST_CASE("RFC 8291 Appendix A: the encrypted body byte for byte", "[push]") {
  const auto body = wp::EncryptPushMessageWith(kRfc8291Plaintext, PushRaw(kRfc8291UaPublic),
                                               PushRaw(kRfc8291AuthSecret),
                                               PushRaw(kRfc8291AsPrivate), PushRaw(kRfc8291Salt));
  REQUIRE(PushRefusal(body).empty());
  const std::string& bytes = std::get<std::string>(body);
  CHECK(bytes.size() == 86 + 41 + 1 + 16);
  CHECK(bytes.substr(0, 86) == PushRaw(kRfc8291Header));
  CHECK(bytes.substr(86) == PushRaw(kRfc8291Ciphertext));
  CHECK(carc::server::Base64Url(bytes) == kRfc8291Body);
}

TEST_CASE("The test receiver decrypts RFC 8291's body with the user agent's key", "[push]") {
  const auto plaintext = carc::test::push::DecryptPushBody(
      PushRaw(kRfc8291Body), PushRaw(kRfc8291UaPrivate), PushRaw(kRfc8291AuthSecret));
  REQUIRE(plaintext);
  CHECK(*plaintext == kRfc8291Plaintext);
  // A flipped bit anywhere in the ciphertext or tag fails the tag check.
  std::string tampered = PushRaw(kRfc8291Body);
  tampered[100] = static_cast<char>(tampered[100] ^ 1);
  CHECK_FALSE(carc::test::push::DecryptPushBody(tampered, PushRaw(kRfc8291UaPrivate),
                                                PushRaw(kRfc8291AuthSecret)));
}

TEST_CASE("A push message round-trips with a fresh key and salt each time", "[push]") {
  const PushSubscriber ua = NewPushSubscriber();
  for (const std::string& plaintext :
       {std::string(), std::string("{\"room\":\"R7K2\",\"turn\":true}"),
        std::string(wp::kMaxPlaintextSize, 'x')}) {
    const auto first = wp::EncryptPushMessage(plaintext, ua.ua_public, ua.auth_secret);
    const auto second = wp::EncryptPushMessage(plaintext, ua.ua_public, ua.auth_secret);
    REQUIRE(PushRefusal(first).empty());
    REQUIRE(PushRefusal(second).empty());
    const std::string& a = std::get<std::string>(first);
    const std::string& b = std::get<std::string>(second);
    CHECK(a.size() == 86 + plaintext.size() + 1 + 16);
    CHECK(a.size() <= 4096);
    CHECK(a.substr(16, 5) == std::string("\x00\x00\x10\x00\x41", 5));  // rs 4096, idlen 65
    CHECK(a.substr(0, 16) != b.substr(0, 16));                         // salt
    CHECK(a.substr(21, 65) != b.substr(21, 65));                       // ephemeral key
    CHECK(carc::test::push::DecryptPushBody(a, ua.ua_private, ua.auth_secret) == plaintext);
    CHECK(carc::test::push::DecryptPushBody(b, ua.ua_private, ua.auth_secret) == plaintext);
    // Another subscription's auth secret does not decrypt it.
    CHECK_FALSE(carc::test::push::DecryptPushBody(a, ua.ua_private, std::string(16, 'k')));
  }
}

TEST_CASE("Push encryption refuses malformed keys and oversize plaintexts", "[push]") {
  const std::string ua = PushRaw(kRfc8291UaPublic);
  const std::string auth = PushRaw(kRfc8291AuthSecret);
  const std::string as = PushRaw(kRfc8291AsPrivate);
  const std::string salt = PushRaw(kRfc8291Salt);
  const auto refused = [](const wp::OrRefusal<std::string>& outcome, const char* words) {
    INFO(PushRefusal(outcome));
    CHECK(PushRefusal(outcome).find(words) != std::string::npos);
  };
  refused(wp::EncryptPushMessage("hi", ua.substr(0, 64), auth), "not 65 bytes");
  refused(wp::EncryptPushMessage("hi", ua + '\x00', auth), "not 65 bytes");
  refused(wp::EncryptPushMessage("hi", "", auth), "not 65 bytes");
  refused(wp::EncryptPushMessage("hi", ua, auth.substr(0, 15)), "auth secret is not 16");
  refused(wp::EncryptPushMessage("hi", ua, auth + 'x'), "auth secret is not 16");
  refused(wp::EncryptPushMessageWith("hi", ua, auth, as.substr(1), salt), "not 32 bytes");
  refused(wp::EncryptPushMessageWith("hi", ua, auth, as, salt.substr(1)), "salt is not 16");

  // 65 bytes that are not a point of the curve: y changed, a compressed or hybrid prefix, zeros.
  std::string off_curve = ua;
  off_curve[64] = static_cast<char>(off_curve[64] ^ 1);
  std::string compressed = ua;
  compressed[0] = '\x02';
  for (const std::string& bad : {off_curve, compressed, std::string(65, '\0'),
                                 std::string(1, '\x04') + std::string(64, '\0')}) {
    refused(wp::EncryptPushMessage("hi", bad, auth), "not a point of P-256");
  }
  // Private scalars outside [1, n-1].
  refused(wp::EncryptPushMessageWith("hi", ua, auth, std::string(32, '\0'), salt),
          "not a P-256 scalar");
  refused(wp::EncryptPushMessageWith("hi", ua, auth, std::string(32, '\xff'), salt),
          "not a P-256 scalar");

  const std::string largest(wp::kMaxPlaintextSize, 'x');
  CHECK(wp::kMaxPlaintextSize == 3993);
  CHECK(PushRefusal(wp::EncryptPushMessage(largest, ua, auth)).empty());
  refused(wp::EncryptPushMessage(largest + 'x', ua, auth), "over 3993 bytes");
  refused(wp::EncryptPushMessage(std::string(1 << 20, 'x'), ua, auth), "over 3993 bytes");
}

namespace {

constexpr std::int64_t kVapidNow = 1'767'225'600;  // 2026-01-01T00:00:00Z

wp::VapidKey NewVapidKey() {
  auto made = wp::VapidKey::Generate();
  REQUIRE(std::holds_alternative<wp::VapidKey>(made));
  return std::move(std::get<wp::VapidKey>(made));
}

wp::VapidClaims VapidTestClaims() {
  return {"https://fcm.googleapis.com", kVapidNow + 12 * 3600, "mailto:admin@example.org"};
}

std::string VapidPoint(const wp::VapidKey& key) {
  std::string point;
  REQUIRE(carc::server::DecodeBase64Url(key.PublicKey(), point));
  return point;
}

}  // namespace

TEST_CASE("A VAPID token has the ES256 header and the claims, and verifies", "[push][vapid]") {
  const wp::VapidKey key = NewVapidKey();
  const auto jwt = wp::MakeVapidJwt(key, VapidTestClaims(), kVapidNow);
  REQUIRE(PushRefusal(jwt).empty());
  const std::string& token = std::get<std::string>(jwt);
  const auto read = carc::test::push::ReadEs256Jwt(token, VapidPoint(key));
  REQUIRE(read);
  CHECK(read->header == nlohmann::json({{"typ", "JWT"}, {"alg", "ES256"}}));
  CHECK(read->claims == nlohmann::json({{"aud", "https://fcm.googleapis.com"},
                                        {"exp", kVapidNow + 12 * 3600},
                                        {"sub", "mailto:admin@example.org"}}));
  CHECK(read->signature_valid);
  // The header is JOSE's fixed text, in that order, as push services compare it.
  CHECK(token.substr(0, token.find('.')) ==
        carc::server::Base64Url(R"({"typ":"JWT","alg":"ES256"})"));

  // Another key's public key does not verify it.
  CHECK_FALSE(carc::test::push::ReadEs256Jwt(token, VapidPoint(NewVapidKey()))->signature_valid);

  // A claim changed after signing (a later expiry) fails, and so does a changed signature.
  const std::size_t dot1 = token.find('.');
  const std::size_t dot2 = token.find('.', dot1 + 1);
  nlohmann::json later = read->claims;
  later["exp"] = kVapidNow + 20 * 3600;
  const std::string forged =
      token.substr(0, dot1 + 1) + carc::server::Base64Url(later.dump()) + token.substr(dot2);
  const auto forged_read = carc::test::push::ReadEs256Jwt(forged, VapidPoint(key));
  REQUIRE(forged_read);
  CHECK(forged_read->claims["exp"] == kVapidNow + 20 * 3600);
  CHECK_FALSE(forged_read->signature_valid);
  std::string signature;
  REQUIRE(carc::server::DecodeBase64Url(token.substr(dot2 + 1), signature));
  signature[40] = static_cast<char>(signature[40] ^ 0x10);
  const std::string bad_signature = token.substr(0, dot2 + 1) + carc::server::Base64Url(signature);
  CHECK_FALSE(carc::test::push::ReadEs256Jwt(bad_signature, VapidPoint(key))->signature_valid);
}

TEST_CASE("The VAPID Authorization header names the token and the public key", "[push][vapid]") {
  const wp::VapidKey key = NewVapidKey();
  const auto header = wp::VapidAuthorization(key, VapidTestClaims(), kVapidNow);
  REQUIRE(PushRefusal(header).empty());
  const std::string& value = std::get<std::string>(header);
  const std::string prefix = "vapid t=";
  const std::string middle = ", k=";
  REQUIRE(value.starts_with(prefix));
  const std::size_t k = value.find(middle);
  REQUIRE(k != std::string::npos);
  CHECK(value.substr(k + middle.size()) == key.PublicKey());
  const auto read = carc::test::push::ReadEs256Jwt(value.substr(prefix.size(), k - prefix.size()),
                                                   VapidPoint(key));
  REQUIRE(read);
  CHECK(read->signature_valid);
}

TEST_CASE("A VAPID key stored and loaded again is the same key", "[push][vapid]") {
  const wp::VapidKey key = NewVapidKey();
  CHECK(VapidPoint(key).size() == 65);
  CHECK(VapidPoint(key)[0] == '\x04');
  const std::string stored = key.Store();
  CHECK(stored.size() == 43);  // 32 bytes in base64url
  auto loaded = wp::VapidKey::Load(stored);
  REQUIRE(std::holds_alternative<wp::VapidKey>(loaded));
  const wp::VapidKey& again = std::get<wp::VapidKey>(loaded);
  CHECK(again.PublicKey() == key.PublicKey());
  CHECK(again.Store() == stored);
  // What the loaded key signs, the first key's public key verifies.
  const auto jwt = wp::MakeVapidJwt(again, VapidTestClaims(), kVapidNow);
  REQUIRE(PushRefusal(jwt).empty());
  CHECK(
      carc::test::push::ReadEs256Jwt(std::get<std::string>(jwt), VapidPoint(key))->signature_valid);
  CHECK(NewVapidKey().PublicKey() != key.PublicKey());

  // A known pair: RFC 8291's application server key, its public point computed from the scalar.
  auto known = wp::VapidKey::Load(kRfc8291AsPrivate);
  REQUIRE(std::holds_alternative<wp::VapidKey>(known));
  CHECK(std::get<wp::VapidKey>(known).PublicKey() == kRfc8291AsPublic);

  for (const std::string& bad : {std::string(), std::string("not base64!"), stored.substr(1),
                                 stored + "AA", carc::server::Base64Url(std::string(32, '\0')),
                                 carc::server::Base64Url(std::string(32, '\xff'))}) {
    const auto refused = wp::VapidKey::Load(bad);
    REQUIRE(std::holds_alternative<wp::Refusal>(refused));
    CHECK(std::get<wp::Refusal>(refused).reason.find(stored) == std::string::npos);
  }
}

TEST_CASE("VAPID refuses audiences that are not https origins", "[push][vapid]") {
  const wp::VapidKey key = NewVapidKey();
  const auto with_audience = [&](const std::string& audience, wp::HttpAudience http) {
    wp::VapidClaims claims = VapidTestClaims();
    claims.audience = audience;
    return PushRefusal(wp::MakeVapidJwt(key, claims, kVapidNow, http));
  };
  for (const char* good :
       {"https://fcm.googleapis.com", "https://updates.push.services.mozilla.com",
        "https://web.push.apple.com:443", "https://[2001:db8::1]:8443"}) {
    INFO(good);
    CHECK(with_audience(good, wp::HttpAudience::kRefused).empty());
  }
  for (const char* bad : {"http://fcm.googleapis.com", "fcm.googleapis.com", "https://",
                          "https://fcm.googleapis.com/", "https://fcm.googleapis.com/fcm/send/abc",
                          "https://fcm.googleapis.com?x", "https://user@fcm.googleapis.com",
                          "https://fcm.googleapis.com:", "https://host:99999", "https://host:44a",
                          "HTTPS://fcm.googleapis.com", "https://FCM.googleapis.com",
                          "https://[::1", "wss://fcm.googleapis.com", "http://127.0.0.1:8080"}) {
    INFO(bad);
    CHECK_FALSE(with_audience(bad, wp::HttpAudience::kRefused).empty());
  }
  // http only where asked for, and then on loopback only.
  for (const char* loopback : {"http://127.0.0.1:8080", "http://localhost:9", "http://[::1]:80"}) {
    INFO(loopback);
    CHECK(with_audience(loopback, wp::HttpAudience::kAllowedOnLoopback).empty());
  }
  CHECK(with_audience("http://push.example.net", wp::HttpAudience::kAllowedOnLoopback) ==
        "an http audience is allowed on loopback only");
}

TEST_CASE("VAPID refuses expiries past 24 hours and subjects that are not contacts",
          "[push][vapid]") {
  const wp::VapidKey key = NewVapidKey();
  const auto with = [&](std::int64_t expires, const std::string& subject) {
    wp::VapidClaims claims = VapidTestClaims();
    claims.expires = expires;
    claims.subject = subject;
    return PushRefusal(wp::MakeVapidJwt(key, claims, kVapidNow));
  };
  const std::string mail = "mailto:admin@example.org";
  CHECK(with(kVapidNow + 24 * 3600, mail).empty());
  CHECK(with(kVapidNow + 1, mail).empty());
  CHECK(with(kVapidNow + 24 * 3600 + 1, mail) == "the token would expire more than 24 hours ahead");
  CHECK(with(kVapidNow + 365 * 24 * 3600, mail) ==
        "the token would expire more than 24 hours ahead");
  CHECK(with(kVapidNow, mail) == "the token would expire at once");
  CHECK(with(kVapidNow - 60, mail) == "the token would expire at once");
  CHECK(with(kVapidNow + 60, "https://example.org/contact").empty());
  for (const char* bad : {"admin@example.org", "", "mailto:", "http://example.org", "https://"}) {
    INFO(bad);
    CHECK(with(kVapidNow + 60, bad) == "the subject is neither a mailto: nor an https: contact");
  }
  // The Authorization header refuses the same.
  wp::VapidClaims late = VapidTestClaims();
  late.expires = kVapidNow + 25 * 3600;
  CHECK(std::holds_alternative<wp::Refusal>(wp::VapidAuthorization(key, late, kVapidNow)));
}
