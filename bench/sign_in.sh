#!/usr/bin/env bash
# Sign-ins on a fresh carcassonne-server on loopback (bench/sign_in_flood.py): one sign-in's
# p50/p99, hashes per second at the default Argon2id parameters, and a flood of sign-ins at
# once with /healthz's p99 and the RSS growth beside it. The server is stopped and its data
# directory removed at the end, whatever happens.
#
# Usage: bench/sign_in.sh BUILD_DIR [--check] [sign_in_flood.py flags...]
#   e.g. bench/sign_in.sh build/release
set -euo pipefail
build=${1:?usage: bench/sign_in.sh BUILD_DIR [--check] [flags...]}
shift
here=$(cd "$(dirname "$0")" && pwd)
port=${CARC_SIGN_IN_PORT:-18094}
# shellcheck source=bench/server.sh
source "$here/server.sh"
# The bench measures hashing: it signs in over and over from one address, which
# --sign-ins-per-hour would meter (its own test: server_tests "sign-ins: *").
start_server "$build" "$port" sign-in --signups-per-hour 0 --sign-ins-per-hour 0
python3 "$here/sign_in_flood.py" --port "$port" --pid "$server" "$@"
