#!/usr/bin/env bash
# A throw-away PostgreSQL server for the tests: Debian's postgresql-15 binaries, a fresh cluster
# in a temporary directory, listening on 127.0.0.1 only, on a free port, with trust
# authentication for the one user "carc" (nobody else can reach a loopback port's database
# from outside this machine; never use these settings for a real server).
#
#   test_postgres.sh start STATE_DIR   starts it; writes STATE_DIR/url (a libpq URI)
#   test_postgres.sh stop STATE_DIR    stops it and removes its files
#
# As root the cluster runs as the unprivileged "postgres" user (or "nobody"): PostgreSQL refuses
# to run as root. Durability is off (fsync=off): the tests kill the servers that use the
# database, never the database itself. CARC_PG_DURABLE=1 (for benchmarks) keeps fsync and full
# page writes on, as a real server has them. The server stops by itself after an hour even if
# nobody calls stop (a test run that was killed).
set -euo pipefail

cmd=${1:?usage: test_postgres.sh start|stop STATE_DIR}
state=${2:?usage: test_postgres.sh start|stop STATE_DIR}
pg_bin=${CARC_PG_BIN:-/usr/lib/postgresql/15/bin}
mkdir -p "$state"

as_owner() {
  if [[ "$(id -u)" == 0 ]]; then
    runuser -u "$owner" -- "$@"
  else
    "$@"
  fi
}

stop() {
  [[ -f "$state/datadir" ]] || return 0
  local data
  data=$(cat "$state/datadir")
  owner=$(stat -c %U "$data" 2>/dev/null || echo root)
  if [[ -f "$data/data/postmaster.pid" ]]; then
    as_owner "$pg_bin/pg_ctl" -D "$data/data" -m immediate -w -t 20 stop >/dev/null 2>&1 || true
  fi
  if [[ -f "$state/watchdog" ]]; then kill "$(cat "$state/watchdog")" 2>/dev/null || true; fi
  rm -rf "$data" "$state/datadir" "$state/url" "$state/watchdog"
}

case "$cmd" in
  stop)
    stop
    echo "test_postgres: stopped"
    ;;
  start)
    stop  # a cluster left over from a killed run
    if [[ ! -x "$pg_bin/initdb" ]]; then
      echo "test_postgres: no PostgreSQL in $pg_bin (deploy/install-deps.sh --dev installs postgresql-15)" >&2
      exit 1
    fi
    owner=$(id -un)
    if [[ "$(id -u)" == 0 ]]; then
      owner=postgres
      id postgres >/dev/null 2>&1 || owner=nobody
    fi
    data=$(mktemp -d /tmp/carc-test-pg.XXXXXX)
    chmod 755 "$data"
    [[ "$(id -u)" == 0 ]] && chown "$owner" "$data"
    echo "$data" >"$state/datadir"
    as_owner "$pg_bin/initdb" -D "$data/data" -U carc --auth=trust -E UTF8 --locale=C --no-sync \
      >"$data/initdb.log" 2>&1 || {
      cat "$data/initdb.log" >&2
      exit 1
    }
    for attempt in 1 2 3 4 5 6 7 8; do
      port=$((20000 + RANDOM % 40000))
      opts="-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$data"
      if [[ "${CARC_PG_DURABLE:-}" == 1 ]]; then
        # For benchmarks: PostgreSQL's own defaults for durability (fsync, full page writes).
        opts+=" -c fsync=on -c full_page_writes=on -c max_connections=200 -c shared_buffers=128MB"
      else
        opts+=" -c fsync=off -c full_page_writes=off -c max_connections=200 -c shared_buffers=32MB"
      fi
      if as_owner "$pg_bin/pg_ctl" -D "$data/data" -o "$opts" -l "$data/server.log" -w -t 30 \
        start >/dev/null 2>&1; then
        echo "postgresql://carc@127.0.0.1:$port/postgres" >"$state/url"
        # The hour's limit, detached from this script and from the test run.
        (
          sleep 3600
          as_owner "$pg_bin/pg_ctl" -D "$data/data" -m immediate stop >/dev/null 2>&1 || true
        ) </dev/null >/dev/null 2>&1 &
        echo $! >"$state/watchdog"
        disown
        echo "test_postgres: $(cat "$state/url") (data in $data, attempt $attempt)"
        exit 0
      fi
    done
    echo "test_postgres: the server did not start; its log:" >&2
    tail -20 "$data/server.log" >&2 || true
    exit 1
    ;;
  *)
    echo "usage: test_postgres.sh start|stop STATE_DIR" >&2
    exit 2
    ;;
esac
