// The game page of the web example: games against the machine and live
// games, and the leaderboard. It shows what the server says and animates
// the library's move reports with board.js. It decides nothing: every move
// goes to the server, which checks it with the library.
'use strict';

let current = null; // the game view the server sent last
let busy = false; // a request or an animation is under way
let thinking = false; // the machine is choosing its move

/// The moves of a game opened from its link, by letter (the words of each
/// come with its animation, which an opened game does not replay).
function logMoves(view) {
  $('log').replaceChildren();
  view.moves.forEach((m, i) => logLine(i + 1, `${sideName(sideOf(m))}: ${m}`));
}

// ---- the game ----

/// Shows a game's board from `side`'s view: the seeds, the rings, whose
/// turn (`myTurn`: the page may move), the record's link at `path`.
function showTable(view, side, myTurn, path) {
  current = view;
  showBoard(view.end ? finalBoard(view) : view.board);
  clearMarks('threat', 'chance', 'legal');
  for (const token of view.threats[side]) mark(token, 'threat');
  for (const token of view.threats[other(side)]) mark(token, 'chance');
  if (myTurn && !busy) for (const token of view.legal) mark(token, 'legal');
  setTabStops(side, myTurn && !busy);
  $('record-link').href = `${path}/record`;
  $('record-link').download = `oware-${view.id}.pgn`;
  $('game').dataset.state = view.end ? 'over' : thinking ? 'thinking' : busy ? 'busy' : myTurn ? 'your-turn' : 'waiting';
  $('game').dataset.ply = String(view.ply);
}

/// The board of a game over as its end scored it: where the rule that
/// ended it gave each side the seeds left on its side (R8, R11), they are
/// shown in its store, so the stores read the announced score.
function finalBoard(view) {
  const { scores } = view.end;
  const { houses, stores } = view.board;
  if (scores.south === stores.south && scores.north === stores.north) return view.board;
  return {
    houses: { south: houses.south.map(() => 0), north: houses.north.map(() => 0) },
    stores: { ...scores },
  };
}

/// Shows the game view: board, rings, whose turn, the end.
function showGame(view) {
  const myTurn = !view.end && view.turn === view.you;
  showTable(view, view.you, myTurn, `/api/games/${view.id}`);
  $('undo-button').disabled = busy || !view.can_undo;
  $('hint-button').disabled = busy || !myTurn;
  showStatus(view, myTurn);
  showRanked(view);
  showEnd(view);
}

function showStatus(view, myTurn) {
  const threatened = view.threats[view.you].length;
  let text;
  if (view.end) text = 'The game is over.';
  else if (thinking) text = `The machine (level ${view.level}) is thinking…`;
  else if (busy) text = 'Sowing…';
  else if (myTurn) text = `Your move: click one of your houses${threatened ? ` (${threatened} of them under threat)` : ''}.`;
  else text = `The machine (level ${view.level}) is thinking…`;
  $('status').textContent = text;
}

function showEnd(view) {
  $('end').hidden = !view.end;
  if (!view.end) return;
  const { scores, winner } = view.end;
  const you = scores[view.you];
  const machine = scores[other(view.you)];
  $('end-title').textContent = !winner ? `A draw, ${you}–${machine}` : winner === view.you ? `You win ${you}–${machine}` : `The machine wins ${machine}–${you}`;
  $('end-text').textContent = view.end.text;
}

/// Whether the game counts on the leaderboard, said before the first hint.
function showRanked(view) {
  $('ranked').textContent = view.unranked
    ? `Unranked: ${view.unranked}, so this game does not count on the leaderboard.`
    : 'Ranked: this game counts on the leaderboard. A hint or an undo makes it unranked.';
  $('ranked').dataset.ranked = view.unranked ? 'no' : 'yes';
}

function showTitle(view) {
  $('title').textContent = view.title;
  const you = view.name || 'You';
  $('players').textContent = `${you} (${sideName(view.you)}) against machine level ${view.level} (${sideName(other(view.you))})`;
}

async function openGame(id) {
  setMode('machine');
  const view = await api('GET', `/api/games/${encodeURIComponent(id)}`);
  buildBoard(view.board.houses.south.length, view.you);
  showTitle(view);
  logMoves(view);
  say('');
  showGame(view);
  show('game');
  boardIntoView();
  if (!view.end && view.turn !== view.you) await machineMove();
}

/// Animates the reports, then shows the game after them.
async function playOut(played) {
  for (const report of played.reports) await animate(report);
  busy = false;
  showGame(played.game);
}

/// Sends the person's move and animates it as soon as the server has
/// played it; then asks for the machine's reply, saying it is thinking.
async function play(token) {
  if (live) return playLive(token);
  if (busy || !current || current.end || !current.legal.includes(token) || current.turn !== current.you) return;
  busy = true;
  $('hint').textContent = '';
  say('');
  showGame(current);
  try {
    const played = await api('POST', `/api/games/${current.id}/moves`, { house: token, ply: current.ply, reply: false });
    await playOut(played);
    if (!played.game.end && played.game.turn !== played.game.you) await machineMove();
  } catch (error) {
    busy = false;
    say(error.message);
    showGame(current);
  }
}

/// The machine's move: "thinking" while the server searches, then animated.
async function machineMove() {
  busy = thinking = true;
  showGame(current);
  try {
    const played = await api('POST', `/api/games/${current.id}/machine`);
    thinking = false;
    await playOut(played);
  } finally {
    busy = thinking = false;
    if (current) showGame(current);
  }
}

async function undo() {
  if (busy || !current) return;
  try {
    const played = await api('POST', `/api/games/${current.id}/undo`);
    say('Took back your last move.');
    clearMarks('last', 'moved');
    $('hint').textContent = '';
    clearMarks('hinted');
    for (const item of [...$('log').children]) if (item.value > played.game.ply) item.remove();
    showGame(played.game);
  } catch (error) {
    say(error.message);
  }
}

async function hint() {
  if (busy || !current) return;
  busy = true;
  showGame(current);
  $('hint').textContent = 'The engine is looking…';
  try {
    const suggestion = await api('GET', `/api/games/${current.id}/hint`);
    busy = false;
    // A hint unranks the game: the server's view says so.
    showGame(await api('GET', `/api/games/${current.id}`));
    clearMarks('hinted');
    mark(suggestion.house, 'hinted');
    $('hint').textContent = `Hint: ${suggestion.text}`;
    $('hint').dataset.house = suggestion.house;
  } catch (error) {
    busy = false;
    showGame(current);
    $('hint').textContent = error.message;
  }
}

/// This browser's secret for the names it plays under: made once, kept in
/// localStorage, so nobody else can post under a name it claimed.
function nameSecret() {
  let secret = localStorage.getItem('oware-name-secret');
  if (!/^[0-9a-f]{32}$/.test(secret ?? '')) {
    secret = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem('oware-name-secret', secret);
  }
  return secret;
}

async function startGame(event) {
  event.preventDefault();
  const form = new FormData($('setup-form'));
  const request = {
    level: Number(form.get('level')),
    side: form.get('side'),
    ruleset: form.get('ruleset'),
    name: form.get('name') || undefined,
    name_secret: form.get('name') ? nameSecret() : undefined,
  };
  $('setup-error').textContent = '';
  try {
    busy = true;
    setMode('machine');
    const played = await api('POST', '/api/games', request);
    history.pushState(null, '', `/game/${played.game.id}${location.search}`);
    buildBoard(played.game.board.houses.south.length, played.game.you);
    showTitle(played.game);
    $('log').replaceChildren();
    say('');
    show('game');
    boardIntoView();
    await playOut(played);
  } catch (error) {
    busy = false;
    $('setup-error').textContent = error.message;
  }
}

// ---- live games between two people ----

let live = null; // the live game open: { id, you, socket, queue, gone }

const seatKey = (id) => `oware-live-${id}`;

/// What this browser keeps of live game `id`: its seat's token, and the
/// opponent's for the link to send if it created the game.
function seatOf(id) {
  try {
    return JSON.parse(localStorage.getItem(seatKey(id))) || {};
  } catch {
    return {};
  }
}

/// The code of the link to the open seat (`#join=…`) goes to
/// localStorage and out of the address bar, so the page's own address is
/// the one to watch by; so does a seat's token (`#seat=…`).
function takeSeatFromLink(id) {
  const found = location.hash.match(/^#(seat|join)=([A-Za-z0-9]{1,64})$/);
  if (!found) return;
  const key = found[1] === 'seat' ? 'token' : 'join';
  localStorage.setItem(seatKey(id), JSON.stringify({ ...seatOf(id), [key]: found[2] }));
  history.replaceState(null, '', location.pathname + location.search);
}

function openLive(id) {
  takeSeatFromLink(id);
  setMode('live');
  $('log').replaceChildren();
  show('game');
  const { token, join } = seatOf(id);
  if (join && !token) return askToJoin(id);
  connectLive(id);
}

/// The invited page first gives a name, then takes the seat.
function askToJoin(id) {
  $('join').hidden = false;
  $('status').textContent = 'Give your name if you like, then take the seat.';
  $('join').onsubmit = (event) => {
    event.preventDefault();
    $('join').hidden = true;
    connectLive(id, new FormData($('join')).get('join-name') || '');
  };
}

/// Opens the game's socket (taking the open seat with the link's code and
/// `name`, the first time); a lost one is opened again after a second.
function connectLive(id, name) {
  const url = new URL(`/api/live/${encodeURIComponent(id)}/ws`, location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const { token, join } = seatOf(id);
  if (token) url.searchParams.set('token', token);
  else if (join) {
    url.searchParams.set('invite', join);
    url.searchParams.set('name', name ?? '');
  }
  const socket = new WebSocket(url);
  const state = (live = { id, you: null, socket, queue: Promise.resolve(), gone: false });
  socket.onmessage = (event) => {
    state.queue = state.queue.then(() => onLive(JSON.parse(event.data))).catch((error) => say(error.message));
  };
  socket.onclose = async () => {
    if (live !== state || state.gone) return;
    $('status').textContent = 'The connection was lost: reconnecting…';
    $('game').dataset.state = 'offline';
    if (await liveGameGone(id)) {
      state.gone = true;
      $('missing-text').textContent = 'There is no live game at this link: it may have been mistyped, or the game ended and was cleared away.';
      return show('missing');
    }
    setTimeout(() => live === state && connectLive(id), 1000);
  };
}

/// Whether the server says live game `id` does not exist (a connection
/// lost for another reason, or a server away, is worth another try).
async function liveGameGone(id) {
  try {
    return (await fetch(`/api/live/${encodeURIComponent(id)}`)).status === 404;
  } catch {
    return false;
  }
}

/// Handles one message from the server, in the order they came.
async function onLive(message) {
  if (message.type === 'seated') return seated(message);
  if (message.type === 'played') {
    if (current && message.game.ply <= current.ply && current.id === message.game.id) return;
    busy = true;
    say('');
    await animate(message.report);
    busy = false;
    return showLive(message.game);
  }
  if (message.type === 'state') return showLive(message.game);
  if (message.type === 'error') {
    owareTest.errors.push(message.error);
    say(message.error);
    busy = false;
    if (current) showLive(current);
  }
  if (message.type === 'rematch') return followRematch(message.id);
  if (message.type === 'pointing') return showPointing(message);
  if (message.type === 'expired') {
    live.gone = true;
    say('Nobody moved for too long: the game was abandoned and is gone.');
  }
}

/// The page's seat: a seat just taken keeps its token (and its link's
/// code is spent); a code that came too late leaves the page watching.
function seated({ you, token, game }) {
  const kept = seatOf(game.id);
  const late = kept.join && !token && !you;
  if (token) localStorage.setItem(seatKey(game.id), JSON.stringify({ token }));
  else if (kept.join) localStorage.setItem(seatKey(game.id), JSON.stringify({ ...kept, join: undefined }));
  live.you = you;
  current = null;
  buildBoard(game.board.houses.south.length, you ?? 'south', you !== null);
  if (you) watchPointer(you);
  $('title').textContent = game.title;
  logMoves(game);
  say(late ? 'Someone took the seat before you: you are watching.' : '');
  showLive(game);
  boardIntoView();
}

/// The links: the creator's one to send, while the seat is open, and the
/// one to watch by.
function showInvite(view) {
  const here = `${location.origin}/live/${view.id}`;
  const { invite } = seatOf(view.id);
  const open = Boolean(invite && view.open_seat);
  $('invite-link').value = open ? `${here}#join=${invite}` : '';
  $('invite-send').hidden = !open;
  $('watch-link').value = here;
  $('invite').hidden = false;
}

function showLive(view) {
  const you = live.you;
  const myTurn = !view.end && view.turn === you;
  showTable(view, you ?? 'south', myTurn, `/api/live/${view.id}`);
  showInvite(view);
  showClocks(view);
  const seat = (side) => {
    const who = view.names[side] ? `${view.names[side]} (${sideName(side)})` : sideName(side);
    return `${who}${side === you ? ', you' : view.open_seat === side ? ', seat open' : view.present[side] ? '' : ', away'}`;
  };
  const watching = view.spectators ? ` · ${view.spectators} watching` : '';
  $('players').textContent = `${seat('south')} against ${seat('north')}${watching}`;
  $('status').textContent = liveStatus(view, you, myTurn);
  showOffer(view, you);
  showLiveEnd(view, you);
}

// ---- clocks ----

let clockShown = null; // { view's clock, when it arrived }
let clockTimer = null;

/// The game's clocks as the server keeps them, counted down here between
/// its messages (the server ends the game when one runs out).
function showClocks(view) {
  $('clocks').hidden = !view.clock;
  clearInterval(clockTimer);
  if (!view.clock) return;
  clockShown = { clock: view.clock, at: performance.now(), over: Boolean(view.end) };
  drawClocks();
  if (view.clock.running && !view.end) clockTimer = setInterval(drawClocks, 200);
}

/// "4:07", or "0:09.4" under ten seconds.
function clockText(ms) {
  const tenths = Math.floor(ms / 100);
  const seconds = Math.floor(tenths / 10);
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return ms < 10_000 ? `${text}.${tenths % 10}` : text;
}

function drawClocks() {
  const { clock, at } = clockShown;
  for (const side of ['south', 'north']) {
    const running = clock.running === side;
    const left = Math.max(0, clock.left[side] - (running ? performance.now() - at : 0));
    const element = $(`clock-${side}`);
    element.textContent = `${sideName(side)} ${clockText(left)}`;
    element.className = `clock${running ? ' running' : ''}${left < 10_000 ? ' low' : ''}`;
    element.dataset.ms = String(Math.round(left));
  }
}

function liveStatus(view, you, myTurn) {
  if (view.end) return 'The game is over.';
  if (!you) return `You are watching: ${sideName(view.turn)} to move.`;
  if (!view.present[other(you)] && !view.moves.length) return `Waiting for ${sideName(other(you))} to open the link you sent.`;
  if (busy) return 'Sowing…';
  if (myTurn) return 'Your move: click one of your houses.';
  return `${sideName(view.turn)} to move: waiting for their move.`;
}

function showOffer(view, you) {
  const open = !view.end && you !== null;
  $('resign-button').hidden = you === null;
  $('resign-button').disabled = !open;
  if (!open) resetResign();
  const offer = view.end_offer;
  $('end-button').hidden = you === null;
  $('end-button').disabled = !open || offer !== null;
  $('accept-end-button').hidden = !(open && offer === other(you));
  let text = '';
  const would = view.if_agreed ? ` (${endTitle(view.if_agreed, you).replace(/^./, (c) => c.toLowerCase())})` : '';
  if (open && offer === you) text = `You offered to end the game by agreement${would}; a move of either side withdraws it.`;
  else if (!view.end && offer) text = `${sideName(offer)} offers to end the game by agreement (R11): each side takes the seeds on its own side${would}.`;
  $('offer').textContent = text;
}

// ---- watching the other count ----

let pointed = null; // the house this page last told the server it points at

/// The player to move's pointer on one of its houses is told to the other
/// pages, which show the house and where its last seed would fall.
function watchPointer(you) {
  const tell = (house) => {
    const myTurn = current && !current.end && current.turn === you && !busy;
    if ((!myTurn && house) || house === pointed) return;
    pointed = house;
    if (live && live.socket.readyState === WebSocket.OPEN) live.socket.send(JSON.stringify({ type: 'point', house }));
  };
  for (const pit of $('board').querySelectorAll(`.pit.house.${you}`)) {
    pit.addEventListener('pointerenter', () => tell(pit.dataset.pit));
    pit.addEventListener('focus', () => tell(pit.dataset.pit));
    pit.addEventListener('pointerleave', () => tell(null));
    pit.addEventListener('blur', () => tell(null));
  }
}

/// The other player points at `house`; its last seed would fall in `last`.
function showPointing({ side, house, last }) {
  if (side === live.you) return;
  clearMarks('pointed', 'aim');
  if (!house) return;
  mark(house, 'pointed');
  if (last) mark(last, 'aim');
}

/// Both players agreed to a rematch: each page keeps its token (now for the
/// other side) and every page goes to the new game.
function followRematch(id) {
  const { token } = seatOf(live.id);
  if (token) localStorage.setItem(seatKey(id), JSON.stringify({ token }));
  history.pushState(null, '', `/live/${id}${location.search}`);
  route();
}

function showRematch(view, you) {
  const offer = view.rematch_offer;
  $('rematch-button').hidden = !view.end || you === null;
  $('rematch-button').disabled = offer === you;
  $('rematch-button').textContent = offer === you ? 'Rematch offered' : offer ? 'Accept the rematch' : 'Offer a rematch';
  if (view.end && offer && offer !== you) say(`${sideName(offer)} offers a rematch, colours swapped.`);
}

function showLiveEnd(view, you) {
  showRematch(view, you);
  $('end').hidden = !view.end;
  if (!view.end) return;
  $('end-title').textContent = endTitle(view.end, you);
  $('end-text').textContent = view.end.text;
}

/// "A draw, 24–24", "You win 26–22", "You lose 18–30", "North wins 30–18"
/// (for a spectator).
function endTitle({ scores, winner, termination }, you) {
  const score = (side) => `${scores[side]}–${scores[other(side)]}`;
  if (!winner) return `A draw, ${score('south')}`;
  const [who, first] = winner === you ? ['You win', winner] : you ? ['You lose', you] : [`${sideName(winner)} wins`, winner];
  if (termination === 'resignation') return `${who} by resignation`;
  if (termination === 'time forfeit') return `${who} on time`;
  return `${who} ${score(first)}`;
}

/// Sends `type` for the board the page shows.
function sendLive(type, fields = {}) {
  if (!live || !current || live.socket.readyState !== WebSocket.OPEN) return false;
  live.socket.send(JSON.stringify({ type, ...fields, ply: current.ply }));
  return true;
}

function playLive(token) {
  if (busy || !current || current.end || current.turn !== live.you || !current.legal.includes(token)) return;
  if (!sendLive('move', { house: token })) return say('Not connected: reconnecting…');
  pointed = null; // a move ends the pointing, for the server too
  busy = true;
  showLive(current);
}

/// Resigning takes two clicks: the second, within a few seconds, confirms.
let resignArmed = null;

function resetResign() {
  clearTimeout(resignArmed);
  resignArmed = null;
  $('resign-button').textContent = 'Resign';
}

function resign() {
  if (!resignArmed) {
    $('resign-button').textContent = 'Click again to resign';
    resignArmed = setTimeout(resetResign, 4000);
    return;
  }
  resetResign();
  sendLive('resign');
}

async function startLive(event) {
  event.preventDefault();
  const form = new FormData($('live-form'));
  $('live-error').textContent = '';
  try {
    const [base, increment] = (form.get('live-clock') || '').split('+').map(Number);
    const created = await api('POST', '/api/live', {
      side: form.get('live-side'),
      ruleset: form.get('live-ruleset'),
      name: form.get('live-name') || undefined,
      clock: base ? { base_secs: base, increment_secs: increment } : undefined,
    });
    localStorage.setItem(seatKey(created.id), JSON.stringify({ token: created.token, invite: created.invite }));
    history.pushState(null, '', `/live/${created.id}${location.search}`);
    openLive(created.id);
  } catch (error) {
    $('live-error').textContent = error.message;
  }
}

async function copyInvite() {
  $('invite-link').select();
  try {
    await navigator.clipboard.writeText($('invite-link').value);
    $('copy-button').textContent = 'Copied';
  } catch {
    $('copy-button').textContent = 'Select and copy the link';
  }
}

// ---- the leaderboard ----

async function showLeaderboard() {
  const ruleset = $('board-ruleset').value;
  const boards = await api('GET', `/api/leaderboard?ruleset=${encodeURIComponent(ruleset)}`);
  $('boards').replaceChildren(...boards.map(levelCard));
  show('leaderboard');
}

function levelCard(board) {
  const card = document.createElement('article');
  card.className = 'card level-board';
  card.dataset.level = String(board.level);
  const title = document.createElement('h2');
  title.textContent = `Machine level ${board.level}`;
  card.append(title);
  if (!board.standings.length) {
    const none = document.createElement('p');
    none.className = 'none';
    none.textContent = 'No finished games yet.';
    card.append(none);
    return card;
  }
  card.append(
    table(['Name', 'Won', 'Drawn', 'Lost'], board.standings.map((s) => [s.name || 'anonymous', s.wins, s.draws, s.losses])),
    table(['Latest', 'Side', 'Score', 'Result'], board.recent.map((r) => [r.name || 'anonymous', sideName(r.side), `${r.person}–${r.machine}`, r.outcome])),
  );
  return card;
}

function table(headings, rows) {
  const element = document.createElement('table');
  const head = element.createTHead().insertRow();
  for (const h of headings) head.append(Object.assign(document.createElement('th'), { textContent: h }));
  const body = element.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    for (const cell of row) tr.insertCell().textContent = String(cell);
  }
  return element;
}

// ---- views and routes ----

/// `machine` or `live`: which controls the game shows.
function setMode(mode) {
  document.body.dataset.mode = mode;
  if (mode !== 'live') $('invite').hidden = $('join').hidden = true;
}

async function route() {
  const path = location.pathname;
  if (live) {
    live.gone = true;
    live.socket.close();
    live = null;
  }
  try {
    if (path.startsWith('/live/')) openLive(decodeURIComponent(path.slice(6)));
    else if (path.startsWith('/game/')) await openGame(decodeURIComponent(path.slice(6)));
    else if (path === '/leaderboard') await showLeaderboard();
    else show('setup');
  } catch (error) {
    $('missing-text').textContent = error.message;
    show('missing');
  }
}

$('setup-form').addEventListener('submit', startGame);
$('live-form').addEventListener('submit', startLive);
$('end-button').addEventListener('click', () => sendLive('offer_end'));
$('accept-end-button').addEventListener('click', () => sendLive('accept_end'));
$('resign-button').addEventListener('click', resign);
$('rematch-button').addEventListener('click', () => live && live.socket.send(JSON.stringify({ type: 'rematch' })));
$('copy-button').addEventListener('click', copyInvite);
$('undo-button').addEventListener('click', undo);
$('hint-button').addEventListener('click', hint);
$('board-ruleset').addEventListener('change', showLeaderboard);
window.addEventListener('popstate', route);
route();
