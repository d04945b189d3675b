// The room writes that are not appends, moved off the caller's thread (EventStore::OnWriter).
#include "store/event_store.h"

#include <utility>

namespace carc::server::store {

void EventStore::CreateRoomAsync(std::string code, std::string first_entry, CreatedDone done) {
  OnWriter([this, code = std::move(code), entry = std::move(first_entry), done = std::move(done)] {
    RoomId id = 0;
    std::string error;
    try {
      id = CreateRoom(code, entry);
    } catch (const StoreError& e) {
      error = e.what();
    }
    done(id, std::move(error));
  });
}

void EventStore::ArchiveAsync(ArchivedGame game, ArchivedDone done) {
  OnWriter([this, game = std::move(game), done = std::move(done)] {
    std::vector<RatingChange> changes;
    std::string error;
    try {
      changes = Archive(game);
    } catch (const StoreError& e) {
      error = e.what();
    }
    done(std::move(changes), std::move(error));
  });
}

void EventStore::DisposeAsync(RoomId room, AppendDone done) {
  OnWriter([this, room, done = std::move(done)] {
    std::string error;
    try {
      Dispose(room);
    } catch (const StoreError& e) {
      error = e.what();
    }
    done(std::move(error));
  });
}

}  // namespace carc::server::store
