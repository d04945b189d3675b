#include "app/admin_command.h"

#include <charconv>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <variant>

#include "accounts/account_name.h"
#include "accounts/moderation_actions.h"
#include "accounts/password_reset.h"
#include "carc/codec/text_limits.h"
#include "moderation/ip_range.h"
#include "moderation/roles.h"
#include "moderation/sanction_length.h"
#include "moderation/utc_minute.h"
#include "store/moderation_store.h"
#include "store/open_store.h"

namespace carc::server {
namespace {

using moderation::Role;
using store::SanctionKind;

constexpr const char* kUsage =
    "usage: carcassonne-server admin COMMAND [--store SPEC] [--data-dir DIR]\n"
    "  grant NAME ROLE                  give NAME the role moderator, admin or owner\n"
    "                                   (player takes a role away)\n"
    "  revoke NAME                      the same as grant NAME player\n"
    "  mute NAME --for LENGTH --reason TEXT\n"
    "                                   refuse NAME's chat for LENGTH\n"
    "  unmute NAME                      lift NAME's mutes\n"
    "  ban NAME --for LENGTH --reason TEXT\n"
    "                                   refuse NAME's sign-in for LENGTH\n"
    "  unban NAME                       lift NAME's bans\n"
    "  end-sessions NAME --reason TEXT  sign NAME out everywhere\n"
    "  ban-address NETWORK --for LENGTH --reason TEXT\n"
    "                                   refuse the API and WebSocket to every client of NETWORK\n"
    "                                   (203.0.113.7, 203.0.113.0/24, 2001:db8::/48) for LENGTH\n"
    "  unban-address NETWORK            lift the bans of NETWORK\n"
    "  address-bans                     the address bans in force\n"
    "  kick ROOM NAME --reason TEXT     a computer plays NAME's seat in room ROOM, and the room\n"
    "                                   refuses NAME until unkick\n"
    "  unkick ROOM NAME                 lift NAME's kick from ROOM\n"
    "  close-room ROOM --reason TEXT    send everyone in ROOM away and keep it shut; its game\n"
    "                                   waits\n"
    "  reopen-room ROOM                 let ROOM's players back\n"
    "  room-actions                     the kicks and closed rooms in force\n"
    "  status NAME                      NAME's role and the mutes and bans in force\n"
    "  staff                            every moderator, admin and owner\n"
    "  audit [--limit N]                the audit log as JSON lines, newest first (100)\n"
    "  reset-password NAME [--public-url URL]\n"
    "                                   print a link for NAME to choose a new password (good\n"
    "                                   once, for 60 minutes; it signs NAME out everywhere);\n"
    "                                   URL is the server's --public-url (CARC_PUBLIC_URL)\n"
    "LENGTH: a whole number and a unit (m, h, d, w), e.g. 30m, 12h, 7d, 2w, or forever.\n"
    "The store is the server's: --store or CARC_STORE, else carcassonne.sqlite in --data-dir or\n"
    "CARC_DATA_DIR (data). Exit status: 0 done, 2 a bad command (nothing changed), 1 the store\n"
    "failed.\n";

constexpr int kMaxAuditLimit = 100000;

// Which options each command takes, and how many words.
struct CommandShape {
  std::size_t words;               // after the command's name
  std::set<std::string> required;  // options the command needs
  std::set<std::string> optional;
};

const std::map<std::string, CommandShape>& Shapes() {
  static const std::map<std::string, CommandShape> shapes = {
      {"grant", {2, {}, {}}},
      {"revoke", {1, {}, {}}},
      {"mute", {1, {"--for", "--reason"}, {}}},
      {"unmute", {1, {}, {}}},
      {"ban", {1, {"--for", "--reason"}, {}}},
      {"unban", {1, {}, {}}},
      {"end-sessions", {1, {"--reason"}, {}}},
      {"ban-address", {1, {"--for", "--reason"}, {}}},
      {"unban-address", {1, {}, {}}},
      {"address-bans", {0, {}, {}}},
      {"kick", {2, {"--reason"}, {}}},
      {"unkick", {2, {}, {}}},
      {"close-room", {1, {"--reason"}, {}}},
      {"reopen-room", {1, {}, {}}},
      {"room-actions", {0, {}, {}}},
      {"status", {1, {}, {}}},
      {"staff", {0, {}, {}}},
      {"audit", {0, {}, {"--limit"}}},
      {"reset-password", {1, {}, {"--public-url"}}},
  };
  return shapes;
}

struct Parsed {
  std::string command;
  std::vector<std::string> words;
  std::map<std::string, std::string> options;
};

// The words and options of `args` (options anywhere, before the command too), or why they are
// no command.
std::variant<Parsed, std::string> Parse(const std::vector<std::string>& args) {
  Parsed p;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.rfind("--", 0) != 0) {
      p.words.push_back(a);
      continue;
    }
    // A value is never an option's name: "--limit --store x" lacks the limit.
    if (i + 1 >= args.size() || args[i + 1].rfind("--", 0) == 0) return a + " needs a value";
    if (p.options.count(a) != 0) return a + " is given twice";
    p.options[a] = args[++i];
  }
  if (p.words.empty()) return std::string("a command is needed");
  p.command = p.words.front();
  p.words.erase(p.words.begin());
  const auto shape = Shapes().find(p.command);
  if (shape == Shapes().end()) return "unknown command \"" + p.command + "\"";
  for (const auto& [option, value] : p.options) {
    if (option != "--store" && option != "--data-dir" &&
        shape->second.required.count(option) == 0 && shape->second.optional.count(option) == 0) {
      return p.command + " takes no option " + option;
    }
  }
  if (p.words.size() != shape->second.words) {
    return p.command + " takes " + std::to_string(shape->second.words) + " word(s) before its " +
           "options, not " + std::to_string(p.words.size());
  }
  for (const std::string& needed : shape->second.required) {
    if (p.options.count(needed) == 0) {
      return p.command + " needs " + needed;
    }
  }
  return p;
}

class Admin {
 public:
  Admin(std::ostream& out, std::ostream& err, std::int64_t now, std::string public_url)
      : out_(out), err_(err), now_(now), public_url_(std::move(public_url)) {}

  int Run(const Parsed& p, store::EventStore& db) {
    accounts_ = db.accounts();
    moderation_ = db.moderation();
    if (accounts_ == nullptr || moderation_ == nullptr) {
      err_ << "carcassonne-server admin: this store keeps no accounts\n";
      return 1;
    }
    const std::string& c = p.command;
    if (c == "staff") return Staff();
    if (c == "audit") return Audit(p);
    if (c == "address-bans") return AddressBans();
    if (c == "room-actions") return RoomActions();
    if (c == "status") return Status(p.words[0]);
    if (c == "reset-password") return ResetPassword(p.words[0], public_url_);
    accounts::ModerationActions actions(*accounts_, *moderation_, now_);
    const accounts::Actor host = accounts::Actor::Host();
    const auto option = [&](const char* name) {
      const auto it = p.options.find(name);
      return it == p.options.end() ? std::string() : it->second;
    };
    const std::string& word = p.words[0];
    accounts::ActionOutcome outcome;
    if (c == "grant" || c == "revoke") {
      outcome = actions.Grant(host, word, c == "revoke" ? std::string("player") : p.words[1]);
    } else if (c == "mute" || c == "ban") {
      outcome = actions.Sanction(host, word, c == "ban" ? SanctionKind::kBan : SanctionKind::kMute,
                                 option("--for"), option("--reason"));
    } else if (c == "unmute" || c == "unban") {
      outcome = actions.Lift(host, word, c == "unban" ? SanctionKind::kBan : SanctionKind::kMute);
    } else if (c == "end-sessions") {
      outcome = actions.EndSessions(host, word, option("--reason"));
    } else if (c == "ban-address") {
      outcome = actions.BanAddress(host, word, option("--for"), option("--reason"));
    } else if (c == "kick") {
      outcome = actions.Kick(host, word, p.words[1], option("--reason"));
    } else if (c == "unkick") {
      outcome = actions.Unkick(host, word, p.words[1]);
    } else if (c == "close-room") {
      outcome = actions.CloseRoom(host, word, option("--reason"));
    } else if (c == "reopen-room") {
      outcome = actions.ReopenRoom(host, word);
    } else {
      outcome = actions.UnbanAddress(host, word);
    }
    if (!outcome.ok()) {
      err_ << "carcassonne-server admin: " << outcome.text << "\n";
      return 2;
    }
    out_ << outcome.text << "\n";
    return 0;
  }

 private:
  std::optional<store::Account> Find(const std::string& typed) {
    const std::string key = accounts::NameKey(typed);
    std::optional<store::Account> account;
    if (!key.empty()) account = accounts_->AccountByKey(key);
    if (!account) err_ << "carcassonne-server admin: no account is named \"" << typed << "\"\n";
    return account;
  }

  int AddressBans() {
    for (const auto& b : moderation_->AddressBansInForce(now_, kMaxAuditLimit)) {
      out_ << b.network << " since " << moderation::UtcMinute(b.created_at) << ", "
           << moderation::UntilText(b.ends_at) << ", by " << b.by << ": " << b.reason << "\n";
    }
    return 0;
  }

  int RoomActions() {
    for (const auto& a : moderation_->RoomActionsInForce(kMaxAuditLimit)) {
      out_ << "room " << a.room << ": "
           << (a.kind == store::RoomActionKind::kClose ? std::string("closed")
                                                       : "kicked " + a.target)
           << " since " << moderation::UtcMinute(a.created_at) << ", by " << a.by << ": "
           << a.reason << "\n";
    }
    return 0;
  }

  int Status(const std::string& typed) {
    const auto found = Find(typed);
    if (!found) return 2;
    const store::Account& account = *found;
    out_ << account.name << ": " << moderation::RoleName(moderation_->RoleOf(account.id)) << "\n";
    for (const auto& s : moderation_->ActiveSanctions(account.id, now_)) {
      out_ << "  " << store::SanctionKindName(s.kind) << " since "
           << moderation::UtcMinute(s.created_at) << ", " << moderation::UntilText(s.ends_at)
           << ", by " << s.by << ": " << s.reason << "\n";
    }
    return 0;
  }

  // The link goes to the host's screen, never to a log; the audit notes that one was made.
  int ResetPassword(const std::string& typed, const std::string& base_url) {
    const auto found = Find(typed);
    if (!found) return 2;
    const std::string token = accounts::IssueResetToken(*accounts_, found->id, now_);
    moderation_->AddAudit({0, now_, "host", "reset-password", found->name, "", ""});
    out_ << "a link for " << found->name << " to choose a new password, good once for "
         << accounts::kResetMinutes << " minutes:\n"
         << accounts::ResetLink(base_url, token) << "\n";
    if (base_url.empty()) out_ << "(no --public-url: put the server's address before it)\n";
    return 0;
  }

  int Staff() {
    for (const auto& s : moderation_->Staff()) {
      out_ << moderation::RoleName(s.role) << " " << s.name << " (since "
           << moderation::UtcMinute(s.since) << ")\n";
    }
    return 0;
  }

  int Audit(const Parsed& p) {
    int limit = 100;
    if (const auto it = p.options.find("--limit"); it != p.options.end()) {
      const std::string& v = it->second;
      const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), limit);
      if (ec != std::errc() || end != v.data() + v.size() || limit < 1 || limit > kMaxAuditLimit) {
        err_ << "carcassonne-server admin: --limit is a whole number from 1 to " << kMaxAuditLimit
             << "\n";
        return 2;
      }
    }
    for (const auto& a : moderation_->Audit(0, limit)) {
      out_ << nlohmann::json{{"id", a.id},         {"at", a.at},         {"actor", a.actor},
                             {"action", a.action}, {"target", a.target}, {"reason", a.reason},
                             {"detail", a.detail}}
                  .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
           << "\n";
    }
    return 0;
  }

  std::ostream& out_;
  std::ostream& err_;
  std::int64_t now_;
  const std::string public_url_;
  store::AccountStore* accounts_ = nullptr;
  store::ModerationStore* moderation_ = nullptr;
};

}  // namespace

const char* AdminUsage() {
  return kUsage;
}

int RunAdminCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                    const EnvLookup& env, std::int64_t now) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    out << kUsage;
    return 0;
  }
  auto parsed = Parse(args);
  if (const auto* why = std::get_if<std::string>(&parsed)) {
    err << "carcassonne-server admin: " << *why << "\n\n" << kUsage;
    return 2;
  }
  const Parsed& p = std::get<Parsed>(parsed);
  auto setting = [&](const char* option, const char* variable, std::string fallback) {
    if (const auto it = p.options.find(option); it != p.options.end()) return it->second;
    if (auto v = env(variable); v && !v->empty()) return *v;
    return fallback;
  };
  const std::string spec = setting("--store", "CARC_STORE", "");
  const std::string data_dir = setting("--data-dir", "CARC_DATA_DIR", "data");
  if (const std::string why = store::CheckStoreSpec(spec); !why.empty()) {
    err << "carcassonne-server admin: --store: " << why << "\n";
    return 2;
  }
  // A SQLite file that is not there is a wrong --data-dir or --store, not a store to make.
  if (const std::string where = store::DescribeStore(spec, data_dir);
      where.starts_with("sqlite:")) {
    std::error_code ec;
    if (!std::filesystem::exists(where.substr(7), ec)) {
      err << "carcassonne-server admin: there is no store at " << where.substr(7)
          << " (--data-dir, --store: the server's)\n";
      return 2;
    }
  }
  try {
    const auto db = store::OpenStore(spec, data_dir, store::Durability::kFull);
    std::string public_url = setting("--public-url", "CARC_PUBLIC_URL", "");
    while (public_url.ends_with('/')) public_url.pop_back();
    return Admin(out, err, now, std::move(public_url)).Run(p, *db);
  } catch (const store::StoreError& e) {
    err << "carcassonne-server admin: the store failed: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace carc::server
