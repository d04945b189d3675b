#include "rooms/tokens.h"

#include <boost/uuid/detail/sha1.hpp>
#include <cstdio>
#include <cstring>
#include <random>

namespace carc::server {
namespace {

unsigned long long Random64() {
  thread_local std::random_device device;
  return (static_cast<unsigned long long>(device()) << 32) ^ device();
}

}  // namespace

std::string NewResumeToken() {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", Random64(), Random64());
  return buf;
}

std::string HashToken(const std::string& token) {
  boost::uuids::detail::sha1 sha;
  sha.process_bytes(token.data(), token.size());
  boost::uuids::detail::sha1::digest_type digest;
  sha.get_digest(digest);
  std::string out;
  char buf[9];
  for (unsigned int word : digest) {
    std::snprintf(buf, sizeof buf, "%08x", word);
    out += buf;
  }
  return out;
}

std::string NewInviteCode() {
  const std::size_t n = std::strlen(kInviteAlphabet);
  std::string code;
  for (std::size_t i = 0; i < kInviteCodeLength; ++i) code += kInviteAlphabet[Random64() % n];
  return code;
}

unsigned long long NewSeed() {
  return Random64();
}

}  // namespace carc::server
