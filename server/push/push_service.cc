#include "push/push_service.h"

#include "store/event_store.h"

namespace carc::server::push {

std::unique_ptr<PushService> PushService::Start(store::PushStore& store, PushSenderConfig config,
                                                PushSender::Preferences preferences) {
  auto fresh = VapidKey::Generate();
  if (const auto* refused = std::get_if<Refusal>(&fresh)) {
    throw store::StoreError("cannot make the server's push key: " + refused->reason);
  }
  const std::string kept = store.ServerKey("vapid", std::get<VapidKey>(fresh).Store());
  auto key = VapidKey::Load(kept);
  if (const auto* refused = std::get_if<Refusal>(&key)) {
    throw store::StoreError("the store's push key is not one: " + refused->reason);
  }
  std::unique_ptr<PushService> service(new PushService(std::move(std::get<VapidKey>(key))));
  service->sender_ = std::make_unique<PushSender>(store, service->key_, std::move(config),
                                                  service->metrics_, PushSender::Transport{},
                                                  PushSender::Now{}, std::move(preferences));
  return service;
}

}  // namespace carc::server::push
