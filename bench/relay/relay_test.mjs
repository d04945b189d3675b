// End-to-end test of the reference relay: runs relay.mjs as a child process on a free loopback
// port and talks to it over real sockets. Every wait is bounded, so a hung relay fails the test
// instead of stalling it. Run (after `npm ci` in bench/relay):
//   node --test bench/relay/relay_test.mjs
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';

const RELAY = fileURLToPath(new URL('./relay.mjs', import.meta.url));
const WAIT_MS = 3000;

function within(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function connect(base, path) {
  const ws = new WebSocket(base + path);
  return within(once(ws, 'open').then(() => ws), WAIT_MS, `open ${path}`);
}

const nextMessage = (ws, what) =>
  within(once(ws, 'message').then(([data, isBinary]) => ({ data, isBinary })), WAIT_MS, what);

const closeOf = (ws, what) => within(once(ws, 'close').then(([code]) => ({ code })), WAIT_MS, what);

async function metrics(base) {
  const res = await within(fetch(`${base}/metrics`), WAIT_MS, 'GET /metrics');
  assert.equal(res.status, 200);
  const values = {};
  for (const line of (await res.text()).split('\n')) {
    const m = /^([a-z_]+) (\S+)$/.exec(line);
    if (m) values[m[1]] = Number(m[2]);
  }
  return values;
}

// Starts relay.mjs on a free loopback port; resolves with the child and its "host:port".
async function startRelay(extraArgs) {
  const relay = spawn(process.execPath, [RELAY, '--port', '0', ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  relay.stderr.on('data', (d) => (err += d));
  const ready = new Promise((resolve, reject) => {
    let out = '';
    relay.stdout.on('data', (d) => {
      out += d;
      const m = /relay listening on (\S+):(\d+)\n/.exec(out);
      if (m) resolve(`${m[1]}:${m[2]}`);
    });
    relay.once('exit', (code) => reject(new Error(`relay exited early (${code}): ${err}`)));
  });
  return { relay, addr: await within(ready, 5000, 'the ready line') };
}

describe('room relay', { timeout: 20000 }, () => {
  let relay;
  let stderr = '';
  let http;
  let ws;
  let a;
  let b;

  before(async () => {
    let addr;
    ({ relay, addr } = await startRelay(['--max-room-size', '3', '--max-payload', '1024']));
    relay.stderr.on('data', (d) => (stderr += d));
    http = `http://${addr}`;
    ws = `ws://${addr}`;
    a = await Promise.all([1, 2, 3].map(() => connect(ws, '/r/room-A')));
    b = await connect(ws, '/r/room_B');
  });

  after(() => {
    for (const c of [...(a ?? []), b]) c?.terminate();
    if (relay && relay.exitCode === null && relay.signalCode === null) relay.kill('SIGKILL');
  });

  it('sends a binary message to its whole room, sender included, and nowhere else', async () => {
    let leaked = null;
    b.once('message', (data) => (leaked = data));
    const payload = Buffer.from([0, 1, 2, 250, 255]);
    const got = Promise.all(a.map((c, i) => nextMessage(c, `message at client ${i}`)));
    a[1].send(payload);
    for (const { data, isBinary } of await got) {
      assert.equal(isBinary, true);
      assert.deepEqual(Buffer.from(data), payload);
    }
    // Same connection order on the relay: anything for B would have been written by now; a round
    // trip in B's own room proves B's socket was drained past that point.
    b.send('ping');
    assert.equal((await nextMessage(b, 'echo in room B')).data.toString(), 'ping');
    assert.equal(leaked?.toString(), 'ping', 'room B got only its own message');
  });

  it('keeps text messages as text', async () => {
    const got = nextMessage(a[0], 'text message');
    a[2].send('hello');
    const { data, isBinary } = await got;
    assert.equal(isBinary, false);
    assert.equal(data.toString(), 'hello');
  });

  it('refuses any other path with HTTP 404', async () => {
    const bad = ['/', '/r/', '/r/bad!', '/r/a/b', `/r/${'x'.repeat(33)}`, '/metrics', '/x/room'];
    for (const path of bad) {
      const c = new WebSocket(ws + path);
      const status = within(
        new Promise((resolve, reject) => {
          c.once('unexpected-response', (_req, res) => resolve(res.statusCode));
          c.once('open', () => reject(new Error(`${path} was accepted`)));
          c.once('error', (err) => reject(new Error(`${path}: ${err.message}`)));
        }),
        WAIT_MS,
        `refusal of ${path}`,
      );
      assert.equal(await status, 404, path);
      c.terminate();
    }
    assert.equal((await within(fetch(`${http}/nope`), WAIT_MS, 'GET /nope')).status, 404);
  });

  it('serves /metrics with the gauges and counters', async () => {
    const m = await metrics(http);
    assert.equal(m.relay_connections, 4);
    assert.equal(m.relay_rooms, 2);
    assert.equal(m.relay_messages_in_total, 3);
    assert.equal(m.relay_messages_out_total, 7); // 3 + 1 + 3
    assert.ok(m.process_resident_memory_bytes > 1e6);
    assert.ok(m.process_cpu_seconds_total > 0);
  });

  it('closes a joiner of a full room with 1008', async () => {
    const extra = await connect(ws, '/r/room-A');
    assert.equal((await closeOf(extra, 'room-full close')).code, 1008);
  });

  it('closes a client over --max-payload with 1009 and keeps serving', async () => {
    const big = await connect(ws, '/r/big');
    const closed = closeOf(big, 'oversize close');
    big.send(Buffer.alloc(2048));
    assert.equal((await closed).code, 1009);
    // The client can see its close before the relay handles its own; poll briefly.
    const deadline = Date.now() + WAIT_MS;
    while ((await metrics(http)).relay_rooms !== 2) {
      assert.ok(Date.now() < deadline, 'the emptied room is deleted');
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it('exits 0 on SIGTERM, closing clients with 1001', async () => {
    const closes = a.map((c, i) => closeOf(c, `shutdown close at client ${i}`));
    const exited = within(once(relay, 'exit'), 5000, 'relay exit');
    relay.kill('SIGTERM');
    for (const { code } of await Promise.all(closes)) assert.equal(code, 1001);
    const [code, signal] = await exited;
    assert.equal(signal, null);
    assert.equal(code, 0, stderr);
  });
});

// `carcassonne load --relay` against this relay (CARC_CLI names the CLI; ctest sets it): the
// load tool's relay mode that capacity comparisons use.
describe('carcassonne load --relay', { timeout: 30000, skip: !process.env.CARC_CLI }, () => {
  it('plays turns through the relay and reports them like a game', async () => {
    const { relay, addr } = await startRelay([]);
    try {
      const args = ['load', '--relay', '--server', `ws://${addr}`, '--rooms', '3', '--players',
        '3', '--duration', '2', '--settle', '0', '--relay-bytes', '100', '--json'];
      const cli = spawn(process.env.CARC_CLI, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      cli.stdout.on('data', (d) => (out += d));
      cli.stderr.on('data', (d) => (err += d));
      const [code] = await within(once(cli, 'exit'), 20000, 'the load run');
      assert.equal(code, 0, err + out);
      const r = JSON.parse(out);
      assert.equal(r.server, 'relay');
      assert.equal(r.connections_held, 9);
      assert.equal(r.connections_lost, 0);
      assert.deepEqual(r.errors, {});
      assert.ok(r.commands > 100, `commands ${r.commands}`);
      // Every seat receives every frame, its sender included: 3 frames per turn.
      assert.ok(Math.abs(r.events_per_s / r.commands_per_s - 3) < 0.05, out);
      assert.ok(Math.abs(r.bytes_per_seat_per_command - 100) < 2, out);
      assert.ok(r.latency_ms.p50 > 0 && r.latency_ms.p99 >= r.latency_ms.p50, out);
      assert.ok(r.server_rss_kib > 1000 && r.server_cpu_s > 0, out);
    } finally {
      relay.kill('SIGKILL');
    }
  });
});
