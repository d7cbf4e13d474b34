// The board of the web example's pages, shared by the game (app.js) and the
// lessons (learn.js): it draws the pits and animates the library's move
// reports seed by seed. Each page's script defines `play(token)`, which a
// click on a house calls.
'use strict';

const query = new URLSearchParams(location.search);
// Milliseconds a seed, by the speed chosen on the page (kept in
// localStorage); no animation where the system asks for reduced motion,
// unless a speed was chosen; ?delay=MS overrides both (the tests' games).
const SPEEDS = { slow: 320, normal: 170, fast: 70, instant: 0 };
const SPEED_KEY = 'oware-speed';

function speedName() {
  const chosen = localStorage.getItem(SPEED_KEY);
  if (chosen in SPEEDS) return chosen;
  return matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'normal';
}

const seedDelay = () => (query.has('delay') ? Number(query.get('delay')) : SPEEDS[speedName()]);
let DELAY = seedDelay();

// What the tests read: each animated move and any board the animation
// ended on that differs from the server's.
const owareTest = (window.owareTest = { animations: [], mismatches: [], errors: [] });

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/// Calls the API; throws an Error with the server's sentence on failure.
async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['content-type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

/// The letter of house `i` of `side` (A–F South, a–f North).
function letter(side, i) {
  return String.fromCharCode((side === 'south' ? 65 : 97) + i);
}

const other = (side) => (side === 'south' ? 'north' : 'south');
/// The side a pit is South's or North's: `S*` and capital letters South's.
const sideOf = (token) => (token.endsWith('*') ? (token === 'S*' ? 'south' : 'north') : token === token.toUpperCase() ? 'south' : 'north');
const storeToken = (side) => (side === 'south' ? 'S*' : 'N*');
const sideName = (side) => (side === 'south' ? 'South' : 'North');

// ---- the board ----

/// Builds the pits for a board of `houses` a side, seen from `you`: your
/// row at the bottom from left to right, the other row above it running
/// back, so sowing goes counter-clockwise; your store on the right.
let boardYou = null; // the side this page plays, if it plays one

function buildBoard(houses, you, plays = true) {
  boardYou = plays ? you : null;
  const board = $('board');
  const row = (side, reversed) => {
    const letters = Array.from({ length: houses }, (_, i) => letter(side, i));
    return reversed ? letters.reverse() : letters;
  };
  fillRow(board.querySelector('.row.top'), row(other(you), true), other(you));
  fillRow(board.querySelector('.row.bottom'), row(you, false), you);
  board.querySelector('.store.left').replaceChildren(pitElement(storeToken(other(you)), 'store-pit'));
  board.querySelector('.store.right').replaceChildren(pitElement(storeToken(you), 'store-pit'));
  board.dataset.animated = '';
}

function fillRow(rowElement, letters, side) {
  rowElement.replaceChildren(...letters.map((l) => pitElement(l, `house ${side}`)));
}

/// One pit: its seeds drawn as dots, its count and its letter.
function pitElement(token, classes) {
  const pit = document.createElement('button');
  pit.type = 'button';
  pit.className = `pit ${classes}`;
  pit.dataset.pit = token;
  pit.innerHTML = '<span class="seeds"></span><span class="count">0</span>';
  const label = document.createElement('span');
  label.className = 'label';
  label.textContent = token.endsWith('*') ? `${sideName(token === 'S*' ? 'south' : 'north')}'s store` : token;
  pit.append(label);
  if (!token.endsWith('*')) pit.addEventListener('click', () => play(token));
  else pit.disabled = true;
  return pit;
}

const pitAt = (token) => $('board').querySelector(`[data-pit="${CSS.escape(token)}"]`);

/// Shows `n` seeds in pit `token`; a house of 1 or 2 seeds, one seed
/// away from capture, is ringed.
function setSeeds(token, n) {
  const pit = pitAt(token);
  if (!pit) return;
  pit.dataset.seeds = String(n);
  pit.querySelector('.count').textContent = String(n);
  if (!token.endsWith('*')) pit.classList.toggle('weak', n === 1 || n === 2);
  describePit(pit);
  const seeds = pit.querySelector('.seeds');
  const shown = Math.min(n, token.endsWith('*') ? 48 : 24);
  while (seeds.childElementCount > shown) seeds.lastChild.remove();
  while (seeds.childElementCount < shown) {
    const seed = document.createElement('i');
    seed.style.setProperty('--hue', String((seeds.childElementCount * 37) % 40));
    seeds.append(seed);
  }
}

/// The seeds of every pit of a board view, by token.
function counts(board) {
  const result = {};
  for (const side of ['south', 'north']) {
    board.houses[side].forEach((n, i) => (result[letter(side, i)] = n));
    result[storeToken(side)] = board.stores[side];
  }
  return result;
}

function showBoard(board) {
  for (const [token, n] of Object.entries(counts(board))) setSeeds(token, n);
}

/// The counts shown now, to compare with the server's board.
function shownCounts() {
  const result = {};
  for (const pit of $('board').querySelectorAll('.pit')) result[pit.dataset.pit] = Number(pit.dataset.seeds);
  return result;
}

function mark(token, cls, on = true) {
  const pit = pitAt(token);
  if (!pit) return;
  pit.classList.toggle(cls, on);
  describePit(pit);
}

function clearMarks(...classes) {
  for (const pit of $('board').querySelectorAll('.pit')) {
    pit.classList.remove(...classes);
    describePit(pit);
  }
}

/// A pit's accessible name: whose it is, its seeds, and the threat on it:
/// "your house C, 2 seeds, can be captured".
function describePit(pit) {
  const token = pit.dataset.pit;
  const n = Number(pit.dataset.seeds ?? 0);
  const side = sideOf(token);
  const owner = side === boardYou ? 'your' : `${sideName(side)}'s`;
  const what = token.endsWith('*') ? `${owner} store` : `${owner} house ${token}`;
  let text = `${what}, ${n} ${n === 1 ? 'seed' : 'seeds'}`;
  if (pit.classList.contains('threat')) text += ', can be captured';
  else if (pit.classList.contains('chance')) text += ', you can capture it';
  pit.setAttribute('aria-label', text);
}

/// Tab stops on the houses of the side to move when the page may move
/// for it; none elsewhere.
function setTabStops(side, myTurn) {
  for (const pit of $('board').querySelectorAll('.pit')) {
    const token = pit.dataset.pit;
    const own = !token.endsWith('*') && sideOf(token) === side;
    pit.tabIndex = myTurn && own ? 0 : -1;
  }
}

// ---- animating a move report ----

/// Animates one move as the library reported it: the origin lifted, each
/// seed dropped in the report's order (laps skip the origin; Congkak's
/// relays lift and sow on), the captures lifted into the store, a grand
/// slam shown as no capture, feeding said. Ends on the server's board.
async function animate(report) {
  clearMarks('origin', 'drop', 'captured', 'hinted', 'threat', 'chance', 'last', 'moved', 'pointed', 'aim');
  say(''); // what the last move did is in the log; the banner speaks of this one
  showBoard(report.before);
  const seeds = counts(report.before);
  const order = [];
  const set = (token, n) => {
    seeds[token] = n;
    setSeeds(token, n);
  };
  mark(report.played, 'origin');
  set(report.played, 0);
  await sleep(DELAY);
  for (let i = 0; i < report.sown.length; i++) {
    const relay = report.relays.find((r) => r.after === i);
    if (relay) {
      say(`Relay: ${relay.pit} is lifted (${relay.seeds} seeds) and sown on`);
      mark(relay.pit, 'origin');
      set(relay.pit, 0);
      await sleep(DELAY * 2);
    }
    const token = report.sown[i];
    clearMarks('last');
    mark(token, 'last');
    mark(token, 'drop');
    set(token, seeds[token] + 1);
    order.push(token);
    await sleep(DELAY);
  }
  $('board').dataset.animated = order.join(' ');
  if (report.grand_slam) say('Grand slam: no capture — the seeds stay where they were sown (R6)');
  for (const capture of report.captures) {
    mark(capture.pit, 'captured');
    await sleep(DELAY * 2);
    set(capture.pit, 0);
    set(storeToken(capture.to), seeds[storeToken(capture.to)] + capture.seeds);
  }
  if (report.captures.length) say(`Captures ${report.captures.reduce((n, c) => n + c.seeds, 0)} seeds`);
  if (report.fed) say(`${sideName(report.side)} feeds the starved opponent (R7)`);
  if (report.extra_turn) say(`The last seed fell in the store: ${sideName(report.side)} moves again`);
  const expected = counts(report.after);
  const differs = Object.keys(expected).filter((t) => expected[t] !== seeds[t]);
  if (differs.length) owareTest.mismatches.push({ ply: report.ply, differs });
  owareTest.animations.push({ ply: report.ply, played: report.played, sown: order });
  showBoard(report.after);
  logMove(report);
  await sleep(DELAY * 2);
  clearMarks('drop', 'origin', 'captured');
  // The move stays marked until the next: the house it was sown from, and
  // where its last seed fell.
  mark(report.played, 'moved');
}

function logMove(report) {
  logLine(report.ply, `${sideName(report.side)}: ${report.words.join(' ')}`);
}

function logLine(ply, text) {
  if (!$('log')) return;
  const item = document.createElement('li');
  item.value = ply;
  item.textContent = text;
  $('log').prepend(item);
}

function say(text) {
  $('banner').textContent = text;
}

/// The sowing speed control, where the page has one.
function wireSpeed() {
  const select = $('speed');
  if (!select) return;
  select.value = speedName();
  select.addEventListener('change', () => {
    localStorage.setItem(SPEED_KEY, select.value);
    DELAY = seedDelay();
  });
}

/// The board fully on screen, where the page above it pushed it down (a
/// phone held sideways).
function boardIntoView() {
  const box = $('board').getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight) $('board').scrollIntoView({ block: 'center' });
}

wireSpeed();

/// A letter key plays that house of the page's side (either case).
document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || !boardYou) return;
  if (/^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName) || !/^[a-g]$/i.test(event.key)) return;
  const token = boardYou === 'south' ? event.key.toUpperCase() : event.key.toLowerCase();
  if (!pitAt(token)) return;
  event.preventDefault();
  play(token);
});

/// Shows the section `view` of the page and hides the others.
function show(view) {
  for (const section of document.querySelectorAll('.view')) section.hidden = section.id !== view;
  document.body.dataset.view = view;
}
