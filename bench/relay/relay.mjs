#!/usr/bin/env node
// Reference room relay: the baseline capacity benchmarks set our game server against. It is what
// a host would write themselves with the usual Node WebSocket library, so the comparison says what
// the real server costs over a plain fan-out. Keep it plain: each trick added here makes it a less
// honest stand-in for that host.
//
// Protocol, and why:
// - ws://HOST:PORT/r/ROOM, ROOM 1..32 of [A-Za-z0-9_-]: the room is in the URL so a load generator
//   joins with no handshake message. Any other path gets HTTP 404 before the upgrade, so a
//   mistyped benchmark URL fails loudly. A room lives only while it has members, so a soak cannot
//   pile up rooms.
// - Every message goes to every member of the room, its sender included, so one client can time the
//   round trip to the whole room. The received Buffer goes to each send as is (no parse, no
//   re-encode, binary/text kept): the relay's cost is the fan-out alone.
// - --max-room-size: one joiner too many is upgraded, then closed with 1008 so it learns why.
//   Frames over --max-payload are closed with 1009 by ws. No compression, as on our server, so CPU
//   compares like for like. GET /metrics (Prometheus text) lets a benchmark sample both servers'
//   memory and CPU the same way.
import http from 'node:http';
import { parseArgs } from 'node:util';
import { WebSocketServer } from 'ws';

function fail(message) {
  console.error(`relay: ${message}`);
  console.error('usage: relay.mjs [--port N] [--host H] [--max-payload N] [--max-room-size N]');
  process.exit(2);
}

let flags;
try {
  ({ values: flags } = parseArgs({
    options: {
      port: { type: 'string', default: '8090' }, // 0 picks a free port; the ready line tells which
      host: { type: 'string', default: '127.0.0.1' },
      'max-payload': { type: 'string', default: '65536' },
      'max-room-size': { type: 'string', default: '16' },
    },
  }));
} catch (err) {
  fail(err.message);
}
const int = (name, min, max) => {
  const n = /^\d+$/.test(flags[name]) ? Number(flags[name]) : NaN;
  return n >= min && n <= max ? n : fail(`--${name} must be an integer in ${min}..${max}`);
};
const port = int('port', 0, 65535);
const maxPayload = int('max-payload', 1, 2 ** 31 - 1);
const maxRoomSize = int('max-room-size', 1, 1e6);

const ROOM_PATH = /^\/r\/([A-Za-z0-9_-]{1,32})(?:\?.*)?$/;
const rooms = new Map(); // room name -> Set of WebSocket
const BINARY = { binary: true };
const TEXT = { binary: false };
let messagesIn = 0;
let messagesOut = 0;

const wss = new WebSocketServer({ noServer: true, maxPayload, perMessageDeflate: false });

function metrics() {
  const { user, system } = process.cpuUsage();
  return [
    ['relay_connections', 'gauge', wss.clients.size],
    ['relay_rooms', 'gauge', rooms.size],
    ['relay_messages_in_total', 'counter', messagesIn],
    ['relay_messages_out_total', 'counter', messagesOut],
    ['process_resident_memory_bytes', 'gauge', process.memoryUsage().rss],
    ['process_cpu_seconds_total', 'counter', (user + system) / 1e6],
  ]
    .map(([name, type, value]) => `# TYPE ${name} ${type}\n${name} ${value}\n`)
    .join('');
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/metrics') {
    res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4' }).end(metrics());
  } else {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
  }
});

server.on('upgrade', (req, socket, head) => {
  const match = ROOM_PATH.exec(req.url);
  if (!match) {
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => join(ws, match[1]));
});

function join(ws, name) {
  ws.on('error', () => {}); // ws closes the socket itself (e.g. 1009); unheard, it would throw
  let room = rooms.get(name);
  if (room && room.size >= maxRoomSize) {
    ws.close(1008, 'room is full');
    return;
  }
  if (!room) rooms.set(name, (room = new Set()));
  room.add(ws);

  ws.on('message', (data, isBinary) => {
    messagesIn++;
    const how = isBinary ? BINARY : TEXT;
    for (const peer of room) {
      if (peer.readyState === peer.OPEN) {
        peer.send(data, how);
        messagesOut++;
      }
    }
  });
  ws.on('close', () => {
    room.delete(ws);
    if (room.size === 0) rooms.delete(name);
  });
}

function shutdown() {
  for (const ws of wss.clients) ws.close(1001, 'server shutting down');
  server.close(() => process.exit(0)); // also drops idle keep-alive HTTP connections
  setTimeout(() => process.exit(0), 2000).unref(); // for clients that never answer the close
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

server.listen(port, flags.host, () => {
  console.log(`relay listening on ${flags.host}:${server.address().port}`);
});
