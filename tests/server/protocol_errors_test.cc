// Bad input at the protocol level: each gets its own error code or close code, changes nothing
// in the game under attack, and a game in another room plays on to its end.
#include <catch2/catch.hpp>
#include <set>

#include "bot_game.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

bool IsError(const v1::ServerMessage& m) {
  return m.has_error();
}

// Sends raw bytes and returns the error code of the answer (UNSPECIFIED if none came).
v1::ErrorCode RawError(client::WsClient& c, const std::string& bytes, bool text = false) {
  if (!c.SendRaw(bytes, text)) return v1::ERROR_CODE_UNSPECIFIED;
  const auto m = Skip(c, IsError);
  return m ? m->error().code() : v1::ERROR_CODE_UNSPECIFIED;
}

// The connection still answers.
bool Alive(client::WsClient& c) {
  v1::ClientMessage ping;
  ping.mutable_ping()->set_nonce(77);
  const auto pong = Ask(c, ping);
  return pong && pong->has_pong() && pong->pong().nonce() == 77;
}

}  // namespace

TEST_CASE("frames that are no ClientMessage are refused and change nothing", "[server][protocol]") {
  Arena arena;
  const auto seq = SeqOf(arena.game);
  REQUIRE(seq);
  client::WsClient& c = *arena.game.seats[0];

  // Binary garbage: an over-long varint, an invalid wire type, field number 0.
  CHECK(RawError(c, std::string(12, '\xff')) == v1::ERROR_CODE_MALFORMED_MESSAGE);
  CHECK(RawError(c, "\x0fgarbage") == v1::ERROR_CODE_MALFORMED_MESSAGE);
  CHECK(RawError(c, std::string("\x00\x01\x02", 3)) == v1::ERROR_CODE_MALFORMED_MESSAGE);
  // A serialized ClientMessage cut short inside a length-delimited field.
  v1::ClientMessage chat = ChatMsg("a chat line that will be cut");
  chat.set_request_id(5);
  const std::string bytes = chat.SerializeAsString();
  CHECK(RawError(c, bytes.substr(0, bytes.size() - 4)) == v1::ERROR_CODE_MALFORMED_MESSAGE);
  // A text frame (valid UTF-8: WebSocket itself closes on anything else, with 1007).
  CHECK(RawError(c, R"({"hello":{"client_name":"json"}})", true) == v1::ERROR_CODE_TEXT_FRAME);
  // Valid protobuf without a body: an empty frame, and a ServerMessage (Error is field 4,
  // which ClientMessage does not have). The request id is still echoed.
  CHECK(RawError(c, "") == v1::ERROR_CODE_UNKNOWN_MESSAGE);
  v1::ServerMessage wrong;
  wrong.set_request_id(4242);
  wrong.mutable_error()->set_code(v1::ERROR_CODE_INTERNAL);
  REQUIRE(c.SendRaw(wrong.SerializeAsString()));
  const auto answer = Skip(c, IsError);
  REQUIRE(answer);
  CHECK(answer->error().code() == v1::ERROR_CODE_UNKNOWN_MESSAGE);
  CHECK(answer->request_id() == 4242);

  CHECK(Alive(c));
  arena.CheckSeq(*seq);
  // The game goes on from where it was.
  REQUIRE(PlayOneCommand(arena.game));
  arena.CheckSeq(*seq + 1);
  arena.CheckBackground();
}

TEST_CASE("unknown game types and options out of range are INVALID_OPTIONS", "[server][protocol]") {
  Arena arena;
  const std::size_t rooms = arena.server.app().registry().size();
  auto c = DialHello(arena.server);
  REQUIRE(c);
  auto refused = [&](v1::ClientMessage m) {
    const auto a = Ask(*c, std::move(m));
    return a && a->has_error() && a->error().code() == v1::ERROR_CODE_INVALID_OPTIONS;
  };
  v1::ClientMessage m = CreateMsg(2);
  m.mutable_create_room()->mutable_options()->set_game_type(static_cast<v1::GameType>(77));
  CHECK(refused(m));
  m.mutable_create_room()->mutable_options()->set_game_type(v1::GAME_TYPE_COUNT);
  CHECK(refused(m));
  m = CreateMsg(3);  // K-1: The Castle is for exactly two
  m.mutable_create_room()->mutable_options()->set_game_type(v1::GAME_TYPE_CASTLE);
  m.mutable_create_room()->mutable_options()->clear_base();
  CHECK(refused(m));
  m = CreateMsg(7);
  CHECK(refused(m));
  m = CreateMsg(2);
  m.mutable_create_room()->mutable_options()->mutable_base()->set_hand_size(9);
  CHECK(refused(m));
  m = CreateMsg(2);
  m.mutable_create_room()->mutable_options()->mutable_base()->set_farm_scoring("c9");
  CHECK(refused(m));
  // Choice options take only their words, however long the text (C-4, K-11).
  m = CreateMsg(2);
  m.mutable_create_room()->mutable_options()->mutable_base()->set_count_redeploy(
      std::string(20000, 'a'));
  CHECK(refused(m));
  m = CreateMsg(2);
  m.mutable_create_room()->mutable_options()->set_game_type(v1::GAME_TYPE_CASTLE);
  m.mutable_create_room()->mutable_options()->clear_base();
  m.mutable_create_room()->mutable_options()->mutable_castle()->set_castle_start_spaces_empty(
      "sometimes");
  CHECK(refused(m));
  CHECK(arena.server.app().registry().size() == rooms);
  // The connection is still usable and a valid room can be created.
  const auto ok = Ask(*c, CreateMsg(2));
  REQUIRE(ok);
  CHECK(ok->has_seat_granted());
  CHECK(arena.server.app().registry().size() == rooms + 1);
  arena.CheckBackground();
}

TEST_CASE("a request before Hello gets HELLO_REQUIRED", "[server][protocol]") {
  Arena arena;
  auto c = Dial(arena.server);
  REQUIRE(c);
  v1::ClientMessage list;
  list.mutable_list_rooms();
  const auto a = Ask(*c, list);
  REQUIRE(a);
  CHECK(a->error().code() == v1::ERROR_CODE_HELLO_REQUIRED);
  const auto b = Ask(*c, JoinMsg(arena.game.code, true));
  REQUIRE(b);
  CHECK(b->error().code() == v1::ERROR_CODE_HELLO_REQUIRED);
  // Hello still works afterwards, and so does the request.
  const auto w = Ask(*c, HelloMsg());
  REQUIRE(w);
  CHECK(w->has_welcome());
  CHECK(w->welcome().max_message_bytes() == 64 * 1024);
  const auto joined = Ask(*c, JoinMsg(arena.game.code, true));
  REQUIRE(joined);
  CHECK(joined->has_room_state());
  arena.CheckBackground();
}

TEST_CASE("forged tokens and unknown or full rooms are refused", "[server][protocol]") {
  Arena arena;
  auto c = Dial(arena.server);
  REQUIRE(c);
  const auto forged = Ask(*c, HelloMsg("0123456789abcdef0123456789abcdef"));
  REQUIRE(forged);
  CHECK(forged->error().code() == v1::ERROR_CODE_INVALID_TOKEN);
  // A real token with one character changed is forged too.
  std::string token = arena.game.tokens[0];
  token[0] = token[0] == 'a' ? 'b' : 'a';
  auto d = Dial(arena.server);
  REQUIRE(d);
  const auto changed = Ask(*d, HelloMsg(token));
  REQUIRE(changed);
  CHECK(changed->error().code() == v1::ERROR_CODE_INVALID_TOKEN);

  auto e = DialHello(arena.server);
  REQUIRE(e);
  const auto missing = Ask(*e, JoinMsg("QQQQQQQ"));
  REQUIRE(missing);
  CHECK(missing->error().code() == v1::ERROR_CODE_ROOM_NOT_FOUND);
  // A running game has no free seat for a player, but can be watched.
  const auto started = Ask(*e, JoinMsg(arena.game.code));
  REQUIRE(started);
  CHECK(started->error().code() == v1::ERROR_CODE_GAME_ALREADY_STARTED);

  // A lobby room with both seats taken.
  auto host = DialHello(arena.server);
  auto guest = DialHello(arena.server);
  REQUIRE(host);
  REQUIRE(guest);
  const auto created = Ask(*host, CreateMsg(2));
  REQUIRE(created);
  REQUIRE(created->has_seat_granted());
  const std::string code = created->seat_granted().room_code();
  const auto granted = Ask(*guest, JoinMsg(code));
  REQUIRE(granted);
  REQUIRE(granted->has_seat_granted());
  const auto full = Ask(*e, JoinMsg(code));
  REQUIRE(full);
  CHECK(full->error().code() == v1::ERROR_CODE_ROOM_FULL);
  const auto watch = Ask(*e, JoinMsg(code, true));
  REQUIRE(watch);
  CHECK(watch->has_room_state());
  CHECK(watch->room_state().your_seat() == -1);
  arena.CheckBackground();
}

TEST_CASE("a frame over 64 KiB closes the connection with 1009 and the seat survives",
          "[server][protocol]") {
  Arena arena;
  const auto seq = SeqOf(arena.game);
  REQUIRE(seq);
  client::WsClient& c = *arena.game.seats[0];
  // Just under the limit: an ordinary error, the connection stays.
  const auto long_chat = Ask(c, ChatMsg(std::string(60 * 1024, 'x')));
  REQUIRE(long_chat);
  CHECK(long_chat->error().code() == v1::ERROR_CODE_CHAT_TOO_LONG);
  c.Send(ChatMsg(std::string(70 * 1024, 'x')));
  CHECK(AwaitClose(c) == 1009);
  arena.CheckSeq(*seq);
  v1::ServerMessage welcome;
  auto back = DialHello(arena.server, arena.game.tokens[0], &welcome);
  REQUIRE(back);
  CHECK(welcome.welcome().seat() == 0);
  arena.game.seats[0] = std::move(back);
  REQUIRE(PlayOneCommand(arena.game));
  arena.CheckSeq(*seq + 1);
  arena.CheckBackground();
}

TEST_CASE("a message in many frames or larger than one read arrives whole, an over-long one closes",
          "[server][protocol]") {
  Arena arena;
  const auto seq = SeqOf(arena.game);
  REQUIRE(seq);
  client::WsClient& c = *arena.game.seats[0];
  auto chat_seen = [&](const std::string& text) {
    const auto m = Skip(
        *arena.game.seats[1], [](const v1::ServerMessage& x) { return x.has_chat(); }, 3s);
    return m && m->chat().text() == text;
  };
  // 400 two-byte characters: larger than one read of the server, sent in 100-byte frames (9:
  // under --max-message-fragments).
  std::string text;
  for (int i = 0; i < 400; ++i) text += "\xc3\xa9";
  REQUIRE(c.SendFragmented(ChatMsg(text).SerializeAsString(), 100));
  CHECK(chat_seen(text));
  // The same whole, and a small one after it in frames of one byte.
  REQUIRE(c.Send(ChatMsg(text)));
  CHECK(chat_seen(text));
  REQUIRE(c.SendFragmented(ChatMsg("short").SerializeAsString(), 1));
  CHECK(chat_seen("short"));
  CHECK(Alive(c));
  // Over 64 KiB in all, though every frame is small: the message limit counts the message.
  c.SendFragmented(ChatMsg(std::string(70 * 1024, 'x')).SerializeAsString(), 1024);
  CHECK(AwaitClose(c) == 1009);
  arena.CheckSeq(*seq);
  arena.CheckBackground();
}

TEST_CASE("a chat flood is RATE_LIMITED", "[server][protocol]") {
  Arena arena;
  const auto seq = SeqOf(arena.game);
  REQUIRE(seq);
  client::WsClient& c = *arena.game.seats[0];
  std::set<std::uint32_t> sent;
  for (int i = 0; i < 10; ++i) {
    v1::ClientMessage m = ChatMsg("hello " + std::to_string(i));
    m.set_request_id(c.NextRequestId());
    sent.insert(m.request_id());
    REQUIRE(c.Send(m));
  }
  int limited = 0;
  for (int i = 0; i < 10; ++i) {
    const auto e = Skip(c, IsError, 2s);
    if (!e) break;
    CHECK(e->error().code() == v1::ERROR_CODE_RATE_LIMITED);
    CHECK(sent.count(e->request_id()) == 1);
    ++limited;
  }
  CHECK(limited >= 4);
  // The other seat got the first lines only (a burst of 5, refilled at 0.5 per second).
  int lines = 0;
  while (Skip(
      *arena.game.seats[1], [](const v1::ServerMessage& m) { return m.has_chat(); }, 1s)) {
    ++lines;
  }
  CHECK(lines >= 5);
  CHECK(lines + limited == 10);
  arena.CheckSeq(*seq);
  arena.CheckBackground();
}

TEST_CASE("1000 messages at once are RATE_LIMITED and then closed with 1008",
          "[server][protocol]") {
  Arena arena;
  const auto seq = SeqOf(arena.game);
  REQUIRE(seq);
  auto c = DialHello(arena.server);
  REQUIRE(c);
  v1::ClientMessage ping;
  ping.mutable_ping()->set_nonce(1);
  const std::string bytes = ping.SerializeAsString();
  int sent = 0;
  for (int i = 0; i < 1000 && c->SendRaw(bytes); ++i) ++sent;
  CHECK(sent > 60);  // more than the burst went out before the server closed
  int pongs = 0;
  int limited = 0;
  const auto until = std::chrono::steady_clock::now() + 15s;
  while (std::chrono::steady_clock::now() < until) {
    const auto m = c->Receive(200ms);
    if (!m && c->closed()) break;  // drained, and closed
    if (m && m->has_pong()) ++pongs;
    if (m && m->has_error() && m->error().code() == v1::ERROR_CODE_RATE_LIMITED) ++limited;
  }
  CHECK(c->close_code() == 1008);
  CHECK(limited >= 1);
  CHECK(pongs >= 50);  // the burst is 60 messages, Hello included
  CHECK(pongs < 200);
  arena.CheckSeq(*seq);
  arena.CheckBackground();
}

TEST_CASE("a WebSocket without Hello is closed with 4002 after the handshake timeout",
          "[server][protocol]") {
  Arena arena;
  auto c = Dial(arena.server);
  REQUIRE(c);
  const auto start = std::chrono::steady_clock::now();
  CHECK(AwaitClose(*c, 10s) == 4002);
  const auto took = std::chrono::steady_clock::now() - start;
  CHECK(took >= 900ms);  // the handshake timeout is 1 s
  CHECK(took < 8s);
  arena.CheckBackground();
}

TEST_CASE("a TCP connection that never completes the HTTP handshake is closed",
          "[server][protocol]") {
  Arena arena;
  const auto silent = TimeUntilServerCloses(arena.server.port(), "", 10s);
  REQUIRE(silent.has_value());
  CHECK(*silent < 6s);
  const auto partial = TimeUntilServerCloses(
      arena.server.port(), "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n", 10s);
  REQUIRE(partial.has_value());
  CHECK(*partial < 6s);
  CHECK(HttpGet(arena.server.port(), "/healthz").status == 200);  // still serving
  arena.CheckBackground();
}
