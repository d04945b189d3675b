// Players who last: accounts, their sessions and their passkeys, in the same store as the rooms
// (SQLite or PostgreSQL), so that a cluster's nodes share them. Rooms never see this interface;
// the account API (accounts/account_api.h) does.
//
// Contract:
// - Every method is thread-safe and synchronous; a failure of the store throws StoreError and
//   leaves it as it was. Each implementation has a connection of its own, so account work never
//   waits behind the rooms' writes and the other way round.
// - The store keeps secrets only in the form it is handed: a password's Argon2id string, a
//   session token's hash. It never sees a password or a token.
// - Names are unique by `name_key` (accounts/account_name.h makes it), never by the name as typed.
// - Times are seconds since the Unix epoch, handed in by the caller (tests need no clock).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace carc::server::store {

using AccountId = std::int64_t;

struct Account {
  AccountId id = 0;
  std::string name;      // as chosen (NFC), shown to everyone
  std::string name_key;  // the comparison key: unique
  std::string password_hash;
  std::int64_t created_at = 0;
};

struct SessionRow {
  std::int64_t id = 0;  // public: names the session in the player's list
  AccountId account = 0;
  std::int64_t created_at = 0;
  std::int64_t last_seen_at = 0;
  std::string label;  // which device, from its User-Agent: for the player's list only
};

struct PasskeyRow {
  std::string credential_id;  // raw bytes, unique
  AccountId account = 0;
  std::string public_key;  // the COSE_Key, CBOR bytes
  std::int64_t algorithm = 0;
  std::int64_t sign_count = 0;
  std::string label;
  std::int64_t created_at = 0;
  std::int64_t last_used_at = 0;  // 0: never used to sign in
};

// A seat of a finished game: its name and final score, and whether an account held it (a guest's
// or a computer's name may be any account's too: only an account's seat names the account).
struct PlayedSeat {
  std::string name;
  int score = 0;
  bool account = false;
  bool operator==(const PlayedSeat&) const = default;
};

// A finished game the account played, as the archive lists it (store/event_store.h).
struct PlayedGame {
  std::int64_t id = 0;  // the archived game's id
  std::string code;
  std::int64_t finished_at = 0;
  std::string game;                    // "base", "castle", ...
  int seat = 0;                        // the account's seat
  std::vector<PlayedSeat> players;     // by seat
  bool is_private = false;             // played in a private room
  std::vector<std::int64_t> accounts;  // the accounts seated in it, for who may see it
};

// The account's finished games of one game: how many, and how many won (a won game is one
// where no seat scored more: a shared first place counts for each of those who share it).
struct GameTally {
  std::string game;
  int played = 0;
  int won = 0;
};

class AccountStore {
 public:
  virtual ~AccountStore() = default;

  // A new account; nullopt when `name_key` is taken.
  virtual std::optional<AccountId> CreateAccount(const std::string& name,
                                                 const std::string& name_key,
                                                 const std::string& password_hash,
                                                 std::int64_t now) = 0;
  virtual std::optional<Account> AccountByKey(const std::string& name_key) = 0;
  virtual std::optional<Account> AccountById(AccountId id) = 0;
  // The accounts whose name key begins with `key_prefix` ("": every one), by key, at most
  // `limit`: the moderators' players list. Their password hashes are left out (empty).
  virtual std::vector<Account> AccountsByKeyPrefix(const std::string& key_prefix, int limit) = 0;
  // Replaces the account's password hash (a rehash at stronger parameters).
  virtual void SetPasswordHash(AccountId id, const std::string& password_hash) = 0;

  // A new session for the token whose hash is `token_hash`; returns its id.
  virtual std::int64_t CreateSession(AccountId account, const std::string& token_hash,
                                     const std::string& label, std::int64_t now) = 0;
  // The live session of this token hash: created after `created_after` and seen after
  // `seen_after` (the absolute and the idle expiry), or nullopt.
  virtual std::optional<SessionRow> SessionByHash(const std::string& token_hash,
                                                  std::int64_t created_after,
                                                  std::int64_t seen_after) = 0;
  virtual void TouchSession(std::int64_t session, std::int64_t now) = 0;
  // Ends one session of the account (false: it has none by that id).
  virtual bool EndSession(AccountId account, std::int64_t session) = 0;
  // Ends every session of the account; returns how many.
  virtual int EndSessions(AccountId account) = 0;
  // The account's sessions, the most recently seen first.
  virtual std::vector<SessionRow> Sessions(AccountId account) = 0;
  // Ends the account's sessions past the `keep` most recently seen, and every session created
  // at or before `created_before` or last seen at or before `seen_before` (expired).
  virtual void PruneSessions(AccountId account, int keep, std::int64_t created_before,
                             std::int64_t seen_before) = 0;

  // A new passkey; false when its credential id is known already (to any account).
  virtual bool AddPasskey(const PasskeyRow& passkey) = 0;
  virtual std::optional<PasskeyRow> PasskeyById(const std::string& credential_id) = 0;
  // The account's passkeys, oldest first.
  virtual std::vector<PasskeyRow> Passkeys(AccountId account) = 0;
  // Moves the passkey's sign count from `seen` to `count` and notes its use, only if it is
  // still `seen`: of two sign-ins racing with one response, one wins. False: it was not.
  virtual bool UsePasskey(const std::string& credential_id, std::int64_t seen, std::int64_t count,
                          std::int64_t now) = 0;
  virtual bool DeletePasskey(AccountId account, const std::string& credential_id) = 0;

  // The account's finished games, by game; and the newest `limit` of them, newest first.
  virtual std::vector<GameTally> Tally(AccountId account) = 0;
  virtual std::vector<PlayedGame> PlayedGames(AccountId account, int limit) = 0;
  // Gives the account the archived seats whose resume token hashes are `token_hashes` and that
  // belong to no account yet, under the account's name; returns how many it took.
  virtual int ClaimGames(AccountId account, const std::string& name,
                         const std::vector<std::string>& token_hashes) = 0;
  // Deletes the account, its sessions, passkeys and challenges, in one transaction; its seats in
  // archived games keep their moves and scores under `label` instead of its name, and belong
  // to no account, in the archive and in those games' room logs, and in the logs of
  // `open_rooms` (the rooms in progress where it holds a seat). False: there was no such
  // account.
  virtual bool DeleteAccount(AccountId account, const std::string& label,
                             const std::vector<std::int64_t>& open_rooms) = 0;

  // A challenge issued for a passkey ceremony: `purpose` "register" (for `account`) or
  // "sign-in" (account 0); or the hash of a password reset link's token, "password-reset" (for
  // `account`; accounts/password_reset_api.h). Kept in the store so that any node of a cluster
  // can check it. Challenges expired at `now` are removed first: unanswered ones do not pile up.
  virtual void PutChallenge(const std::string& challenge, const std::string& purpose,
                            AccountId account, std::int64_t expires_at, std::int64_t now) = 0;
  // Takes the challenge (it can be taken once) if it was issued for `purpose` and is not
  // expired at `now`: returns the account it was issued for; nullopt otherwise. Expired
  // challenges are removed on the way.
  virtual std::optional<AccountId> TakeChallenge(const std::string& challenge,
                                                 const std::string& purpose, std::int64_t now) = 0;
  // Removes every challenge issued to `account` for `purpose` (a password reset's other links
  // once one is used, or a new one is made); returns how many.
  virtual int DropChallenges(AccountId account, const std::string& purpose) = 0;
};

}  // namespace carc::server::store
