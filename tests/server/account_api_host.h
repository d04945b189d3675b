// The account API (accounts/account_api.h) without a socket or server, for the tests of the parts
// that stand on it (profiles, push subscriptions): a SQLite store in a scratch folder, the API
// over it with one hashing and one reads worker and a clock stopped at `now` (a test moves it
// with `clock`), and requests as a browser sends them, with the cookie of the session the test
// made of `token` (SignIn).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "accounts/account_api.h"
#include "accounts/session_cookie.h"
#include "accounts/session_token.h"
#include "api_call.h"
#include "net/api_workers.h"
#include "store/sqlite_store.h"
#include "test_server.h"

namespace carc::test {

struct AccountApiHost {
  explicit AccountApiHost(std::int64_t at)
      : now(at),
        clock(at),
        accounts(store->accounts(), {}, hashing, reads, [this] { return clock.load(); }) {}
  // The workers stop before the account API goes. (A part built on it goes first, with no job
  // running: each test waits for every answer.)
  ~AccountApiHost() {
    reads.Stop();
    hashing.Stop();
  }
  AccountApiHost(const AccountApiHost&) = delete;
  AccountApiHost& operator=(const AccountApiHost&) = delete;

  // A session of `token` for `account`, made now: its id.
  std::int64_t SignIn(server::store::AccountId account) {
    return store->accounts()->CreateSession(account, server::accounts::HashSessionToken(token),
                                            "test", now);
  }

  // The request with the session's cookie, or none.
  server::ApiRequest Request(const std::string& method, const std::string& target,
                             const std::string& body, bool signed_in) const {
    server::ApiRequest request = ApiCall(method, target, body);
    if (signed_in) request.cookie = std::string(server::accounts::kSessionCookie) + "=" + token;
    return request;
  }

  const std::int64_t now;
  std::atomic<std::int64_t> clock;  // what the API's now() says
  std::unique_ptr<server::store::EventStore> store = server::store::OpenSqliteStore(
      server::store::StorePath(NewDataDir()), server::store::Durability::kFull);
  std::string token = server::accounts::NewSessionToken();
  server::ApiWorkers hashing{1, 4, 4};
  server::ApiWorkers reads{1, 8, 4};
  server::accounts::AccountApi accounts;
};

}  // namespace carc::test
