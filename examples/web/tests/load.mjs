// A load test of the web example's live games over loopback: N games at
// once, each with a clock (10 minutes + 5 seconds a side), played to its
// end by two scripted WebSocket clients choosing random legal moves, and
// watched by --spectators sockets each. It reports moves/s, the latency of a move to both
// players (p50, p99), the server's memory (from /proc), and checks that no
// move was lost or duplicated: each client (players and spectators) saw
// plies 1, 2, 3, … once, all saw the same moves, and the record the server stored (read back from
// SQLite once the games leave memory) replays to the board they saw last.
//
//   node --experimental-websocket examples/web/tests/load.mjs [SERVER_BINARY] [--games 200] [--spectators 2] [--limit-secs 120]
//
// It stops by itself: when every game is over, or after --limit-secs (a failure).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args.splice(at, 2)[1]) : fallback;
};
const games = option('--games', 200);
const limitSecs = option('--limit-secs', 120);
const spectators = option('--spectators', 2);
const binary = args[0] ?? 'target/debug/examples/web';
if (typeof WebSocket !== 'function') throw new Error('run with node --experimental-websocket (Node 20) or Node 22+');

const scratch = mkdtempSync(join(tmpdir(), 'oware-load-'));
const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(
  binary,
  [
    '--addr', `127.0.0.1:${port}`,
    '--db', join(scratch, 'load.sqlite'),
    '--connections', String(2 * games + 8),
    '--spectators', String(spectators * games + 8),
    '--live-games', String(games + 8),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
process.on('exit', () => {
  server.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});
await new Promise((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  server.stdout.on('data', (chunk) => String(chunk).includes('serving') && resolve());
});
const deadline = setTimeout(() => {
  console.error(`load: not finished after ${limitSecs} s`);
  process.exit(1);
}, limitSecs * 1000);

/** The server's memory now, in MiB: resident and its peak. */
function memory() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kib = (key) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))[1]);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** Random numbers from a seed, so a run can be repeated (mulberry32). */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const post = async (path, body) => (await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
const get = async (path) => (await fetch(base + path)).json();

const latencies = [];
let moves = 0;

/** One seat's client: once both players are there, it plays random legal
 * moves when its side is to move, one for each board it is shown. */
function seat(id, query, pick, sent, arrived) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/live/${id}/ws?${query}`);
  const client = { side: null, plies: [], board: null, errors: [], done: null, movedAt: -1 };
  client.done = new Promise((resolve, reject) => {
    const act = (view) => {
      client.board = view.board;
      if (view.end) return resolve(view);
      if (view.turn !== client.side || !view.present.south || !view.present.north || client.movedAt === view.ply) return;
      client.movedAt = view.ply;
      const house = view.legal[Math.floor(pick() * view.legal.length)];
      sent.set(view.ply + 1, performance.now());
      socket.send(JSON.stringify({ type: 'move', house, ply: view.ply }));
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === 'seated') {
        client.side = message.you;
        client.plies = message.game.moves.map((m, i) => [i + 1, m]);
        act(message.game);
      } else if (message.type === 'played') {
        client.plies.push([message.report.ply, message.report.played]);
        arrived(message.report.ply);
        act(message.game);
      } else if (message.type === 'state') act(message.game);
      else if (message.type === 'error') client.errors.push(message.error);
    };
    socket.onerror = () => reject(new Error(`game ${id}: the socket failed`));
  });
  client.close = () => socket.close();
  return client;
}

/** Plays game `n` to its end and checks what both clients saw. */
async function play(n) {
  const created = await post('/api/live', { clock: { base_secs: 600, increment_secs: 5 } });
  const sent = new Map();
  const seen = new Map();
  const arrived = (ply) => {
    const count = (seen.get(ply) ?? 0) + 1;
    seen.set(ply, count);
    if (count === 2) {
      latencies.push(performance.now() - sent.get(ply));
      moves += 1;
    }
  };
  const pick = random(n + 1);
  const players = [
    seat(created.id, `token=${created.token}`, pick, sent, arrived),
    seat(created.id, `invite=${created.invite}&name=load`, pick, sent, arrived),
  ];
  const watchers = Array.from({ length: spectators }, () => seat(created.id, '', pick, new Map(), () => {}));
  const clients = [...players, ...watchers];
  const [end] = await Promise.all(clients.map((c) => c.done));
  assert.ok(end.clock && end.clock.left.south > 0 && end.clock.left.north > 0, `game ${created.id}: the clocks ran and neither fell`);
  assert.deepEqual(watchers.map((w) => w.side), watchers.map(() => null), 'spectators are seated as spectators');
  for (const c of clients) {
    assert.deepEqual(c.errors, [], `game ${created.id}: no move refused`);
    assert.deepEqual(c.plies.map(([ply]) => ply), Array.from({ length: end.ply }, (_, i) => i + 1), `game ${created.id}: each ply once, in order`);
    assert.deepEqual(c.plies.map(([, m]) => m), end.moves, `game ${created.id}: the moves the server lists`);
    assert.deepEqual(c.board, end.board);
  }
  for (const c of clients.slice(1)) assert.deepEqual(c.plies, clients[0].plies, 'players and spectators saw the same moves');
  for (const c of clients) c.close();
  return { id: created.id, end };
}

const idle = memory();
const t0 = performance.now();
let peak = idle;
const sampler = setInterval(() => (peak = memory()), 200);
const finished = await Promise.all(Array.from({ length: games }, (_, n) => play(n)));
const secs = (performance.now() - t0) / 1000;
clearInterval(sampler);
peak = memory();

// Once every socket is closed the games leave memory: what the server
// gives then is the stored record, read back and replayed by the library.
for (let tries = 0; (await get('/api/stats')).live_games > 0; tries++) {
  assert.ok(tries < 100, 'the games leave memory when their sockets close');
  await new Promise((resolve) => setTimeout(resolve, 50));
}
for (const { id, end } of finished) {
  const stored = await get(`/api/live/${id}`);
  assert.deepEqual(stored.moves, end.moves, `game ${id}: the stored record has every move once`);
  assert.deepEqual(stored.board, end.board, `game ${id}: the stored record replays to the board the players saw`);
  assert.deepEqual(stored.end, end.end);
  assert.deepEqual(stored.clock.left, end.clock.left, `game ${id}: the stored clock is the one the players saw`);
}
clearTimeout(deadline);

latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
const plies = finished.map((f) => f.end.ply);
console.log(
  `load: ${games} live games with clocks, ${spectators} spectators each, ${moves} moves (${Math.min(...plies)}–${Math.max(...plies)} plies a game) in ${secs.toFixed(1)} s: ` +
    `${(moves / secs).toFixed(0)} moves/s; a move to both players p50 ${at(0.5)} ms, p99 ${at(0.99)} ms; ` +
    `server memory ${idle.rss.toFixed(1)} MiB idle, ${peak.peak.toFixed(1)} MiB at peak, ${peak.rss.toFixed(1)} MiB after; ` +
    'no move lost or duplicated: every stored record replays to the board both players saw last',
);
server.kill('SIGINT');
