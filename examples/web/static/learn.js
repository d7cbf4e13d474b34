// The lessons of /learn: each is a position and a task; the learner's
// click goes to the server, which plays it with the library, judges it
// against the lesson's goal and says what the move did. The page animates
// the moves (the learner's, then North's reply where there is one) and
// keeps the lessons done in localStorage.
'use strict';

const PROGRESS = 'oware-learn';
let lesson = null; // the lesson open, as the server sent it
let busy = false;

/// The slugs of the lessons done in this browser.
function progress() {
  try {
    return JSON.parse(localStorage.getItem(PROGRESS)) || {};
  } catch {
    return {};
  }
}

function markDone(slug) {
  localStorage.setItem(PROGRESS, JSON.stringify({ ...progress(), [slug]: true }));
}

// ---- the course ----

async function showCourse() {
  const course = await api('GET', '/api/lessons');
  const done = progress();
  const parts = new Map();
  for (const entry of course) parts.set(entry.part, [...(parts.get(entry.part) ?? []), entry]);
  let number = 0;
  $('parts').replaceChildren(...[...parts].map(([part, entries]) => partCard(part, entries, done, (number += entries.length) - entries.length)));
  const next = course.find((entry) => !done[entry.slug]);
  $('start-link').href = `/learn/${(next ?? course[0]).slug}${location.search}`;
  $('start-link').textContent = !Object.keys(done).length ? 'Start the first lesson' : next ? `Go on: ${next.title}` : 'Start again from the first lesson';
  document.title = 'Learn to play Oware';
  show('course');
}

/// A part of the course: its lessons, each ticked when done.
function partCard(part, entries, done, before) {
  const card = document.createElement('section');
  card.className = 'card part';
  const title = document.createElement('h2');
  title.textContent = part;
  const list = document.createElement('ol');
  list.start = before + 1;
  for (const entry of entries) {
    const item = document.createElement('li');
    item.dataset.slug = entry.slug;
    item.dataset.done = done[entry.slug] ? 'yes' : 'no';
    const link = document.createElement('a');
    link.href = `/learn/${entry.slug}${location.search}`;
    link.textContent = entry.title;
    item.append(link);
    if (done[entry.slug]) item.append(Object.assign(document.createElement('span'), { className: 'done', textContent: ' ✓ done' }));
    list.append(item);
  }
  card.append(title, list);
  return card;
}

// ---- a lesson ----

async function openLesson(slug) {
  lesson = await api('GET', `/api/lessons/${encodeURIComponent(slug)}`);
  document.title = `${lesson.title} · Learn to play Oware`;
  $('lesson-number').textContent = `Lesson ${lesson.number} of ${lesson.count}`;
  $('lesson-part').textContent = lesson.part;
  $('lesson-title').textContent = lesson.title;
  $('lesson-text').replaceChildren(...lesson.text.map((text) => Object.assign(document.createElement('p'), { textContent: text })));
  $('task').textContent = lesson.task;
  $('rules-line').textContent = `You play South, the near row. ${lesson.rules}.`;
  const link = (id, slug) => {
    $(id).hidden = !slug;
    if (slug) $(id).href = `/learn/${slug}${location.search}`;
  };
  link('previous-link', lesson.previous);
  link('next-link', lesson.next);
  $('next-link').hidden = true;
  buildBoard(lesson.board.houses.south.length, 'south');
  show('lesson');
  ready();
}

/// The lesson's board as it starts, waiting for the learner's move.
function ready() {
  busy = false;
  clearMarks('origin', 'drop', 'captured', 'last', 'moved', 'legal', 'threat', 'chance');
  showBoard(lesson.board);
  lesson.board.houses.south.forEach((n, i) => n && mark(letter('south', i), 'legal'));
  for (const token of lesson.threats.south) mark(token, 'threat');
  for (const token of lesson.threats.north) mark(token, 'chance');
  setTabStops('south', true);
  say('');
  $('verdict').textContent = '';
  $('verdict').className = 'verdict';
  $('retry-button').hidden = true;
  $('lesson').dataset.state = 'ready';
}

/// The learner's try: the server's verdict, with the moves animated.
async function play(token) {
  if (!lesson || busy || $('lesson').dataset.state !== 'ready') return;
  busy = true;
  $('lesson').dataset.state = 'busy';
  clearMarks('legal');
  setTabStops('south', false);
  try {
    const attempt = await api('POST', `/api/lessons/${lesson.slug}/try`, { house: token });
    for (const report of attempt.reports) await animate(report);
    judged(attempt);
  } catch (error) {
    ready();
    say(error.message);
  }
  busy = false;
}

function judged(attempt) {
  const end = attempt.end ? ` ${attempt.end.text}.` : '';
  $('verdict').textContent = attempt.right ? `Right! ${attempt.said}${end}` : attempt.said;
  $('verdict').className = `verdict ${attempt.right ? 'right' : 'wrong'}`;
  $('retry-button').textContent = attempt.right ? 'Play it again' : 'Try again';
  $('retry-button').hidden = false;
  if (attempt.right) {
    markDone(lesson.slug);
    $('next-link').hidden = !lesson.next;
    $('play-link').hidden = Boolean(lesson.next);
  }
  $('lesson').dataset.state = attempt.right ? 'right' : 'wrong';
}

async function route() {
  const path = location.pathname.replace(/\/$/, '');
  try {
    if (path.startsWith('/learn/')) await openLesson(decodeURIComponent(path.slice(7)));
    else await showCourse();
  } catch (error) {
    $('missing-text').textContent = `${error.message}.`;
    show('missing');
  }
}

$('retry-button').addEventListener('click', () => !busy && lesson && ready());
route();
