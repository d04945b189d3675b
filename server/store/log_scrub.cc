#include "store/log_scrub.h"

#include "carc/store/v1/room_log.pb.h"

namespace carc::server::store {
namespace {

bool Scrub(carc::store::v1::SeatTable& table, std::int64_t account, const std::string& label) {
  bool changed = false;
  for (auto& seat : *table.mutable_seats()) {
    if (seat.account_id() != account) continue;
    seat.set_name(label);
    seat.set_account_id(0);
    changed = true;
  }
  return changed;
}

}  // namespace

std::optional<std::string> ScrubAccount(std::string_view entry, std::int64_t account,
                                        const std::string& label) {
  if (account == 0) return std::nullopt;
  carc::store::v1::RoomLogEntry e;
  if (!e.ParseFromArray(entry.data(), static_cast<int>(entry.size()))) return std::nullopt;
  bool changed = false;
  if (e.has_seats()) changed = Scrub(*e.mutable_seats(), account, label);
  if (e.has_started()) changed = Scrub(*e.mutable_started()->mutable_seats(), account, label);
  if (!changed) return std::nullopt;
  return e.SerializeAsString();
}

}  // namespace carc::server::store
