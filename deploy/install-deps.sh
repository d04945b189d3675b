#!/usr/bin/env bash
# The one list of Debian 12 packages the project needs to build, test and run.
# Usage: deploy/install-deps.sh [--dev]   (as root, or with sudo available)
#   --dev  also the tools for development and CI (clang-format for the format check)
set -euo pipefail

packages=(
  # build
  cmake ninja-build g++ make pkg-config
  # engine tests and records
  catch2 nlohmann-json3-dev
  # wire protocol and server
  protobuf-compiler libprotobuf-dev libboost1.81-dev libspdlog-dev libsqlite3-dev libpq-dev
  # accounts: Argon2id and tokens (libsodium), account names' NFKC and case folding
  # (libunistring), passkeys' CBOR (libcbor) and signatures (OpenSSL 3)
  libsodium-dev libunistring-dev libcbor-dev libssl-dev
  # e-mail through an SMTP relay (verification links, digests)
  libcurl4-openssl-dev
  # players' quiet hours in their time zone (the date library on the system's tzdata)
  libhowardhinnant-date-dev tzdata
)
# Node.js and npm build the web client (and run `buf lint` of proto/). A machine that already
# has npm (e.g. from another Node.js package) keeps it.
command -v npm >/dev/null || packages+=(nodejs npm)
# clang (with its sanitizer runtimes, and llvm-symbolizer for their stacks; lld, its faster linker) for the check and
# tsan presets, which it builds about a third faster than g++; clang-format for the format check;
# chromium for the browser end-to-end tests; caddy, nginx and curl for the test of the
# reverse-proxy examples in deploy/; postgresql-15 for the tests of the PostgreSQL store (each run
# starts its own server on loopback, tests/support/test_postgres.sh); python3-yaml for the test
# that reads deploy/compose.cluster.yaml (tests/deploy/cluster_test.sh); python3-aiosmtpd for the
# SMTP sink the e-mail tests send to.
dev_packages=(clang libclang-rt-14-dev llvm lld clang-format git chromium caddy nginx curl postgresql-15 python3-yaml python3-aiosmtpd)

if [[ "${1:-}" == "--dev" ]]; then
  packages+=("${dev_packages[@]}")
fi

sudo_cmd=()
if [[ "$(id -u)" != 0 ]]; then
  if command -v sudo >/dev/null; then sudo_cmd=(sudo); else
    echo "install-deps: run as root or install sudo" >&2
    exit 1
  fi
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
