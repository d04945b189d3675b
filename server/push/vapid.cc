#include "push/vapid.h"

#include <openssl/crypto.h>
#include <openssl/ec.h>

#include <nlohmann/json.hpp>

#include "net/base64url.h"

namespace carc::server::push {
namespace {

bool IsHostChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

// "" when `audience` is an origin this scheme allows, else why not.
std::string CheckAudience(std::string_view audience, HttpAudience http) {
  std::string_view rest;
  bool plain_http = false;
  if (audience.starts_with("https://")) {
    rest = audience.substr(8);
  } else if (audience.starts_with("http://") && http == HttpAudience::kAllowedOnLoopback) {
    rest = audience.substr(7);
    plain_http = true;
  } else {
    return "the audience is not an https origin";
  }
  // host[:port] and nothing else: an origin has no user, path, query or fragment.
  std::string_view host = rest;
  std::string_view port;
  bool has_port = false;
  const bool literal = rest.starts_with('[');  // an IPv6 address
  const std::size_t host_end = literal ? rest.find(']') : rest.find(':');
  if (host_end != std::string_view::npos) {
    host = rest.substr(0, literal ? host_end + 1 : host_end);
    const std::string_view after = rest.substr(host.size());
    if (!after.empty() && after[0] != ':') return "the audience is not an origin alone";
    has_port = !after.empty();
    if (has_port) port = after.substr(1);
  } else if (literal) {
    return "the audience's host is not closed by ]";
  }
  const std::string_view inner = literal ? host.substr(1, host.size() - 2) : host;
  if (inner.empty()) return "the audience has no host";
  for (const char c : inner) {
    const bool ok = literal
                        ? (c == ':' || c == '.' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))
                        : IsHostChar(c);
    if (!ok) return "the audience is not an origin alone (lower-case host, no path)";
  }
  if (has_port) {
    if (port.empty() || port.size() > 5) return "the audience's port is not a number";
    long value = 0;
    for (const char c : port) {
      if (c < '0' || c > '9') return "the audience's port is not a number";
      value = value * 10 + (c - '0');
    }
    if (value < 1 || value > 65535) return "the audience's port is out of range";
  }
  if (plain_http && host != "localhost" && host != "[::1]" && !host.starts_with("127.")) {
    return "an http audience is allowed on loopback only";
  }
  return "";
}

std::string CheckClaims(const VapidClaims& claims, std::int64_t now, HttpAudience http) {
  if (std::string why = CheckAudience(claims.audience, http); !why.empty()) return why;
  const bool mailto = claims.subject.starts_with("mailto:") && claims.subject.size() > 7;
  const bool https = claims.subject.starts_with("https://") && claims.subject.size() > 8;
  if (!mailto && !https) return "the subject is neither a mailto: nor an https: contact";
  if (claims.expires <= now) return "the token would expire at once";
  if (claims.expires - now > kMaxVapidLifetimeSeconds) {
    return "the token would expire more than 24 hours ahead";
  }
  return "";
}

// ECDSA P-256 with SHA-256 in JOSE's form (RFC 7518 section 3.4): r and s, 32 bytes each, not
// the DER sequence OpenSSL makes.
std::string SignEs256(EVP_PKEY* key, std::string_view data) {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  std::string der;
  std::size_t length = 0;
  bool ok = ctx != nullptr && EVP_DigestSignInit(ctx, nullptr, EVP_sha256(), nullptr, key) == 1 &&
            EVP_DigestSign(ctx, nullptr, &length,
                           reinterpret_cast<const unsigned char*>(data.data()), data.size()) == 1;
  if (ok) {
    der.resize(length);
    ok = EVP_DigestSign(ctx, reinterpret_cast<unsigned char*>(der.data()), &length,
                        reinterpret_cast<const unsigned char*>(data.data()), data.size()) == 1;
    der.resize(length);
  }
  EVP_MD_CTX_free(ctx);
  if (!ok) return "";
  const auto* in = reinterpret_cast<const unsigned char*>(der.data());
  ECDSA_SIG* sig = d2i_ECDSA_SIG(nullptr, &in, static_cast<long>(der.size()));
  if (sig == nullptr) return "";
  std::string jose(2 * kP256ScalarSize, '\0');
  auto* out = reinterpret_cast<unsigned char*>(jose.data());
  const int half = static_cast<int>(kP256ScalarSize);
  ok = BN_bn2binpad(ECDSA_SIG_get0_r(sig), out, half) == half &&
       BN_bn2binpad(ECDSA_SIG_get0_s(sig), out + half, half) == half;
  ECDSA_SIG_free(sig);
  return ok ? jose : "";
}

}  // namespace

OrRefusal<VapidKey> VapidKey::Generate() {
  Pkey key = NewP256Key();
  std::string point = P256Point(key.get());
  if (!key || point.empty()) return Refusal{"OpenSSL could not make a P-256 key pair"};
  return VapidKey(std::move(key), Base64Url(point));
}

OrRefusal<VapidKey> VapidKey::Load(std::string_view stored) {
  std::string scalar;
  const bool decoded = DecodeBase64Url(stored, scalar);
  Pkey key = decoded ? P256PrivateKey(scalar) : nullptr;
  OPENSSL_cleanse(scalar.data(), scalar.size());
  std::string point = P256Point(key.get());
  if (point.empty()) {
    return Refusal{"the stored VAPID key is not a base64url P-256 private key of 32 bytes"};
  }
  return VapidKey(std::move(key), Base64Url(point));
}

std::string VapidKey::Store() const {
  std::string scalar = P256Scalar(key_.get());
  std::string stored = Base64Url(scalar);
  OPENSSL_cleanse(scalar.data(), scalar.size());
  return stored;
}

OrRefusal<std::string> MakeVapidJwt(const VapidKey& key, const VapidClaims& claims,
                                    std::int64_t now, HttpAudience http) {
  if (std::string why = CheckClaims(claims, now, http); !why.empty()) return Refusal{why};
  using Json = nlohmann::ordered_json;
  const Json header = {{"typ", "JWT"}, {"alg", "ES256"}};
  const Json body = {{"aud", claims.audience}, {"exp", claims.expires}, {"sub", claims.subject}};
  const std::string signing_input = Base64Url(header.dump()) + "." + Base64Url(body.dump());
  const std::string signature = SignEs256(key.Key(), signing_input);
  if (signature.empty()) return Refusal{"OpenSSL could not sign the VAPID token"};
  return signing_input + "." + Base64Url(signature);
}

OrRefusal<std::string> VapidAuthorization(const VapidKey& key, const VapidClaims& claims,
                                          std::int64_t now, HttpAudience http) {
  auto jwt = MakeVapidJwt(key, claims, now, http);
  if (const auto* refusal = std::get_if<Refusal>(&jwt)) return *refusal;
  return "vapid t=" + std::get<std::string>(jwt) + ", k=" + key.PublicKey();
}

}  // namespace carc::server::push
