// The Count of Carcassonne over the wire (C-2, C-4, C-5): whole games of bots, and a game driven
// to a redeployment round that a seat decides while another seat has the turn.
#include <catch2/catch.hpp>

#include "bot_game.h"
#include "carc/codec/proto_codec.h"
#include "carc/codec/record.h"
#include "carc/engine/random_player.h"
#include "test_server.h"

using namespace carc;
using namespace carc::test;

namespace {

engine::Options CountOptions(engine::CountMove move = engine::CountMove::kFree) {
  engine::Options o;
  o.count = true;
  o.count_move = move;
  return o;
}

v1::ClientMessage CommandMsg(std::uint64_t expected_seq, const engine::Command& command,
                             const engine::TileCatalog& catalog) {
  v1::ClientMessage m;
  m.mutable_game_command()->set_expected_seq(expected_seq);
  *m.mutable_game_command()->mutable_base() = codec::CommandToProto(command, catalog);
  return m;
}

// Sends `command` for `seat` and waits for the batch that acknowledges it.
std::optional<v1::EventBatch> Play(RawGame& g, engine::Seat seat, std::uint64_t seq,
                                   const engine::Command& command,
                                   const engine::TileCatalog& catalog) {
  client::WsClient& c = *g.seats[static_cast<std::size_t>(seat)];
  c.Send(CommandMsg(seq, command, catalog));
  const auto m = Await(c, [seq](const v1::ServerMessage& x) {
    return (x.has_event_batch() && x.event_batch().prev_seq() == seq) || x.has_error();
  });
  if (!m || !m->has_event_batch()) return std::nullopt;
  return m->event_batch();
}

}  // namespace

TEST_CASE("C-4 over the server: a seat out of turn is asked to redeploy and its move counts",
          "[server][count]") {
  // With the server's --game-seed the tile order is known, so the engine alone can find legal
  // moves that lead to a redeployment round decided by a seat whose turn it is not.
  constexpr std::uint64_t kSeed = 2024;
  engine::GameConfig config;
  config.players = 3;
  config.seed = kSeed;
  config.options = CountOptions();
  std::vector<engine::LoggedCommand> prefix;
  bool found = false;
  for (std::uint64_t b = 0; b < 2000 && !found; ++b) {
    engine::GameState s(config);
    engine::RandomPlayer player(b);
    prefix.clear();
    while (!s.IsOver() && !found) {
      if (s.phase() == engine::Phase::kRedeploy && s.ToMove() != s.current_player()) {
        found = true;
        break;
      }
      const engine::LoggedCommand c = player.Choose(s);
      s.Apply(c.seat, c.command);
      prefix.push_back(c);
    }
  }
  REQUIRE(found);

  server::ServerConfig sc = TestConfig();
  sc.game_seed = kSeed;
  // This test sends a whole game's commands and snapshot requests as fast as it can.
  sc.rate_burst = 100000;
  sc.rate_per_second = 100000;
  TestServer server(sc);
  RawGame g = StartRawGame(server, 3, config.options);
  REQUIRE(g.error == "");
  engine::GameState local(config);
  const engine::TileCatalog& catalog = local.catalog();
  for (const engine::LoggedCommand& c : prefix) {
    const std::uint64_t seq = local.seq();
    REQUIRE(local.Apply(c.seat, c.command) == engine::RejectReason::kNone);
    const auto batch = Play(g, c.seat, seq, c.command, catalog);
    REQUIRE(batch.has_value());
    CHECK(batch->seq() == local.seq());
  }
  const engine::Seat decider = local.ToMove();
  const engine::Seat turn = local.current_player();
  REQUIRE(decider != turn);

  // The decider's snapshot asks it; the seat whose turn it is has no legal moves.
  const auto mine = Snapshot(*g.seats[static_cast<std::size_t>(decider)]);
  REQUIRE(mine.has_value());
  CHECK(mine->base().phase() == v1::BASE_PHASE_REDEPLOY);
  CHECK(mine->base().to_move() == decider);
  CHECK(mine->base().legal_moves().redeploy_limit() ==
        static_cast<std::uint32_t>(local.RedeployLimit()));
  CHECK(mine->base().count().redeploy_tiles_size() ==
        static_cast<int>(local.RedeployTiles().size()));
  const auto theirs = Snapshot(*g.seats[static_cast<std::size_t>(turn)]);
  REQUIRE(theirs.has_value());
  CHECK_FALSE(theirs->base().has_legal_moves());
  // The turn's seat cannot decide for it.
  client::WsClient& turn_conn = *g.seats[static_cast<std::size_t>(turn)];
  turn_conn.Send(CommandMsg(local.seq(), engine::Pass{}, catalog));
  const auto refused = Await(turn_conn, [](const v1::ServerMessage& m) { return m.has_error(); });
  REQUIRE(refused.has_value());
  CHECK(refused->error().code() == v1::ERROR_CODE_RULE_VIOLATION);
  CHECK(refused->error().reject_reason() == "not_your_turn");

  // The decider moves one follower; every seat sees it.
  const std::uint64_t seq = local.seq();
  REQUIRE(local.Apply(decider, engine::Redeploy{1}) == engine::RejectReason::kNone);
  const auto batch = Play(g, decider, seq, engine::Redeploy{1}, catalog);
  REQUIRE(batch.has_value());
  REQUIRE(batch->events_size() > 0);
  CHECK(batch->events(0).base().has_followers_redeployed());
  CHECK(batch->events(0).base().followers_redeployed().seat() == decider);
  const auto seen = Await(turn_conn, [seq](const v1::ServerMessage& m) {
    return m.has_event_batch() && m.event_batch().prev_seq() == seq;
  });
  REQUIRE(seen.has_value());
  CHECK(seen->event_batch().public_hash() == batch->public_hash());

  // The rest of the game (passing every Count decision), then the room's record replays.
  int guard = 0;
  while (PlayOneCommand(g) && guard < 1000) ++guard;
  const auto end = Snapshot(*g.seats[0]);
  REQUIRE(end.has_value());
  CHECK(end->base().phase() == v1::BASE_PHASE_GAME_OVER);
  const HttpResult res = HttpGet(server.port(), "/api/rooms/" + g.code + "/record");
  REQUIRE(res.status == 200);
  CHECK(res.body.find("\"redeploy\": 1") != std::string::npos);
  const codec::ParsedRecord parsed = codec::ParseRecord(res.body);
  REQUIRE(parsed.record.has_value());
  const codec::ReplayedRecord replayed = codec::ReplayRecord(*parsed.record);
  INFO((replayed.error ? replayed.error->message : std::string("replayed")));
  REQUIRE_FALSE(replayed.error.has_value());
  std::vector<int> scores(end->base().scores().begin(), end->base().scores().end());
  CHECK(replayed.final_scores == scores);
}

TEST_CASE("C-2..C-5 complete Count games with bots, decisions out of turn included",
          "[server][game][count]") {
  // Bots decide every Count decision they are asked, out of turn too; the mirrors of every seat
  // and the spectator follow each decision (hash checked), and the record replays.
  int out_of_turn = 0;
  int redeploys_out_of_turn = 0;
  int decisions = 0;
  int games = 0;
  for (const engine::CountMove move :
       {engine::CountMove::kFree, engine::CountMove::kClockwise, engine::CountMove::kFollow}) {
    server::ServerConfig sc = TestConfig();
    sc.game_seed = 300 + static_cast<std::uint64_t>(move);
    TestServer server(sc);
    BotGameSpec spec;
    spec.players = 5;
    spec.seed = 7 + static_cast<std::uint64_t>(move);
    spec.options = CountOptions(move);
    BotGame game(server, spec);
    REQUIRE(game.setup_error() == "");
    game.Join();
    CheckFinished(game);
    CheckRecord(server, game);
    for (const auto& r : game.seats()) {
      const auto count = [&](const char* kind) {
        const auto it = r.decisions.find(kind);
        return it == r.decisions.end() ? 0 : it->second;
      };
      decisions += count("count");
      out_of_turn += count("out_of_turn");
      redeploys_out_of_turn += count("out_of_turn_redeploy");
    }
    ++games;
  }
  CHECK(games == 3);
  CHECK(decisions > 0);
  CHECK(out_of_turn > 0);
  INFO("redeployment decisions out of turn: " << redeploys_out_of_turn);
  CHECK(redeploys_out_of_turn > 0);
}
