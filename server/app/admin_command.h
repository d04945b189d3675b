// `carcassonne-server admin ...`: the host's own moderation at the command line (docs/
// moderation.md, "The command line"): give and take roles, mute and ban accounts and lift it,
// list the staff, read an account's standing and export the audit log. It opens the store the
// server uses (--store / CARC_STORE, --data-dir / CARC_DATA_DIR), so it works beside a running
// server on SQLite (WAL: a second writer waits its turn) or PostgreSQL. The host is above every
// role; each change is written with its audit entry, the actor "host".
//
// Contract: `args` are the words after "admin". Returns the exit code: 0 done, 2 a bad command
// (unknown subcommand or option, a bad or unknown name, role, length or reason: one line on
// `err` saying which and what is accepted, nothing changed), 1 the store failed. `env` looks
// up the environment's settings (CARC_STORE, CARC_DATA_DIR); `now` is the time of the action.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace carc::server {

using EnvLookup = std::function<std::optional<std::string>(const std::string&)>;

int RunAdminCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                    const EnvLookup& env, std::int64_t now);

// The usage text (also printed by `admin --help`).
const char* AdminUsage();

}  // namespace carc::server
