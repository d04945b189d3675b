// Friends and invitations over HTTP (docs/protocol.md, "Friends and invitations"): a signed-in
// player follows and blocks other players, says whose invitations reach them, and invites
// players to a room they sit in. Every path needs a session.
//   GET    /api/me/following                   200 {"following":[{"name","since"}]}
//   POST   /api/me/following        {"name"}   201 followed, 200 already; 400 yourself, 403 that
//                                              player blocks you, 404 no such player, 409 the
//                                              account follows max_following players
//   DELETE /api/me/following/{name}            204, also when not following
//   GET    /api/me/followers                   200 {"followers":[{"name","since"}]}
//   GET    /api/me/blocks                      200 {"blocks":[{"name","since"}]}
//   POST   /api/me/blocks           {"name"}   201 blocked, 200 already; 400 yourself, 404
//   DELETE /api/me/blocks/{name}               204, also when not blocking
//   GET    /api/me/preferences                 200 {"invitations_from"}
//   PUT    /api/me/preferences   {"invitations_from": "anyone"|"followed"|"nobody"}  200, same
//   POST   /api/invitations  {"to", "room"}    201 {"id","expires_at"}; 200 {"id","expires_at"}
//                                              of the invitee's pending invitation to that room
//                                              (from anyone: none is added); 400 yourself, a bad
//                                              name or room code; 404 no such player, or one
//                                              who takes no invitations from you (the same
//                                              answer); 409 the room cannot take them, or they
//                                              have max_pending pending; 429 past
//                                              invitations_per_hour (Retry-After)
//   GET    /api/me/invitations                 200 {"invitations":[{"id","from","room","game",
//                                              "created_at","expires_at"}]}, pending, newest first
//   POST   /api/me/invitations/{id}/accept     200 {"room"}: the client then joins the room
//   POST   /api/me/invitations/{id}/decline    204; both 404 unless the id is the caller's
//                                              pending, unexpired invitation
// Errors are JSON {"error", "field"?}, and also 401 (not signed in), 405 (Allow says which), 413
// (a body over 1 KB), 503 (no store, the workers are full or the store cannot be read).
// An invitation expires kInvitationLifetime after it is sent.
//
// Contract: Serve runs on a network thread and only routes there; bodies are read and the store
// and the hooks called on the account API's reads workers, so SocialHooks::room_game must be
// thread-safe. This part knows no room: whether one can take an invitee, and the notice of an
// invitation, come through SocialHooks from the application.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "accounts/account_api.h"
#include "net/http_api.h"
#include "push/notice.h"
#include "store/account_store.h"
#include "store/social_store.h"

namespace carc::server::accounts {

// Seven days: long enough for a game played over days, short enough that an old invitation
// does not fill the invitee's list.
inline constexpr std::int64_t kInvitationLifetime = 7 * 24 * 3600;

struct SocialHooks {
  // The room's game family ("base" or "castle") when the room `code` exists, is not finished
  // and `inviter` holds a seat in it; nullopt otherwise. Called on a reads worker.
  std::function<std::optional<std::string>(const std::string& code, store::AccountId inviter)>
      room_game;
  push::Notifier* notices = nullptr;  // may be null: no notice is sent
};

struct SocialLimits {
  int invitations_per_hour = 20;  // sent by one account in any hour
  int max_pending = 20;           // pending for one invitee
  int max_following = 1000;       // players one account follows
};

// What the paths ended in (/metrics: carc_social_total{event}).
struct SocialMetrics {
  std::atomic<std::uint64_t> follows{0};               // 201 on POST /api/me/following
  std::atomic<std::uint64_t> blocks{0};                // 201 on POST /api/me/blocks
  std::atomic<std::uint64_t> invitations_sent{0};      // 201 on POST /api/invitations
  std::atomic<std::uint64_t> invitations_refused{0};   // 4xx of that POST but 401 and 405
  std::atomic<std::uint64_t> invitations_accepted{0};  // 200 on .../accept
  std::atomic<std::uint64_t> invitations_declined{0};  // 204 on .../decline
};

class SocialApi {
 public:
  // `store` or `accounts_store` nullptr (a store that keeps none): every path answers 503. Both
  // and the notifier must outlive this object.
  SocialApi(store::SocialStore* store, store::AccountStore* accounts_store, SocialHooks hooks,
            SocialLimits limits, AccountApi& accounts);

  static bool Handles(const ApiRequest& request);
  void Serve(ApiRequest request, ApiReply reply);

  const SocialMetrics& metrics() const { return metrics_; }

 private:
  void Signed(const ApiRequest& request, const SignedIn& who, const ApiReply& reply);
  void Follow(const ApiRequest& request, const SignedIn& who, const ApiReply& reply);
  void Block(const ApiRequest& request, const SignedIn& who, const ApiReply& reply);
  void Preferences(const ApiRequest& request, const SignedIn& who, const ApiReply& reply);
  void Invite(const ApiRequest& request, const SignedIn& who, const ApiReply& reply);
  void Answer(const ApiRequest& request, const SignedIn& who, const ApiReply& reply);
  // The account `body`'s `field` names, or nullopt when `reply` got the refusal (400, 404).
  std::optional<store::Account> Named(const nlohmann::ordered_json& body, const char* field,
                                      const ApiReply& reply);

  store::SocialStore* store_;
  store::AccountStore* accounts_store_;
  const SocialHooks hooks_;
  const SocialLimits limits_;
  AccountApi& accounts_;
  SocialMetrics metrics_;
};

}  // namespace carc::server::accounts
