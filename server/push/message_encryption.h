// The body of a Web Push message: RFC 8291 (Message Encryption for Web Push) in the RFC 8188
// "aes128gcm" content coding, as one record.
//
// Contract: pure functions of their arguments, no I/O, thread-safe, never throw or abort. Every
// input may be hostile: a wrong length, a point off the curve or a plaintext too large comes back
// as a Refusal, never as a body. Inputs are raw bytes (decode the subscription's base64url
// first): `ua_public` is the subscription's p256dh key, a 65-byte uncompressed P-256 point;
// `auth_secret` its 16-byte auth secret. The body is
//   salt (16) | rs = 4096 (uint32, big-endian) | idlen = 65 | keyid = the server's ephemeral
//   public key (65) | AES-128-GCM of (plaintext | 0x02) | tag (16),
// sent with "Content-Encoding: aes128gcm". The plaintext is at most 3993 bytes, so that the body
// stays within the 4096 bytes every push service must take (RFC 8291 section 4), one record.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "push/p256_key.h"
#include "push/refusal.h"

namespace carc::server::push {

inline constexpr std::size_t kAuthSecretSize = 16;
inline constexpr std::size_t kSaltSize = 16;
inline constexpr std::uint32_t kRecordSize = 4096;
inline constexpr std::size_t kHeaderSize = kSaltSize + 4 + 1 + kP256PointSize;  // 86
inline constexpr std::size_t kTagSize = 16;
inline constexpr std::size_t kMaxBodySize = 4096;
inline constexpr std::size_t kMaxPlaintextSize = kMaxBodySize - kHeaderSize - 1 - kTagSize;

// The production entry point: a fresh ephemeral key pair and a fresh random salt for each
// message (reusing either would reuse the content key and nonce).
OrRefusal<std::string> EncryptPushMessage(std::string_view plaintext, std::string_view ua_public,
                                          std::string_view auth_secret);

// The same with the application server's ephemeral private key (a 32-byte scalar) and the salt
// given: for tests that reproduce fixed vectors. Never call it twice with the same pair.
OrRefusal<std::string> EncryptPushMessageWith(std::string_view plaintext,
                                              std::string_view ua_public,
                                              std::string_view auth_secret,
                                              std::string_view as_private, std::string_view salt);

// The values derived on the way (RFC 8291 section 3.4, named as in its Appendix A), so that a
// test can say which step differs. They are secrets: never log them.
struct KeySchedule {
  std::string as_public;    // the keyid: the application server's public key
  std::string ecdh_secret;  // ECDH(as_private, ua_public)
  std::string prk_key;      // HKDF-Extract(auth_secret, ecdh_secret)
  std::string key_info;     // "WebPush: info" 0x00 | ua_public | as_public
  std::string ikm;          // HKDF-Expand(prk_key, key_info, 32)
  std::string prk;          // HKDF-Extract(salt, ikm)
  std::string cek;          // HKDF-Expand(prk, "Content-Encoding: aes128gcm" 0x00, 16)
  std::string nonce;        // HKDF-Expand(prk, "Content-Encoding: nonce" 0x00, 12)
};
OrRefusal<KeySchedule> DeriveKeySchedule(std::string_view ua_public, std::string_view auth_secret,
                                         std::string_view as_private, std::string_view salt);

}  // namespace carc::server::push
