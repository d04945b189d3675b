// Passkeys over HTTP (docs/protocol.md, "Passkeys"): register one or more on a signed-in account
// and sign in with one, without a password.
//   POST   /api/me/passkeys/options       the options for navigator.credentials.create()
//   POST   /api/me/passkeys               {"clientDataJSON","attestationObject","label"?}: 201
//   GET    /api/me/passkeys               {"passkeys":[{"id","label","created_at","last_used_at"}]}
//   DELETE /api/me/passkeys/{id}          204
//   POST   /api/passkeys/sign-in/options  the options for navigator.credentials.get()
//   POST   /api/passkeys/sign-in          {"id","clientDataJSON","authenticatorData","signature"}:
//                                         200 {"name"} and the session cookie
// Binary fields are base64url without padding. Errors are JSON {"error"}: 400 (a bad body),
// 401 (not signed in; a passkey refused, with the check that failed), 404, 405, 409 (at the
// account's limit of passkeys, or a credential registered already), 503.
//
// Contract: Serve runs on a network thread and sends everything else to the account API's read
// workers (accounts/account_api.h). Challenges are 256 random bits, issued into the store with a
// short life and taken once by whichever node checks the response (store/account_store.h), so a
// replayed response or an old challenge is refused everywhere in a cluster. The relying party is
// --public-url's host and origin when it is set, else the request's Host (http and https).
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "accounts/account_api.h"
#include "accounts/webauthn.h"
#include "net/address_rate.h"
#include "net/http_api.h"
#include "store/account_store.h"

namespace carc::server::accounts {

// Passkey sign-in options per client address: enough for a household's tries, too few to fill
// the store with challenges (each lives challenge_life, and is swept once expired).
inline constexpr double kChallengeBurst = 10;
inline constexpr double kChallengesPerHour = 60;

struct PasskeyLimits {
  std::string public_url;                    // empty: the relying party is localhost
  std::vector<std::string> allowed_origins;  // more pages that may use the passkeys
  int max_per_account = 10;
  std::chrono::seconds challenge_life{300};
};

struct PasskeyBody;  // a request's JSON body (passkey_api.cc)

class PasskeyApi {
 public:
  PasskeyApi(store::AccountStore* store, PasskeyLimits limits, AccountApi& accounts);

  static bool Handles(const ApiRequest& request);
  void Serve(ApiRequest request, ApiReply reply);

  // The relying party of every ceremony: from --public-url (and --allowed-origins), else this
  // machine's localhost; never from a request's Host.
  webauthn::RelyingParty PartyFor() const;

 private:
  void Register(const ApiRequest& request, const ApiReply& reply);
  void RegisterOptions(const ApiRequest& request, const ApiReply& reply);
  void SignIn(const ApiRequest& request, const ApiReply& reply);
  // A signed-in player's new password, with one of their passkeys in place of the old one.
  void ChangePassword(const ApiRequest& request, const ApiReply& reply);
  // A sign-in assertion in `body` checked against its challenge (taken) and its passkey, whose
  // count it moves on: the passkey, or the answer refusing it. `ceremony` names it in the log.
  std::variant<store::PasskeyRow, ApiResponse> CheckAssertion(const PasskeyBody& body,
                                                              const char* ceremony);
  void SignInOptions(const ApiRequest& request, const ApiReply& reply);
  void Owned(const ApiRequest& request, const ApiReply& reply);

  store::AccountStore* store_;
  const PasskeyLimits limits_;
  AccountApi& accounts_;
  // Sign-in options per address: a burst of kChallengeBurst, then kChallengesPerHour.
  AddressRate challenges_;
};

}  // namespace carc::server::accounts
