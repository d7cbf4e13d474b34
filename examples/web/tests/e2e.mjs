// End-to-end tests of the web example in headless Chromium (playwright-core):
// a whole game against level 1 by clicks, the animation's order against the
// server's move reports, hint and undo, a grand slam, a server restart
// mid-game, the leaderboard, the rules page, and bad input on the wire.
//
//   node examples/web/tests/e2e.mjs [SERVER_BINARY]     (from the repository root)
//
// The server (default target/debug/examples/web) is started on a free port
// with a temporary database and stopped at the end. Screenshots go to
// target/web-screenshots/.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const binary = process.argv[2] ?? 'target/debug/examples/web';
const shots = 'target/web-screenshots';
mkdirSync(shots, { recursive: true });
const scratch = mkdtempSync(join(tmpdir(), 'oware-web-'));
const db = join(scratch, 'games.sqlite');

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server on `port` and waits for its "serving" line. */
function startServer(port) {
  const child = spawn(binary, ['--addr', `127.0.0.1:${port}`, '--db', db, '--seed', '1'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, OWARE_ENDGAME_CACHE: 'off' },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in 10 s')), 10_000);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('serving')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
  });
}

/** Stops the server and waits for it to exit. */
function stopServer(child) {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.kill('SIGINT');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let server = await startServer(port);

/** The server's answer to `path` as JSON, with its status. */
async function call(method, path, body, raw) {
  const options = { method, headers: { 'content-type': 'application/json' } };
  if (raw !== undefined) options.body = raw;
  else if (body !== undefined) options.body = JSON.stringify(body);
  const response = await fetch(base + path, options);
  return { status: response.status, json: await response.json() };
}

/** The seeds of every pit of a server board, keyed as the page keys them. */
function counts(board) {
  const result = {};
  for (const side of ['south', 'north']) {
    board.houses[side].forEach((n, i) => (result[String.fromCharCode((side === 'south' ? 65 : 97) + i)] = n));
    result[side === 'south' ? 'S*' : 'N*'] = board.stores[side];
  }
  return result;
}

/** The seeds the page shows in every pit. */
function shown(page) {
  return page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll('#board .pit')].map((p) => [p.dataset.pit, Number(p.dataset.seeds)])),
  );
}

const gameId = (page) => new URL(page.url()).pathname.split('/').pop();
const serverView = async (page) => (await call('GET', `/api/games/${gameId(page)}`)).json;

/** Waits until the game page is waiting for the person's move or over. */
async function settled(page) {
  await page.waitForFunction(() => ['your-turn', 'over'].includes(document.querySelector('#game').dataset.state));
  return page.evaluate(() => document.querySelector('#game').dataset.state);
}

/** Every animation the page played is the server's report of that ply, seed for seed. */
async function checkAnimations(page) {
  const { animations, mismatches } = await page.evaluate(() => window.owareTest);
  assert.deepEqual(mismatches, [], 'the animation ended on the server board');
  for (const { ply, played, sown } of animations) {
    const report = (await call('GET', `/api/games/${gameId(page)}/reports/${ply}`)).json;
    assert.equal(played, report.played, `ply ${ply}`);
    assert.deepEqual(sown, report.sown, `the seeds of ply ${ply} dropped in the report's order`);
  }
  return animations.length;
}

const started = Date.now();
// A stray server must not outlive the test, whatever fails.
process.on('exit', () => server.kill('SIGKILL'));
const context = await chromium.launchPersistentContext(join(scratch, 'profile'), {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1100, height: 900 },
});
const page = context.pages()[0] ?? (await context.newPage());
page.on('pageerror', (error) => {
  throw error;
});
let passed = 0;
async function test(name, body) {
  const t0 = Date.now();
  await body();
  passed += 1;
  console.log(`ok ${passed} - ${name} (${Date.now() - t0} ms)`);
}

try {
  await test('a move animates as its report; hint rings a legal house; undo takes back', async () => {
    await page.goto(`${base}/?delay=0`);
    await page.screenshot({ path: `${shots}/1-setup.png` });
    await page.check('input[name=level][value="1"]');
    await page.fill('input[name=name]', 'Tester');
    await page.click('button[type=submit]');
    assert.equal(await settled(page), 'your-turn');
    await page.click('#board .pit.legal[data-pit="C"]');
    await page.waitForFunction(() => document.querySelector('#game').dataset.ply === '2');
    await settled(page);
    const animations = await page.evaluate(() => window.owareTest.animations.map((a) => a.sown.join(' ')));
    assert.equal(animations[0], 'D E F a', 'C sows D, E, F, a');
    assert.equal(await checkAnimations(page), 2);
    assert.deepEqual(await shown(page), counts((await serverView(page)).board));

    await page.click('#hint-button');
    await page.waitForSelector('#hint[data-house]');
    const house = await page.getAttribute('#hint', 'data-house');
    assert.ok((await serverView(page)).legal.includes(house), `the hint ${house} is legal`);
    assert.equal(await page.getAttribute(`#board .pit[data-pit="${house}"]`, 'class').then((c) => c.includes('hinted')), true);
    await page.screenshot({ path: `${shots}/2-hint.png` });

    await page.click('#undo-button');
    await page.waitForFunction(() => document.querySelector('#game').dataset.ply === '0');
    const view = await serverView(page);
    assert.equal(view.ply, 0);
    assert.deepEqual(await shown(page), counts(view.board));
    assert.equal(await page.isDisabled('#undo-button'), true, 'nothing more to undo');
    await page.evaluate(() => (window.owareTest.animations.length = 0));
  });

  await test('a whole game against level 1 by clicks, to its end', async () => {
    let tookThreatShot = false;
    while ((await settled(page)) === 'your-turn') {
      const legal = await page.$$eval('#board .pit.legal', (pits) => pits.map((p) => p.dataset.pit));
      assert.ok(legal.length > 0);
      if (!tookThreatShot && (await page.$('#board .pit.threat'))) {
        await page.screenshot({ path: `${shots}/3-threat-ring.png` });
        tookThreatShot = true;
      }
      const ply = await page.evaluate(() => document.querySelector('#game').dataset.ply);
      await page.click(`#board .pit[data-pit="${legal[0]}"]`);
      await page.waitForFunction((before) => document.querySelector('#game').dataset.ply !== before, ply);
    }
    const view = await serverView(page);
    assert.ok(view.end, 'the server says the game is over');
    assert.deepEqual(await shown(page), counts(view.board), 'the final board is the server board');
    assert.equal(await page.textContent('#end-text'), view.end.text);
    assert.match(view.end.text, /\(R(8|9|10|11)\)/);
    const plies = await checkAnimations(page);
    assert.equal(plies, view.ply, 'every ply was animated');
    await page.screenshot({ path: `${shots}/4-end.png`, fullPage: true });
    console.log(`#   ${view.ply} plies: ${view.end.text}`);
  });

  await test('the leaderboard shows the finished game', async () => {
    const view = await serverView(page);
    await page.click('header a[href="/leaderboard"]');
    await page.waitForSelector('.level-board[data-level="1"] table');
    const card = await page.textContent('.level-board[data-level="1"]');
    const you = view.end.scores.south;
    const machine = view.end.scores.north;
    assert.ok(card.includes('Tester'), card);
    assert.ok(card.includes(`${you}–${machine}`), card);
    await page.screenshot({ path: `${shots}/5-leaderboard.png`, fullPage: true });
  });

  await test('a grand slam is shown as no capture', async () => {
    const created = await call('POST', '/api/games', { level: 1, side: 'south', position: '0,0,0,0,0,2/1,1,0,0,0,0 s 22 22' });
    assert.equal(created.status, 200);
    await page.goto(`${base}/game/${created.json.game.id}?delay=60`);
    await settled(page);
    await page.click('#board .pit[data-pit="F"]');
    await page.waitForFunction(() => document.querySelector('#banner').textContent.startsWith('Grand slam'));
    await page.screenshot({ path: `${shots}/6-grand-slam.png` });
    await settled(page);
    const first = await page.evaluate(() => window.owareTest.animations[0]);
    assert.deepEqual(first.sown, ['a', 'b']);
    assert.equal((await call('GET', `/api/games/${created.json.game.id}/reports/1`)).json.grand_slam, true);
    await checkAnimations(page);
  });

  await test('bad input from the wire is refused and leaves the game unchanged', async () => {
    // The grand slam left North unable to feed South (R8): that game is over.
    const over = await call('POST', `/api/games/${gameId(page)}/moves`, { house: 'A', ply: 1 });
    assert.equal(over.status, 409);
    assert.match(over.json.error, /the game is over/);
    const id = (await call('POST', '/api/games', { level: 1, side: 'south' })).json.game.id;
    const before = (await call('GET', `/api/games/${id}`)).json;
    const refusals = [
      [{ house: 'a', ply: 0 }, 422, /you play South's houses/],
      [{ house: 'C', ply: 7 }, 409, /moved on/],
      [{ house: 'Q', ply: 0 }, 422, /not a house/],
      [{ house: 'C', ply: 0, extra: 1 }, 400, /unknown field/],
    ];
    for (const [body, status, message] of refusals) {
      const answer = await call('POST', `/api/games/${id}/moves`, body);
      assert.equal(answer.status, status, JSON.stringify(body));
      assert.match(answer.json.error, message);
    }
    assert.equal((await call('POST', `/api/games/${id}/moves`, undefined, '{"house": ')).status, 400);
    assert.equal((await call('POST', `/api/games/${id}/moves`, undefined, JSON.stringify({ house: 'x'.repeat(5000), ply: 0 }))).status, 413);
    assert.equal((await call('GET', '/api/games/NoSuchGame123')).status, 404);
    assert.deepEqual((await call('GET', `/api/games/${id}`)).json, before);
    const finished = (await call('GET', '/api/leaderboard')).json[0].recent.length;
    assert.equal(finished, 2, 'the game by clicks and the grand slam game');
  });

  await test('a server restart mid-game keeps the game', async () => {
    await page.goto(`${base}/?delay=0`);
    await page.check('input[name=level][value="2"]');
    await page.check('input[name=side][value="north"]');
    await page.click('button[type=submit]');
    await settled(page);
    for (let i = 0; i < 2; i++) {
      const legal = await page.$$eval('#board .pit.legal', (pits) => pits.map((p) => p.dataset.pit));
      const ply = await page.evaluate(() => document.querySelector('#game').dataset.ply);
      await page.click(`#board .pit[data-pit="${legal.at(-1)}"]`);
      await page.waitForFunction((before) => document.querySelector('#game').dataset.ply !== before, ply);
      await settled(page);
    }
    const before = await serverView(page);
    const onPage = await shown(page);
    await stopServer(server);
    server = await startServer(port);
    await page.reload();
    await settled(page);
    const after = await serverView(page);
    assert.equal(after.ply, before.ply);
    assert.equal(after.record, before.record);
    assert.deepEqual(await shown(page), onPage);
    assert.deepEqual(counts(after.board), onPage);
    assert.equal(await page.locator('#log li').count(), before.ply, 'the moves are listed again');
    await page.screenshot({ path: `${shots}/7-after-restart.png` });
  });

  await test('Kalah: the last seed sown into the store gives another move', async () => {
    await page.goto(`${base}/?delay=0`);
    await page.selectOption('#ruleset', 'kalah');
    await page.click('button[type=submit]');
    await settled(page);
    await page.click('#board .pit[data-pit="C"]');
    await page.waitForFunction(() => document.querySelector('#game').dataset.ply === '1');
    await settled(page);
    assert.equal(await page.getAttribute('#board', 'data-animated'), 'D E F S*');
    const view = await serverView(page);
    assert.equal(view.turn, 'south', 'South moves again (K2)');
    assert.deepEqual(await shown(page), counts(view.board));
    await checkAnimations(page);
    await page.screenshot({ path: `${shots}/8-kalah.png` });
  });

  await test('Congkak: relay sowing animates as reported, lap by lap', async () => {
    await page.goto(`${base}/?delay=0`);
    await page.selectOption('#ruleset', 'congkak');
    await page.click('button[type=submit]');
    await settled(page);
    await page.click('#board .pit[data-pit="B"]');
    await page.waitForFunction(() => Number(document.querySelector('#game').dataset.ply) >= 1);
    await settled(page);
    const report = (await call('GET', `/api/games/${gameId(page)}/reports/1`)).json;
    assert.ok(report.relays.length > 0, 'B ends in a: its seeds are lifted and sown on (C4)');
    assert.equal(await checkAnimations(page), (await serverView(page)).ply);
    assert.deepEqual(await shown(page), counts((await serverView(page)).board));
    await page.screenshot({ path: `${shots}/9-congkak.png` });
  });

  await test('the rules page spells out Abapa with its rule numbers', async () => {
    await page.goto(`${base}/rules`);
    const text = await page.textContent('main');
    for (const rule of ['R1', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9', 'R10', 'R11']) assert.ok(text.includes(rule), rule);
    assert.match(text, /grand slam/);
    await page.screenshot({ path: `${shots}/10-rules.png`, fullPage: true });
  });
} finally {
  await context.close();
  await stopServer(server);
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`web e2e: ${passed} passed in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${shots}/`);
