// The server's Web Push, put together: its VAPID key pair and the sender (push/push_sender.h).
// The key is made by the first node to start and kept in the store (PushStore::ServerKey), so
// every node of a cluster, and every restart, signs with the key browsers subscribed with: a new
// key would silently end every subscription.
//
// Contract: Start reads (and the first time writes) the store, on the calling thread, and throws
// store::StoreError when it cannot or when the kept key is not one. The sender's thread runs
// until the service goes.
#pragma once

#include <memory>

#include "push/push_sender.h"
#include "push/vapid.h"
#include "store/push_store.h"

namespace carc::server::push {

class PushService {
 public:
  // `preferences` as PushSender takes them (empty: every notice, at once).
  static std::unique_ptr<PushService> Start(store::PushStore& store, PushSenderConfig config,
                                            PushSender::Preferences preferences = {});

  const VapidKey& key() const { return key_; }
  PushSender& sender() { return *sender_; }
  const PushSenderMetrics& metrics() const { return metrics_; }

 private:
  explicit PushService(VapidKey key) : key_(std::move(key)) {}

  VapidKey key_;
  PushSenderMetrics metrics_;
  std::unique_ptr<PushSender> sender_;  // last: its thread reads the key and the metrics
};

}  // namespace carc::server::push
