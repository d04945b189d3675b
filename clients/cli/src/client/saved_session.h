// The sessions `carcassonne login` keeps: one per server, in the user's config directory
// ($CARC_CONFIG_DIR, else $XDG_CONFIG_HOME/carcassonne, else ~/.config/carcassonne), in
// sessions.json, a file only its owner may read (mode 0600, its directory 0700). `bot` and
// `watch` sign in with the session saved for their server: the token goes with the WebSocket
// upgrade as "Authorization: Bearer TOKEN", never in a message or a log.
//
// Contract: a file that cannot be read or parsed is treated as holding no session; writes
// replace the file whole (a new file renamed over the old), so a crash never leaves half a file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "client/ws_client.h"

namespace carc::client {

struct SavedSession {
  std::string name;   // the account's name, as the server spells it
  std::string token;  // the session token (secret)
};

// The file's path ("" when no directory can be named: no $HOME).
std::string SessionFilePath();
// The key of a server in the file: "host:port".
std::string ServerKey(const ServerAddress& server);

std::optional<SavedSession> LoadSession(const ServerAddress& server);
// Saves (or with nullopt, forgets) the session for `server`; returns an error message or "".
std::string StoreSession(const ServerAddress& server, const std::optional<SavedSession>& session);

// Signs `servers` in with the first session saved for any of them (a session of one node of
// a cluster is good on every node); returns its account's name, "" when there is none.
std::string AttachSession(std::vector<ServerAddress>& servers);

}  // namespace carc::client
