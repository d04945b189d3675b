#include "bot_game.h"

#include <catch2/catch.hpp>

#include "carc/codec/record.h"

namespace carc::test {

namespace {

constexpr auto kGameDeadline = std::chrono::seconds(120);

}  // namespace

BotGame::BotGame(TestServer& server, BotGameSpec spec)
    : BotGame(server.address(), std::move(spec)) {}

BotGame::BotGame(const client::ServerAddress& address, BotGameSpec spec)
    : BotGame(std::vector<client::ServerAddress>{address}, std::move(spec)) {}

BotGame::BotGame(const std::vector<client::ServerAddress>& address, BotGameSpec spec)
    : spec_(std::move(spec)) {
  const int n = spec_.players;
  for (int i = 0; i < n; ++i) {
    std::vector<client::ServerAddress> mine = address;
    if (static_cast<std::size_t>(i) < spec_.seat_fields.size()) {
      for (auto& a : mine) a.fields = spec_.seat_fields[static_cast<std::size_t>(i)];
    }
    bots_.push_back(std::make_unique<client::BotSeat>(mine, "bot" + std::to_string(i),
                                                      spec_.seed * 100 + static_cast<unsigned>(i)));
    bots_.back()->set_move_delay(spec_.move_delay);
  }
  auto fail = [this](const std::string& what, const std::string& why) {
    setup_error_ = what + ": " + why;
  };
  if (std::string e = bots_[0]->Connect(); !e.empty()) {
    fail("host connect", e);
    return;
  }
  code_ =
      bots_[0]->CreateRoom(spec_.room ? *spec_.room : RoomFor(n + spec_.computers, spec_.options));
  if (code_.empty()) {
    fail("create room", bots_[0]->error());
    return;
  }
  for (int k = 0; k < spec_.computers; ++k) {
    if (std::string e = bots_[0]->AddComputer(spec_.computer_level); !e.empty()) {
      fail("add computer", e);
      return;
    }
  }
  if (spec_.spectator) {
    watcher_ = std::make_unique<client::BotSeat>(address, "watcher", spec_.seed * 100 + 99);
    if (std::string e = watcher_->Connect(); !e.empty()) {
      fail("spectator connect", e);
      return;
    }
    if (std::string e = watcher_->JoinRoom(code_, true); !e.empty()) {
      fail("spectate", e);
      return;
    }
  }
  for (int i = 1; i < n; ++i) {
    if (std::string e = bots_[static_cast<std::size_t>(i)]->Connect(); !e.empty()) {
      fail("connect seat " + std::to_string(i), e);
      return;
    }
    if (std::string e = bots_[static_cast<std::size_t>(i)]->JoinRoom(code_); !e.empty()) {
      fail("join seat " + std::to_string(i), e);
      return;
    }
  }
  results_.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    client::BotSeat& bot = *bots_[static_cast<std::size_t>(i)];
    if (spec_.hook) {
      bot.set_message_hook([this, i](const v1::ServerMessage& m) { spec_.hook(i, m); });
    }
    const int drop = i == spec_.drop_seat ? spec_.drop_after : 0;
    threads_.emplace_back([this, &bot, i, drop] {
      results_[static_cast<std::size_t>(i)] = bot.Play(kGameDeadline, drop);
    });
  }
  if (watcher_) {
    if (spec_.hook) {
      watcher_->set_message_hook([this](const v1::ServerMessage& m) { spec_.hook(-1, m); });
    }
    threads_.emplace_back([this] { spectator_result_ = watcher_->Play(kGameDeadline); });
  }
}

BotGame::~BotGame() {
  Join();
}

void BotGame::Join() {
  for (auto& t : threads_) {
    if (t.joinable()) t.join();
  }
}

void CheckFinished(const BotGame& game) {
  REQUIRE(game.setup_error() == "");
  REQUIRE_FALSE(game.seats().empty());
  std::vector<client::SeatResult> all = game.seats();
  const bool with_spectator = game.spectator().seat == -1 && !game.spectator().room.empty();
  if (with_spectator) all.push_back(game.spectator());
  const client::SeatResult& first = all.front();
  for (const client::SeatResult& r : all) {
    std::string errors;
    for (const auto& e : r.errors_seen) errors += e + " ";
    INFO("seat " << r.seat << " of room " << game.code() << ": " << r.commands << " commands, "
                 << r.resyncs << " resyncs, errors seen: " << errors << "seq " << r.last_seq
                 << ", to move " << r.last_to_move << ", phase " << r.last_phase << ", acked "
                 << r.acked.size());
    CHECK(r.error == "");
    CHECK(r.finished);
    CHECK(r.hash_mismatches == 0);
    CHECK(r.server_hash == first.server_hash);
    // Seats of some games keep no copy of the state (client/seat_game.h): only those compare.
    if (r.has_mirror) {
      CHECK(r.mirror_hash == r.server_hash);
      CHECK(r.mirror_hash == first.mirror_hash);
    }
    CHECK(r.final_scores == first.final_scores);
    CHECK(r.final_scores.size() ==
          game.seats().size() + static_cast<std::size_t>(game.computers()));
  }
}

void CheckRecord(TestServer& server, const BotGame& game) {
  const HttpResult res = HttpGet(server.port(), "/api/rooms/" + game.code() + "/record");
  REQUIRE(res.error == "");
  REQUIRE(res.status == 200);
  const codec::ParsedRecord parsed = codec::ParseRecord(res.body);
  INFO(parsed.error.message);
  REQUIRE(parsed.record.has_value());
  const codec::Record& record = *parsed.record;
  CHECK(record.players == static_cast<int>(game.seats().size()) + game.computers());
  const codec::ReplayedRecord replayed = codec::ReplayRecord(record);
  INFO((replayed.error ? replayed.error->message : std::string("replayed")));
  REQUIRE_FALSE(replayed.error.has_value());
  const std::vector<int>& seen = game.seats().front().final_scores;
  CHECK(replayed.final_scores == seen);
  REQUIRE(record.final_scores.has_value());
  CHECK(*record.final_scores == seen);
  const auto diff = codec::CompareScores(record, replayed);
  INFO((diff ? diff->message : std::string("same scores")));
  CHECK_FALSE(diff.has_value());
}

Arena::Arena() {
  BotGameSpec spec;
  spec.players = 3;
  spec.seed = 1234;
  background = std::make_unique<BotGame>(server, spec);
  game = StartRawGame(server, 2);
  REQUIRE(background->setup_error() == "");
  REQUIRE(game.error == "");
}

void Arena::CheckBackground() {
  background->Join();
  CheckFinished(*background);
}

void Arena::CheckSeq(std::uint64_t seq) {
  const auto now = SeqOf(game, 1);
  REQUIRE(now.has_value());
  CHECK(*now == seq);
}

}  // namespace carc::test
