#!/usr/bin/env bash
# Runs libFuzzer targets for a while (docs/security.md, "Fuzzing").
#
#   tests/fuzz/run.sh TARGET SECONDS [JOBS]
#
# TARGET is ws_message, record, http, api_json, passkey (or fuzz_<name>), or all (one after the other, SECONDS
# each). Builds the fuzz preset (build/fuzz, clang) when needed, under the shared build lock
# ($CARC_BUILD_LOCK, default /tmp/carc-build.lock). JOBS fuzzing processes (default 1) share one
# working corpus: build/fuzz/work/<name>/corpus, seeded from the committed tests/fuzz/corpus/<name>
# (which the run never writes). A process that finds something leaves the input in
# build/fuzz/work/<name>/findings-<time>/ (crash-*, leak-*, timeout-*, oom-*) and a new one takes
# over until the time is up, so one finding does not end the run. Extra libFuzzer flags can be
# given in $FUZZ_ARGS.
#
# Prints per target: executions, execs/s, coverage, and what was found. Exits 1 if anything was
# found, 2 on a usage or build error.
set -euo pipefail

usage() {
  sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
[ $# -ge 2 ] && [ $# -le 3 ] || usage
target=$1
seconds=$2
jobs=${3:-1}
[[ $seconds =~ ^[0-9]+$ ]] && [ "$seconds" -gt 0 ] || usage
[[ $jobs =~ ^[0-9]+$ ]] && [ "$jobs" -gt 0 ] || usage

root=$(cd "$(dirname "$0")/../.." && pwd)
build=$root/build/fuzz
all_targets=(ws_message record http api_json passkey)
if [ "$target" = all ]; then
  targets=("${all_targets[@]}")
else
  target=${target#fuzz_}
  case " ${all_targets[*]} " in
    *" $target "*) targets=("$target") ;;
    *) echo "run.sh: unknown target $target (${all_targets[*]} or all)" >&2; exit 2 ;;
  esac
fi

build_targets() {
  if [ ! -f "$build/build.ninja" ]; then
    (cd "$root" && cmake --preset fuzz >/dev/null) || exit 2
  fi
  # An empty CARC_BUILD_LOCK builds without the lock (for a caller that holds it already).
  local lock=${CARC_BUILD_LOCK-/tmp/carc-build.lock}
  local names=()
  for t in "${targets[@]}"; do names+=("fuzz_$t"); done
  if [ -n "$lock" ] && command -v flock >/dev/null; then
    flock "$lock" cmake --build "$build" --target "${names[@]}" || exit 2
  else
    cmake --build "$build" --target "${names[@]}" || exit 2
  fi
}

# A target's own flags. fuzz_passkey decodes CBOR, whose headers declare lengths: a single
# allocation over 64 MiB there is a finding (an allocation sized by a header, not by the bytes).
target_args() {
  case $1 in
    passkey) echo "-malloc_limit_mb=64" ;;
  esac
}

# One fuzzing process after the other until the deadline; each prints its final stats.
fuzz_loop() {
  local exe=$1 corpus=$2 findings=$3 log=$4 deadline=$5 name=$6
  local now left
  while now=$(date +%s); left=$((deadline - now)); [ "$left" -gt 0 ]; do
    # shellcheck disable=SC2086,SC2046  # FUZZ_ARGS and target_args are lists of flags
    "$exe" -max_total_time="$left" -rss_limit_mb=2048 -timeout=10 -detect_leaks=1 \
      -print_final_stats=1 -artifact_prefix="$findings/" $(target_args "$name") ${FUZZ_ARGS:-} \
      "$corpus" >>"$log" 2>&1 || true
  done
}

run_target() {
  local name=$1
  local exe=$build/tests/fuzz/fuzz_$name
  local work=$build/work/$name
  local findings
  findings=$work/findings-$(date +%Y%m%d-%H%M%S)
  mkdir -p "$work/corpus" "$findings"
  cp -n "$root/tests/fuzz/corpus/$name/"* "$work/corpus/" 2>/dev/null || true
  local deadline=$(($(date +%s) + seconds))
  local pids=()
  for j in $(seq 1 "$jobs"); do
    fuzz_loop "$exe" "$work/corpus" "$findings" "$findings/job$j.log" "$deadline" "$name" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done

  # stat::number_of_executed_runs ("_units" in clang 14's libFuzzer) of every process of every
  # job; the coverage is the highest "cov:" a process reported.
  local execs cov crashes leaks timeouts ooms
  execs=$(cat "$findings"/job*.log | awk '/^stat::number_of_executed_(runs|units):/ {s += $2} END {print s + 0}')
  cov=$(cat "$findings"/job*.log | grep -o ' cov: [0-9]*' | awk '{if ($2 > m) m = $2} END {print m + 0}')
  crashes=$(find "$findings" -name 'crash-*' | wc -l)
  leaks=$(find "$findings" -name 'leak-*' | wc -l)
  timeouts=$(find "$findings" -name 'timeout-*' | wc -l)
  ooms=$(find "$findings" -name 'oom-*' | wc -l)
  local found=$((crashes + leaks + timeouts + ooms))
  printf '%s: %s s, %s jobs, %s executions, %s execs/s, coverage %s, crashes %s, leaks %s, timeouts %s, ooms %s\n' \
    "fuzz_$name" "$seconds" "$jobs" "$execs" "$((execs / seconds))" "$cov" "$crashes" "$leaks" \
    "$timeouts" "$ooms"
  if [ "$found" -gt 0 ]; then
    echo "  findings in $findings (logs: job*.log)"
    return 1
  fi
  return 0
}

build_targets
status=0
for t in "${targets[@]}"; do
  run_target "$t" || status=1
done
exit $status
