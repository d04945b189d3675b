// The roles table (moderation/roles.h) and the lengths of mutes and bans
// (moderation/sanction_length.h): who may do what, who may act on whom and give which role, the
// docs' table the same as the code's, and the lengths a host may type.
#include <catch2/catch.hpp>
#include <fstream>
#include <string>

#include "moderation/roles.h"
#include "moderation/sanction_length.h"

namespace carc::test::moderation_roles {

namespace m = carc::server::moderation;
using m::Power;
using m::Role;

constexpr Role kAllRoles[] = {Role::kGuest, Role::kPlayer, Role::kModerator, Role::kAdmin,
                              Role::kOwner};

TEST_CASE("roles: each power belongs to its least role and every role above it", "[moderation]") {
  for (int i = 0; i < m::kPowerCount; ++i) {
    const auto power = static_cast<Power>(i);
    const Role least = m::LeastRoleFor(power);
    for (const Role r : kAllRoles) {
      INFO(m::PowerName(power) << " for " << m::RoleName(r));
      CHECK(m::May(r, power) == (static_cast<int>(r) >= static_cast<int>(least)));
    }
  }
  // What a guest may do: nothing; a player: report.
  for (int i = 0; i < m::kPowerCount; ++i) CHECK_FALSE(m::May(Role::kGuest, static_cast<Power>(i)));
  CHECK(m::May(Role::kPlayer, Power::kReport));
  CHECK_FALSE(m::May(Role::kPlayer, Power::kMute));
  CHECK(m::May(Role::kModerator, Power::kBanAccount));
  CHECK_FALSE(m::May(Role::kModerator, Power::kBanAddress));
  CHECK_FALSE(m::May(Role::kModerator, Power::kSettings));
  CHECK(m::May(Role::kAdmin, Power::kBanAddress));
}

TEST_CASE("roles: a role acts only on lower roles and gives only roles below its own",
          "[moderation]") {
  CHECK(m::Outranks(Role::kModerator, Role::kPlayer));
  CHECK(m::Outranks(Role::kModerator, Role::kGuest));
  CHECK_FALSE(m::Outranks(Role::kModerator, Role::kModerator));
  CHECK_FALSE(m::Outranks(Role::kAdmin, Role::kOwner));
  CHECK_FALSE(m::Outranks(Role::kOwner, Role::kOwner));
  // A moderator names nobody; an admin names moderators; the owner names admins, not owners.
  for (const Role r : kAllRoles) CHECK_FALSE(m::MayGrant(Role::kModerator, r));
  CHECK(m::MayGrant(Role::kAdmin, Role::kModerator));
  CHECK(m::MayGrant(Role::kAdmin, Role::kPlayer));
  CHECK_FALSE(m::MayGrant(Role::kAdmin, Role::kAdmin));
  CHECK(m::MayGrant(Role::kOwner, Role::kAdmin));
  CHECK_FALSE(m::MayGrant(Role::kOwner, Role::kOwner));
  CHECK_FALSE(m::MayGrant(Role::kOwner, Role::kGuest));
}

TEST_CASE("roles: names read back, and nothing else is a role", "[moderation]") {
  for (const Role r : kAllRoles) CHECK(m::ParseRole(m::RoleName(r)) == r);
  CHECK_FALSE(m::ParseRole("Admin").has_value());
  CHECK_FALSE(m::ParseRole("root").has_value());
  CHECK_FALSE(m::ParseRole("").has_value());
}

TEST_CASE("roles: docs/moderation.md's table is the code's", "[moderation]") {
  std::ifstream in(std::string(CARC_SOURCE_DIR) + "/docs/moderation.md");
  REQUIRE(in);
  // Rows like "| `mute` | moderator | ... |" of the "Roles" section (others have tables of their
  // own): the power and its least role.
  int rows = 0;
  bool roles = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("## ", 0) == 0) roles = line == "## Roles";
    if (!roles || line.rfind("| `", 0) != 0) continue;
    const auto name_end = line.find('`', 3);
    const auto cell = line.find("| ", name_end);
    const auto cell_end = line.find(" |", cell + 2);
    REQUIRE(name_end != std::string::npos);
    REQUIRE(cell_end != std::string::npos);
    const std::string name = line.substr(3, name_end - 3);
    const std::string least = line.substr(cell + 2, cell_end - cell - 2);
    bool found = false;
    for (int i = 0; i < m::kPowerCount; ++i) {
      const auto power = static_cast<Power>(i);
      if (m::PowerName(power) != name) continue;
      found = true;
      INFO(name);
      CHECK(m::RoleName(m::LeastRoleFor(power)) == least);
    }
    INFO(line);
    CHECK(found);
    ++rows;
  }
  CHECK(rows == m::kPowerCount);
}

TEST_CASE("sanction lengths: minutes to ten years or for ever, anything else refused",
          "[moderation]") {
  using L = m::SanctionLength;
  auto length = [](const char* text) { return m::ParseSanctionLength(text); };
  CHECK(std::get<L>(length("30m")) == L{false, 1800});
  CHECK(std::get<L>(length("12h")) == L{false, 12 * 3600});
  CHECK(std::get<L>(length("7d")) == L{false, 7 * 86400});
  CHECK(std::get<L>(length("2w")) == L{false, 14 * 86400});
  CHECK(std::get<L>(length("3650d")) == L{false, 3650 * 86400LL});
  CHECK(std::get<L>(length("forever")) == L{true, 0});
  for (const char* bad : {"", "7", "d", "0d", "-1d", "+1d", "1.5d", "7 d", " 7d", "7D", "7y",
                          "3651d", "522w", "99999999m", "Forever", "1d1h"}) {
    INFO(bad);
    const auto parsed = length(bad);
    REQUIRE(std::holds_alternative<std::string>(parsed));
    CHECK_THAT(std::get<std::string>(parsed), Catch::Contains("e.g. 30m, 12h, 7d, 2w"));
  }
  CHECK(m::FormatSanctionLength(L{false, 14 * 86400}) == "2w");
  CHECK(m::FormatSanctionLength(L{false, 3 * 86400}) == "3d");
  CHECK(m::FormatSanctionLength(L{false, 90 * 60}) == "90m");
  CHECK(m::FormatSanctionLength(L{true, 0}) == "forever");
}

}  // namespace carc::test::moderation_roles
