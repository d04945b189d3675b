// A software WebAuthn authenticator for the tests: OpenSSL makes its P-256 or Ed25519 key and
// signatures, libcbor its CBOR, so that every field a browser's authenticator sends can be made
// right, or wrong one at a time.
#pragma once

#include <openssl/evp.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace carc::test {

std::string Digest(std::string_view data);

// An authenticator holding one key pair.
class SoftAuthenticator {
 public:
  explicit SoftAuthenticator(bool eddsa);
  ~SoftAuthenticator();
  SoftAuthenticator(const SoftAuthenticator&) = delete;
  SoftAuthenticator& operator=(const SoftAuthenticator&) = delete;

  // Its public key as a COSE_Key; `alg_override` names another algorithm in it.
  std::string CoseKey(long alg_override = 0) const;
  // Authenticator data: the rp id's hash, `flags`, the count, then `attested` credential data.
  std::string AuthData(std::string_view rp_id, std::uint32_t count, std::uint8_t flags,
                       std::string_view attested = {}) const;
  std::string Sign(std::string_view data) const;

 private:
  bool eddsa_;
  EVP_PKEY* key_ = nullptr;
};

inline const std::string kCredentialId = "credential-0001";

std::string ClientData(std::string_view type, std::string_view challenge,
                       std::string_view origin = "https://play.example.org");
// Attested credential data of kCredentialId with the COSE key `cose`.
std::string Attested(const std::string& cose);
std::string AttestationObject(const std::string& auth_data, const char* fmt = "none");

}  // namespace carc::test
