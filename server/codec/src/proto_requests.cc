// Wire -> engine: room options and commands. Nothing from the wire is trusted: every field is
// range-checked here, so the engine only ever sees values it was built for.
#include <string>
#include <string_view>

#include "carc/codec/option_fields.h"
#include "carc/codec/proto_codec.h"
#include "wire_names.h"

namespace carc::codec {
namespace {

constexpr int kMaxCoordinate = 1000;  // far beyond any board of 72 tiles
constexpr std::uint32_t kMaxSegment = 16;

// proto3 enums are open: a number the schema does not know arrives as it was sent.
bool KnownQuarter(v1::Quarter q) {
  return v1::Quarter_IsValid(q) && q != v1::QUARTER_UNSPECIFIED;
}

constexpr std::string_view kQuarterValues = "QUARTER_CASTLE, _MARKET, _BLACKSMITH or _CATHEDRAL";

}  // namespace

v1::BaseOptions OptionsToProto(const engine::Options& o) {
  v1::BaseOptions out;
  SetOptionFields(
      engine::OptionSpecs(), [&o](std::string_view name) { return engine::GetOption(o, name); },
      out);
  out.set_board_width(static_cast<std::uint32_t>(o.board_width));  // for protocol 1's clients
  out.set_board_height(static_cast<std::uint32_t>(o.board_height));
  return out;
}

std::variant<engine::Options, std::string> OptionsFromProto(const v1::BaseOptions& p) {
  engine::Options o;  // the defaults, for every option the message leaves out
  NamedOptions named = OptionFieldsOf(p, engine::OptionSpecs());
  if (p.board_limit().empty() && (p.board_width() != 0 || p.board_height() != 0)) {
    // Protocol 1's form of the board limit.
    if ((p.board_width() == 0) != (p.board_height() == 0)) {
      return "board_limit needs both board_width and board_height (or neither)";
    }
    named.emplace_back("board_limit",
                       std::to_string(p.board_width()) + "x" + std::to_string(p.board_height()));
  }
  // The engine's own parser is the one definition of the accepted values and of the message.
  for (const auto& [name, value] : named) {
    if (std::string e = engine::SetOption(o, name, value); !e.empty()) return e;
  }
  engine::GameConfig config;  // two players, host seat 0: only the options can be wrong
  config.options = o;
  if (std::string e = engine::Validate(config); !e.empty()) return e;
  return o;
}

void UpgradeStoredOptions(v1::BaseOptions& stored) {
  if (!stored.has_farmers()) stored.set_farmers(false);
  if (!stored.has_incomplete_features_score()) stored.set_incomplete_features_score(false);
}

std::variant<engine::Command, std::string> CommandFromProto(const v1::BaseCommand& proto,
                                                            const engine::TileCatalog& catalog) {
  switch (proto.command_case()) {
    case v1::BaseCommand::kPlaceTile: {
      const v1::PlaceTile& m = proto.place_tile();
      if (!m.has_position()) return std::string("place_tile: position is missing");
      const int x = m.position().x();
      const int y = m.position().y();
      if (x < -kMaxCoordinate || x > kMaxCoordinate || y < -kMaxCoordinate || y > kMaxCoordinate) {
        return "place_tile: position (" + std::to_string(x) + "," + std::to_string(y) +
               ") is outside -1000..1000";
      }
      if (m.rotation() > 3) {
        return "place_tile: rotation must be 0..3, not " + std::to_string(m.rotation());
      }
      engine::PlaceTile c;
      c.pos = {x, y};
      c.rotation = static_cast<int>(m.rotation());
      if (!m.tile().empty()) {
        c.tile = m.tile().size() == 1 ? catalog.KindOf(m.tile()[0]) : engine::kNoTile;
        if (c.tile == engine::kNoTile) {
          return std::string("place_tile: tile must be a letter of the tile set or empty");
        }
      }
      return engine::Command{c};
    }
    case v1::BaseCommand::kPlaceFollower: {
      const std::uint32_t segment = proto.place_follower().segment();
      if (segment >= kMaxSegment) {
        return "place_follower: segment must be 0..15, not " + std::to_string(segment);
      }
      return engine::Command{engine::PlaceFollower{static_cast<std::uint8_t>(segment)}};
    }
    case v1::BaseCommand::kSkipFollower:
      return engine::Command{engine::SkipFollower{}};
    case v1::BaseCommand::kEnterCity: {
      const v1::EnterCity& m = proto.enter_city();
      if (!KnownQuarter(m.quarter()) || !KnownQuarter(m.count_to())) {
        return "enter_city: quarter and count_to must be " + std::string(kQuarterValues);
      }
      return engine::Command{engine::EnterCity{detail::QuarterFromProto(m.quarter()),
                                               detail::QuarterFromProto(m.count_to())}};
    }
    case v1::BaseCommand::kRedeploy: {
      const std::uint32_t n = proto.redeploy().followers();
      if (n < 1 || n > 7) {
        return "redeploy: followers must be 1..7, not " + std::to_string(n);
      }
      return engine::Command{engine::Redeploy{static_cast<int>(n)}};
    }
    case v1::BaseCommand::kLeaveCity: {
      const v1::LeaveCity& m = proto.leave_city();
      if (!KnownQuarter(m.quarter())) {
        return "leave_city: quarter must be " + std::string(kQuarterValues);
      }
      if (!m.has_position()) return std::string("leave_city: position is missing");
      const int x = m.position().x();
      const int y = m.position().y();
      if (x < -kMaxCoordinate || x > kMaxCoordinate || y < -kMaxCoordinate || y > kMaxCoordinate) {
        return "leave_city: position (" + std::to_string(x) + "," + std::to_string(y) +
               ") is outside -1000..1000";
      }
      if (m.segment() >= kMaxSegment) {
        return "leave_city: segment must be 0..15, not " + std::to_string(m.segment());
      }
      return engine::Command{engine::LeaveCity{
          detail::QuarterFromProto(m.quarter()), {x, y}, static_cast<std::uint8_t>(m.segment())}};
    }
    case v1::BaseCommand::kPass:
      return engine::Command{engine::Pass{}};
    case v1::BaseCommand::COMMAND_NOT_SET:
      break;
  }
  return std::string("empty command");
}

v1::BaseCommand CommandToProto(const engine::Command& command, const engine::TileCatalog& catalog) {
  v1::BaseCommand out;
  if (const auto* c = std::get_if<engine::PlaceTile>(&command)) {
    v1::PlaceTile* m = out.mutable_place_tile();
    m->mutable_position()->set_x(c->pos.x);
    m->mutable_position()->set_y(c->pos.y);
    m->set_rotation(static_cast<std::uint32_t>(c->rotation));
    if (c->tile != engine::kNoTile) m->set_tile(detail::Letter(c->tile, catalog));
  } else if (const auto* f = std::get_if<engine::PlaceFollower>(&command)) {
    out.mutable_place_follower()->set_segment(f->segment);
  } else if (const auto* e = std::get_if<engine::EnterCity>(&command)) {
    out.mutable_enter_city()->set_quarter(detail::QuarterToProto(e->quarter));
    out.mutable_enter_city()->set_count_to(detail::QuarterToProto(e->count_to));
  } else if (const auto* r = std::get_if<engine::Redeploy>(&command)) {
    out.mutable_redeploy()->set_followers(static_cast<std::uint32_t>(r->followers));
  } else if (const auto* l = std::get_if<engine::LeaveCity>(&command)) {
    v1::LeaveCity* m = out.mutable_leave_city();
    m->set_quarter(detail::QuarterToProto(l->quarter));
    m->mutable_position()->set_x(l->pos.x);
    m->mutable_position()->set_y(l->pos.y);
    m->set_segment(l->segment);
  } else if (std::holds_alternative<engine::Pass>(command)) {
    out.mutable_pass();
  } else {
    out.mutable_skip_follower();
  }
  return out;
}

}  // namespace carc::codec
