#include "app/server_app.h"
#include <spdlog/spdlog.h>
#include <unistd.h>
#include <boost/asio/post.hpp>
#include <limits>

#include <cctype>
#include <ctime>
#include <filesystem>
#include <limits>
#include <thread>
#include <vector>

#include "accounts/ban_refusal.h"
#include "app/archive_api.h"
#include "app/mail_metrics.h"
#include "app/moderation_metrics.h"
#include "app/moderation_rooms.h"
#include "app/password_reset_metrics.h"
#include "app/push_metrics.h"
#include "app/read_worker_metrics.h"
#include "app/social_metrics.h"
#include "games/game_table.h"
#include "moderation/utc_minute.h"
#include "net/origin_policy.h"
#include "net/session.h"
#include "rooms/tokens.h"
#include "store/open_store.h"
#include "store/social_store.h"

namespace carc::server {

namespace net = boost::asio;

namespace {

std::string HostName() {
  char name[256] = {};
  if (::gethostname(name, sizeof(name) - 1) != 0 || name[0] == '\0') return "node";
  std::string out;
  for (const char c : std::string(name)) {
    out += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' ? c : '_';
  }
  return out.substr(0, 40);
}

std::unique_ptr<store::EventStore> OpenStore(const ServerConfig& config) {
  std::error_code ec;
  std::filesystem::create_directories(config.data_dir, ec);
  if (ec) {
    throw store::StoreError("cannot create the data directory " + config.data_dir + ": " +
                            ec.message());
  }
  return store::OpenStore(
      config.store, config.data_dir,
      config.durability_full ? store::Durability::kFull : store::Durability::kNormal);
}

accounts::AccountLimits AccountLimitsOf(const ServerConfig& c) {
  accounts::AccountLimits limits;
  limits.hash.memory_bytes = static_cast<std::size_t>(c.password_hash_mib) << 20;
  limits.hash.passes = static_cast<unsigned long long>(c.password_hash_passes);
  limits.session_idle = std::chrono::hours(24) * c.session_idle_days;
  limits.session_max = std::chrono::hours(24) * c.session_max_days;
  limits.max_sessions = c.max_sessions_per_account;
  limits.signups_per_hour = c.signups_per_hour;
  limits.failures_per_account = c.sign_in_failures_per_account;
  limits.failures_per_address = c.sign_in_failures_per_address;
  limits.sign_ins_per_hour = c.sign_ins_per_hour;
  limits.https = c.public_url.starts_with("https://");
  return limits;
}

std::unique_ptr<push::PushService> StartPush(const ServerConfig& c, store::EventStore& store) {
  if (!c.push || store.push() == nullptr) return nullptr;
  push::PushSenderConfig s;
  s.max_queued = c.push_queue;
  s.threads = c.push_threads;
  s.per_account = static_cast<std::size_t>(c.push_per_account);
  s.per_service = static_cast<std::size_t>(c.push_per_service);
  s.subject = !c.vapid_subject.empty()               ? c.vapid_subject
              : c.public_url.starts_with("https://") ? c.public_url
                                                     : "mailto:admin@localhost";
  s.loopback = c.push_allow_loopback ? push::Loopback::kAllowed : push::Loopback::kRefused;
  push::PushSender::Preferences preferences;
  if (store::SocialStore* social = store.social()) {
    preferences = [social](std::int64_t account) { return social->NoticePreferencesOf(account); };
  }
  return push::PushService::Start(*store.push(), std::move(s), std::move(preferences));
}

// --public-url without the slash that may end it: the mails' links add their own.
std::string BaseUrl(const ServerConfig& c) {
  std::string url = c.public_url;
  while (url.ends_with('/')) url.pop_back();
  return url;
}

std::unique_ptr<mail::MailService> StartMail(const ServerConfig& c, store::EventStore& store) {
  if (c.smtp_url.empty() || store.mail() == nullptr) return nullptr;
  mail::MailSenderConfig s;
  s.smtp.url = c.smtp_url;
  s.smtp.user = c.smtp_user;
  s.smtp.password = c.smtp_password;
  s.smtp.starttls = c.smtp_starttls ? mail::StartTls::kRequired : mail::StartTls::kOff;
  s.from = c.mail_from;
  s.max_queued = c.mail_queue;
  mail::DigestSweepConfig d;
  d.every = std::chrono::hours(c.digest_hours);
  d.period = std::chrono::seconds(c.digest_sweep_seconds);
  d.base_url = BaseUrl(c);
  return std::make_unique<mail::MailService>(*store.mail(), std::move(s), std::move(d));
}

// The turn-based games on this node whose running turn is the account's: a digest's lines.
std::vector<mail::WaitingGame> WaitingGames(const std::vector<HeldSeat>& held) {
  std::vector<mail::WaitingGame> out;
  for (const auto& h : held) {
    if (!h.turn_based || h.status != v1::ROOM_STATUS_PLAYING || h.to_move != h.seat) continue;
    mail::WaitingGame g{h.room, h.game, {}, h.deadline};
    for (std::size_t i = 0; i < h.players.size(); ++i) {
      if (static_cast<int>(i) != h.seat && !h.players[i].empty()) g.players.push_back(h.players[i]);
    }
    out.push_back(std::move(g));
  }
  return out;
}

accounts::PasskeyLimits PasskeyLimitsOf(const ServerConfig& c) {
  accounts::PasskeyLimits limits;
  limits.public_url = c.public_url;
  // --allowed-origins' pages may use the passkeys too ("*" names no page), read as the origin
  // checks read them (the flag was checked at start).
  const auto parsed = OriginPolicy::Parse(c.allowed_origins);
  if (const auto* policy = std::get_if<OriginPolicy>(&parsed)) {
    limits.allowed_origins = policy->allowed();
  }
  limits.max_per_account = c.max_passkeys_per_account;
  return limits;
}

}  // namespace

ServerApp::ServerApp(ServerConfig config)
    : config_(std::move(config)),
      net_config_(NetConfigOf(config_)),
      room_config_(RoomConfigOf(config_)),
      store_(OpenStore(config_)),
      files_(config_.web_root.empty() ? StaticFiles{}
                                      : StaticFiles::Load(config_.web_root, config_.data_dir)),
      io_(config_.threads),
      bots_(config_.bot_threads > 0
                ? std::make_unique<bots::BotPool>(config_.bot_threads, config_.bot_queue,
                                                  config_.bot_jobs_per_address)
                : nullptr),
      analyses_(*store_, bots_.get(), config_.max_analyses, config_.analysis_ms, metrics_),
      replays_(config_.replay_cache_bytes),
      api_workers_(config_.api_threads, config_.api_queue, config_.api_per_address),
      hash_workers_(config_.hash_threads, config_.hash_queue, config_.hash_per_address),
      read_workers_(config_.read_threads, config_.read_queue, config_.read_per_address),
      accounts_(store_->accounts(), AccountLimitsOf(config_), hash_workers_, read_workers_, {},
                store_->moderation()),
      passkeys_(store_->accounts(), PasskeyLimitsOf(config_), accounts_),
      ratings_(store_->ratings(), accounts_),
      profiles_(store_->accounts(), accounts_,
                {[this](store::AccountId account) { return registry_.SeatsHeldBy(account); },
                 [this](store::AccountId account, const std::string& name,
                        const std::vector<std::string>& hashes) {
                   return registry_.ClaimSeats(account, name, hashes);
                 },
                 [this](store::AccountId account, const std::string& label) {
                   registry_.ForgetAccount(account, label);
                 }},
                [this](store::AccountId account) { return ratings_.PlayerRatings(account); },
                {{"email",
                  [this](store::AccountId account) -> nlohmann::json {
                    store::MailStore* mail = store_->mail();
                    const auto row = mail ? mail->Address(account) : std::nullopt;
                    if (!row) return nullptr;
                    return {{"address", row->address},
                            {"verified", row->verified},
                            {"digest", row->digest},
                            {"last_digest_at", row->last_digest_at}};
                  }},
                 {"notices",
                  [this](store::AccountId account) -> nlohmann::json {
                    store::SocialStore* social = store_->social();
                    if (social == nullptr) return nullptr;
                    return accounts::NoticePreferencesJson(social->NoticePreferencesOf(account));
                  }}},
                // The rated games the player left, counted on the public profile (fair play).
                {{"abandoned",
                  [this](store::AccountId account) -> nlohmann::json {
                    // The count alone: no game's time is wanted.
                    constexpr auto kNever = std::numeric_limits<std::int64_t>::max();
                    store::RatingStore* ratings = store_->ratings();
                    return ratings ? ratings->AbandonedGames(account, kNever).total : 0;
                  }}}),
      push_(StartPush(config_, *store_)),
      push_api_(store_->push(), push_ ? &push_->key() : nullptr,
                {config_.push_subscriptions_per_account,
                 config_.push_allow_loopback ? push::Loopback::kAllowed : push::Loopback::kRefused},
                accounts_),
      social_(
          store_->social(), store_->accounts(),
          {[this](const std::string& code, store::AccountId inviter) -> std::optional<std::string> {
             const auto room = registry_.Find(code);
             const auto held = room ? room->SeatHeldBy(inviter) : std::nullopt;
             if (!held || held->status == v1::ROOM_STATUS_FINISHED) return std::nullopt;
             return held->game;
           },
           push_ ? &push_->sender() : nullptr},
          {config_.invitations_per_hour, config_.max_pending_invitations, config_.max_following},
          accounts_),
      mail_(StartMail(config_, *store_)),
      email_api_(store_->mail(), store_->accounts(), mail_ ? &mail_->sender() : nullptr,
                 BaseUrl(config_), accounts_),
      password_resets_(store_->accounts(), store_->mail(), mail_ ? &mail_->sender() : nullptr,
                       BaseUrl(config_), accounts_, config_.password_resets_per_hour),
      notice_preferences_(store_->social(), accounts_),
      moderation_api_(store_->accounts(), store_->moderation(), accounts_),
      settings_api_(store_->moderation(), settings_, accounts_),
      report_api_(store_->moderation(), accounts_),
      registry_(io_, room_config_, metrics_, *store_, bots_.get()),
      lobby_(registry_, room_config_, metrics_),
      listener_(std::make_shared<Listener>(
          io_, net_config_, metrics_, lobby_, files_,
          HttpServices{[this](ApiRequest request, ApiReply reply) {
                         Api(std::move(request), std::move(reply));
                       },
                       [this](bool ready) { return Health(ready); },
                       [this](UpgradeCredentials c, auto done) {
                         return accounts_.AuthenticateUpgrade(std::move(c), std::move(done));
                       },
                       [this](const std::string& client) -> std::optional<ApiResponse> {
                         const auto ban = address_bans_.Find(client, std::time(nullptr));
                         if (!ban) return std::nullopt;
                         return accounts::AddressBanRefusal(*ban);
                       }})),
      signals_(io_, SIGINT, SIGTERM),
      sweep_(io_),
      memory_return_([this] {
        TrimHeap();
        ++metrics_.memory_trims;
      }) {
  metrics_.AddSection(SocialMetricsSection(social_.metrics()));
  metrics_.AddSection(ReadWorkerMetricsSection(read_workers_.metrics()));
  metrics_.AddSection(MailMetricsSection(mail_.get(), email_api_.metrics()));
  metrics_.AddSection(PasswordResetMetricsSection(password_resets_.metrics()));
  metrics_.AddSection(NoticePreferencesMetricsSection(notice_preferences_.metrics()));
  if (mail_) {
    mail_->StartDigests(
        [this](store::AccountId account) { return WaitingGames(registry_.SeatsHeldBy(account)); },
        [social = store_->social()](store::AccountId account) {
          return social != nullptr ? social->NoticePreferencesOf(account)
                                   : store::NoticePreferenceRow{};
        });
  }
  accounts_.set_fair_play(store_->ratings(), {config_.abandon_limit, config_.abandon_days});
  if (store::ModerationStore* moderation = store_->moderation()) {
    moderation_watch_ = std::make_unique<ModerationWatch>(
        *moderation, std::chrono::milliseconds(config_.moderation_poll_ms),
        [this](store::AccountId account, std::int64_t ends_at) {
          lobby_.CloseAccount(account, close_code::kBanned,
                              "banned " + moderation::UntilText(ends_at));
        },
        mutes_, address_bans_, settings_, moderation_metrics_);
    registry_.set_mutes(&mutes_);
    registry_.set_room_actions(&room_actions_);
    moderation_api_.set_rooms([this] { return ModerationRoomsJson(registry_); });
    moderation_watch_->WatchRooms(&room_actions_, [this](const std::vector<std::int64_t>& ids) {
      registry_.ApplyRoomActions(ids);
    });
    registry_.set_settings(&settings_);
    accounts_.set_settings(&settings_);
    report_filing_ = std::make_unique<ReportFiling>(*moderation, api_workers_);
    registry_.set_reports(report_filing_.get());
    // Read once before the port opens, so that the first sign-up already obeys the settings.
    moderation_watch_->PollOnce();
    moderation_watch_->Start();
  }
  metrics_.AddSection(ModerationMetricsSection(
      moderation_metrics_, moderation_api_.metrics(), settings_api_.metrics(),
      report_filing_ ? report_filing_->metrics() : no_reports_));
  if (push_) {
    registry_.set_notices(&push_->sender());
    metrics_.AddSection(PushMetricsSection(push_->metrics(), push_api_.metrics()));
  }
}

ServerApp::~ServerApp() {
  if (moderation_watch_) moderation_watch_->Stop();  // it closes lobby_'s connections
  if (mail_) mail_->StopDigests();                   // it reads registry_, which goes first
  api_workers_.Stop();
  hash_workers_.Stop();
  read_workers_.Stop();
  if (bots_) bots_->Stop();
  // The store's writer may still hold appends whose answers are posted to io_: they are
  // written, and answered, before io_ goes away.
  store_->Flush();
}

std::string ServerApp::Open() {
  metrics_.WatchStore(store_.get());
  if (bots_) metrics_.WatchBots(&bots_->metrics());
  metrics_.WatchApi(&api_workers_.metrics(), &replays_);
  metrics_.WatchAccounts(&accounts_.metrics(), &hash_workers_.metrics());
  if (!config_.web_root.empty()) {
    spdlog::info("web client: {} file(s) from {}", files_.size(), config_.web_root);
  }
  // Bound first (nothing is accepted before Run): a cluster node advertises its real port.
  if (std::string error = listener_->Open(); !error.empty()) return error;
  try {
    if (store::RoomLeases* leases = store_->leases()) {
      ClusterNode::Settings s;
      const std::string port = std::to_string(listener_->port());
      s.node_id = config_.node_id.empty() ? HostName() + "-" + port : config_.node_id;
      s.advertise = config_.advertise;
      if (s.advertise.empty()) {
        const bool any = config_.bind == "0.0.0.0" || config_.bind == "::";
        s.advertise =
            "ws://" + (any ? std::string("127.0.0.1") : config_.bind) + ":" + port + "/ws";
      }
      s.lease = config_.lease;
      s.max_rooms = config_.max_rooms;
      cluster_ = std::make_unique<ClusterNode>(*leases, registry_, metrics_, s);
      restore_report_ = cluster_->Start();
      lobby_.set_locator(cluster_.get());
    } else {
      restore_report_ = registry_.RestoreAll();
    }
  } catch (const store::StoreError& e) {
    return "cannot read the store: " + std::string(e.what());
  }
  spdlog::info("store {}: {} room(s) restored, {} quarantined",
               store::DescribeStore(config_.store, config_.data_dir), restore_report_.restored,
               restore_report_.quarantined.size());
  return "";
}

void ServerApp::Api(ApiRequest request, ApiReply reply) {
  if (accounts::ProfileApi::Handles(request)) {
    return profiles_.Serve(std::move(request), std::move(reply));
  }
  if (accounts::RatingApi::Handles(request)) {
    return ratings_.Serve(std::move(request), std::move(reply));
  }
  if (accounts::SocialApi::Handles(request)) {
    return social_.Serve(std::move(request), std::move(reply));
  }
  if (accounts::PushApi::Handles(request)) {
    return push_api_.Serve(std::move(request), std::move(reply));
  }
  if (accounts::EmailApi::Handles(request)) {
    return email_api_.Serve(std::move(request), std::move(reply));
  }
  if (accounts::PasswordResetApi::Handles(request)) {
    return password_resets_.Serve(std::move(request), std::move(reply));
  }
  if (accounts::NoticePreferencesApi::Handles(request)) {
    return notice_preferences_.Serve(std::move(request), std::move(reply));
  }
  if (accounts::PasskeyApi::Handles(request)) {
    return passkeys_.Serve(std::move(request), std::move(reply));
  }
  if (accounts::ReportApi::Handles(request)) {
    return report_api_.Serve(std::move(request), std::move(reply));
  }
  if (accounts::SettingsApi::Handles(request)) {
    return settings_api_.Serve(std::move(request), std::move(reply));
  }
  if (accounts::ModerationApi::Handles(request)) {
    return moderation_api_.Serve(std::move(request), std::move(reply));
  }
  if (accounts::AccountApi::Handles(request)) {
    return accounts_.Serve(std::move(request), std::move(reply));
  }
  if (IsArchivePath(request)) {
    // Records are parsed and replayed, the store is read: never on this (network) thread.
    auto shared_reply = std::make_shared<ApiReply>(std::move(reply));
    auto job = std::make_shared<ApiRequest>(std::move(request));
    const auto admission = api_workers_.Submit(
        job->client,
        [this, job, shared_reply] {
          ServeArchive(*store_, *job, *shared_reply, &analyses_, &replays_);
        },
        [shared_reply](ApiWorkers::Dropped why) {
          const bool stopping = why == ApiWorkers::Dropped::kStopping;
          ApiResponse gone{503, "application/json",
                           stopping
                               ? R"({"error":"the server is shutting down; ask again in a moment"})"
                               : R"({"error":"the server is busy; ask again in a moment"})"};
          gone.retry_after = stopping ? 5 : 1;
          (*shared_reply)(std::move(gone));
        });
    if (admission == ApiWorkers::Admission::kAccepted) return;
    const bool mine = admission == ApiWorkers::Admission::kAddressShare;
    metrics_.Reject(mine ? "api_address_share" : "api_busy");
    ApiResponse busy{
        503, "application/json",
        mine
            ? R"({"error":"your address has as many API requests in progress as it may (--api-per-address); wait for their answers"})"
            : R"({"error":"the server is busy; ask again in a moment"})"};
    busy.retry_after = 1;
    return (*shared_reply)(std::move(busy));
  }
  const std::string& target = request.target;
  if (request.method != "GET" && request.method != "HEAD") {
    return reply(
        {405, "application/json", R"({"error":"method not allowed: use GET, HEAD"})", "GET, HEAD"});
  }
  if (target == "/api/game-types") {
    // The same for every request while the process lives: built once.
    static const std::string table = GameTable().dump();
    return reply({200, "application/json", table, ""});
  }
  // /api/rooms/{code}/record
  const std::string prefix = "/api/rooms/";
  const std::string suffix = "/record";
  if (target.rfind(prefix, 0) == 0 && target.size() > prefix.size() + suffix.size() &&
      target.compare(target.size() - suffix.size(), suffix.size(), suffix) == 0) {
    return RoomRecord(request,
                      target.substr(prefix.size(), target.size() - prefix.size() - suffix.size()),
                      std::move(reply));
  }
  reply({404, "application/json", R"({"error":"unknown API path"})", ""});
}

void ServerApp::RoomRecord(const ApiRequest& request, const std::string& code, ApiReply reply) {
  AddressRate& guesses = registry_.code_guesses();
  if (!guesses.Ready(request.client)) {
    metrics_.Reject("code_guesses");
    ApiResponse slow{429, "application/json",
                     R"({"error":"too many room codes tried from your address: wait a minute"})"};
    slow.retry_after = 60;
    return reply(std::move(slow));
  }
  const auto room = registry_.Find(code);
  if (!room) {
    guesses.Take(request.client);
    return reply({404, "application/json", std::string(kNoSuchRoomJson)});
  }
  // A seat's token (Authorization: Bearer TOKEN) makes the request a member's.
  const std::string_view token = BearerToken(request.authorization);
  const bool member =
      !token.empty() && registry_.FindByToken(HashToken(std::string(token))) == room;
  room->Record(member, [reply = std::move(reply)](unsigned status, std::string body) {
    reply({status, "application/json", std::move(body), ""});
  });
}

HealthAnswer ServerApp::Health(bool ready) const {
  if (ready && stopping_.load()) return {503, "shutting down\n"};
  if (const std::string why = store_->WriteTrouble(); !why.empty()) {
    return {503, "store: " + why + "\n"};
  }
  return {200, "ok\n"};
}

void ServerApp::ScheduleSweep() {
  sweep_.expires_after(config_.sweep_interval);
  sweep_.async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    registry_.Sweep();
    memory_return_.Observe({metrics_.tcp_connections.load(), metrics_.commands.load(),
                            metrics_.rooms_disposed_empty_lobby.load() +
                                metrics_.rooms_disposed_finished.load() +
                                metrics_.rooms_disposed_abandoned.load()});
    ScheduleSweep();
  });
}

void ServerApp::Run() {
  signals_.async_wait([this](boost::system::error_code ec, int signal) {
    if (ec) return;
    spdlog::info("signal {}: shutting down", signal);
    Stop();
  });
  listener_->Run();
  if (cluster_) cluster_->Run();
  ScheduleSweep();
  if (config_.game_seed != 0) {
    spdlog::warn(
        "--game-seed {}: every game has the same tile order; never do this on a public "
        "server",
        config_.game_seed);
  }
  spdlog::info("carcassonne-server {} listening on {}:{} with {} threads", CARC_SERVER_VERSION,
               config_.bind, listener_->port(), config_.threads);
  std::vector<std::thread> threads;
  for (int i = 1; i < config_.threads; ++i) threads.emplace_back([this] { io_.run(); });
  io_.run();
  for (auto& t : threads) t.join();
  // Commands still on their way to the disk are written (their players were never told).
  store_->Flush();
  // Then the other nodes may take the rooms at once.
  if (cluster_) cluster_->Leave();
  registry_.ReleaseSessions();
}

void ServerApp::Stop() {
  stopping_ = true;
  net::post(io_, [this] {
    listener_->Stop();
    signals_.cancel();
    sweep_.cancel();
    registry_.CloseAll(close_code::kRestart, "server restarting, reconnect");
    lobby_.CloseAll(close_code::kRestart, "server restarting, reconnect");
    // Every client should see the restart code: wait for the close handshakes (a loaded or
    // slow machine needs more than a fixed moment), but not for a peer that never answers.
    StopWhenClosed(std::make_shared<net::steady_timer>(io_),
                   std::chrono::steady_clock::now() + std::chrono::seconds(5));
  });
}

void ServerApp::StopWhenClosed(std::shared_ptr<net::steady_timer> timer,
                               std::chrono::steady_clock::time_point deadline) {
  if (metrics_.connections.load() == 0 || std::chrono::steady_clock::now() >= deadline) {
    io_.stop();
    return;
  }
  timer->expires_after(std::chrono::milliseconds(50));
  timer->async_wait(
      [this, timer, deadline](boost::system::error_code) { StopWhenClosed(timer, deadline); });
}

}  // namespace carc::server
