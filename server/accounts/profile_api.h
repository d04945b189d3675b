// A player's profile and history, and leaving, over HTTP (docs/protocol.md, "Profiles"):
//   GET    /api/players/{name}  anyone: 200 {"name", "created_at", "games": [{"game", "played",
//                               "won"}], "recent": [Played] (the 20 newest), "ratings"
//                               (accounts/rating_api.h)}; 404 for no account
//   GET    /api/me/games        200 {"in_progress": [{"room", "game", "seat", "players",
//                               "started"}], "finished": [Played]} (the 50 newest)
//   GET    /api/me/export       200 everything kept about the account, as a JSON attachment
//   DELETE /api/me {"name"}     204: the account deleted, its sessions ended, the cookie
//                               cleared; 400 (field "name") when the name typed is not its own
//   POST   /api/me/claims {"tokens": [resume tokens]}  200 {"finished", "in_progress"}: the
//                               guest seats of those tokens become the account's
// Played = {"id", "room", "finished_at", "game", "players": [{"name", "score"}], "seat", "won",
// "replay", "record"}. Errors are JSON {"error", "field"?}; 401 when a /api/me path is asked
// for signed out.
//
// Contract: Serve runs on a network thread and only routes there; every store read and write
// runs on the account API's reads workers (AccountApi::OnReadWorker). A deleted account's
// archived games keep their moves and scores under kDeletedLabel, and belong to no account.
// Games in progress are those of this node's rooms (`held`); a cluster's other nodes are not
// asked.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "accounts/account_api.h"
#include "net/http_api.h"
#include "rooms/held_seat.h"
#include "store/account_store.h"

namespace carc::server::accounts {

inline constexpr const char* kDeletedLabel = "Deleted player";

// What the profile needs of this node's rooms (rooms/room_registry.h); either may be empty.
struct LiveSeats {
  std::function<std::vector<HeldSeat>(store::AccountId)> held;
  // Asks the rooms of these token hashes to give their seats to the account, under its name;
  // returns how many rooms were asked.
  std::function<int(store::AccountId, const std::string&, const std::vector<std::string>&)> claim;
  // The account is being deleted: its seats in the rooms become `label`'s, for no account.
  std::function<void(store::AccountId, const std::string& label)> forget;
};

// The profile's "ratings" of an account (accounts/rating_api.h); read on a worker.
using RatingsOf = std::function<nlohmann::json(store::AccountId)>;
// Parts of the export that other parts of the server keep: each one's name and its reader (the
// account's e-mail address, its notice preferences), called on a worker.
using ExportParts =
    std::vector<std::pair<std::string, std::function<nlohmann::json(store::AccountId)>>>;
// Fields of the public profile that other parts of the server keep (the rated games an account
// left), in the same form, called on a worker.
using ProfileParts = ExportParts;

class ProfileApi {
 public:
  ProfileApi(store::AccountStore* store, AccountApi& accounts, LiveSeats live,
             RatingsOf ratings = {}, ExportParts exports = {}, ProfileParts profile_parts = {});

  static bool Handles(const ApiRequest& request);
  void Serve(ApiRequest request, ApiReply reply);

 private:
  void Profile(const ApiRequest& request, const ApiReply& reply);
  void Own(const ApiRequest& request, const ApiReply& reply);
  void Claim(const ApiRequest& request, const SignedIn& who, const ApiReply& reply);

  store::AccountStore* store_;
  AccountApi& accounts_;
  LiveSeats live_;
  RatingsOf ratings_;
  ExportParts exports_;
  ProfileParts profile_parts_;
};

}  // namespace carc::server::accounts
