// Limits on what clients send, end to end: records nested too deep for POST /api/replay and
// `carcassonne replay`, names and chat counted in characters, unknown enum numbers and clock
// values out of range in room options, absent base options as the README's defaults, and
// --game-seed over the whole unsigned 64-bit range.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <nlohmann/json.hpp>

#include "app/server_config.h"
#include "carc/codec/castle/castle_data.h"
#include "carc/codec/castle/castle_record.h"
#include "carc/codec/proto_codec.h"
#include "carc/engine/castle/castle_play.h"
#include "carc/engine/castle/castle_state.h"
#include "cli/cli_run.h"
#include "read_file.h"
#include "spliced_json.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

using json = nlohmann::ordered_json;

constexpr const char* kTooDeep = "record nested deeper than 64 levels";

std::string BaseRecordText() {
  return ReadFile(std::filesystem::path(CARC_SOURCE_DIR) / "tests" / "golden" / "records" /
                  "base_2p.json");
}

std::string CastleRecordText() {
  namespace castle = engine::castle;
  castle::CastleConfig config;
  config.set = codec::DefaultCastleSet();
  config.seed = 3;
  castle::CastleState state(config);
  castle::RandomPlayer player(9);
  std::vector<castle::LoggedCommand> log;
  castle::PlayOut(state, player, &log);
  return codec::WriteCastleRecord(config, log);
}

v1::ErrorCode ErrorOf(const std::optional<v1::ServerMessage>& m) {
  return m && m->has_error() ? m->error().code() : v1::ERROR_CODE_UNSPECIFIED;
}

v1::ClientMessage HelloNamed(const std::string& name) {
  v1::ClientMessage m = HelloMsg();
  m.mutable_hello()->set_client_name(name);
  return m;
}

// `n` characters of two and three bytes each.
std::string MultiByte(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += i % 2 ? "\xc3\xa9" : "\xe6\x97\xa5";  // é, 日
  return s;
}

std::optional<v1::RoomState> CreatedRoomState(client::WsClient& c, const v1::ClientMessage& m) {
  const auto granted = Ask(c, m);
  if (!granted || !granted->has_seat_granted()) return std::nullopt;
  const auto state = Await(c, [](const v1::ServerMessage& x) { return x.has_room_state(); });
  if (!state) return std::nullopt;
  return state->room_state();
}

}  // namespace

TEST_CASE(
    "input limits: records nested 80,000 deep, base and Castle, get 400 and the server "
    "serves on",
    "[server][limits]") {
  TestServer server;
  RawGame other = StartRawGame(server, 2);
  REQUIRE(other.error == "");
  const std::string base = BaseRecordText();
  REQUIRE_FALSE(base.empty());
  for (const std::string& record :
       {WithRawValue(base, "/rules/farmers", Nested(80000)),
        WithRawValue(CastleRecordText(), "/rules/wall4_fountain_bonus", Nested(80000))}) {
    const HttpResult r = HttpRequest(server.port(), "POST", "/api/replay", record);
    INFO(r.error << " " << r.body.substr(0, 200));
    CHECK(r.status == 400);
    CHECK(r.content_type == "application/json");
    CHECK(json::parse(r.body).value("error", "") == kTooDeep);
  }
  CHECK(HttpGet(server.port(), "/healthz").status == 200);
  // The other room plays on, and a record just under the limit replays.
  CHECK(PlayOneCommand(other));
  const std::string under = WithRawValue(base, "/rules/farmers", "true");
  const std::string text = WithRawValue(under, "/note", Nested(63));
  CHECK(HttpRequest(server.port(), "POST", "/api/replay", text).status == 200);
}

TEST_CASE("input limits: carcassonne replay refuses nested records with exit code 2",
          "[server][limits][cli]") {
  const std::filesystem::path dir = NewDataDir();
  const std::filesystem::path base_file = dir / "deep_base.json";
  const std::filesystem::path castle_file = dir / "deep_castle.json";
  std::ofstream(base_file) << WithRawValue(BaseRecordText(), "/rules/farmers", Nested(80000));
  std::ofstream(castle_file) << WithRawValue(CastleRecordText(), "/rules/wall4_fountain_bonus",
                                             Nested(80000));
  for (const auto& file : {base_file, castle_file}) {
    const CliRun run = RunCli("replay " + file.string(), true);
    INFO(run.out.substr(0, 400));
    CHECK(run.code == 2);
    CHECK(run.out.find(kTooDeep) != std::string::npos);
  }
  // Over the size limit: refused by its size, without reading the whole file.
  const std::filesystem::path big = dir / "big.json";
  std::ofstream(big) << "[" << std::string(2 * 1024 * 1024, ' ') << "]";
  const CliRun run = RunCli("replay " + big.string(), true);
  CHECK(run.code == 2);
  CHECK(run.out.find("record is over 1048576 bytes") != std::string::npos);
}

TEST_CASE("input limits: names are 1..32 characters of UTF-8, not bytes", "[server][limits]") {
  TestServer server;
  auto c = Dial(server);
  REQUIRE(c);
  // 32 characters of 2 and 3 bytes (80 bytes) are a name; 33 are not.
  const auto welcome = Ask(*c, HelloNamed(MultiByte(32)));
  REQUIRE(welcome);
  CHECK(welcome->has_welcome());
  CHECK(ErrorOf(Ask(*c, HelloNamed(MultiByte(33)))) == v1::ERROR_CODE_INVALID_NAME);
  CHECK(ErrorOf(Ask(*c, HelloNamed("tab\there"))) == v1::ERROR_CODE_TEXT_CONTROL_CHARACTER);
  CHECK(ErrorOf(Ask(*c, HelloNamed("c1\xc2\x9b"))) == v1::ERROR_CODE_TEXT_CONTROL_CHARACTER);

  v1::ClientMessage create = CreateMsg(2);
  create.mutable_create_room()->set_player_name(MultiByte(33));
  CHECK(ErrorOf(Ask(*c, create)) == v1::ERROR_CODE_INVALID_NAME);
  create.mutable_create_room()->set_player_name("new\nline");
  CHECK(ErrorOf(Ask(*c, create)) == v1::ERROR_CODE_TEXT_CONTROL_CHARACTER);
  CHECK(server.app().registry().size() == 0);
  create.mutable_create_room()->set_player_name(MultiByte(32));
  const auto room = CreatedRoomState(*c, create);
  REQUIRE(room);
  CHECK(room->seats(0).name() == MultiByte(32));

  auto joiner = DialHello(server);
  REQUIRE(joiner);
  v1::ClientMessage join = JoinMsg(room->code());
  join.mutable_join_room()->set_player_name(MultiByte(33));
  CHECK(ErrorOf(Ask(*joiner, join)) == v1::ERROR_CODE_INVALID_NAME);
  join.mutable_join_room()->set_player_name(MultiByte(32));
  const auto joined = Ask(*joiner, join);
  REQUIRE(joined);
  CHECK(joined->has_seat_granted());
}

TEST_CASE("input limits: chat lines are 1..500 characters without control characters",
          "[server][limits]") {
  TestServer server;
  auto c = DialHello(server);
  REQUIRE(c);
  REQUIRE(CreatedRoomState(*c, CreateMsg(2)));
  std::string long_line;
  for (int i = 0; i < 500; ++i) long_line += "\xf0\x9f\x8f\xb0";  // 2000 bytes, 500 characters
  v1::ClientMessage chat = ChatMsg(long_line);
  REQUIRE(c->Send(chat));
  const auto heard = Await(*c, [](const v1::ServerMessage& m) { return m.has_chat(); });
  REQUIRE(heard);
  CHECK(heard->chat().text() == long_line);
  CHECK(ErrorOf(Ask(*c, ChatMsg(long_line + "!"))) == v1::ERROR_CODE_CHAT_TOO_LONG);
  CHECK(ErrorOf(Ask(*c, ChatMsg("bell\x07"))) == v1::ERROR_CODE_TEXT_CONTROL_CHARACTER);
  CHECK(ErrorOf(Ask(*c, ChatMsg(""))) == v1::ERROR_CODE_CHAT_TOO_LONG);
}

TEST_CASE(
    "input limits: names and chat refuse bidi controls and isolates and line separators "
    "each with its own code",
    "[server][limits][security]") {
  TestServer server;
  auto c = Dial(server);
  REQUIRE(c);
  // U+202E (right-to-left override) reverses what follows it: "evil\u202Egnp.exe".
  const std::vector<std::pair<std::string, v1::ErrorCode>> cases = {
      {"evil\xe2\x80\xae"
       "gnp",
       v1::ERROR_CODE_TEXT_BIDI_CONTROL},  // U+202E RLO
      {"a\xe2\x80\xaa"
       "b",
       v1::ERROR_CODE_TEXT_BIDI_CONTROL},  // U+202A LRE
      {"iso\xe2\x81\xa6"
       "late",
       v1::ERROR_CODE_TEXT_BIDI_CONTROL},  // U+2066 LRI
      {"iso\xe2\x81\xa9"
       "late",
       v1::ERROR_CODE_TEXT_BIDI_CONTROL},  // U+2069 PDI
      {"two\xe2\x80\xa8"
       "lines",
       v1::ERROR_CODE_TEXT_LINE_SEPARATOR},  // U+2028
      {"two\xe2\x80\xa9"
       "paras",
       v1::ERROR_CODE_TEXT_LINE_SEPARATOR},  // U+2029
      {"bell\x07", v1::ERROR_CODE_TEXT_CONTROL_CHARACTER},
  };
  for (const auto& [text, code] : cases) {
    INFO(text);
    const auto refused = Ask(*c, HelloNamed(text));
    CHECK(ErrorOf(refused) == code);
    REQUIRE(refused);
    CHECK(refused->error().message().find("names are 1..32 characters") == 0);
  }
  // Right-to-left letters themselves are names like any other.
  const auto hebrew = Ask(*c, HelloNamed("\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d"));
  REQUIRE(hebrew);
  CHECK(hebrew->has_welcome());
  REQUIRE(CreatedRoomState(*c, CreateMsg(2)));
  for (const auto& [text, code] : cases) {
    INFO(text);
    CHECK(ErrorOf(Ask(*c, ChatMsg(text))) == code);
  }
}

TEST_CASE("input limits: unknown enum numbers in room options are INVALID_OPTIONS, no room made",
          "[server][limits]") {
  TestServer server;
  auto c = DialHello(server);
  REQUIRE(c);
  auto refused = [&](const v1::RoomOptions& room) {
    const auto a = Ask(*c, CreateMsg(room));
    INFO((a && a->has_error() ? a->error().message() : ""));
    return ErrorOf(a) == v1::ERROR_CODE_INVALID_OPTIONS;
  };
  for (const int n : {5, 99, -1}) {  // past the last value of either enum
    INFO(n);
    v1::RoomOptions room = RoomFor(2);
    room.set_game_type(static_cast<v1::GameType>(n));
    CHECK(refused(room));
    room = RoomFor(2);
    room.set_abandon_policy(static_cast<v1::AbandonPolicy>(n));
    CHECK(refused(room));
  }
  CHECK(server.app().registry().size() == 0);
  v1::ClientMessage list;
  list.mutable_list_rooms();
  const auto rooms = Ask(*c, list);
  REQUIRE(rooms);
  CHECK(rooms->room_list().rooms_size() == 0);
}

TEST_CASE("input limits: clock at its maxima (86400 s, 3600 s) is accepted, above is refused",
          "[server][limits]") {
  TestServer server;
  auto clock = [](std::uint32_t initial, std::uint32_t increment) {
    v1::RoomOptions room = RoomFor(2);
    room.mutable_clock()->set_initial_seconds(initial);
    room.mutable_clock()->set_increment_seconds(increment);
    return room;
  };
  auto c = DialHello(server);
  REQUIRE(c);
  for (const auto& [initial, increment] : {std::pair<std::uint32_t, std::uint32_t>{86401, 0},
                                           {86400, 3601},
                                           {0xFFFFFFFF, 0},
                                           {86400, 0xFFFFFFFF}}) {
    INFO(initial << " " << increment);
    CHECK(ErrorOf(Ask(*c, CreateMsg(clock(initial, increment)))) == v1::ERROR_CODE_INVALID_OPTIONS);
  }
  CHECK(server.app().registry().size() == 0);
  const auto room = CreatedRoomState(*c, CreateMsg(clock(86400, 3600)));
  REQUIRE(room);
  CHECK(room->options().clock().initial_seconds() == 86400);
  CHECK(room->options().clock().increment_seconds() == 3600);
}

TEST_CASE(
    "input limits: CreateRoom without base options, or with some absent, gets the README "
    "defaults",
    "[server][limits]") {
  TestServer server;
  const v1::BaseOptions defaults = codec::OptionsToProto(engine::Options{});
  REQUIRE(defaults.farmers());
  REQUIRE(defaults.incomplete_features_score());
  auto c = DialHello(server);
  REQUIRE(c);
  v1::RoomOptions bare;  // no game type, no seats, no base options
  const auto room = CreatedRoomState(*c, CreateMsg(bare));
  REQUIRE(room);
  CHECK(room->options().game_type() == v1::GAME_TYPE_BASE);
  CHECK(room->options().seats() == 2);
  // A server with computer players (the default) lets one play for whoever is away.
  CHECK(room->options().abandon_policy() == v1::ABANDON_POLICY_COMPUTER);
  CHECK(room->options().base().SerializeAsString() == defaults.SerializeAsString());
  CHECK(room->options().base().has_farmers());

  auto d = DialHello(server);
  REQUIRE(d);
  v1::RoomOptions some = RoomFor(3);
  v1::BaseOptions* base = some.mutable_base();
  base->Clear();
  base->set_small_city(true);
  base->set_incomplete_features_score(false);
  const auto partial = CreatedRoomState(*d, CreateMsg(some));
  REQUIRE(partial);
  CHECK(partial->options().base().farmers());
  CHECK(partial->options().base().small_city());
  CHECK_FALSE(partial->options().base().incomplete_features_score());
  CHECK(partial->options().base().followers() == 7);
  CHECK(partial->options().base().farm_scoring() == "c3");
}

TEST_CASE("input limits: --game-seed takes 0..2^64-1 and refuses 2^64 and negatives",
          "[server][limits][config]") {
  auto parse = [](const std::string& value) {
    std::string flag = "--game-seed";
    std::string arg = value;
    std::string prog = "carcassonne-server";
    char* argv[] = {prog.data(), flag.data(), arg.data()};
    return server::ParseServerConfig(3, argv);
  };
  const auto max = parse("18446744073709551615");
  REQUIRE(std::holds_alternative<server::ServerConfig>(max));
  CHECK(std::get<server::ServerConfig>(max).game_seed == std::numeric_limits<std::uint64_t>::max());
  const auto big = parse("9223372036854775808");  // 2^63, refused before
  REQUIRE(std::holds_alternative<server::ServerConfig>(big));
  CHECK(std::get<server::ServerConfig>(big).game_seed == 9223372036854775808ull);
  for (const std::string bad : {"18446744073709551616", "-1", "+5", "", "12x"}) {
    INFO(bad);
    const auto refused = parse(bad);
    REQUIRE(std::holds_alternative<std::string>(refused));
    CHECK(std::get<std::string>(refused).find("--game-seed: bad value") != std::string::npos);
    CHECK(std::get<std::string>(refused).find("0..18446744073709551615") != std::string::npos);
  }
  // A game starts and plays with the largest seed.
  server::ServerConfig config = TestConfig();
  config.game_seed = std::numeric_limits<std::uint64_t>::max();
  TestServer server(config);
  RawGame game = StartRawGame(server, 2);
  REQUIRE(game.error == "");
  CHECK(PlayOneCommand(game));
}

namespace {

// The server's reading of one command-line flag.
std::variant<server::ServerConfig, std::string> ParseFlag(std::string flag, std::string value) {
  std::string prog = "carcassonne-server";
  char* argv[] = {prog.data(), flag.data(), value.data()};
  return server::ParseServerConfig(3, argv);
}

// Every value in `bad` is refused with a message that names `flag`.
void CheckRefused(const std::string& flag, std::initializer_list<const char*> bad) {
  for (const std::string value : bad) {
    INFO(flag << " " << value);
    const auto refused = ParseFlag(flag, value);
    REQUIRE(std::holds_alternative<std::string>(refused));
    CHECK(std::get<std::string>(refused).find(flag) != std::string::npos);
  }
}

// The server's reading of several flags given together.
std::variant<server::ServerConfig, std::string> ParseFlags(std::vector<std::string> args) {
  std::string prog = "carcassonne-server";
  std::vector<char*> argv = {prog.data()};
  for (auto& a : args) argv.push_back(a.data());
  return server::ParseServerConfig(static_cast<int>(argv.size()), argv.data());
}

server::ServerConfig Accepted(const std::string& flag, const std::string& value) {
  INFO(flag << " " << value);
  auto parsed = ParseFlag(flag, value);
  REQUIRE(std::holds_alternative<server::ServerConfig>(parsed));
  return std::get<server::ServerConfig>(parsed);
}

}  // namespace

TEST_CASE("input limits: the cluster flags take their ranges and refuse the rest",
          "[server][limits][config]") {
  CHECK(Accepted("--node-id", "node-1.eu_west").node_id == "node-1.eu_west");
  CHECK(Accepted("--node-id", std::string(64, 'n')).node_id.size() == 64);
  CheckRefused("--node-id", {"", "a b", "n\x01", "n/1", "caf\xc3\xa9",
                             "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"});
  CHECK(Accepted("--advertise", "wss://play.example.org/node/a/ws").advertise ==
        "wss://play.example.org/node/a/ws");
  CheckRefused("--advertise", {"", "http://a/ws", "ws://a b/ws", "ws://a/\x7f", "javascript:x"});
  CheckRefused("--advertise", {("ws://" + std::string(200, 'a')).c_str()});
  CHECK(Accepted("--lease-ms", "500").lease == std::chrono::milliseconds(500));
  CHECK(Accepted("--lease-ms", "600000").lease == std::chrono::milliseconds(600000));
  CheckRefused("--lease-ms", {"499", "600001", "-1", "", "3s"});
}

TEST_CASE("input limits: --room-queue takes 1..1048576 and refuses 0, negatives and junk",
          "[server][limits][config]") {
  CHECK(Accepted("--room-queue", "1").room_queue == 1);
  CHECK(Accepted("--room-queue", "1048576").room_queue == 1048576);
  CheckRefused("--room-queue", {"0", "-1", "1048577", "99999999999999999999", "", "12x"});
}

TEST_CASE("input limits: the computer players' flags take their ranges and refuse the rest",
          "[server][limits][config]") {
  CHECK(Accepted("--bot-threads", "0").bot_threads == 0);
  CHECK(Accepted("--bot-threads", "64").bot_threads == 64);
  CheckRefused("--bot-threads", {"-1", "65", "1e3", "", "two", "99999999999999999999"});
  CHECK(Accepted("--bot-queue", "1").bot_queue == 1);
  CHECK(Accepted("--bot-queue", "1048576").bot_queue == 1048576);
  CheckRefused("--bot-queue", {"0", "-5", "1048577", "0x10", " 5"});
  CHECK(Accepted("--max-computer-ms", "10").max_computer_ms.count() == 10);
  CHECK(Accepted("--max-computer-ms", "60000").max_computer_ms.count() == 60000);
  CheckRefused("--max-computer-ms", {"9", "60001", "-1000", "1s", "", "1000.5"});
  for (const char* level :
       {"random", "greedy", "mcts", "mcts@10", "mcts@60000", "easy", "medium", "hard"}) {
    CHECK(Accepted("--absent-level", level).absent_level == level);
  }
  CheckRefused("--absent-level", {"", "MCTS", "mcts@9", "mcts@60001", "mcts@", "mcts@1e3", "strong",
                                  "hard ", std::string(300, 'x').c_str()});
}

TEST_CASE(
    "input limits: the push, social and turn-based flags take their ranges and refuse "
    "the rest",
    "[server][limits][config]") {
  CHECK_FALSE(Accepted("--push", "off").push);
  CHECK(Accepted("--push", "on").push);
  CheckRefused("--push", {"", "yes", "1", "ON "});
  CHECK(Accepted("--push-queue", "1").push_queue == 1);
  CHECK(Accepted("--push-queue", "16777216").push_queue == 16777216);
  CheckRefused("--push-queue", {"0", "-1", "16777217", "1e3", "", "99999999999999999999"});
  CHECK(Accepted("--push-subscriptions-per-account", "100").push_subscriptions_per_account == 100);
  CheckRefused("--push-subscriptions-per-account", {"0", "101", "-3", "ten"});
  CHECK(Accepted("--vapid-subject", "mailto:host@example.org").vapid_subject ==
        "mailto:host@example.org");
  CHECK(Accepted("--vapid-subject", "https://example.org/contact").vapid_subject ==
        "https://example.org/contact");
  // Not a contact (http, none at all), a header injection, quotes, or longer than 512 bytes.
  const std::string long_subject = "mailto:" + std::string(506, 'a');
  CheckRefused("--vapid-subject",
               {"", "http://example.org", "host@example.org", "mailto:a@b\r\nX-Evil: 1",
                "mailto:\"a\"@b", "mailto:a b@c", long_subject.c_str()});
  CHECK(Accepted("--vapid-subject", ("mailto:" + std::string(505, 'a')).c_str())
            .vapid_subject.size() == 512);
  CheckRefused("--push-allow-loopback", {"", "true", "2"});
  for (const char* flag : {"--invitations-per-hour", "--max-pending-invitations"}) {
    INFO(flag);
    CheckRefused(flag, {"0", "10001", "-1", "", "x"});
  }
  CHECK(Accepted("--invitations-per-hour", "10000").invitations_per_hour == 10000);
  CHECK(Accepted("--max-pending-invitations", "1").max_pending_invitations == 1);
  CHECK(Accepted("--max-following", "1000000").max_following == 1000000);
  CheckRefused("--max-following", {"0", "1000001", "-1", "1k"});
  CHECK(Accepted("--max-turn-based-games", "1").max_turn_based_games == 1);
  CHECK(Accepted("--max-turn-based-games", "10000").max_turn_based_games == 10000);
  CheckRefused("--max-turn-based-games", {"0", "10001", "-5", "", "fifty"});
}

TEST_CASE("input limits: the e-mail flags take their ranges and refuse the rest",
          "[server][limits][config][mail]") {
  // The relay: smtp or smtps, no space, at most 2048 bytes; it needs a sender and a public URL.
  const auto with = [](const std::string& url) {
    return ParseFlags({"--smtp-url", url, "--mail-from", "play@example.org", "--public-url",
                       "https://play.example.org"});
  };
  REQUIRE(std::holds_alternative<server::ServerConfig>(with("smtps://mail.example.org:465")));
  CHECK(std::get<server::ServerConfig>(with("smtp://127.0.0.1:25")).smtp_url ==
        "smtp://127.0.0.1:25");
  const std::vector<std::string> bad_urls = {"", "http://mail.example.org", "smtp://a b",
                                             "smtp://a\r\nb", "smtp://" + std::string(2050, 'a')};
  for (const auto& bad : bad_urls) {
    INFO(bad);
    const auto refused = with(bad);
    REQUIRE(std::holds_alternative<std::string>(refused));
    CHECK(std::get<std::string>(refused).find("--smtp-url") != std::string::npos);
  }
  const auto no_from =
      ParseFlags({"--smtp-url", "smtp://a", "--public-url", "https://play.example.org"});
  REQUIRE(std::holds_alternative<std::string>(no_from));
  CHECK(std::get<std::string>(no_from).find("needs --mail-from") != std::string::npos);
  const auto no_url = ParseFlags({"--smtp-url", "smtp://a", "--mail-from", "p@example.org"});
  REQUIRE(std::holds_alternative<std::string>(no_url));
  CHECK(std::get<std::string>(no_url).find("needs --public-url") != std::string::npos);

  CheckRefused("--mail-from", {"", "play", "play@", "a@b\r\nBcc: c@d.org", "<a@b.org>",
                               (std::string(65, 'a') + "@example.org").c_str()});
  CheckRefused("--smtp-user", {"a\r\nb", std::string(257, 'u').c_str()});
  CHECK(Accepted("--smtp-user", std::string(256, 'u')).smtp_user.size() == 256);
  CheckRefused("--smtp-starttls", {"", "yes", "1"});
  CHECK_FALSE(Accepted("--smtp-starttls", "off").smtp_starttls);
  CHECK(Accepted("--mail-queue", "1048576").mail_queue == 1048576);
  CheckRefused("--mail-queue", {"0", "-1", "1048577", "1e3", ""});
  CHECK(Accepted("--digest-hours", "168").digest_hours == 168);
  CheckRefused("--digest-hours", {"0", "169", "-24", "1.5", ""});
  CHECK(Accepted("--digest-sweep-seconds", "1").digest_sweep_seconds == 1);
  CheckRefused("--digest-sweep-seconds", {"0", "3601", "x"});
  // The password is never shown back, not even when refused.
  const std::string secret = "hunter2\nsecret-part";
  const auto refused = ParseFlag("--smtp-password", secret);
  REQUIRE(std::holds_alternative<std::string>(refused));
  CHECK(std::get<std::string>(refused).find("secret-part") == std::string::npos);
  CHECK(std::get<std::string>(refused).find("(19 characters)") != std::string::npos);
}
