// The record of an archived game. A room archives its finished game without the record (the
// record is a replay of the whole game and a JSON text: about 6% of the server's CPU under the
// capacity load, on the room's thread, for something few ask for); it is made here, from the
// room's log, when someone asks, on the thread that serves the request (the API workers).
// Games archived with their record keep it and are served as they are.
//
// Contract: thread-safe (reads the store, touches no live room). The record made is byte for
// byte the one the room made when its game ended (RoomGame::Record): the same log replayed
// through the same journal and session.
#pragma once

#include <string>

#include "store/event_store.h"

namespace carc::server {

struct ArchivedRecord {
  std::string record;  // the record's text; empty when `error` says why there is none
  std::string error;   // what is wrong with the room's log: a server fault, not the caller's
};

// The record of `game` (as the store's Game returned it). Throws store::StoreError when the
// store cannot be read.
ArchivedRecord RecordOfArchived(store::EventStore& store, const store::ArchivedGame& game);

}  // namespace carc::server
