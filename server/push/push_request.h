// One Web Push delivery (RFC 8030 section 5): an HTTP/1.1 POST of the encrypted message to the
// subscription's endpoint, with its TTL, Urgency and Topic, the VAPID Authorization (RFC 8292)
// and "Content-Encoding: aes128gcm" (RFC 8291).
//
// Contract: blocks the calling thread (the push sender's, never a network thread) for at most
// `timeout`, whatever the far side does: a name that does not resolve, a port that never answers,
// a service that reads slowly or answers without end. The name is resolved here and every address
// is checked again (PublicAddress: a public name that resolves to this machine or a private
// network is refused, server-side request forgery); https endpoints are verified against the
// system's certificate authorities and the endpoint's host name. Never throws. The endpoint's
// URL, the body and the Authorization are never logged or put in `error`.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "push/push_endpoint.h"

namespace carc::server::push {

struct PushRequest {
  PushEndpoint endpoint;
  std::string body;           // the aes128gcm message
  std::string authorization;  // "vapid t=…, k=…"
  std::int64_t ttl = 0;       // seconds the push service may keep it for an offline browser
  std::string urgency;        // "very-low", "low", "normal" or "high" (RFC 8030 section 5.3)
  std::string topic;          // replaces an undelivered message of the same topic; may be empty
};

struct PushResponse {
  unsigned status = 0;           // 0: no answer; `error` says why
  std::string error;             // in words, for the log
  std::int64_t retry_after = 0;  // seconds, from a 429 or 503's Retry-After (0: none)
};

PushResponse SendPushRequest(const PushRequest& request, std::chrono::milliseconds timeout,
                             Loopback loopback);

}  // namespace carc::server::push
