// Limits on input from outside, at the codec: JSON nesting depth and size of records and data
// files (counted while parsing, so that nothing recursive ever sees a deep value), text length
// in characters of valid UTF-8, absent room options as their defaults, and unknown enum numbers.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "carc/codec/castle/castle_data.h"
#include "carc/codec/castle/castle_record.h"
#include "carc/codec/json_limits.h"
#include "carc/codec/proto_codec.h"
#include "carc/codec/record.h"
#include "carc/codec/text_limits.h"
#include "carc/engine/castle/castle_play.h"
#include "carc/engine/castle/castle_state.h"
#include "castle_configs.h"
#include "read_file.h"
#include "spliced_json.h"

namespace carc::test {
namespace {

using json = nlohmann::ordered_json;

std::string BaseRecordText() {
  const std::string text = ReadFile(std::filesystem::path(CARC_SOURCE_DIR) / "tests" / "golden" /
                                    "records" / "base_3p.json");
  REQUIRE_FALSE(text.empty());
  return text;
}

std::string CastleRecordText() {
  namespace castle = engine::castle;
  const castle::CastleConfig config = CastleConfigFor(5);
  castle::CastleState state(config);
  castle::RandomPlayer player(11);
  std::vector<castle::LoggedCommand> log;
  while (!state.IsOver()) {
    log.push_back(player.Choose(state));
    REQUIRE(state.Apply(log.back().seat, log.back().command) == engine::RejectReason::kNone);
  }
  return codec::WriteCastleRecord(config, log);
}

const std::string kTooDeep = "record nested deeper than 64 levels";

}  // namespace

TEST_CASE("JSON limits: 64 levels of nesting parse, 65 and 80,000 are refused by depth") {
  CHECK(std::holds_alternative<json>(codec::ParseLimitedJson(Nested(64), "record")));
  for (const std::size_t depth : {65, 80000}) {
    INFO(depth);
    const auto parsed = codec::ParseLimitedJson(Nested(depth), "record");
    REQUIRE(std::holds_alternative<std::string>(parsed));
    CHECK(std::get<std::string>(parsed) == kTooDeep);
  }
  // Objects count as levels too.
  std::string objects;
  for (int i = 0; i < 65; ++i) objects += "{\"a\":";
  objects += "1" + std::string(65, '}');
  const auto parsed = codec::ParseLimitedJson(objects, "record");
  REQUIRE(std::holds_alternative<std::string>(parsed));
  CHECK(std::get<std::string>(parsed) == kTooDeep);
}

TEST_CASE("JSON limits: a number that is no int is refused, so no reader narrows one") {
  const std::string ints = "[0, -2147483648, 2147483647, 7]";
  CHECK(std::holds_alternative<json>(codec::ParseLimitedJson(ints, "record")));
  for (const std::string number :
       {"1.11111e+51", "3.5", "2147483648", "-2147483649", "18446744073709551615", "1e2"}) {
    INFO(number);
    const auto parsed = codec::ParseLimitedJson("{\"players\": " + number + "}", "record");
    REQUIRE(std::holds_alternative<std::string>(parsed));
    CHECK(std::get<std::string>(parsed).rfind("record holds the number ", 0) == 0);
    CHECK(std::get<std::string>(parsed).find("integers from -2147483648 to 2147483647") !=
          std::string::npos);
  }
  // Through the record readers (a turn's x as a huge double once reached get<int>()).
  codec::ParsedRecord record = codec::ParseRecord(
      R"({"format": "carcassonne-record/1", "players": 2, "turns": [{"tile": "D", "x": 1e51}]})");
  REQUIRE_FALSE(record.record);
  CHECK(record.error.message.find("1e+51") != std::string::npos);
  CHECK_FALSE(codec::IsCastleRecord(R"({"game": "castle", "players": 2.5})"));
}

TEST_CASE("JSON limits: an array of as many objects as the value limit allows parses") {
  // With nlohmann's parser callback this was quadratic (each closing brace looked through the
  // whole array): 249,999 objects were billions of steps; the two linear passes take moments.
  std::string objects = "[";
  for (std::size_t i = 1; i < codec::kMaxJsonValues; ++i) objects += i > 1 ? ",{}" : "{}";
  objects += "]";
  const auto parsed = codec::ParseLimitedJson(objects, "record");
  REQUIRE(std::holds_alternative<json>(parsed));
  CHECK(std::get<json>(parsed).size() == codec::kMaxJsonValues - 1);
  const auto over =
      codec::ParseLimitedJson(objects.substr(0, objects.size() - 1) + ",{}]", "record");
  REQUIRE(std::holds_alternative<std::string>(over));
  CHECK(std::get<std::string>(over) == "record holds more than 250000 values");
}

TEST_CASE("JSON limits: text over the size limit is refused before parsing, bad JSON named") {
  const std::string big = "[" + std::string(codec::kMaxRecordBytes, ' ') + "]";
  const auto parsed = codec::ParseLimitedJson(big, "record");
  REQUIRE(std::holds_alternative<std::string>(parsed));
  CHECK(std::get<std::string>(parsed) == "record is over 1048576 bytes");
  const auto bad = codec::ParseLimitedJson("{\"a\":", "board");
  REQUIRE(std::holds_alternative<std::string>(bad));
  CHECK(std::get<std::string>(bad).rfind("board is not valid JSON", 0) == 0);
}

TEST_CASE("base record: rules nested 80,000 deep are refused by depth, not a crash") {
  const std::string text = WithRawValue(BaseRecordText(), "/rules/farmers", Nested(80000));
  const codec::ParsedRecord parsed = codec::ParseRecord(text);
  REQUIRE_FALSE(parsed.record.has_value());
  CHECK(parsed.error.message == kTooDeep);
  CHECK_FALSE(codec::IsCastleRecord(text));
}

TEST_CASE("base record: a record nested just under the limit still parses and replays") {
  // The top-level object is level 1: 63 more levels make 64.
  const std::string text = WithRawValue(BaseRecordText(), "/note", Nested(63));
  const codec::ParsedRecord parsed = codec::ParseRecord(text);
  INFO(parsed.error.message);
  REQUIRE(parsed.record.has_value());
  CHECK_FALSE(codec::ReplayRecord(*parsed.record).error.has_value());
  const std::string over = WithRawValue(BaseRecordText(), "/note", Nested(64));
  CHECK(codec::ParseRecord(over).error.message == kTooDeep);
}

TEST_CASE("base record: a rule's value must be a scalar, and is not echoed") {
  const std::string text = WithRawValue(BaseRecordText(), "/rules/farmers", Nested(10));
  const codec::ParsedRecord parsed = codec::ParseRecord(text);
  REQUIRE_FALSE(parsed.record.has_value());
  CHECK(parsed.error.message == "rule farmers: a value is true, false, a number, a text or null");
  const codec::ParsedRecord list =
      codec::ParseRecord(WithRawValue(BaseRecordText(), "/rules", "[]"));
  CHECK(list.error.message == "\"rules\" must be an object");
}

TEST_CASE("Castle record: rules nested 80,000 deep are refused by depth, not a crash") {
  const std::string text =
      WithRawValue(CastleRecordText(), "/rules/wall4_fountain_bonus", Nested(80000));
  const codec::CastleReplay replay = codec::ReplayCastleRecord(text, codec::DefaultCastleSet());
  REQUIRE(replay.error.has_value());
  CHECK(replay.error->message == kTooDeep);
}

TEST_CASE("Castle record: a record nested just under the limit still replays") {
  const std::string text = WithRawValue(CastleRecordText(), "/note", Nested(63));
  REQUIRE(codec::IsCastleRecord(text));
  const codec::CastleReplay replay = codec::ReplayCastleRecord(text, codec::DefaultCastleSet());
  INFO((replay.error ? replay.error->message : ""));
  CHECK_FALSE(replay.error.has_value());
  const std::string over = WithRawValue(CastleRecordText(), "/note", Nested(64));
  const codec::CastleReplay refused = codec::ReplayCastleRecord(over, codec::DefaultCastleSet());
  REQUIRE(refused.error.has_value());
  CHECK(refused.error->message == kTooDeep);
}

TEST_CASE("Castle record: a structured rule value and a wrongly typed field are errors") {
  const codec::CastleReplay nested = codec::ReplayCastleRecord(
      WithRawValue(CastleRecordText(), "/rules/wall4_fountain_bonus", Nested(3)),
      codec::DefaultCastleSet());
  REQUIRE(nested.error.has_value());
  CHECK(nested.error->message ==
        "rule wall4_fountain_bonus: a value is true, false, a number or a text");
  // "format" as a number used to escape as an exception.
  const codec::CastleReplay typed = codec::ReplayCastleRecord(
      WithRawValue(CastleRecordText(), "/format", "7"), codec::DefaultCastleSet());
  REQUIRE(typed.error.has_value());
  CHECK(typed.error->message.rfind("not a valid record", 0) == 0);
}

TEST_CASE("Castle data files: nesting over the limit is refused by depth") {
  const std::string board =
      WithRawValue(std::string(codec::DefaultCastleBoardJson()), "/note", Nested(80000));
  const auto parsed = codec::ParseCastleSet(board, codec::DefaultCastleTilesJson());
  REQUIRE(std::holds_alternative<std::string>(parsed));
  CHECK(std::get<std::string>(parsed) == "board nested deeper than 64 levels");
}

TEST_CASE("text limits: characters are code points, 32 multi-byte characters are a name") {
  std::string name;
  for (int i = 0; i < 32; ++i) name += i % 2 ? "\xc3\xa9" : "\xe6\x97\xa5";  // é, 日
  CHECK(codec::Utf8Length(name) == 32u);
  CHECK(codec::CheckText(name, codec::kMaxNameChars) == codec::TextProblem::kNone);
  CHECK(codec::CheckText(name + "\xf0\x9f\x8f\xb0", codec::kMaxNameChars) ==  // 🏰
        codec::TextProblem::kTooLong);
  std::string ascii(32, 'a');
  CHECK(codec::CheckText(ascii, codec::kMaxNameChars) == codec::TextProblem::kNone);
  CHECK(codec::CheckText(ascii + "a", codec::kMaxNameChars) == codec::TextProblem::kTooLong);
  CHECK(codec::CheckText("", codec::kMaxNameChars) == codec::TextProblem::kEmpty);
}

TEST_CASE("text limits: 500 multi-byte characters are a chat line, 501 are not") {
  std::string chat;
  for (int i = 0; i < 500; ++i) chat += "\xf0\x9f\x8f\xb0";
  CHECK(codec::CheckText(chat, codec::kMaxChatChars) == codec::TextProblem::kNone);
  CHECK(codec::CheckText(chat + "x", codec::kMaxChatChars) == codec::TextProblem::kTooLong);
}

TEST_CASE("text limits: overlong forms, surrogates, cut sequences and controls are refused") {
  const std::pair<const char*, codec::TextProblem> cases[] = {
      {"a\xc0\xaf", codec::TextProblem::kInvalidUtf8},         // overlong '/'
      {"\xe0\x80\xaf", codec::TextProblem::kInvalidUtf8},      // overlong '/', 3 bytes
      {"\xf0\x80\x80\xaf", codec::TextProblem::kInvalidUtf8},  // overlong '/', 4 bytes
      {"\xed\xa0\x80", codec::TextProblem::kInvalidUtf8},      // U+D800, a surrogate
      {"\xed\xbf\xbf", codec::TextProblem::kInvalidUtf8},      // U+DFFF
      {"\xf4\x90\x80\x80", codec::TextProblem::kInvalidUtf8},  // above U+10FFFF
      {"ab\xe6\x97", codec::TextProblem::kInvalidUtf8},        // cut short
      {"\x80", codec::TextProblem::kInvalidUtf8},              // a lone continuation byte
      {"\xff", codec::TextProblem::kInvalidUtf8},
      {"a\nb", codec::TextProblem::kControlCharacter},
      {"a\x7f", codec::TextProblem::kControlCharacter},
      {"a\xc2\x85", codec::TextProblem::kControlCharacter},  // U+0085, C1
      {"\xed\x9f\xbf", codec::TextProblem::kNone},           // U+D7FF, just below
      {"\xf4\x8f\xbf\xbf", codec::TextProblem::kNone},       // U+10FFFF
  };
  for (const auto& [text, problem] : cases) {
    INFO(text);
    CHECK(codec::CheckText(text, codec::kMaxNameChars) == problem);
  }
  std::string nul("a\0b", 3);
  CHECK(codec::CheckText(nul, codec::kMaxNameChars) == codec::TextProblem::kControlCharacter);
  CHECK_FALSE(codec::Utf8Length("\xed\xa0\x80").has_value());
  CHECK(codec::TextProblemMessage(codec::TextProblem::kInvalidUtf8, "names", 32) ==
        "names are 1..32 characters of valid UTF-8");
}

TEST_CASE("options: absent fields are the README defaults, farmers and V-1 included") {
  const auto absent = codec::OptionsFromProto(v1::BaseOptions{});
  REQUIRE(std::holds_alternative<engine::Options>(absent));
  CHECK(std::get<engine::Options>(absent) == engine::Options{});
  CHECK(std::get<engine::Options>(absent).farmers);
  CHECK(std::get<engine::Options>(absent).incomplete_features_score);
  v1::BaseOptions off;
  off.set_farmers(false);
  off.set_incomplete_features_score(false);
  v1::BaseOptions wire;
  REQUIRE(wire.ParseFromString(off.SerializeAsString()));  // false survives the wire
  const auto parsed = codec::OptionsFromProto(wire);
  REQUIRE(std::holds_alternative<engine::Options>(parsed));
  CHECK_FALSE(std::get<engine::Options>(parsed).farmers);
  CHECK_FALSE(std::get<engine::Options>(parsed).incomplete_features_score);
}

TEST_CASE("options: a stored room's absent bools are read as the false they were written as") {
  v1::BaseOptions stored = codec::OptionsToProto(engine::Options{});
  stored.clear_farmers();  // what an older server wrote for farmers=false
  codec::UpgradeStoredOptions(stored);
  const auto parsed = codec::OptionsFromProto(stored);
  REQUIRE(std::holds_alternative<engine::Options>(parsed));
  CHECK_FALSE(std::get<engine::Options>(parsed).farmers);
  CHECK(std::get<engine::Options>(parsed).incomplete_features_score);
}

TEST_CASE("commands: unknown and unspecified Quarter numbers are refused (C-2 C-5)") {
  const engine::TileCatalog& cat = engine::CatalogFor([] {
    engine::Options o;
    o.count = true;
    return o;
  }());
  auto refused = [&](const v1::BaseCommand& c) {
    const auto r = codec::CommandFromProto(c, cat);
    return std::holds_alternative<std::string>(r) &&
           std::get<std::string>(r).find("QUARTER_CASTLE") != std::string::npos;
  };
  for (const int q : {0, 5, 99, -1}) {
    INFO(q);
    v1::BaseCommand enter;
    enter.mutable_enter_city()->set_quarter(static_cast<v1::Quarter>(q));
    enter.mutable_enter_city()->set_count_to(v1::QUARTER_MARKET);
    CHECK(refused(enter));
    enter.mutable_enter_city()->set_quarter(v1::QUARTER_MARKET);
    enter.mutable_enter_city()->set_count_to(static_cast<v1::Quarter>(q));
    CHECK(refused(enter));
    v1::BaseCommand leave;
    leave.mutable_leave_city()->set_quarter(static_cast<v1::Quarter>(q));
    leave.mutable_leave_city()->mutable_position()->set_x(0);
    CHECK(refused(leave));
  }
  v1::BaseCommand good;
  good.mutable_enter_city()->set_quarter(v1::QUARTER_CASTLE);
  good.mutable_enter_city()->set_count_to(v1::QUARTER_CATHEDRAL);
  CHECK(std::holds_alternative<engine::Command>(codec::CommandFromProto(good, cat)));
}

namespace {

std::string ObjectOfKeys(int keys) {
  std::string s = "{";
  for (int i = 0; i < keys; ++i) s += (i > 0 ? ",\"k" : "\"k") + std::to_string(i) + "\":0";
  return s + "}";
}

}  // namespace

TEST_CASE("JSON limits: an object of 256 keys parses, 257 and 80000 are refused at the 257th") {
  CHECK(std::holds_alternative<json>(codec::ParseLimitedJson(ObjectOfKeys(256), "record")));
  for (const int keys : {257, 80000}) {
    const auto parsed = codec::ParseLimitedJson(ObjectOfKeys(keys), "record");
    REQUIRE(std::holds_alternative<std::string>(parsed));
    CHECK(std::get<std::string>(parsed) == "record has an object of more than 256 keys");
  }
  // The count is per object: many objects of 256 keys each are fine.
  std::string many = "[";
  for (int i = 0; i < 100; ++i) many += (i > 0 ? "," : "") + ObjectOfKeys(256);
  CHECK(std::holds_alternative<json>(codec::ParseLimitedJson(many + "]", "record")));
}

TEST_CASE("JSON limits: more than 250000 values in all are refused") {
  std::string zeros = "[0";
  for (int i = 1; i < 250001; ++i) zeros += ",0";
  const auto parsed = codec::ParseLimitedJson(zeros + "]", "record");
  REQUIRE(std::holds_alternative<std::string>(parsed));
  CHECK(std::get<std::string>(parsed) == "record holds more than 250000 values");
  std::string fewer = "[0";
  for (int i = 1; i < 249000; ++i) fewer += ",0";
  CHECK(std::holds_alternative<json>(codec::ParseLimitedJson(fewer + "]", "record")));
}

TEST_CASE("JSON limits: a number too large for a double is refused, not thrown (fuzz_api_json)") {
  for (const char* text : {"11463347844e881.5", "[1e400]", "{\"a\": -1e999}"}) {
    INFO(text);
    const auto parsed = codec::ParseLimitedJson(text, "record");
    REQUIRE(std::holds_alternative<std::string>(parsed));
    CHECK(std::get<std::string>(parsed).rfind("record is not valid JSON: ", 0) == 0);
  }
}

}  // namespace carc::test
