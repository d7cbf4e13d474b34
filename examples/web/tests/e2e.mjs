// End-to-end tests of the web example in headless Chromium (playwright-core):
// a whole game against level 1 by clicks, the animation's order against the
// server's move reports, hint and undo, a grand slam, a server restart
// mid-game, the leaderboard, the rules page, and bad input on the wire; live
// games by link between two browser contexts with a spectator (every board
// equal to the server's after every move), reconnecting, a restart, a draw
// by agreement, the endless-play end in words, bad WebSocket messages and an
// abandoned game expiring; every lesson of /learn played to its end after a
// wrong try, on a desktop and on a phone.
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
function startServer(port, extra = [], file = db) {
  const child = spawn(binary, ['--addr', `127.0.0.1:${port}`, '--db', file, '--seed', '1', ...extra], {
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

/** The board a game view is shown with: a game over shows the score it
 * ended with (the seeds a rule gave each side moved into its store). */
function onBoard(view) {
  if (!view.end) return view.board;
  const { scores } = view.end;
  if (scores.south === view.board.stores.south && scores.north === view.board.stores.north) return view.board;
  return { houses: { south: view.board.houses.south.map(() => 0), north: view.board.houses.north.map(() => 0) }, stores: scores };
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
// The live games' other people: each a browser context of its own.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
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
    assert.deepEqual(await shown(page), counts(onBoard(await serverView(page))));

    assert.equal(await page.textContent('#ranked'), 'Ranked: this game counts on the leaderboard. A hint or an undo makes it unranked.', 'said before the first hint');
    await page.click('#hint-button');
    await page.waitForSelector('#hint[data-house]');
    assert.equal(await page.textContent('#ranked'), 'Unranked: you asked for a hint, so this game does not count on the leaderboard.');
    const house = await page.getAttribute('#hint', 'data-house');
    assert.ok((await serverView(page)).legal.includes(house), `the hint ${house} is legal`);
    assert.equal(await page.getAttribute(`#board .pit[data-pit="${house}"]`, 'class').then((c) => c.includes('hinted')), true);
    await page.screenshot({ path: `${shots}/2-hint.png` });

    await page.click('#undo-button');
    await page.waitForFunction(() => document.querySelector('#game').dataset.ply === '0');
    const view = await serverView(page);
    assert.equal(view.ply, 0);
    assert.deepEqual(await shown(page), counts(onBoard(view)));
    assert.equal(await page.isDisabled('#undo-button'), true, 'nothing more to undo');
    await page.evaluate(() => (window.owareTest.animations.length = 0));
  });

  await test('a whole game against level 1 by clicks, to its end', async () => {
    await page.goto(`${base}/?delay=0`);
    await page.check('input[name=level][value="1"]');
    await page.fill('input[name=name]', 'Tester');
    await page.click('button[type=submit]');
    await settled(page);
    assert.equal(await page.getAttribute('#ranked', 'data-ranked'), 'yes');
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
    assert.deepEqual(await shown(page), counts(onBoard(view)), 'the final board is the server board');
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
    assert.equal(finished, 1, 'the game by clicks; the grand slam game was set up, so it is unranked');
  });

  /** Plays game `id` to its end through the API, the first legal move each time. */
  async function playToEnd(id) {
    let view = (await call('GET', `/api/games/${id}`)).json;
    while (!view.end) {
      const played = await call('POST', `/api/games/${id}/moves`, { house: view.legal[0], ply: view.ply });
      assert.equal(played.status, 200, JSON.stringify(played.json));
      view = played.json.game;
    }
    return view;
  }

  await test('a leaderboard worth topping: set-up and hinted games unranked, one board a ruleset and level, a name kept by its browser, long names in their cells', async () => {
    const abapaOne = async () => (await call('GET', '/api/leaderboard?ruleset=abapa')).json[0].recent.length;
    const before = await abapaOne();
    const setUp = (await call('POST', '/api/games', { level: 1, side: 'south', position: '0,0,0,2,1,2/4,2,0,0,1,0 s 22 14' })).json.game;
    assert.equal(setUp.unranked, 'it started from a set-up position');
    const won = await playToEnd(setUp.id);
    assert.equal(won.end.winner, 'south', 'F captures 3: 25 seeds');
    assert.equal(await abapaOne(), before, 'a won set-up game is not listed');
    const kalah = (await call('GET', '/api/leaderboard?ruleset=kalah')).json;
    assert.deepEqual(kalah.map((b) => [b.ruleset, b.level, b.standings.length]), [1, 2, 3, 4, 5].map((l) => ['kalah', l, 0]));
    assert.equal((await call('GET', '/api/leaderboard?ruleset=nonsense')).status, 400);

    const hidden = await call('POST', '/api/games', { level: 1, side: 'south', name: 'Tes\u200bter\u202e', name_secret: 'someoneElse0123456789' });
    assert.equal(hidden.status, 409, 'invisible characters do not make another name');
    const lookalike = await call('POST', '/api/games', { level: 1, side: 'south', name: '\u0422ester', name_secret: 'someoneElse0123456789' });
    assert.equal(lookalike.status, 400, 'a Cyrillic T is not a leaderboard letter');
    const custom = (await call('POST', '/api/games', { level: 1, side: 'south', ruleset: 'abapa(2,2)' })).json.game;
    assert.equal(custom.unranked, 'it is played by rules of your own');
    const taken = await call('POST', '/api/games', { level: 1, side: 'south', name: 'tester', name_secret: 'someoneElse0123456789' });
    assert.equal(taken.status, 409, 'Tester is kept by the first browser, whatever the case');
    assert.match(taken.json.error, /is taken/);
    assert.equal((await call('POST', '/api/games', { level: 1, side: 'south', name: 'Nobody' })).status, 400, 'a name needs its secret');
    const other = await browser.newContext();
    const p = await other.newPage();
    await p.goto(`${base}/?delay=0`);
    await p.fill('input[name=name]', 'Tester');
    await p.click('button[type=submit]');
    await p.waitForFunction(() => document.querySelector('#setup-error').textContent.includes('is taken'));

    const long = 'W'.repeat(40);
    const secret = 'a-long-name-secret-0123456789'.replace(/-/g, '');
    const ranked = (await call('POST', '/api/games', { level: 1, side: 'south', name: long, name_secret: secret })).json.game;
    assert.equal(ranked.unranked, null);
    await playToEnd(ranked.id);
    assert.equal(await abapaOne(), before + 1, 'a ranked game from the start is listed');
    await p.goto(`${base}/leaderboard`);
    await p.waitForSelector('.level-board[data-level="1"] table');
    assert.ok((await p.textContent('.level-board[data-level="1"]')).includes(long));
    const overflowing = await p.$$eval('.level-board', (cards) => cards.filter((c) => c.scrollWidth > c.clientWidth).length);
    assert.equal(overflowing, 0, 'a 40-letter name stays in its card');
    await p.setViewportSize({ width: 390, height: 844 });
    assert.equal(await p.$$eval('.level-board', (cards) => cards.filter((c) => c.scrollWidth > c.clientWidth).length), 0, 'on a phone too');
    await p.screenshot({ path: `${shots}/leaderboard-long-name.png`, fullPage: true });
    // The game page with the same name on the narrowest phone (320 px, where 40
    // letters do not fit on one line): the players' line wraps, the text stays on screen.
    await p.setViewportSize({ width: 320, height: 700 });
    await p.goto(`${base}/game/${ranked.id}?delay=0`);
    await p.waitForFunction(() => document.querySelector('#players').textContent.includes('WWWW'));
    const [right, page] = await p.$eval('#players', (e) => {
      const text = document.createRange();
      text.selectNodeContents(e);
      return [text.getBoundingClientRect().right, document.documentElement.scrollWidth];
    });
    assert.ok(right <= 320 && page <= 320, `a 40-letter name stays on a 320 px phone's game page: its line ends at ${right} px, the page is ${page} px wide`);
    await other.close();
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
    assert.deepEqual(await shown(page), counts(onBoard(view)));
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
    assert.deepEqual(await shown(page), counts(onBoard(await serverView(page))));
    await page.screenshot({ path: `${shots}/9-congkak.png` });
  });


  // ---- live games by link ----

  /** A new page in a browser context of its own (another person), at `url`. */
  async function person(url) {
    const other = await browser.newContext({ viewport: { width: 1000, height: 860 } });
    const p = await other.newPage();
    p.on('pageerror', (error) => {
      throw error;
    });
    if (url) await p.goto(url);
    return p;
  }

  const liveView = async (id) => (await call('GET', `/api/live/${id}`)).json;
  const state = (p) => p.evaluate(() => document.querySelector('#game').dataset.state);

  /** Waits until page `p` shows ply `ply` with no move under way. */
  async function atPly(p, ply) {
    await p.waitForFunction(
      (n) => {
        const game = document.querySelector('#game');
        return game.dataset.ply === String(n) && !['busy', 'offline'].includes(game.dataset.state) && document.body.dataset.mode === 'live';
      },
      ply,
      { timeout: 10_000 },
    );
  }

  /** Every page shows the server's board of game `id` at its ply. */
  async function sameBoards(id, pages) {
    const view = await liveView(id);
    for (const p of pages) {
      await atPly(p, view.ply);
      assert.deepEqual(await shown(p), counts(onBoard(view)), `ply ${view.ply}: the page shows the server's board`);
    }
    return view;
  }

  /** The side to move clicks the first legal house the server lists, and every page follows. */
  async function liveMove(id, players, pages) {
    const view = await liveView(id);
    const mover = players[view.turn];
    assert.equal(await state(mover), 'your-turn', `${view.turn} may move at ply ${view.ply}`);
    await mover.click(`#board .pit.legal[data-pit="${view.legal[0]}"]`);
    for (const p of pages) await atPly(p, view.ply + 1);
    return sameBoards(id, pages);
  }

  /** Each page's animations are the server's reports, seed for seed. */
  async function liveAnimations(id, p) {
    const { animations, mismatches } = await p.evaluate(() => window.owareTest);
    assert.deepEqual(mismatches, []);
    for (const { ply, played, sown } of animations) {
      const report = (await call('GET', `/api/live/${id}/reports/${ply}`)).json;
      assert.equal(played, report.played, `ply ${ply}`);
      assert.deepEqual(sown, report.sown, `the seeds of ply ${ply} dropped in the report's order`);
    }
    return animations.map((a) => a.played).join('');
  }

  let liveId;
  let players;
  let watcher;
  /** Opens the link to the open seat on a new person's page and takes the seat as `name`. */
  async function takeSeat(url, name) {
    const p = await person(url);
    await p.waitForSelector('#join:not([hidden])');
    assert.equal(new URL(p.url()).hash, '', 'the code leaves the address bar');
    await p.fill('input[name=join-name]', name);
    await p.click('#join-button');
    await p.waitForFunction(() => document.querySelector('#game').dataset.ply !== undefined && document.body.dataset.mode === 'live' && document.querySelector('#join').hidden);
    return p;
  }

  await test('a live game by link: the friend takes the seat by name, a spectator watches, every board is the server\'s', async () => {
    const creator = await person(`${base}/?delay=0`);
    await creator.fill('input[name=live-name]', 'Ama');
    await creator.selectOption('#live-clock', ''); // no clock: the views compared below stay still
    await creator.click('#live-button');
    await creator.waitForSelector('#invite:not([hidden])');
    liveId = gameId(creator);
    const invite = await creator.inputValue('#invite-link');
    const watch = await creator.inputValue('#watch-link');
    assert.match(invite, new RegExp(`/live/${liveId}#join=[A-Za-z0-9]{16}$`));
    assert.equal(watch, `${base}/live/${liveId}`);
    assert.match(await creator.textContent('#status'), /Waiting for North to open the link/);
    await creator.screenshot({ path: `${shots}/11-live-invite.png` });
    const friend = await takeSeat(invite.replace('#', '?delay=0#'), 'Kofi');
    await creator.waitForFunction(() => document.querySelector('#invite-send').hidden);
    assert.equal(await creator.inputValue('#invite-link'), '', 'the link is gone from the creator\'s screen once taken');
    assert.match(await creator.textContent('#players'), /Ama \(South\), you against Kofi \(North\)/);
    const late = await takeSeat(invite.replace('#', '?delay=0#'), 'Yaw');
    await late.waitForFunction(() => document.querySelector('#status').textContent.includes('You are watching'));
    assert.match(await late.textContent('#banner'), /took the seat before you/);
    assert.equal(await late.locator('#board .pit.legal').count(), 0, 'the late opener has no house to click');
    await late.context().close();
    watcher = await person(`${watch}?delay=0`);
    players = { south: creator, north: friend };
    const pages = [creator, friend, watcher];
    await sameBoards(liveId, pages);
    assert.match(await watcher.textContent('#status'), /You are watching/);
    assert.equal(await watcher.locator('#board .pit.legal').count(), 0, 'a spectator has no house to click');
    assert.equal(await watcher.isVisible('#end-button'), false, 'nor an end to offer');
    for (let i = 0; i < 8; i++) await liveMove(liveId, players, pages);
    const view = await liveView(liveId);
    for (const p of pages) assert.equal(await liveAnimations(liveId, p), view.moves.join(''), 'every page animated every move');
    assert.match(await creator.textContent('#players'), /1 watching/);
    await friend.screenshot({ path: `${shots}/12-live-friend.png` });
    await watcher.screenshot({ path: `${shots}/13-live-spectator.png` });
    const record = await (await fetch(`${base}/api/live/${liveId}/record`)).text();
    assert.match(record, new RegExp(view.moves.slice(0, 2).join(' ').replace(/ /g, '.*')), 'the record lists the moves');
    assert.equal(await creator.getAttribute('#record-link', 'href'), `/api/live/${liveId}/record`);
  });

  await test('a live player reconnects: closing and reopening the page resumes the game', async () => {
    const friendContext = players.north.context();
    await players.north.close();
    await players.south.waitForFunction(() => document.querySelector('#players').textContent.includes('Kofi (North), away'));
    players.north = await friendContext.newPage();
    await players.north.goto(`${base}/live/${liveId}?delay=0`);
    const pages = [players.south, players.north, watcher];
    const view = await sameBoards(liveId, pages);
    assert.equal(await players.north.locator('#log li').count(), view.ply, 'the moves are listed again');
    assert.match(await players.north.textContent('#players'), /Kofi \(North\), you/, 'the seat is kept in localStorage');
    await liveMove(liveId, players, pages);
  });

  await test('a server restart mid-game keeps the live game; the pages reconnect by themselves', async () => {
    const before = await liveView(liveId);
    await stopServer(server);
    await players.south.waitForFunction(() => document.querySelector('#game').dataset.state === 'offline');
    server = await startServer(port);
    const pages = [players.south, players.north, watcher];
    const after = await sameBoards(liveId, pages);
    assert.equal(after.record, before.record);
    await liveMove(liveId, players, pages);
  });

  await test('bad WebSocket messages get an error, to that page only, and change nothing', async () => {
    const before = await liveView(liveId);
    const token = (p) => p.evaluate((id) => JSON.parse(localStorage.getItem(`oware-live-${id}`)).token, liveId);
    const mover = players[before.turn];
    const waiting = players[before.turn === 'south' ? 'north' : 'south'];
    /** Opens a socket in page `p` on `path`, sends `messages` one by one and gives each answer. */
    const exchange = (p, path, messages) =>
      p.evaluate(
        async ({ path, messages }) => {
          const socket = new WebSocket(`ws://${location.host}${path}`);
          const inbox = [];
          let wake = () => {};
          socket.onmessage = (event) => {
            inbox.push(JSON.parse(event.data));
            wake();
          };
          const next = async (type) => {
            for (;;) {
              const found = inbox.findIndex((m) => !type || m.type === type);
              if (found >= 0) return inbox.splice(found, 1)[0];
              await new Promise((resolve) => (wake = resolve));
            }
          };
          const first = await next();
          if (first.type !== 'seated') return [first];
          const answers = [first.you];
          for (const message of messages) {
            socket.send(typeof message === 'string' ? message : new Uint8Array(message));
            answers.push((await next('error')).error);
          }
          socket.close();
          return answers;
        },
        { path, messages },
      );
    const ws = `/api/live/${liveId}/ws`;
    const ply = before.ply;
    const theirs = before.turn === 'south' ? 'a' : 'A';
    const own = before.legal[0];
    const [you, ...errors] = await exchange(mover, `${ws}?token=${await token(mover)}`, [
      '{"type": "move", "house": ',
      JSON.stringify({ type: 'move', house: own, ply: ply - 1 }),
      JSON.stringify({ type: 'move', house: theirs, ply }),
      JSON.stringify({ type: 'move', house: 'Q', ply }),
      JSON.stringify({ type: 'move', house: own, ply, extra: 1 }),
      JSON.stringify({ type: 'resign', ply: ply - 1 }),
      JSON.stringify({ type: 'flip', ply }),
      JSON.stringify({ type: 'move', house: own.repeat(3000), ply }),
      JSON.stringify({ type: 'accept_end', ply }),
      [1, 2, 3],
    ]);
    assert.equal(you, before.turn);
    const expected = [
      /bad message: EOF while parsing/,
      new RegExp(`the game has moved on: it is at ply ${ply}`),
      new RegExp(`you play ${before.turn === 'south' ? 'South' : 'North'}'s houses`),
      /"Q" is not a house letter/,
      /unknown field `extra`/,
      new RegExp(`the game has moved on: it is at ply ${ply}`),
      /unknown variant `flip`/,
      /the message is \d+ bytes: at most 1024 are read/,
      /your opponent has not offered to end the game/,
      /send JSON text, not binary/,
    ];
    errors.forEach((error, i) => assert.match(error, expected[i]));
    assert.equal(errors.length, expected.length);
    const notYours = await exchange(waiting, `${ws}?token=${await token(waiting)}`, [JSON.stringify({ type: 'move', house: theirs, ply })]);
    assert.match(notYours[1], /illegal move [Aa]: .*/, 'a house of the side not to move: the library says why');
    const spectator = await exchange(watcher, ws, [JSON.stringify({ type: 'move', house: own, ply })]);
    assert.deepEqual(spectator, [null, 'you are watching: only the two players move']);
    const guessed = await exchange(watcher, `${ws}?token=GuessedToken1234`, [JSON.stringify({ type: 'move', house: own, ply })]);
    assert.deepEqual(guessed, [null, 'you are watching: only the two players move'], 'a wrong token watches');
    const unknown = await exchange(watcher, '/api/live/NoSuchGame123/ws', []);
    assert.deepEqual(unknown, [{ type: 'error', error: 'no game "NoSuchGame123"' }]);
    assert.deepEqual(await liveView(liveId), before, 'the game is unchanged');
    assert.deepEqual(await mover.evaluate(() => window.owareTest.errors), [], 'the errors went to the sending socket only');
    assert.equal((await call('GET', '/api/live/NoSuchGame123')).status, 404);
    assert.equal((await call('POST', '/api/live', { side: 'east' })).status, 400);
  });

  await test('an end by agreement offered and accepted ends the live game (R11), the result said first', async () => {
    const view = await liveView(liveId);
    const offerer = players[view.turn];
    const other = players[view.turn === 'south' ? 'north' : 'south'];
    await offerer.click('#end-button');
    await other.waitForSelector('#accept-end-button:not([hidden])');
    const would = view.if_agreed;
    assert.match(await other.textContent('#offer'), /offers to end the game by agreement \(R11\): each side takes the seeds on its own side \(/);
    assert.ok((await other.textContent('#offer')).includes(`${would.scores[would.winner ?? 'south']}–${would.scores[would.winner === 'north' ? 'south' : 'north']}`), 'the offer says the score it would end on');
    assert.match(await watcher.textContent('#offer'), /offers to end the game/);
    await other.screenshot({ path: `${shots}/14-live-end-offer.png` });
    await other.click('#accept-end-button');
    for (const p of [offerer, other, watcher]) await p.waitForFunction(() => document.querySelector('#game').dataset.state === 'over');
    const end = (await liveView(liveId)).end;
    assert.equal(end.termination, 'agreement');
    assert.deepEqual(end, would, 'the end is the one the offer said');
    assert.match(end.text, /^Ended by agreement: each side takes the seeds on its own side \(R11\)/);
    for (const p of [offerer, other, watcher]) assert.equal(await p.textContent('#end-text'), end.text);
    const over = await liveView(liveId);
    assert.equal(await offerer.isDisabled('#end-button'), true);
    await offerer.screenshot({ path: `${shots}/15-live-agreed.png` });
    assert.deepEqual(await liveView(liveId), over);
  });

  await test('a player resigns (two clicks): both pages and the record say so; a rematch swaps the colours', async () => {
    const created = (await call('POST', '/api/live', { side: 'random', name: 'Ama' })).json;
    assert.ok(['south', 'north'].includes(created.side));
    const mine = await person(`${base}/live/${created.id}?delay=0#seat=${created.token}`);
    const theirs = await takeSeat(`${base}/live/${created.id}?delay=0#join=${created.invite}`, 'Kofi');
    await sameBoards(created.id, [mine, theirs]);
    await theirs.click('#resign-button');
    assert.equal(await theirs.textContent('#resign-button'), 'Click again to resign');
    assert.equal((await liveView(created.id)).end, null, 'one click does not resign');
    await theirs.click('#resign-button');
    const loser = created.side === 'south' ? 'North' : 'South';
    const winner = created.side === 'south' ? 'South' : 'North';
    for (const p of [mine, theirs]) {
      await p.waitForFunction(() => !document.querySelector('#end').hidden);
      assert.equal(await p.textContent('#end-text'), `${loser} resigned: ${winner} wins`);
    }
    assert.equal(await mine.textContent('#end-title'), 'You win by resignation');
    assert.equal(await theirs.textContent('#end-title'), 'You lose by resignation');
    const record = await (await fetch(`${base}/api/live/${created.id}/record`)).text();
    assert.match(record, /\[Termination "resignation"\]/);
    assert.match(record, new RegExp(`\\[${created.side === 'south' ? 'South' : 'North'} "Ama"\\]`));
    assert.match(record, /"Kofi"/);

    // A rematch: offered by one, accepted by the other; both go to the new game, colours swapped.
    await theirs.click('#rematch-button');
    await mine.waitForFunction(() => document.querySelector('#rematch-button').textContent === 'Accept the rematch');
    await theirs.waitForFunction(() => document.querySelector('#rematch-button').textContent === 'Rematch offered');
    await mine.click('#rematch-button');
    for (const p of [mine, theirs]) await p.waitForFunction((old) => !location.pathname.endsWith(old) && document.querySelector('#game').dataset.ply === '0', created.id);
    const next = new URL(mine.url()).pathname.split('/').pop();
    assert.equal(new URL(theirs.url()).pathname.split('/').pop(), next);
    const swapped = created.side === 'south' ? 'North' : 'South';
    await mine.waitForFunction((side) => document.querySelector('#players').textContent.includes(`Ama (${side}), you`), swapped);
    const view = await liveView(next);
    assert.equal(view.names[swapped.toLowerCase()], 'Ama');
    assert.equal(view.end, null);
    await sameBoards(next, [mine, theirs]);
    for (const p of [mine, theirs]) await p.context().close();
  });

  await test('the other player sees where the player to move points and where its last seed would fall; a clock runs for the side to move from the first move; the server ends a game on time', async () => {
    const created = (await call('POST', '/api/live', { clock: { base_secs: 2, increment_secs: 0 } })).json;
    assert.equal((await call('POST', '/api/live', { clock: { base_secs: 0 } })).status, 400);
    const south = await person(`${base}/live/${created.id}?delay=0#seat=${created.token}`);
    const north = await takeSeat(`${base}/live/${created.id}?delay=0#join=${created.invite}`, 'Kofi');
    await sameBoards(created.id, [south, north]);
    const before = (await liveView(created.id)).clock;
    assert.deepEqual([before.left.south, before.left.north, before.running], [2000, 2000, null], 'not running before the first move');
    assert.equal(await south.textContent('#clock-south'), 'South 0:02.0');
    await south.hover('#board .pit[data-pit="C"]');
    await north.waitForSelector('#board .pit.pointed[data-pit="C"]');
    assert.deepEqual(await north.$$eval('#board .pit.aim', (pits) => pits.map((p) => p.dataset.pit)), ['a'], "North sees where South's C would end: a");
    await south.hover('#title');
    await north.waitForFunction(() => !document.querySelector('#board .pit.pointed'));
    await liveMove(created.id, { south, north }, [south, north]);
    assert.equal((await liveView(created.id)).clock.running, 'north');
    await north.waitForFunction(() => document.querySelector('#clock-north').classList.contains('running'));
    for (const p of [south, north]) {
      await p.waitForFunction(() => !document.querySelector('#end').hidden, null, { timeout: 6000 });
      assert.equal(await p.textContent('#end-text'), "North's time ran out: South wins");
    }
    const view = await liveView(created.id);
    assert.deepEqual([view.end.termination, view.end.result, view.clock.left.north, view.clock.running], ['time forfeit', '1-0', 0, null]);
    await south.screenshot({ path: `${shots}/live-clock-flag.png` });
    for (const p of [south, north]) await p.context().close();
  });

  await test('a whole live game from a set-up position: the endless-play rule ends it, in words', async () => {
    const created = (await call('POST', '/api/live', { position: '0,0,0,0,0,1/0,0,0,0,0,1 s 23 23' })).json;
    const south = await person(`${base}/live/${created.id}?delay=0#seat=${created.token}`);
    const north = await takeSeat(`${base}/live/${created.id}?delay=0#join=${created.invite}`, '');
    const pages = [south, north];
    await sameBoards(created.id, pages);
    let view;
    do view = await liveMove(created.id, { south, north }, pages);
    while (!view.end);
    assert.equal(view.ply, 24);
    assert.equal(view.end.termination, 'cycle');
    assert.equal(view.end.text, 'The same position has come up 3 times: each side takes the seeds on its own side (R11); 24-24, a draw');
    for (const p of pages) {
      assert.equal(await p.textContent('#end-text'), view.end.text);
      assert.equal(await p.textContent('#end-title'), 'A draw, 24–24');
      assert.equal(await liveAnimations(created.id, p), view.moves.join(''));
    }
    const late = await south.evaluate(() => window.owareTest.errors.length);
    assert.equal(late, 0);
    await south.screenshot({ path: `${shots}/16-live-endless-play.png`, fullPage: true });
    for (const p of pages) await p.context().close();
  });

  await test('spectators have a limit of their own; an abandoned live game expires and its pages are told', async () => {
    const port2 = await freePort();
    const short = await startServer(port2, ['--expire-hours', '0.0003', '--connections', '2', '--spectators', '1'], join(scratch, 'expiry.sqlite'));
    try {
      const created = await (await fetch(`http://127.0.0.1:${port2}/api/live`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
      const p = await person(`http://127.0.0.1:${port2}/live/${created.id}?delay=0#seat=${created.token}`);
      await p.waitForFunction(() => document.querySelector('#game').dataset.state === 'your-turn');
      const open = (query) =>
        p.evaluate(
          ([id, q]) =>
            new Promise((resolve) => {
              const socket = new WebSocket(`ws://${location.host}/api/live/${id}/ws${q}`);
              socket.onopen = () => resolve('opened');
              socket.onerror = () => resolve('refused');
            }),
          [created.id, query],
        );
      assert.equal(await open(''), 'opened', 'a spectator, apart from the players');
      assert.equal(await open(''), 'refused', 'one spectator at most (--spectators 1)');
      assert.equal(await open('?token=guessed0000000000'), 'refused', 'a wrong token is a spectator too');
      assert.equal(await open(`?invite=${created.invite}&name=Kofi`), 'opened', 'the other player still connects');
      assert.equal(await open(`?token=${created.token}`), 'refused', 'two player connections at most (--connections 2)');
      await p.waitForFunction(() => document.querySelector('#banner').textContent.includes('abandoned'), null, { timeout: 10_000 });
      assert.equal((await fetch(`http://127.0.0.1:${port2}/api/live/${created.id}`)).status, 404);
      const stats = await (await fetch(`http://127.0.0.1:${port2}/api/stats`)).json();
      assert.deepEqual(stats, { live_games: 0, connections: 0 });
      await p.context().close();
    } finally {
      await stopServer(short);
    }
  });

  // Each lesson's wrong try and right move, worked by hand from its position
  // (examples/web/lessons.rs checks the same against the library).
  const lessons = [
    ['board', 'a', 'C'],
    ['sowing', 'D', 'C'],
    ['lap', 'A', 'F'],
    ['capture', 'D', 'F'],
    ['grand-slam', 'F', 'E'],
    ['feeding', 'A', 'D'],
    ['no-feeding', 'E', 'A'],
    ['winning', 'E', 'F'],
    ['count', 'D', 'B'],
    ['least-bad', 'B', 'C'],
    ['hoard', 'D', 'F'],
    ['starve', 'C', 'B'],
    ['kalah', 'C', 'A'],
    ['congkak', 'A', 'B'],
  ];

  /** Plays lesson `slug` on `p`: `wrong` first (told why, tried again), then `right`. */
  async function playLesson(p, slug, wrong, right, shot) {
    await p.goto(`${base}/learn/${slug}?delay=0`);
    await p.waitForSelector('#lesson[data-state="ready"]');
    const lesson = (await call('GET', `/api/lessons/${slug}`)).json;
    const marked = await p.$$eval('#board .pit.chance', (pits) => pits.map((pit) => pit.dataset.pit).sort());
    assert.deepEqual(marked, [...lesson.threats.north].sort(), `${slug}: the houses you can capture are marked +`);
    assert.deepEqual(await shown(p), counts(lesson.board), `${slug}: the lesson's board`);
    assert.equal(await p.textContent('#lesson-title'), lesson.title);
    await p.click(`#board .pit[data-pit="${wrong}"]`);
    await p.waitForSelector('#lesson[data-state="wrong"]');
    const told = await p.textContent('#verdict');
    assert.match(told, /Try again\.$/, `${slug}: a wrong try is explained`);
    assert.equal(await p.isHidden('#next-link'), true, `${slug}: no next lesson after a wrong try`);
    await p.click('#retry-button');
    await p.waitForSelector('#lesson[data-state="ready"]');
    assert.deepEqual(await shown(p), counts(lesson.board), `${slug}: try again starts over`);
    await p.click(`#board .pit[data-pit="${right}"]`);
    await p.waitForSelector('#lesson[data-state="right"]');
    assert.match(await p.textContent('#verdict'), /^Right! /);
    const attempt = (await call('POST', `/api/lessons/${slug}/try`, { house: right })).json;
    const last = attempt.reports[attempt.reports.length - 1];
    assert.deepEqual(await shown(p), counts(last.after), `${slug}: the board after the moves is the server's`);
    assert.deepEqual(await p.evaluate(() => window.owareTest.mismatches), [], `${slug}: each animation ended on the server's board`);
    const done = await p.evaluate(() => JSON.parse(localStorage.getItem('oware-learn')));
    assert.equal(done[slug], true, `${slug}: kept as done`);
    assert.equal(await p.isVisible('#next-link'), Boolean(lesson.next));
    if (shot) await p.screenshot({ path: `${shots}/${shot}`, fullPage: true });
    return told;
  }

  await test('learn to play: every lesson played to its end, each after a wrong try, and the course keeps the progress', async () => {
    const told = {};
    for (const [slug, wrong, right] of lessons) told[slug] = await playLesson(page, slug, wrong, right, `learn-${slug}.png`);
    assert.equal(told.board, 'a is North\'s house: you sow only from your own row, A to F. Try again.');
    assert.equal(told.feeding, 'illegal move A: the opponent has no seeds and this move does not feed it. Try again.');
    assert.match(told['grand-slam'], /^A grand slam/);
    await page.goto(`${base}/learn?delay=0`);
    await page.waitForSelector('#course:not([hidden]) li[data-slug]');
    const ticked = await page.$$eval('#parts li', (items) => items.map((i) => [i.dataset.slug, i.dataset.done]));
    assert.deepEqual(ticked, lessons.map(([slug]) => [slug, 'yes']));
    assert.match(await page.textContent('#start-link'), /Start again/);
    await page.screenshot({ path: `${shots}/learn-course.png`, fullPage: true });
    assert.equal((await call('GET', '/api/lessons/nope')).status, 404);
    assert.equal((await call('POST', '/api/lessons/sowing/try', { house: 'Z9' })).status, 422);
    assert.equal((await call('POST', '/api/lessons/sowing/try', { house: 'C', extra: 1 })).status, 400);
    await page.goto(`${base}/learn/nope`);
    await page.waitForSelector('#missing:not([hidden])');
    assert.match(await page.textContent('#missing-text'), /no such lesson/);
  });

  await test('a lesson on a phone (390×844): played by taps, the board on screen', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const p = await phone.newPage();
    p.on('pageerror', (error) => {
      throw error;
    });
    await playLesson(p, 'capture', 'D', 'F', 'learn-phone-capture.png');
    const board = await p.$eval('#board', (b) => b.getBoundingClientRect().right);
    assert.ok(board <= 390, `the board fits the screen (right edge ${board})`);
    await phone.close();
  });

  /** Every pit's box on `p`: token, left, top, right, bottom. */
  const pitBoxes = (p) =>
    p.$$eval('#board .pit', (pits) =>
      pits.map((pit) => {
        const r = pit.getBoundingClientRect();
        const c = pit.querySelector('.count').getBoundingClientRect();
        return { pit: pit.dataset.pit, store: pit.classList.contains('store-pit'), left: r.left, top: r.top, right: r.right, bottom: r.bottom, count: [c.left, c.top, c.right, c.bottom] };
      }),
    );

  /** No pit overlaps another, each house is at least 44 px square, each count sits in its pit, all on screen. */
  async function checkBoardFits(p, { width, height }, what) {
    const boxes = await pitBoxes(p);
    for (const b of boxes) {
      assert.ok(b.left >= 0 && b.right <= width && b.top >= 0 && b.bottom <= height, `${what}: ${b.pit} on screen ${JSON.stringify(b)}`);
      if (!b.store) assert.ok(b.right - b.left >= 44 && b.bottom - b.top >= 44, `${what}: ${b.pit} is ${b.right - b.left}×${b.bottom - b.top}`);
      const [l, t, r, bo] = b.count;
      assert.ok(l >= b.left - 1 && r <= b.right + 1 && t >= b.top - 1 && bo <= b.bottom + 1, `${what}: ${b.pit}'s count inside it`);
    }
    for (const a of boxes) {
      for (const b of boxes) {
        if (a.pit >= b.pit) continue;
        const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
        assert.ok(apart, `${what}: ${a.pit} and ${b.pit} overlap`);
      }
    }
    return boxes.length;
  }

  await test('a phone, upright and sideways: houses of 44 px or more, nothing overlaps, both rows and stores on screen', async () => {
    for (const [ruleset, houses] of [['abapa', 12], ['congkak', 14]]) {
      const created = (await call('POST', '/api/games', { level: 1, side: 'south', ruleset })).json.game.id;
      for (const [name, screen] of [['portrait', { width: 390, height: 844 }], ['landscape', { width: 844, height: 390 }]]) {
        const phone = await browser.newContext({ viewport: screen, hasTouch: true, isMobile: true });
        const p = await phone.newPage();
        await p.goto(`${base}/game/${created}?delay=0`);
        assert.equal(await settled(p), 'your-turn');
        assert.equal(await checkBoardFits(p, screen, `${ruleset} ${name}`), houses + 2);
        if (ruleset === 'abapa') {
          await p.tap('#board .pit[data-pit="C"]');
          await p.waitForFunction(() => document.querySelector('#game').dataset.ply === '2');
          await settled(p);
          await p.screenshot({ path: `${shots}/phone-${name}.png` });
        }
        await phone.close();
      }
    }
  });

  await test('your move shows at once; the machine thinks after it; the last move stays marked; the speed is a setting', async () => {
    await page.goto(`${base}/?delay=0`);
    await page.check('input[name=level][value="2"]');
    await page.click('button[type=submit]');
    assert.equal(await settled(page), 'your-turn');
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/machine', async (route) => {
      await held;
      await route.continue();
    });
    await page.click('#board .pit[data-pit="C"]');
    await page.waitForFunction(() => document.querySelector('#game').dataset.state === 'thinking');
    assert.deepEqual(await page.evaluate(() => window.owareTest.animations.map((a) => a.played)).then((a) => a.slice(-1)), ['C'], 'your move animated before the reply');
    assert.match(await page.textContent('#status'), /machine \(level 2\) is thinking/);
    assert.equal(await page.textContent('#banner'), '', 'C captured nothing, and the banner says nothing of an older capture');
    assert.equal(await page.getAttribute('#board .pit[data-pit="C"]', 'class').then((c) => c.includes('moved')), true, 'your move marked');
    release();
    await page.waitForFunction(() => document.querySelector('#game').dataset.ply === '2');
    assert.equal(await settled(page), 'your-turn');
    await page.unroute('**/machine');
    const view = await serverView(page);
    const early = await call('POST', `/api/games/${view.id}/machine`);
    assert.deepEqual([early.status, early.json.error], [409, "it is your move, not the machine's"]);
    assert.deepEqual(await serverView(page), view, 'the refused request changed nothing');
    const reply = (await call('GET', `/api/games/${view.id}/reports/2`)).json;
    const marked = await page.$$eval('#board .pit.moved, #board .pit.last', (pits) => pits.map((p) => [p.dataset.pit, p.className.includes('moved') ? 'moved' : 'last']));
    assert.deepEqual(marked.sort(), [[reply.played, 'moved'], [reply.sown[reply.sown.length - 1], 'last']].sort(), 'the reply stays marked');
    await page.selectOption('#speed', 'instant');
    assert.equal(await page.evaluate(() => localStorage.getItem('oware-speed')), 'instant');
    await page.evaluate(() => localStorage.removeItem('oware-speed'));
    const calm = await browser.newContext({ reducedMotion: 'reduce' });
    const p = await calm.newPage();
    await p.goto(`${base}/`);
    assert.equal(await p.evaluate(() => ({ speed: $('speed').value, delay: DELAY })).then((s) => `${s.speed} ${s.delay}`), 'instant 0');
    await calm.close();
  });

  await test("a game that ends with seeds on the board shows the announced score in the stores (R8)", async () => {
    const created = (await call('POST', '/api/games', { level: 1, side: 'south', position: '1,0,0,0,1,0/0,0,0,0,0,1 s 23 22' })).json.game;
    await page.goto(`${base}/game/${created.id}?delay=0`);
    await settled(page);
    await page.click('#board .pit[data-pit="A"]');
    assert.equal(await settled(page), 'over');
    const view = await serverView(page);
    assert.deepEqual([view.end.scores.south, view.end.scores.north], [26, 22]);
    const onPage = await shown(page);
    assert.deepEqual([onPage['S*'], onPage['N*']], [26, 22], 'the stores read the score');
    assert.equal(Object.entries(onPage).filter(([t, n]) => !t.endsWith('*') && n).length, 0, 'the houses were emptied into the stores');
    assert.match(await page.textContent('#end-title'), /You win 26–22/);
  });

  await test('rings on every house of 1 or 2 seeds, a sign on the capturable ones, names for screen readers, tab stops and letter keys on your houses only', async () => {
    const position = '1,2,0,5,2,1/2,1,3,0,4,1 s 12 14';
    const created = (await call('POST', '/api/games', { level: 1, side: 'south', position })).json.game;
    await page.goto(`${base}/game/${created.id}?delay=0`);
    assert.equal(await settled(page), 'your-turn');
    const weak = await page.$$eval('#board .pit.weak', (pits) => pits.map((p) => p.dataset.pit).sort());
    assert.deepEqual(weak, ['A', 'B', 'E', 'F', 'a', 'b', 'f'], 'every house of 1 or 2 seeds is ringed, and no other');
    const view = await serverView(page);
    assert.ok(view.threats.south.length > 0 && view.threats.north.length > 0, JSON.stringify(view.threats));
    const signs = await page.$$eval('#board .pit', (pits) =>
      Object.fromEntries(pits.map((p) => [p.dataset.pit, getComputedStyle(p, '::after').content])),
    );
    for (const token of view.threats.south) assert.equal(signs[token], '"!"', `${token} is marked !`);
    for (const token of view.threats.north) assert.equal(signs[token], '"+"', `${token} is marked +`);
    const names = await page.$$eval('#board .pit', (pits) => Object.fromEntries(pits.map((p) => [p.dataset.pit, p.getAttribute('aria-label')])));
    const threatened = view.threats.south[0];
    const seeds = view.board.houses.south[threatened.charCodeAt(0) - 65];
    assert.equal(names[threatened], `your house ${threatened}, ${seeds} ${seeds === 1 ? 'seed' : 'seeds'}, can be captured`);
    assert.equal(names.c, "North's house c, 3 seeds" + (view.threats.north.includes('c') ? ', you can capture it' : ''));
    assert.equal(names['S*'], 'your store, 12 seeds');
    const stops = await page.$$eval('#board .pit', (pits) => pits.filter((p) => p.tabIndex >= 0).map((p) => p.dataset.pit));
    assert.deepEqual(stops, ['A', 'B', 'C', 'D', 'E', 'F'], 'only your houses are tab stops on your turn');
    await page.focus('#board .pit[data-pit="A"]');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.pit), 'B', 'Tab goes to your next house');
    await page.keyboard.press('d');
    await page.waitForFunction(() => Number(document.querySelector('#game').dataset.ply) >= 1);
    await settled(page);
    assert.equal((await call('GET', `/api/games/${created.id}/reports/1`)).json.played, 'D', 'the key d played your house D');
    await page.screenshot({ path: `${shots}/rings.png` });
  });

  await test('an unknown address is a page that says so; a dead live link says so and stops trying', async () => {
    const missing = await fetch(`${base}/no/such/page`);
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get('content-type'), /text\/html/);
    assert.match(await missing.text(), /There is no page at this address/);
    const api = await fetch(`${base}/api/nothing`);
    assert.equal(api.status, 404);
    assert.match((await api.json()).error, /no such page/);
    for (const path of ['/game/NoSuchGame123', '/live/NoSuchGame123', '/learn/nope']) {
      assert.equal((await fetch(base + path)).status, 404, `${path}: 404, with the page that says so`);
    }
    assert.equal((await fetch(`${base}/learn/capture`)).status, 200);
    const sockets = [];
    const p = await browser.newPage();
    p.on('websocket', (socket) => sockets.push(socket.url()));
    await p.goto(`${base}/live/NoSuchGame42`);
    await p.waitForSelector('#missing:not([hidden])');
    assert.match(await p.textContent('#missing-text'), /no live game at this link/);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    assert.equal(sockets.length, 1, 'one try, no reconnecting');
    await p.close();
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
  await browser.close();
  await stopServer(server);
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`web e2e: ${passed} passed in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${shots}/`);
