// OpenSSL's functions take bytes as `const unsigned char*`; the push code keeps them in strings.
#pragma once

#include <string_view>

namespace carc::server::push {

inline const unsigned char* Octets(std::string_view s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

}  // namespace carc::server::push
