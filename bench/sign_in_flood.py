#!/usr/bin/env python3
"""Sign-ins against a running carcassonne-server on loopback: their latency, the hashing rate,
and the server's responsiveness while a flood of sign-ins arrives at once.

1. One account per source address (127.0.0.1, 127.0.0.2, ...) is made.
2. Sequential sign-ins: p50/p99 of one sign-in on an idle server, and hashes per second from
   /metrics (carc_account_hashing_seconds_total).
3. The flood: SIGN_INS sign-ins at once (a barrier), spread over ADDRESSES source addresses,
   while /healthz is asked every 10 ms; its p99, the answers by status, and the server's peak
   RSS (from /proc/PID/status) above its RSS before the flood.

With --check, exits 1 unless /healthz's p99 stays under --max-healthz-ms and under a quarter of
the flood's own sign-ins' p50 (a /healthz that waited behind the hashing would take about as
long as a sign-in: the ratio, taken in one run, holds on a sanitized build as on a release one),
the RSS grows by less than --max-rss-growth-mib, and every refusal is counted in /metrics.
Standard library only.
"""
import argparse
import http.client
import json
import statistics
import sys
import threading
import time


def request(port, method, path, body=None, source="127.0.0.1", timeout=30):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                      source_address=(source, 0))
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=body, headers=headers)
        r = conn.getresponse()
        return r.status, r.read()
    finally:
        conn.close()


def metric(port, name):
    _, body = request(port, "GET", "/metrics")
    for line in body.decode().splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise SystemExit(f"/metrics has no {name}")


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))] if v else float("nan")


def credentials(name):
    return json.dumps({"name": name, "password": "correct horse battery"})


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--pid", type=int, required=True, help="the server's process id (for RSS)")
    ap.add_argument("--sign-ins", type=int, default=200)
    ap.add_argument("--addresses", type=int, default=20)
    ap.add_argument("--sequential", type=int, default=50)
    ap.add_argument("--max-healthz-ms", type=float, default=100.0)
    ap.add_argument("--max-rss-growth-mib", type=float, default=69.0)
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    if not 1 <= a.addresses <= 250 or not 1 <= a.sign_ins <= 5000:
        raise SystemExit("--addresses 1..250, --sign-ins 1..5000")

    names = [f"flood{i}" for i in range(a.addresses)]
    for i, name in enumerate(names):
        status, body = request(a.port, "POST", "/api/accounts", credentials(name), f"127.0.0.{i + 1}")
        if status not in (201, 409):
            raise SystemExit(f"sign-up of {name} answered {status}: {body[:200]!r}")

    # Sequential: one at a time, so each waits only for its own hash.
    seconds0 = metric(a.port, "carc_account_hashing_seconds_total")
    times = []
    for k in range(a.sequential):
        start = time.perf_counter()
        status, _ = request(a.port, "POST", "/api/sessions", credentials(names[0]))
        times.append((time.perf_counter() - start) * 1000)
        if status != 200:
            raise SystemExit(f"sequential sign-in answered {status}")
    hashing = metric(a.port, "carc_account_hashing_seconds_total") - seconds0
    print(f"sequential sign-ins: {a.sequential}, p50 {pct(times, 50):.1f} ms, "
          f"p99 {pct(times, 99):.1f} ms; hashing {a.sequential / hashing:.1f} hashes/s "
          f"a thread ({hashing / a.sequential * 1000:.1f} ms a hash)")

    # The flood.
    refused0 = metric(a.port, "carc_account_hashing_refused_total")
    rss_before = rss_mib(a.pid)
    rss_peak = rss_before
    health = []
    stop = threading.Event()

    def watch():
        nonlocal rss_peak
        while not stop.is_set():
            start = time.perf_counter()
            try:
                status, _ = request(a.port, "GET", "/healthz", timeout=5)
            except OSError:
                status = 0
            health.append(((time.perf_counter() - start) * 1000, status))
            rss_peak = max(rss_peak, rss_mib(a.pid))
            time.sleep(0.01)

    watcher = threading.Thread(target=watch)
    watcher.start()
    time.sleep(0.2)
    barrier = threading.Barrier(a.sign_ins)
    answers = {}
    lock = threading.Lock()
    flood_times = []

    def sign_in(k):
        i = k % a.addresses
        barrier.wait()
        start = time.perf_counter()
        try:
            status, _ = request(a.port, "POST", "/api/sessions", credentials(names[i]),
                                f"127.0.0.{i + 1}")
        except OSError:
            status = 0
        with lock:
            answers[status] = answers.get(status, 0) + 1
            if status == 200:
                flood_times.append((time.perf_counter() - start) * 1000)

    threads = [threading.Thread(target=sign_in, args=(k,)) for k in range(a.sign_ins)]
    flood_start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    flood_s = time.perf_counter() - flood_start
    time.sleep(0.3)
    stop.set()
    watcher.join()
    refused = metric(a.port, "carc_account_hashing_refused_total") - refused0

    health_ms = [ms for ms, _ in health]
    bad_health = sum(1 for _, s in health if s != 200)
    print(f"flood: {a.sign_ins} sign-ins at once from {a.addresses} addresses in {flood_s:.2f} s; "
          f"answers {dict(sorted(answers.items()))}; refusals counted in /metrics: {refused:.0f}")
    print(f"  signed in: p50 {pct(flood_times, 50):.1f} ms, p99 {pct(flood_times, 99):.1f} ms")
    print(f"  /healthz during the flood: {len(health)} asked, p50 {pct(health_ms, 50):.1f} ms, "
          f"p99 {pct(health_ms, 99):.1f} ms, max {max(health_ms):.1f} ms, not 200: {bad_health}")
    print(f"  RSS {rss_before:.1f} MiB before, {rss_peak:.1f} MiB at most "
          f"(+{rss_peak - rss_before:.1f} MiB)")

    if a.check:
        problems = []
        if pct(health_ms, 99) >= a.max_healthz_ms:
            problems.append(f"/healthz p99 {pct(health_ms, 99):.1f} ms >= {a.max_healthz_ms}")
        if pct(health_ms, 99) >= pct(flood_times, 50) / 4:
            problems.append(f"/healthz p99 {pct(health_ms, 99):.1f} ms >= a quarter of the "
                            f"sign-ins' p50 {pct(flood_times, 50):.1f} ms")
        if bad_health:
            problems.append(f"{bad_health} /healthz answers were not 200")
        if rss_peak - rss_before >= a.max_rss_growth_mib:
            problems.append(f"RSS grew {rss_peak - rss_before:.1f} MiB >= {a.max_rss_growth_mib}")
        if answers.get(503, 0) != refused:
            problems.append(f"{answers.get(503, 0)} answers 503 but {refused:.0f} refusals counted")
        if set(answers) - {200, 503}:
            problems.append(f"unexpected answers {answers}")
        if answers.get(200, 0) == 0:
            problems.append("no sign-in succeeded")
        for p in problems:
            print("FAIL:", p, file=sys.stderr)
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
