// Wiring: the store, the io_context and its threads, the listener, rooms, the lobby, metrics,
// the room sweeper and graceful shutdown on SIGINT/SIGTERM.
//
// Contract: the constructor opens the store (config.store, or the SQLite file in data_dir,
// creating the directory) and throws store::StoreError if it cannot. Open() binds the port and
// rebuilds every open room from the store (in a cluster, the orphaned rooms it claims) before
// Run accepts a connection, so no client can reach a room that is not yet whole. A cluster node
// hands its rooms over when Run returns after Stop.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>
#include <string>

#include "accounts/account_api.h"
#include "accounts/email_api.h"
#include "accounts/moderation_api.h"
#include "accounts/notice_preferences_api.h"
#include "accounts/passkey_api.h"
#include "accounts/password_reset_api.h"
#include "accounts/profile_api.h"
#include "accounts/push_api.h"
#include "accounts/rating_api.h"
#include "accounts/report_api.h"
#include "accounts/settings_api.h"
#include "accounts/social_api.h"
#include "app/game_analysis.h"
#include "app/memory_return.h"
#include "app/metrics.h"
#include "app/moderation_watch.h"
#include "app/replay_cache.h"
#include "app/report_filing.h"
#include "app/server_config.h"
#include "cluster/cluster_node.h"
#include "mail/mail_service.h"
#include "net/api_workers.h"
#include "net/listener.h"
#include "net/static_files.h"
#include "push/push_service.h"
#include "rooms/lobby.h"
#include "rooms/room_registry.h"
#include "store/event_store.h"

namespace carc::server {

class ServerApp {
 public:
  explicit ServerApp(ServerConfig config);
  ~ServerApp();
  // Restores the rooms, then binds the port; returns an error message or "".
  std::string Open();
  // Serves until Stop() or a signal. Blocks; runs config.threads threads.
  void Run();
  // Thread-safe: stop accepting, close every connection with 1012, then return from Run().
  void Stop();
  std::uint16_t port() const { return listener_->port(); }
  Metrics& metrics() { return metrics_; }
  RoomRegistry& registry() { return registry_; }
  store::EventStore& store() { return *store_; }
  const RoomRegistry::RestoreReport& restore_report() const { return restore_report_; }

 private:
  void ScheduleSweep();
  // Stops the io_context once every WebSocket connection is gone or `deadline` has passed.
  void StopWhenClosed(std::shared_ptr<boost::asio::steady_timer> timer,
                      std::chrono::steady_clock::time_point deadline);
  void Api(ApiRequest request, ApiReply reply);
  // GET /api/rooms/{code}/record (rooms/room.h, Room::Record, says who gets it).
  void RoomRecord(const ApiRequest& request, const std::string& code, ApiReply reply);
  HealthAnswer Health(bool ready) const;

  ServerConfig config_;
  const NetConfig net_config_;    // before listener_, which holds on to it
  const RoomConfig room_config_;  // before registry_ and lobby_, which hold on to it
  // Before io_: handlers still queued when io_ is destroyed update the metrics as they go.
  Metrics metrics_;
  std::unique_ptr<store::EventStore> store_;
  RoomRegistry::RestoreReport restore_report_;
  // The web client's files, found once at start (net/static_files.h).
  const StaticFiles files_;
  boost::asio::io_context io_;
  // Stopped first in the destructor: its workers post to io_.
  std::unique_ptr<bots::BotPool> bots_;
  // After bots_, whose Stop() (in ~ServerApp) ends every search before this goes.
  GameAnalyses analyses_;
  ReplayCache replays_;
  // Stopped in the destructor before the store and the analyses its jobs use go.
  ApiWorkers api_workers_;
  // Password hashing for sign-ups and sign-ins, apart from the API's other work so that a flood
  // of sign-ins cannot delay the archive, and stopped with it.
  ApiWorkers hash_workers_;
  // The account API's store reads (a signed-in upgrade's session, /api/me, profiles, ...):
  // cheap, and players wait on them to connect, so never queued behind the API threads' costly
  // work; stopped with them.
  ApiWorkers read_workers_;
  // The server's settings in force (moderation/server_settings.h): sign-up, the rooms and
  // /api/server ask it; the settings API and the moderation watch replace it.
  moderation::SettingsBox settings_;
  accounts::AccountApi accounts_;
  accounts::PasskeyApi passkeys_;
  accounts::RatingApi ratings_;
  accounts::ProfileApi profiles_;
  // Web Push (null: --push off, or a store that keeps no subscriptions): after store_, which its
  // thread reads, and before registry_, whose rooms queue notices on it.
  std::unique_ptr<push::PushService> push_;
  accounts::PushApi push_api_;
  // Its room check reads registry_, which is made after it but before any request is served.
  accounts::SocialApi social_;
  // E-mail (null: no --smtp-url, or a store that keeps no addresses); its digest sweep starts
  // in the constructor's body, once registry_ exists, and stops first in the destructor's.
  std::unique_ptr<mail::MailService> mail_;
  accounts::EmailApi email_api_;
  accounts::PasswordResetApi password_resets_;
  accounts::NoticePreferencesApi notice_preferences_;
  accounts::ModerationApi moderation_api_;
  accounts::SettingsApi settings_api_;
  accounts::ReportApi report_api_;
  std::atomic<bool> stopping_{false};
  // The mutes in force, which the rooms' chat asks (before registry_, which points to it).
  moderation::MuteList mutes_;
  moderation::RoomActionList room_actions_;  // kicks and closed rooms (the watch keeps it)
  // The address bans in force, which every HTTP session asks (before listener_, which does).
  moderation::AddressBanList address_bans_;
  RoomRegistry registry_;
  Lobby lobby_;
  // Bans made elsewhere close their player's sockets here (null: a store that keeps no
  // sanctions): after lobby_, whose connections it closes, and stopped first in the destructor.
  ModerationWatchMetrics moderation_metrics_;
  // The rooms' reports, kept on api_workers_ (null: a store that keeps no accounts).
  std::unique_ptr<ReportFiling> report_filing_;
  ReportMetrics no_reports_;  // the metrics' zeros when there is no report_filing_
  std::unique_ptr<ModerationWatch> moderation_watch_;
  // With a PostgreSQL store: this node's leases (after registry_, whose rooms it moves).
  std::unique_ptr<ClusterNode> cluster_;
  std::shared_ptr<Listener> listener_;
  boost::asio::signal_set signals_;
  boost::asio::steady_timer sweep_;
  MemoryReturn memory_return_;
};

}  // namespace carc::server
