#include "app/admin_command.h"

#include <charconv>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <variant>

#include "accounts/account_name.h"
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
    "  ban-address NETWORK --for LENGTH --reason TEXT\n"
    "                                   refuse the API and WebSocket to every client of NETWORK\n"
    "                                   (203.0.113.7, 203.0.113.0/24, 2001:db8::/48) for LENGTH\n"
    "  unban-address NETWORK            lift the bans of NETWORK\n"
    "  address-bans                     the address bans in force\n"
    "  status NAME                      NAME's role and the mutes and bans in force\n"
    "  staff                            every moderator, admin and owner\n"
    "  audit [--limit N]                the audit log as JSON lines, newest first (100)\n"
    "LENGTH: a whole number and a unit (m, h, d, w), e.g. 30m, 12h, 7d, 2w, or forever.\n"
    "The store is the server's: --store or CARC_STORE, else carcassonne.sqlite in --data-dir or\n"
    "CARC_DATA_DIR (data). Exit status: 0 done, 2 a bad command (nothing changed), 1 the store\n"
    "failed.\n";

constexpr int kMaxAuditLimit = 100000;
constexpr std::size_t kMaxReasonChars = 500;

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
      {"ban-address", {1, {"--for", "--reason"}, {}}},
      {"unban-address", {1, {}, {}}},
      {"address-bans", {0, {}, {}}},
      {"status", {1, {}, {}}},
      {"staff", {0, {}, {}}},
      {"audit", {0, {}, {"--limit"}}},
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
  Admin(std::ostream& out, std::ostream& err, std::int64_t now) : out_(out), err_(err), now_(now) {}

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
    if (c == "ban-address" || c == "unban-address") {
      const auto range = moderation::ParseIpRange(p.words[0]);
      if (const auto* why = std::get_if<std::string>(&range)) {
        err_ << "carcassonne-server admin: " << *why << "\n";
        return 2;
      }
      const auto& r = std::get<moderation::IpRange>(range);
      return c == "ban-address" ? BanAddress(r, p) : UnbanAddress(r);
    }
    const auto account = Find(p.words[0]);
    if (!account) return 2;
    if (c == "grant" || c == "revoke") {
      return Grant(*account, c == "revoke" ? std::string("player") : p.words[1]);
    }
    if (c == "mute" || c == "ban") {
      return Sanction(*account, c == "ban" ? SanctionKind::kBan : SanctionKind::kMute, p);
    }
    if (c == "unmute" || c == "unban") {
      return Lift(*account, c == "unban" ? SanctionKind::kBan : SanctionKind::kMute);
    }
    return Status(*account);
  }

 private:
  std::optional<store::Account> Find(const std::string& typed) {
    const std::string key = accounts::NameKey(typed);
    std::optional<store::Account> account;
    if (!key.empty()) account = accounts_->AccountByKey(key);
    if (!account) err_ << "carcassonne-server admin: no account is named \"" << typed << "\"\n";
    return account;
  }

  store::AuditEntry Entry(const std::string& action, const store::Account& target,
                          std::string reason, std::string detail) const {
    return {0, now_, "host", action, target.name, std::move(reason), std::move(detail)};
  }

  int Grant(const store::Account& account, const std::string& role_name) {
    const auto role = moderation::ParseRole(role_name);
    if (!role || *role == Role::kGuest) {
      err_ << "carcassonne-server admin: \"" << role_name
           << "\" is no role to give: moderator, admin, owner, or player to take one away\n";
      return 2;
    }
    const Role before = moderation_->RoleOf(account.id);
    if (before == *role) {
      out_ << account.name << " is " << moderation::RoleName(*role) << " already\n";
      return 0;
    }
    moderation_->SetRole(account.id, *role,
                         Entry(*role == Role::kPlayer ? "revoke" : "grant", account, "",
                               std::string(moderation::RoleName(*role))));
    out_ << account.name << " is now " << moderation::RoleName(*role) << " (was "
         << moderation::RoleName(before) << ")\n";
    return 0;
  }

  struct LengthAndReason {
    moderation::SanctionLength length;
    std::string reason;
    std::int64_t ends_at = 0;  // 0: for ever
  };

  // --for and --reason, as mute, ban and ban-address take them; nullopt (said on err_) when
  // either is wrong.
  std::optional<LengthAndReason> ReadLengthAndReason(const Parsed& p) {
    const auto length = moderation::ParseSanctionLength(p.options.at("--for"));
    if (const auto* why = std::get_if<std::string>(&length)) {
      err_ << "carcassonne-server admin: --for " << p.options.at("--for") << ": " << *why << "\n";
      return std::nullopt;
    }
    const std::string& reason = p.options.at("--reason");
    if (const auto problem = codec::CheckText(reason, kMaxReasonChars);
        problem != codec::TextProblem::kNone) {
      err_ << "carcassonne-server admin: --reason: "
           << codec::TextProblemMessage(problem, "reasons", kMaxReasonChars) << "\n";
      return std::nullopt;
    }
    const auto& len = std::get<moderation::SanctionLength>(length);
    return LengthAndReason{len, reason, len.forever ? 0 : now_ + len.seconds};
  }

  int Sanction(const store::Account& account, SanctionKind kind, const Parsed& p) {
    const auto given = ReadLengthAndReason(p);
    if (!given) return 2;
    const auto& [len, reason, ends] = *given;
    const std::string kind_name(store::SanctionKindName(kind));
    moderation_->AddSanction({0, kind, account.id, reason, now_, ends, "host"},
                             Entry(kind_name, account, reason, FormatSanctionLength(len)));
    out_ << (kind == SanctionKind::kBan ? "banned " : "muted ") << account.name << " "
         << moderation::UntilText(ends) << ": " << reason;
    // A ban signs the player out everywhere: their cookies open nothing any more, and a new
    // sign-in is refused with the ban (accounts/ban_refusal.h).
    if (kind == SanctionKind::kBan) {
      out_ << "; sessions ended: " << accounts_->EndSessions(account.id);
    }
    out_ << "\n";
    return 0;
  }

  int Lift(const store::Account& account, SanctionKind kind) {
    const std::string action = kind == SanctionKind::kBan ? "unban" : "unmute";
    const int lifted = moderation_->LiftSanctions(account.id, kind, Entry(action, account, "", ""));
    if (lifted == 0) {
      out_ << account.name << " has no " << store::SanctionKindName(kind) << " in force\n";
    } else {
      out_ << "lifted " << lifted << " " << store::SanctionKindName(kind) << (lifted > 1 ? "s" : "")
           << " of " << account.name << "\n";
    }
    return 0;
  }

  store::AuditEntry AddressEntry(const std::string& action, const moderation::IpRange& range,
                                 std::string reason, std::string detail) const {
    return {0, now_, "host", action, range.Text(), std::move(reason), std::move(detail)};
  }

  int BanAddress(const moderation::IpRange& range, const Parsed& p) {
    const auto given = ReadLengthAndReason(p);
    if (!given) return 2;
    const auto& [len, reason, ends] = *given;
    moderation_->AddAddressBan(
        {0, range.Text(), reason, now_, ends, "host"},
        AddressEntry("ban-address", range, reason, FormatSanctionLength(len)));
    // Connections open now stay open: the ban refuses new ones (docs/moderation.md).
    out_ << "banned " << range.Text() << " " << moderation::UntilText(ends) << ": " << reason
         << "\n";
    return 0;
  }

  int UnbanAddress(const moderation::IpRange& range) {
    const int lifted =
        moderation_->LiftAddressBans(range.Text(), AddressEntry("unban-address", range, "", ""));
    if (lifted == 0) {
      out_ << range.Text() << " has no ban in force (address-bans lists them)\n";
    } else {
      out_ << "lifted " << lifted << " ban" << (lifted > 1 ? "s" : "") << " of " << range.Text()
           << "\n";
    }
    return 0;
  }

  int AddressBans() {
    for (const auto& b : moderation_->AddressBansInForce(now_, kMaxAuditLimit)) {
      out_ << b.network << " since " << moderation::UtcMinute(b.created_at) << ", "
           << moderation::UntilText(b.ends_at) << ", by " << b.by << ": " << b.reason << "\n";
    }
    return 0;
  }

  int Status(const store::Account& account) {
    out_ << account.name << ": " << moderation::RoleName(moderation_->RoleOf(account.id)) << "\n";
    for (const auto& s : moderation_->ActiveSanctions(account.id, now_)) {
      out_ << "  " << store::SanctionKindName(s.kind) << " since "
           << moderation::UtcMinute(s.created_at) << ", " << moderation::UntilText(s.ends_at)
           << ", by " << s.by << ": " << s.reason << "\n";
    }
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
    return Admin(out, err, now).Run(p, *db);
  } catch (const store::StoreError& e) {
    err << "carcassonne-server admin: the store failed: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace carc::server
