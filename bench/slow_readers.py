#!/usr/bin/env python3
"""Slow readers against carcassonne-server: what clients that never read cost the server.

Starts the server (a fresh data directory, default limits unless --server-arg says otherwise),
opens --rooms public rooms held by clients that do read (each host chats now and then), then
--clients WebSocket clients that never read after the handshake: each joins a public room as a
spectator (room states and chat are pushed to it) and asks ListRooms --list-rate times a
second. A client the server closes is replaced at once, so --clients of them are there for
--duration seconds. Then they all go, and --after seconds later the server's memory is read
again.

Prints the server's RSS (VmRSS) at start, its peak, and after; the kernel's TCP buffer memory
(/proc/net/sockstat, both ends of every loopback connection); and the server's own counters.
Python 3 standard library only. Loopback only: clients come from 127.0.1.1..127.0.1.8 so that
the default per-address cap (64) is not what is measured.

  python3 bench/slow_readers.py --server build/dev/server/carcassonne-server
"""
import argparse
import base64
import os
import random
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

# --- protobuf wire format, the few messages needed ------------------------------------------


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def field_bytes(number, payload):
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def field_varint(number, value):
    return varint(number << 3) + varint(value)


def client_message(request_id, body_field, body):
    return field_varint(1, request_id) + field_bytes(body_field, body)


def hello(name):
    return client_message(1, 2, field_bytes(1, name.encode()))


def create_public_room(rid, name):
    options = field_varint(1, 1) + field_varint(2, 1) + field_varint(3, 6)  # base, public, 6
    return client_message(rid, 10, field_bytes(1, options) + field_bytes(2, name.encode()))


def list_rooms(rid):
    return client_message(rid, 11, b"")


def join_spectator(rid, code, name):
    return client_message(
        rid, 12, field_bytes(1, code.encode()) + field_bytes(2, name.encode()) + field_varint(3, 1))


def chat(rid, text):
    return client_message(rid, 19, field_bytes(1, text.encode()))


def parse_fields(data):
    """Yields (number, wire type, value) of one protobuf message."""
    i = 0
    while i < len(data):
        key, i = read_varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = read_varint(data, i)
        elif wire == 2:
            n, i = read_varint(data, i)
            value, i = data[i:i + n], i + n
        elif wire == 5:
            value, i = data[i:i + 4], i + 4
        elif wire == 1:
            value, i = data[i:i + 8], i + 8
        else:
            raise ValueError("wire type %d" % wire)
        yield number, wire, value


def read_varint(data, i):
    n = shift = 0
    while True:
        b = data[i]
        i += 1
        n |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return n, i


def room_codes(server_message):
    """The codes of a ServerMessage.room_list (field 10)."""
    codes = []
    for number, _, value in parse_fields(server_message):
        if number == 10:
            for n2, _, summary in parse_fields(value):
                if n2 == 1:
                    for n3, _, v in parse_fields(summary):
                        if n3 == 1:
                            codes.append(v.decode())
    return codes


# --- WebSocket on a plain socket ---------------------------------------------------------------


class Ws:
    def __init__(self, port, source, rcvbuf=0):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.bind((source, 0))
        self.sock.settimeout(5)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                           "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n" % key).encode())
        header = b""
        while b"\r\n\r\n" not in header:
            chunk = self.sock.recv(1)  # byte by byte: nothing after the header is read
            if not chunk:
                raise ConnectionError("closed during the handshake")
            header += chunk
        if not header.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(header.split(b"\r\n")[0].decode(errors="replace"))
        self.buffer = b""
        self.sock.setblocking(False)

    def send(self, payload):
        """Queues one masked binary frame; False when the socket will not take it now."""
        mask = os.urandom(4)
        n = len(payload)
        if n < 126:
            head = bytes([0x82, 0x80 | n])
        else:
            head = bytes([0x82, 0x80 | 126, n >> 8, n & 0xFF])
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        try:
            self.sock.sendall(head + mask + masked)
            return True
        except (BlockingIOError, OSError):
            return False

    def read_messages(self):
        """Reads what is there; returns the payloads of whole binary frames, None when closed."""
        try:
            chunk = self.sock.recv(65536)
            if not chunk:
                return None
            self.buffer += chunk
        except BlockingIOError:
            pass
        except OSError:
            return None
        out = []
        while len(self.buffer) >= 2:
            n = self.buffer[1] & 0x7F
            head = 2
            if n == 126:
                if len(self.buffer) < 4:
                    break
                n, head = int.from_bytes(self.buffer[2:4], "big"), 4
            elif n == 127:
                if len(self.buffer) < 10:
                    break
                n, head = int.from_bytes(self.buffer[2:10], "big"), 10
            if len(self.buffer) < head + n:
                break
            opcode = self.buffer[0] & 0x0F
            payload = self.buffer[head:head + n]
            self.buffer = self.buffer[head + n:]
            if opcode == 8:
                return None
            if opcode == 2:
                out.append(payload)
        return out

    def closed_by_peer(self):
        p = select.poll()
        p.register(self.sock, select.POLLRDHUP)
        return any(ev & (select.POLLRDHUP | select.POLLHUP | select.POLLERR)
                   for _, ev in p.poll(0))

    def close(self):
        self.sock.close()


# --- measurements ------------------------------------------------------------------------------


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def tcp_mem_kib():
    with open("/proc/net/sockstat") as f:
        for line in f:
            if line.startswith("TCP:"):
                fields = line.split()
                return int(fields[fields.index("mem") + 1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    return 0


def metrics(port):
    with urllib.request.urlopen("http://127.0.0.1:%d/metrics" % port, timeout=5) as r:
        text = r.read().decode()
    out = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            out[name] = float(value)
    return out


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def wait_healthy(port, proc):
    for _ in range(300):
        if proc.poll() is not None:
            sys.exit("the server exited during start")
        try:
            with urllib.request.urlopen("http://127.0.0.1:%d/healthz" % port, timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.1)
    sys.exit("the server did not start")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", required=True, help="path of carcassonne-server")
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--rooms", type=int, default=50)
    ap.add_argument("--duration", type=float, default=60)
    ap.add_argument("--after", type=float, default=10)
    ap.add_argument("--list-rate", type=float, default=10, help="ListRooms per second per client")
    ap.add_argument("--rcvbuf", type=int, default=4096, help="the slow clients' SO_RCVBUF")
    ap.add_argument("--server-arg", action="append", default=[],
                    help="one more server argument (repeat), e.g. --server-arg=--max-write-queue-bytes=1048576")
    args = ap.parse_args()

    data = tempfile.mkdtemp(prefix="carc-slow-readers-")
    port = free_port()
    log = open(os.path.join(data, "server.log"), "w")
    proc = subprocess.Popen([args.server, "--bind", "127.0.0.1", "--port", str(port), "--data-dir",
                             data, "--durability", "normal", "--log-level", "warn"] + args.server_arg,
                            stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_healthy(port, proc)
        run(args, port, proc)
    finally:
        proc.terminate()
        proc.wait(timeout=15)
        log.close()
        shutil.rmtree(data, ignore_errors=True)


def run(args, port, proc):
    stop = threading.Event()
    samples = []

    def sample():
        while not stop.is_set():
            samples.append((time.monotonic(), rss_kib(proc.pid), tcp_mem_kib()))
            time.sleep(0.25)

    # Hosts: readers, each with a public room and a 32-character name (longer room lists).
    hosts = []
    for i in range(args.rooms):
        h = Ws(port, "127.0.0.1")
        h.send(hello("host%028d" % i))
        h.send(create_public_room(2, "host%028d" % i))
        hosts.append(h)
    time.sleep(1)
    for h in hosts:
        h.read_messages()
    lister = Ws(port, "127.0.0.1")
    lister.send(hello("lister"))
    lister.send(list_rooms(2))
    codes = []
    deadline = time.monotonic() + 5
    while not codes and time.monotonic() < deadline:
        time.sleep(0.05)
        for m in lister.read_messages() or []:
            codes = codes or room_codes(m)
    lister.close()
    if not codes:
        sys.exit("no public room listed")
    list_size = None

    time.sleep(2)
    start_rss, start_tcp = rss_kib(proc.pid), tcp_mem_kib()
    sampler = threading.Thread(target=sample)
    sampler.start()

    sources = ["127.0.1.%d" % (i + 1) for i in range(8)]
    slow = [None] * args.clients
    opened = replaced = failed = 0

    def open_slow(i):
        nonlocal opened, failed
        try:
            c = Ws(port, sources[i % len(sources)], args.rcvbuf)
        except OSError:
            failed += 1
            return None
        c.send(hello("slow%d" % i))
        c.send(join_spectator(2, random.choice(codes), "slow%d" % i))
        opened += 1
        return c

    t0 = time.monotonic()
    next_list = t0
    next_chat = t0
    rid = 3
    while time.monotonic() - t0 < args.duration:
        now = time.monotonic()
        for i in range(args.clients):
            if slow[i] is None or slow[i].closed_by_peer():
                if slow[i] is not None:
                    slow[i].close()
                    replaced += 1
                slow[i] = open_slow(i)
        if now >= next_list:
            rid += 1
            for c in slow:
                if c is not None:
                    c.send(list_rooms(rid))
            next_list += 1.0 / args.list_rate
        if now >= next_chat:
            for h in hosts:
                h.send(chat(rid, "chat %d from a host, long enough to matter: %s" % (rid, "x" * 200)))
            next_chat += 2.5  # the room's chat limit is 0.5 a second
        for h in hosts:
            h.read_messages()
        time.sleep(0.01)

    m_during = metrics(port)
    for c in slow:
        if c is not None:
            c.close()
    gone = time.monotonic()
    while time.monotonic() - gone < args.after:
        for h in hosts:
            h.read_messages()
        time.sleep(0.1)
    stop.set()
    sampler.join()
    end_rss, end_tcp = rss_kib(proc.pid), tcp_mem_kib()
    m_after = metrics(port)
    for h in hosts:
        h.close()

    peak_rss = max(s[1] for s in samples)
    peak_tcp = max(s[2] for s in samples)
    mib = lambda kib: kib / 1024.0
    print("clients %d never reading for %.0f s, %d public rooms, ListRooms %.0f/s each, "
          "client SO_RCVBUF %d" % (args.clients, args.duration, len(codes), args.list_rate, args.rcvbuf))
    print("server arguments: %s" % (" ".join(args.server_arg) or "(defaults)"))
    print("slow connections opened %d, closed by the server and replaced %d, failed %d"
          % (opened, replaced, failed))
    print("server RSS MiB: start %.1f, peak %.1f (+%.1f), %.0f s after they left %.1f (%+.1f)"
          % (mib(start_rss), mib(peak_rss), mib(peak_rss - start_rss), args.after, mib(end_rss),
             mib(end_rss - start_rss)))
    print("kernel TCP memory MiB (both ends): start %.1f, peak %.1f, after %.1f"
          % (mib(start_tcp), mib(peak_tcp), mib(end_tcp)))
    for name in ["carc_slow_readers_dropped_total", "carc_write_queue_peak_bytes",
                 "carc_connections_refused_total{reason=\"per_address\"}",
                 "carc_connections_refused_total{reason=\"total\"}", "carc_bytes_out_total"]:
        print("%s %s" % (name, int(m_after.get(name, -1))))
    print("carc_write_queue_bytes at the end of the load %d, after %d"
          % (m_during.get("carc_write_queue_bytes", -1), m_after.get("carc_write_queue_bytes", -1)))


if __name__ == "__main__":
    main()
