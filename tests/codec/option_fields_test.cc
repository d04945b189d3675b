// The option tables as the one source of the options messages: every option of every game has
// its field, and each value the table names goes through the message and back unchanged.
#include <algorithm>
#include <catch2/catch.hpp>

#include "carc/codec/castle/castle_stream.h"
#include "carc/codec/option_fields.h"
#include "carc/codec/proto_codec.h"
#include "carc/engine/castle/castle_config.h"
#include "carc/engine/game_config.h"

namespace codec = carc::codec;
namespace engine = carc::engine;
namespace v1 = carc::v1;

namespace {

// Every value the spec names: the words of a choice, both ends and the middle of a range.
std::vector<std::string> ValuesOf(const engine::OptionSpec& spec) {
  switch (spec.type) {
    case engine::OptionType::kBool:
      return {"true", "false"};
    case engine::OptionType::kInt:
      return {std::to_string(spec.min), std::to_string((spec.min + spec.max) / 2),
              std::to_string(spec.max)};
    case engine::OptionType::kSize:
      return {"off", std::to_string(spec.min) + "x" + std::to_string(spec.max),
              std::to_string(spec.max) + "x" + std::to_string(spec.min)};
    case engine::OptionType::kChoice:
      break;
  }
  const auto words = engine::ChoicesOf(spec);
  return {words.begin(), words.end()};
}

}  // namespace

TEST_CASE(
    "B-1 K-1 every option of every game's table has its field in the game's options message") {
  CHECK(codec::CheckOptionFields(*v1::BaseOptions::descriptor(), engine::OptionSpecs()) == "");
  CHECK(codec::CheckOptionFields(*v1::CastleOptions::descriptor(),
                                 engine::castle::CastleOptionSpecs()) == "");
  // What the check catches: a field of the wrong type, a missing field, a zero value that would
  // read as "not named" although it is another value than the default.
  static constexpr engine::OptionSpec kWrongType[] = {
      {"hand_size", engine::OptionType::kChoice, "V-2", "a|b", "", "a"}};
  CHECK(codec::CheckOptionFields(*v1::BaseOptions::descriptor(), kWrongType) ==
        "carc.v1.BaseOptions has no field 'hand_size' of the option's type");
  static constexpr engine::OptionSpec kMissing[] = {
      {"river", engine::OptionType::kBool, "R-1", "true|false", "", "false"}};
  CHECK(codec::CheckOptionFields(*v1::BaseOptions::descriptor(), kMissing) != "");
  static constexpr engine::OptionSpec kTrueByDefault[] = {
      {"small_city", engine::OptionType::kBool, "B-19", "true|false", "", "true"}};
  CHECK(codec::CheckOptionFields(*v1::BaseOptions::descriptor(), kTrueByDefault)
            .find("needs presence") != std::string::npos);
}

TEST_CASE("B-1 the defaults in the base game's table are the defaults of its options") {
  for (const engine::OptionSpec& spec : engine::OptionSpecs()) {
    INFO(spec.name);
    CHECK(engine::GetOption(engine::Options{}, spec.name) == spec.default_value);
    for (const std::string& value : ValuesOf(spec)) {
      INFO(value);
      engine::Options o;
      CHECK(engine::SetOption(o, spec.name, value) == "");
    }
  }
}

TEST_CASE("K-10 K-11 The Castle's options go through CastleOptions and back, value by value") {
  for (const engine::OptionSpec& spec : engine::castle::CastleOptionSpecs()) {
    INFO(spec.name);
    CHECK(engine::castle::GetCastleOption(engine::castle::CastleOptions{}, spec.name) ==
          spec.default_value);
    for (const std::string& value : ValuesOf(spec)) {
      INFO(value);
      engine::castle::CastleOptions o;
      REQUIRE(engine::castle::SetCastleOption(o, spec.name, value) == "");
      const v1::CastleOptions proto = codec::CastleOptionsToProto(o);
      const auto read = codec::CastleOptionsFromProto(proto);
      REQUIRE(std::holds_alternative<engine::castle::CastleOptions>(read));
      CHECK(std::get<engine::castle::CastleOptions>(read) == o);
      const codec::NamedOptions named =
          codec::OptionFieldsOf(proto, engine::castle::CastleOptionSpecs());
      // Every option is named with its value (choices are written as words, never left empty).
      const auto it = std::find_if(named.begin(), named.end(),
                                   [&](const auto& n) { return n.first == spec.name; });
      if (value == "true" || spec.type == engine::OptionType::kChoice) {
        REQUIRE(it != named.end());
        CHECK(it->second == value);
      }
    }
  }
}

TEST_CASE("V-5 the board limit: its own field, and protocol 1's width and height still read") {
  engine::Options o;
  REQUIRE(engine::SetOption(o, "board_limit", "9x7") == "");
  const v1::BaseOptions p = codec::OptionsToProto(o);
  CHECK(p.board_limit() == "9x7");
  CHECK(p.board_width() == 9);  // written beside it for clients of protocol 1
  CHECK(p.board_height() == 7);
  v1::BaseOptions old;  // what a client of protocol 1 sends
  old.set_board_width(9);
  old.set_board_height(7);
  auto read = codec::OptionsFromProto(old);
  REQUIRE(std::holds_alternative<engine::Options>(read));
  CHECK(std::get<engine::Options>(read).board_width == 9);
  CHECK(std::get<engine::Options>(read).board_height == 7);
  old.set_board_limit("5x5");  // both forms: the table's own wins
  read = codec::OptionsFromProto(old);
  REQUIRE(std::holds_alternative<engine::Options>(read));
  CHECK(std::get<engine::Options>(read).board_width == 5);
}
