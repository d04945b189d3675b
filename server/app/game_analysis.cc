#include "app/game_analysis.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "carc/codec/json_limits.h"
#include "games/registry.h"
#include "rooms/archived_record.h"

namespace carc::server {

struct GameAnalyses::Analysis {
  store::RoomId id = 0;
  std::uint64_t order = 0;
  const GameAdapter* game = nullptr;
  std::unique_ptr<engine::State> state;  // before moves[next]
  std::vector<SeatMove> moves;
  std::size_t next = 0;              // moves[next] is the next to apply
  std::vector<std::size_t> choices;  // the steps that offered a choice, in order
  nlohmann::json reviews = nlohmann::json::array();
  Status status = Status::kRunning;
  std::shared_ptr<std::atomic<bool>> cancel = std::make_shared<std::atomic<bool>>(false);
};

namespace {

ApiResponse Json(unsigned status, const nlohmann::json& body) {
  return {status, "application/json", body.dump(), ""};
}

ApiResponse Error(unsigned status, const std::string& why) {
  return Json(status, nlohmann::json{{"error", why}});
}

// Whether the move played at this point was a choice: Timeout and Resign are the room's, and a
// decision with one legal move offers none.
bool IsChoice(const engine::State& state, const SeatMove& played,
              std::vector<engine::Move>& legal) {
  if (played.move.type == engine::kTimeoutMove || played.move.type == engine::kResignMove) {
    return false;
  }
  state.LegalMoves(played.seat, legal);
  return legal.size() > 1;
}

}  // namespace

GameAnalyses::GameAnalyses(store::EventStore& store, bots::BotPool* pool, int max_running,
                           std::chrono::milliseconds budget, Metrics& metrics)
    : store_(store), pool_(pool), max_running_(max_running), budget_(budget), metrics_(metrics) {}

GameAnalyses::~GameAnalyses() {
  std::lock_guard lock(mu_);
  for (auto& [id, a] : analyses_) a->cancel->store(true);
}

ApiResponse GameAnalyses::Get(store::RoomId id) {
  {
    std::lock_guard lock(mu_);
    if (const auto it = analyses_.find(id); it != analyses_.end()) {
      const Analysis& a = *it->second;
      if (a.status == Status::kDone) {
        return Json(200, {{"game", id},
                          {"budget_ms", budget_.count()},
                          {"steps", a.moves.size()},
                          {"decisions", a.reviews}});
      }
      if (a.status == Status::kRunning) {
        return Json(202, {{"status", "running"},
                          {"done", a.reviews.size()},
                          {"of", a.choices.size()},
                          {"steps_done", a.next},
                          {"steps", a.moves.size()}});
      }
      analyses_.erase(it);  // failed: this request starts it again
    }
  }
  return Start(id);
}

ApiResponse GameAnalyses::Start(store::RoomId id) {
  if (pool_ == nullptr || max_running_ == 0) {
    return Error(503,
                 "this server does not analyse games (no computer players, or --max-analyses 0)");
  }
  // The cap first: a refused request costs no store read and no replay.
  if (const auto full = Refusal(); full) return *full;
  const std::optional<store::ArchivedGame> game = store_.Game(id);  // StoreError: the caller's 503
  if (!game) return Error(404, "no finished game " + std::to_string(id));
  const ArchivedRecord text = RecordOfArchived(store_, *game);
  if (!text.error.empty())
    return Error(500, "the archived game cannot be read back: " + text.error);
  auto parsed = codec::ParseLimitedJson(text.record, "record");
  if (auto* why = std::get_if<std::string>(&parsed)) return Error(500, *why);
  const auto& record = std::get<nlohmann::ordered_json>(parsed);
  const GameAdapter* adapter = FindGameOfRecord(record);
  if (adapter == nullptr) return Error(500, "the archived record names no game of this server");
  auto play = adapter->Play(record);
  if (auto* bad = std::get_if<codec::RecordError>(&play)) {
    return Error(500, "the archived record does not replay: " + bad->message);
  }
  auto a = std::make_shared<Analysis>();
  a->id = id;
  a->game = adapter;
  a->state = std::move(std::get<GamePlay>(play).start);
  a->state->KeepEvents(false);
  a->moves = std::move(std::get<GamePlay>(play).moves);
  {
    // Replayed once beforehand: the steps to review (and so the progress) are known at once.
    const std::unique_ptr<engine::State> s = a->state->Clone();
    std::vector<engine::Move> legal;
    for (std::size_t step = 0; step < a->moves.size(); ++step) {
      const SeatMove& m = a->moves[step];
      if (IsChoice(*s, m, legal)) a->choices.push_back(step);
      if (s->Apply(m.seat, m.move) != engine::RejectReason::kNone) {
        return Error(500, "the archived game does not replay through the engine");
      }
    }
  }
  {
    std::lock_guard lock(mu_);
    if (analyses_.count(id) != 0) return Json(202, {{"status", "running"}});  // raced: started
    if (auto full = RefusalLocked(); full) return *full;
    // Room for it: the oldest finished or failed analysis goes.
    while (analyses_.size() >= kKept) {
      auto oldest = analyses_.end();
      for (auto it = analyses_.begin(); it != analyses_.end(); ++it) {
        if (it->second->status == Status::kRunning) continue;
        if (oldest == analyses_.end() || it->second->order < oldest->second->order) oldest = it;
      }
      if (oldest == analyses_.end()) break;
      analyses_.erase(oldest);
    }
    a->order = ++started_;
    analyses_[id] = a;
    ++metrics_.analyses_started;
    ++metrics_.analyses_running;
  }
  spdlog::info("analysis of game {}: {} decisions with a choice", id, a->choices.size());
  Next(a);
  return Json(202, {{"status", "running"}, {"done", 0}, {"of", a->choices.size()}});
}

std::optional<ApiResponse> GameAnalyses::Refusal() {
  std::lock_guard lock(mu_);
  return RefusalLocked();
}

std::optional<ApiResponse> GameAnalyses::RefusalLocked() {
  const int running =
      static_cast<int>(std::count_if(analyses_.begin(), analyses_.end(), [](const auto& e) {
        return e.second->status == Status::kRunning;
      }));
  if (running < max_running_) return std::nullopt;
  ++metrics_.analyses_refused;
  ApiResponse busy = Error(503,
                           "the server is analysing as many games as it allows "
                           "(--max-analyses " +
                               std::to_string(max_running_) + "); ask again in a minute");
  busy.retry_after = 60;
  return busy;
}

void GameAnalyses::Finish(Analysis& a, Status status) {
  if (a.status != Status::kRunning) return;
  a.status = status;
  --metrics_.analyses_running;
  if (a.status == Status::kDone) ++metrics_.analyses_done;
}

void GameAnalyses::Next(const std::shared_ptr<Analysis>& a) {
  std::unique_lock lock(mu_);
  if (a->reviews.size() == a->choices.size()) {
    Finish(*a, Status::kDone);
    a->state.reset();
    return;
  }
  // The moves up to the next choice are only played through.
  for (const std::size_t step = a->choices[a->reviews.size()]; a->next < step; ++a->next) {
    a->state->Apply(a->moves[a->next].seat, a->moves[a->next].move);
  }
  bots::BotJob job;
  job.state = a->state->Clone();
  job.level = bots::BotLevel{bots::BotKind::kMcts, budget_};
  job.seed = static_cast<std::uint64_t>(a->id) * 0x9e3779b97f4a7c15ULL + a->next;
  job.cancel = a->cancel;
  job.owner = "analysis";
  job.done = [this, a](std::optional<bots::Choice> c) { Reviewed(a, std::move(c)); };
  lock.unlock();
  if (!pool_->Submit(std::move(job))) {
    lock.lock();
    Finish(*a, Status::kFailed);
    spdlog::warn("analysis of game {}: the computer players' queue is full", a->id);
  }
}

void GameAnalyses::Reviewed(const std::shared_ptr<Analysis>& a, std::optional<bots::Choice> c) {
  {
    std::lock_guard lock(mu_);
    if (!c) {
      Finish(*a, Status::kFailed);  // stopped or cancelled
      return;
    }
    const SeatMove& played = a->moves[a->next];
    const auto stats_of = [&](const engine::Move& m) {
      return std::find_if(c->stats.begin(), c->stats.end(),
                          [&](const engine::MoveStats& s) { return s.move == m; });
    };
    nlohmann::json review = {{"step", a->next},
                             {"seat", played.seat},
                             {"decision", std::string(a->state->Decision())},
                             {"played", a->game->game().MoveText(played.move)},
                             {"best", a->game->game().MoveText(c->move)},
                             {"same", played.move == c->move},
                             {"iterations", c->iterations}};
    const auto best = stats_of(c->move);
    const auto mine = stats_of(played.move);
    review["lead_best"] = best != c->stats.end() ? nlohmann::json(best->MeanLead()) : nullptr;
    // A move the search never tried has no estimate.
    const bool known = mine != c->stats.end() && mine->visits > 0 && best != c->stats.end();
    review["lead_played"] = known ? nlohmann::json(mine->MeanLead()) : nullptr;
    review["loss"] = known ? nlohmann::json(best->MeanLead() - mine->MeanLead()) : nullptr;
    a->reviews.push_back(std::move(review));
    a->state->Apply(played.seat, played.move);
    ++a->next;
  }
  Next(a);
}

}  // namespace carc::server
