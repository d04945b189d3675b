#include "metrics.h"

#include <sstream>

#include "sys/memory_ceiling.h"
#include "sys/process_usage.h"

namespace carc::server {

void Metrics::Reject(const std::string& reason) {
  std::lock_guard lock(mu_);
  ++rejections_[reason];
}

void Metrics::ObserveCommandLatency(double seconds) {
  std::lock_guard lock(mu_);
  std::size_t i = 0;
  while (i < kBuckets.size() && seconds > kBuckets[i]) ++i;
  ++latency_counts_[i];
  latency_sum_ += seconds;
  ++latency_count_;
}

namespace {

std::string StoreFigures(const store::EventStore* store) {
  if (store == nullptr) return {};
  const store::StoreStats s = store->Stats();
  std::ostringstream o;
  o << "# HELP carc_store_batches_total Transactions of the group commit (game commands).\n"
       "# TYPE carc_store_batches_total counter\n"
    << "carc_store_batches_total " << s.batches << "\n"
    << "# HELP carc_store_batched_appends_total Game commands written by the group commit; "
       "divided by the batches, the commands that shared one fsync.\n"
       "# TYPE carc_store_batched_appends_total counter\n"
    << "carc_store_batched_appends_total " << s.batched_appends << "\n"
    << "# HELP carc_store_queued_appends Game commands waiting for the next batch.\n"
       "# TYPE carc_store_queued_appends gauge\n"
    << "carc_store_queued_appends " << s.queued_appends << "\n"
    << "# HELP carc_store_room_writes_total Rooms' other writes (creation, archive, disposal) "
       "run on the writer thread, off the network threads.\n"
       "# TYPE carc_store_room_writes_total counter\n"
    << "carc_store_room_writes_total " << s.room_writes << "\n"
    << "# HELP carc_store_checkpoints_total Checkpoints of the write-ahead log, run beside the "
       "writer.\n"
       "# TYPE carc_store_checkpoints_total counter\n"
    << "carc_store_checkpoints_total " << s.checkpoints << "\n"
    << "# HELP carc_store_writes_settled_total Writes whose connection to PostgreSQL failed "
       "under them, settled by asking the log whether they took place.\n"
       "# TYPE carc_store_writes_settled_total counter\n"
    << "carc_store_writes_settled_total " << s.writes_settled << "\n"
    << "# HELP carc_store_writes_in_doubt_total Such writes the log could not be asked about: "
       "their rooms were given up and rebuilt from the log.\n"
       "# TYPE carc_store_writes_in_doubt_total counter\n"
    << "carc_store_writes_in_doubt_total " << s.writes_in_doubt << "\n";
  return o.str();
}

// The process's own figures under the names Prometheus client libraries give them, so that one
// scrape compares this server with another process (bench/relay) and a load run can take the
// CPU per command and the memory per connection.
std::string ProcessFigures() {
  std::ostringstream o;
  o << "# HELP process_cpu_seconds_total User and system CPU time of the server process.\n"
       "# TYPE process_cpu_seconds_total counter\n"
    << "process_cpu_seconds_total " << ProcessCpuSeconds() << "\n"
    << "# HELP process_resident_memory_bytes Resident memory of the server process.\n"
       "# TYPE process_resident_memory_bytes gauge\n"
    << "process_resident_memory_bytes " << ResidentBytes() << "\n"
    << "# HELP carc_memory_ceiling_bytes The data limit the server runs under "
       "(--memory-max-mib, RLIMIT_DATA); -1 when there is none.\n"
       "# TYPE carc_memory_ceiling_bytes gauge\n"
    << "carc_memory_ceiling_bytes " << MemoryCeilingBytes() << "\n";
  return o.str();
}

}  // namespace

std::string Metrics::Render() const {
  std::ostringstream o;
  o << ProcessFigures();
  o << "# HELP carc_connections Open WebSocket connections.\n"
       "# TYPE carc_connections gauge\n"
    << "carc_connections " << connections.load() << "\n"
    << "# HELP carc_rooms Rooms by state.\n# TYPE carc_rooms gauge\n"
    << "carc_rooms{state=\"lobby\"} " << rooms_lobby.load() << "\n"
    << "carc_rooms{state=\"playing\"} " << rooms_playing.load() << "\n"
    << "carc_rooms{state=\"finished\"} " << rooms_finished.load() << "\n"
    << "# HELP carc_commands_total Game commands accepted.\n# TYPE carc_commands_total counter\n"
    << "carc_commands_total " << commands.load() << "\n"
    << "# HELP carc_games_finished_total Games played to the end or ended by a vote.\n"
       "# TYPE carc_games_finished_total counter\n"
    << "carc_games_finished_total " << games_finished.load() << "\n"
    << "# HELP carc_absent_votes_total Votes on absent players carried, by outcome (a game "
       "ended by vote also counts in carc_games_finished_total).\n"
       "# TYPE carc_absent_votes_total counter\n"
    << "carc_absent_votes_total{outcome=\"skip\"} " << absent_votes_skip.load() << "\n"
    << "carc_absent_votes_total{outcome=\"end\"} " << absent_votes_end.load() << "\n"
    << "# HELP carc_grace_periods_ended_total Absent players' grace periods ended early by a "
       "player present (EndGracePeriod).\n"
       "# TYPE carc_grace_periods_ended_total counter\n"
    << "carc_grace_periods_ended_total " << grace_periods_ended.load() << "\n"
    << "# HELP carc_turn_based_total Turn-based games' reminders sent at 80% of a move's time, "
       "and turns whose time ran out (the absent policy decided).\n"
       "# TYPE carc_turn_based_total counter\n"
    << "carc_turn_based_total{event=\"reminded\"} " << turn_reminders.load() << "\n"
    << "carc_turn_based_total{event=\"expired\"} " << turns_expired.load() << "\n"
    << "# HELP carc_hints_total Hints searched and sent (RoomOptions.hints).\n"
       "# TYPE carc_hints_total counter\n"
    << "carc_hints_total " << hints_given.load() << "\n"
    << "# HELP carc_placement_previews_total Placements previewed before they were sent "
       "(PreviewPlacement: the follower step shown while the tile can be taken back).\n"
       "# TYPE carc_placement_previews_total counter\n"
    << "carc_placement_previews_total " << placement_previews.load() << "\n"
    << "# HELP carc_analyses_total Analyses of archived games, by outcome.\n"
       "# TYPE carc_analyses_total counter\n"
    << "carc_analyses_total{outcome=\"started\"} " << analyses_started.load() << "\n"
    << "carc_analyses_total{outcome=\"done\"} " << analyses_done.load() << "\n"
    << "carc_analyses_total{outcome=\"refused\"} " << analyses_refused.load() << "\n"
    << "# HELP carc_analyses_running Analyses of archived games running now "
       "(--max-analyses).\n# TYPE carc_analyses_running gauge\n"
    << "carc_analyses_running " << analyses_running.load() << "\n"
    << "# HELP carc_messages_in_total Client messages received.\n"
       "# TYPE carc_messages_in_total counter\n"
    << "carc_messages_in_total " << messages_in.load() << "\n"
    << "# HELP carc_ws_reads_total WebSocket reads: one per frame received, or per 256 bytes "
       "of a longer frame.\n"
       "# TYPE carc_ws_reads_total counter\n"
    << "carc_ws_reads_total " << ws_reads.load() << "\n"
    << "# HELP carc_bytes_out_total Bytes queued to clients.\n# TYPE carc_bytes_out_total counter\n"
    << "carc_bytes_out_total " << bytes_out.load() << "\n"
    << "# HELP carc_slow_readers_dropped_total Connections cut off for a full write queue.\n"
       "# TYPE carc_slow_readers_dropped_total counter\n"
    << "carc_slow_readers_dropped_total " << slow_readers_dropped.load() << "\n"
    << "# HELP carc_store_errors_total Writes the store refused (the change was undone).\n"
       "# TYPE carc_store_errors_total counter\n"
    << "carc_store_errors_total " << store_errors.load() << "\n"
    << StoreFigures(store_)
    << "# HELP carc_rooms_restored_total Rooms rebuilt from the store at start.\n"
       "# TYPE carc_rooms_restored_total counter\n"
    << "carc_rooms_restored_total " << rooms_restored.load() << "\n"
    << "# HELP carc_cluster_rooms_claimed_total Rooms this node took over (their node died, "
       "left or lost them).\n# TYPE carc_cluster_rooms_claimed_total counter\n"
    << "carc_cluster_rooms_claimed_total " << cluster_rooms_claimed.load() << "\n"
    << "# HELP carc_cluster_rooms_lost_total Rooms this node gave up: their lease ran out or "
       "another node took them.\n# TYPE carc_cluster_rooms_lost_total counter\n"
    << "carc_cluster_rooms_lost_total " << cluster_rooms_lost.load() << "\n"
    << "# HELP carc_cluster_redirects_total Clients sent to the node that serves their room.\n"
       "# TYPE carc_cluster_redirects_total counter\n"
    << "carc_cluster_redirects_total " << cluster_redirects.load() << "\n"
    << "# HELP carc_cluster_renew_errors_total Lease renewals that failed (store unreachable).\n"
       "# TYPE carc_cluster_renew_errors_total counter\n"
    << "carc_cluster_renew_errors_total " << cluster_renew_errors.load() << "\n"
    << "# HELP carc_cluster_leases Room leases this node holds (0 outside a cluster).\n"
       "# TYPE carc_cluster_leases gauge\n"
    << "carc_cluster_leases " << cluster_leases.load() << "\n"
    << "# HELP carc_cluster_listings_published_total Times this node published its public "
       "rooms (each time they changed).\n# TYPE carc_cluster_listings_published_total counter\n"
    << "carc_cluster_listings_published_total " << cluster_listings_published.load() << "\n"
    << "# HELP carc_cluster_rooms_listed_elsewhere Public rooms of the other nodes this node "
       "lists.\n# TYPE carc_cluster_rooms_listed_elsewhere gauge\n"
    << "carc_cluster_rooms_listed_elsewhere " << cluster_rooms_listed_elsewhere.load() << "\n"
    << "# HELP carc_rooms_quarantined_total Room logs found unreadable at start and set aside.\n"
       "# TYPE carc_rooms_quarantined_total counter\n"
    << "carc_rooms_quarantined_total " << rooms_quarantined.load() << "\n"
    << "# HELP carc_rooms_refused_total Room creations refused by a room limit.\n"
       "# TYPE carc_rooms_refused_total counter\n"
    << "carc_rooms_refused_total{reason=\"max_rooms\"} " << rooms_refused_max_rooms.load() << "\n"
    << "carc_rooms_refused_total{reason=\"max_rooms_per_address\"} "
    << rooms_refused_per_address.load() << "\n"
    << "carc_rooms_refused_total{reason=\"max_turn_based_rooms\"} "
    << rooms_refused_max_turn_based.load() << "\n"
    << "# HELP carc_rooms_disposed_total Rooms disposed of, by why.\n"
       "# TYPE carc_rooms_disposed_total counter\n"
    << "carc_rooms_disposed_total{reason=\"empty_lobby\"} " << rooms_disposed_empty_lobby.load()
    << "\n"
    << "carc_rooms_disposed_total{reason=\"finished\"} " << rooms_disposed_finished.load() << "\n"
    << "carc_rooms_disposed_total{reason=\"abandoned\"} " << rooms_disposed_abandoned.load() << "\n"
    << "carc_rooms_disposed_total{reason=\"away_lobby\"} " << rooms_disposed_away_lobby.load()
    << "\n"
    << "# HELP carc_room_sweep_visits_total Rooms the sweeper looked at (those one of whose "
       "disposal conditions is counting).\n"
       "# TYPE carc_room_sweep_visits_total counter\n"
    << "carc_room_sweep_visits_total " << rooms_swept.load() << "\n"
    << "# HELP carc_tcp_connections Open TCP connections, HTTP and WebSocket.\n"
       "# TYPE carc_tcp_connections gauge\n"
    << "carc_tcp_connections " << tcp_connections.load() << "\n"
    << "# HELP carc_connections_refused_total Connections refused for a connection cap.\n"
       "# TYPE carc_connections_refused_total counter\n"
    << "carc_connections_refused_total{reason=\"total\"} " << refused_total.load() << "\n"
    << "carc_connections_refused_total{reason=\"per_address\"} " << refused_per_address.load()
    << "\n"
    << "# HELP carc_accept_failures_total Failed accept() calls.\n"
       "# TYPE carc_accept_failures_total counter\n"
    << "carc_accept_failures_total " << accept_failures.load() << "\n"
    << "# HELP carc_write_queue_bytes Bytes queued to WebSocket clients, not yet written.\n"
       "# TYPE carc_write_queue_bytes gauge\n"
    << "carc_write_queue_bytes " << write_queue_bytes.load() << "\n"
    << "# HELP carc_write_queue_peak_bytes The most bytes one connection has had queued.\n"
       "# TYPE carc_write_queue_peak_bytes gauge\n"
    << "carc_write_queue_peak_bytes " << write_queue_peak_bytes.load() << "\n"
    << "# HELP carc_lobby_idle_closed_total Connections closed idle outside any room.\n"
       "# TYPE carc_lobby_idle_closed_total counter\n"
    << "carc_lobby_idle_closed_total " << lobby_idle_closed.load() << "\n"
    << "# HELP carc_memory_trims_total Freed heap memory given back to the system after many "
       "connections left.\n"
       "# TYPE carc_memory_trims_total counter\n"
    << "carc_memory_trims_total " << memory_trims.load() << "\n";
  if (bots_ != nullptr) {
    o << "# HELP carc_bot_moves_total Moves chosen by computer players.\n"
         "# TYPE carc_bot_moves_total counter\n"
      << "carc_bot_moves_total " << bots_->moves.load() << "\n"
      << "# HELP carc_bot_jobs_refused_total Computer players' moves refused for a full queue "
         "(--bot-queue): the engine's fallback was played.\n"
         "# TYPE carc_bot_jobs_refused_total counter\n"
      << "carc_bot_jobs_refused_total " << bots_->refused.load() << "\n"
      << "# HELP carc_bot_jobs_refused_owner_total Computer players' moves and hints refused "
         "because the rooms of one address had --bot-jobs-per-address waiting or running.\n"
         "# TYPE carc_bot_jobs_refused_owner_total counter\n"
      << "carc_bot_jobs_refused_owner_total " << bots_->refused_owner.load() << "\n"
      << "# HELP carc_bot_searches_yielded_total Searches stopped and queued again for a job due "
         "before them.\n"
         "# TYPE carc_bot_searches_yielded_total counter\n"
      << "carc_bot_searches_yielded_total " << bots_->yielded.load() << "\n"
      << "# HELP carc_bot_answers_late_total Computer players' answers given more than 50 ms "
         "after their budget.\n"
         "# TYPE carc_bot_answers_late_total counter\n"
      << "carc_bot_answers_late_total " << bots_->late.load() << "\n"
      << "# HELP carc_bot_jobs_cancelled_total Computer players' moves no longer wanted.\n"
         "# TYPE carc_bot_jobs_cancelled_total counter\n"
      << "carc_bot_jobs_cancelled_total " << bots_->cancelled.load() << "\n"
      << "# HELP carc_bot_think_seconds_total Time computer players spent choosing.\n"
         "# TYPE carc_bot_think_seconds_total counter\n"
      << "carc_bot_think_seconds_total " << static_cast<double>(bots_->think_us.load()) / 1e6
      << "\n"
      << "# HELP carc_bot_jobs_queued Computer players' moves waiting for a thread.\n"
         "# TYPE carc_bot_jobs_queued gauge\n"
      << "carc_bot_jobs_queued " << bots_->queued.load() << "\n"
      << "# HELP carc_bot_jobs_running Computer players thinking now.\n"
         "# TYPE carc_bot_jobs_running gauge\n"
      << "carc_bot_jobs_running " << bots_->running.load() << "\n";
  }
  if (api_ != nullptr) {
    o << "# HELP carc_api_jobs_total API requests served on the API threads.\n"
         "# TYPE carc_api_jobs_total counter\n"
      << "carc_api_jobs_total " << api_->done.load() << "\n"
      << "# HELP carc_api_jobs_refused_total API requests answered 503: every API thread busy "
         "and --api-queue waiting (busy; displaced: pushed out of a full queue by an address with "
         "fewer waiting), or the address at --api-per-address (address).\n"
         "# TYPE carc_api_jobs_refused_total counter\n"
      << "carc_api_jobs_refused_total{reason=\"busy\"} " << api_->refused_busy.load() << "\n"
      << "carc_api_jobs_refused_total{reason=\"address\"} " << api_->refused_address.load() << "\n"
      << "carc_api_jobs_refused_total{reason=\"displaced\"} " << api_->displaced.load() << "\n"
      << "# HELP carc_api_jobs_queued API requests waiting for an API thread.\n"
         "# TYPE carc_api_jobs_queued gauge\n"
      << "carc_api_jobs_queued " << api_->queued.load() << "\n"
      << "# HELP carc_api_busy_seconds_total Time the API threads spent on requests.\n"
         "# TYPE carc_api_busy_seconds_total counter\n"
      << "carc_api_busy_seconds_total " << static_cast<double>(api_->busy_us.load()) / 1e6 << "\n";
  }
  if (accounts_ != nullptr && hashing_ != nullptr) {
    const auto& a = *accounts_;
    o << "# HELP carc_account_signups_total Accounts made.\n"
         "# TYPE carc_account_signups_total counter\n"
      << "carc_account_signups_total " << a.signups.load() << "\n"
      << "# HELP carc_account_signups_refused_total Sign-ups refused: a bad or taken name, a bad "
         "password, or the address past --signups-per-hour.\n"
         "# TYPE carc_account_signups_refused_total counter\n"
      << "carc_account_signups_refused_total " << a.signups_refused.load() << "\n"
      << "# HELP carc_account_sign_ins_total Sign-ins with a right password.\n"
         "# TYPE carc_account_sign_ins_total counter\n"
      << "carc_account_sign_ins_total " << a.sign_ins.load() << "\n"
      << "# HELP carc_account_sign_in_failures_total Sign-ins with a wrong name or password.\n"
         "# TYPE carc_account_sign_in_failures_total counter\n"
      << "carc_account_sign_in_failures_total " << a.sign_in_failures.load() << "\n"
      << "# HELP carc_account_sign_ins_delayed_total Sign-ins refused (429) while the account or "
         "the address waits after failures.\n"
         "# TYPE carc_account_sign_ins_delayed_total counter\n"
      << "carc_account_sign_ins_delayed_total " << a.sign_ins_delayed.load() << "\n"
      << "# HELP carc_account_sign_ins_metered_total Sign-ins refused (429) before hashing: the "
         "address, or the account's right sign-ins, past --sign-ins-per-hour.\n"
         "# TYPE carc_account_sign_ins_metered_total counter\n"
      << "carc_account_sign_ins_metered_total " << a.sign_ins_metered.load() << "\n"
      << "# HELP carc_account_passwords_changed_total Passwords changed by their players "
         "(POST /api/me/password).\n"
         "# TYPE carc_account_passwords_changed_total counter\n"
      << "carc_account_passwords_changed_total " << a.passwords_changed.load() << "\n"
      << "# HELP carc_account_hashing_refused_total Sign-ups and sign-ins refused (503): the "
         "hashing threads' queue full (--hash-queue) or the address at --hash-per-address.\n"
         "# TYPE carc_account_hashing_refused_total counter\n"
      << "carc_account_hashing_refused_total " << a.hashing_refused.load() << "\n"
      << "# HELP carc_account_hashing_queued Sign-ups and sign-ins waiting for a hashing "
         "thread.\n"
         "# TYPE carc_account_hashing_queued gauge\n"
      << "carc_account_hashing_queued " << hashing_->queued.load() << "\n"
      << "# HELP carc_account_hashing_seconds_total Time the hashing threads spent.\n"
         "# TYPE carc_account_hashing_seconds_total counter\n"
      << "carc_account_hashing_seconds_total "
      << static_cast<double>(hashing_->busy_us.load()) / 1e6 << "\n"
      << "# HELP carc_account_sessions_ended_total Sessions ended by their players.\n"
         "# TYPE carc_account_sessions_ended_total counter\n"
      << "carc_account_sessions_ended_total " << a.sessions_ended.load() << "\n"
      << "# HELP carc_account_rehashed_total Password hashes renewed at sign-in to the current "
         "parameters.\n"
         "# TYPE carc_account_rehashed_total counter\n"
      << "carc_account_rehashed_total " << a.rehashed.load() << "\n"
      << "# HELP carc_passkeys_added_total Passkeys registered.\n"
         "# TYPE carc_passkeys_added_total counter\n"
      << "carc_passkeys_added_total " << a.passkeys_added.load() << "\n"
      << "# HELP carc_passkey_sign_ins_total Sign-ins with a passkey.\n"
         "# TYPE carc_passkey_sign_ins_total counter\n"
      << "carc_passkey_sign_ins_total " << a.passkey_sign_ins.load() << "\n"
      << "# HELP carc_passkeys_refused_total Passkey registrations and sign-ins that failed a "
         "check (signature, origin, rp id, sign count, ...).\n"
         "# TYPE carc_passkeys_refused_total counter\n"
      << "carc_passkeys_refused_total " << a.passkeys_refused.load() << "\n"
      << "# HELP carc_passkey_challenges_metered_total Passkey sign-in options refused with 429: "
         "past 10 at once and 60 an hour from the client's address.\n"
         "# TYPE carc_passkey_challenges_metered_total counter\n"
      << "carc_passkey_challenges_metered_total " << a.passkey_challenges_metered.load() << "\n"
      << "# HELP carc_account_sockets_total WebSocket upgrades carrying a session, by outcome "
         "(signed_in: bound to the account; ended: refused with 401, the session was over).\n"
         "# TYPE carc_account_sockets_total counter\n"
      << "carc_account_sockets_total{outcome=\"signed_in\"} " << a.sockets_signed_in.load() << "\n"
      << "carc_account_sockets_total{outcome=\"ended\"} " << a.sockets_refused.load() << "\n"
      << "# HELP carc_accounts_deleted_total Accounts deleted by their players.\n"
         "# TYPE carc_accounts_deleted_total counter\n"
      << "carc_accounts_deleted_total " << a.accounts_deleted.load() << "\n";
  }
  if (replays_ != nullptr) {
    o << "# HELP carc_replay_cache_hits_total Archived replays answered from the cache.\n"
         "# TYPE carc_replay_cache_hits_total counter\n"
      << "carc_replay_cache_hits_total " << replays_->hits() << "\n"
      << "# HELP carc_replay_cache_misses_total Archived replays built from the store.\n"
         "# TYPE carc_replay_cache_misses_total counter\n"
      << "carc_replay_cache_misses_total " << replays_->misses() << "\n"
      << "# HELP carc_replay_cache_bytes Bytes of replays kept (--replay-cache-bytes).\n"
         "# TYPE carc_replay_cache_bytes gauge\n"
      << "carc_replay_cache_bytes " << replays_->bytes() << "\n";
  }
  for (const auto& section : sections_) section(o);
  std::lock_guard lock(mu_);
  o << "# HELP carc_rejections_total Refused requests by reason.\n"
       "# TYPE carc_rejections_total counter\n";
  for (const auto& [reason, n] : rejections_) {
    o << "carc_rejections_total{reason=\"" << reason << "\"} " << n << "\n";
  }
  o << "# HELP carc_command_broadcast_seconds From a command's arrival to its broadcast.\n"
       "# TYPE carc_command_broadcast_seconds histogram\n";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < kBuckets.size(); ++i) {
    cumulative += latency_counts_[i];
    o << "carc_command_broadcast_seconds_bucket{le=\"" << kBuckets[i] << "\"} " << cumulative
      << "\n";
  }
  cumulative += latency_counts_[kBuckets.size()];
  o << "carc_command_broadcast_seconds_bucket{le=\"+Inf\"} " << cumulative << "\n"
    << "carc_command_broadcast_seconds_sum " << latency_sum_ << "\n"
    << "carc_command_broadcast_seconds_count " << latency_count_ << "\n";
  return o.str();
}

}  // namespace carc::server
