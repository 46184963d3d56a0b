/* web/people.js - players and what is being played: a player's page (#/player/NAME: ratings by
 * class, current and finished games), the standings by class (#/standings), and the games in
 * progress anyone may watch (the lobby's list).
 *
 * All of it is read from the API anyone may call: GET /api/v1/ratings?game=G&user=U&history=N,
 * /standings?game=G, /games?user=U&filter=active|finished, /games?filter=active.  A rating is
 * shown as the server keeps it (Glicko-2: rating, deviation, games; provisional above 110), with
 * its history (the rating each of the last rated games left, newest first from the API) drawn
 * as a small inline SVG line, oldest at the left, one dot a game.
 * Loaded before app.js, whose helpers it calls. */
'use strict';

const RATED_GAMES = ['twixt', 'hex', 'backgammon', 'crossword'];
const PLAYER_GAMES_MAX = 30;
const HISTORY_POINTS = 30;
const HISTORY_SVG_NS = 'http://www.w3.org/2000/svg';

function svgEl(tag, attrs) {
  const e = document.createElementNS(HISTORY_SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/* A class's history (newest first, as the API gives it) as a line of dots, oldest at the left. */
function historyLine(history) {
  const points = (history || []).slice().reverse();
  const w = 120, h = 28, pad = 3;
  const svg = svgEl('svg', {class: 'rating-history', width: w, height: h, viewBox: `0 0 ${w} ${h}`,
                            role: 'img', 'data-points': points.length});
  if (!points.length) return svg;
  const lo = Math.min(...points.map((p) => p.rating)), hi = Math.max(...points.map((p) => p.rating));
  const x = (i) => points.length === 1 ? w / 2 : pad + (i * (w - 2 * pad)) / (points.length - 1);
  const y = (r) => hi === lo ? h / 2 : h - pad - ((r - lo) * (h - 2 * pad)) / (hi - lo);
  const title = svgEl('title', {});
  title.textContent = `Rating over the last ${points.length} rated games: ` +
    points.map((p) => Math.round(p.rating)).join(', ');
  svg.append(title);
  svg.append(svgEl('polyline', {points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ')}));
  points.forEach((p, i) => svg.append(svgEl('circle', {cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: 1.8})));
  return svg;
}
let peopleSeq = 0;

function ratingCells(r) {
  return [String(Math.round(r.rating)), `\u00b1${Math.round(r.rd)}`, String(r.games)];
}

function tableOf(head, rows, className) {
  const table = el('table', className);
  const thead = el('thead');
  const tr = el('tr');
  for (const h of head) tr.append(el('th', null, h));
  thead.append(tr);
  const body = el('tbody');
  for (const cells of rows) {
    const row = el('tr');
    for (const c of cells) {
      const td = el('td');
      td.append(c instanceof Node ? c : document.createTextNode(c));
      row.append(td);
    }
    body.append(row);
  }
  table.append(thead, body);
  return table;
}

function playerLink(name) {
  const a = el('a', null, name);
  a.href = `#/player/${encodeURIComponent(name)}`;
  return a;
}

async function showPlayer(name) {
  showPage('player-page', name);
  const seq = ++peopleSeq;
  $('player-title').textContent = `Player ${name}`;
  for (const id of ['player-ratings', 'player-current', 'player-finished']) $(id).replaceChildren();
  $('player-note').textContent = 'Loading...';
  try {
    const user = encodeURIComponent(name);
    const [ratings, current, finished] = await Promise.all([
      Promise.all(RATED_GAMES.map((g) => api('GET', `/ratings?game=${g}&user=${user}&history=${HISTORY_POINTS}`))),
      api('GET', `/games?user=${user}&filter=active`),
      api('GET', `/games?user=${user}&filter=finished`),
    ]);
    /* a summary names no colours, which a swap may have exchanged: who won is read from each state (app.js) */
    await loadFinished(((finished && finished.games) || []).slice(0, PLAYER_GAMES_MAX));
    if (seq !== peopleSeq || $('player-page').hidden) return;
    const rows = [];
    for (const answer of ratings) {
      for (const r of answer.ratings || []) {
        if (!r.games) continue;
        rows.push([gameName(answer.game), r.class, ...ratingCells(r), historyLine(r.history),
                   r.provisional ? 'provisional' : '']);
      }
    }
    $('player-ratings').replaceChildren(rows.length
      ? tableOf(['Game', 'Class', 'Rating', 'Deviation', 'Games', 'History', ''], rows, 'ratings')
      : el('p', 'note', 'No rated game finished yet.'));
    $('player-current').replaceChildren(...gameItems(current, 'No game in progress.'));
    $('player-finished').replaceChildren(...gameItems(finished, 'No game finished yet.'));
    $('player-note').textContent = '';
  } catch (e) {
    if (seq !== peopleSeq) return;
    $('player-note').textContent = '';
    showError(e);
  }
}

/* A list's items: a link to each board, its players (each a link) and its state or result. */
function gameItems(answer, empty) {
  const games = ((answer && answer.games) || []).slice(0, PLAYER_GAMES_MAX);
  if (!games.length) return [el('li', 'note', empty)];
  return games.map((g) => {
    const li = el('li');
    li.dataset.board = g.board;
    const link = el('a', null, `Board ${g.board}: ${gameName(g.game)}`);
    link.href = `#/game/${g.board}`;
    li.append(link, ', ');
    (g.players || []).forEach((p, i) => li.append(i ? ' vs ' : '', playerLink(p)));
    const state = g.result != null ? `finished: ${resultSentence(g.result, finishedWho(g))}`
      : g.to_move ? `${g.to_move} to move` : `${g.moves} moves`;
    li.append(' ', el('span', 'note', state));
    return li;
  });
}

async function showStandings() {
  showPage('standings-page', 'Standings');
  const seq = ++peopleSeq;
  const game = $('standings-game').value || 'hex';
  $('standings-list').replaceChildren(el('p', 'note', 'Loading...'));
  try {
    const data = await api('GET', `/standings?game=${game}`);
    if (seq !== peopleSeq || $('standings-page').hidden) return;
    const parts = [];
    for (const [cls, list] of Object.entries(data.standings || {})) {
      const section = el('section', 'standing');
      section.dataset.class = cls;
      section.append(el('h2', null, cls));
      const rows = list.filter((r) => r.games > 0).map((r, i) => [String(i + 1), playerLink(r.user), ...ratingCells(r)]);
      section.append(rows.length ? tableOf(['#', 'Player', 'Rating', 'Deviation', 'Games'], rows, 'ratings')
        : el('p', 'note', 'Nobody is rated in this class yet.'));
      parts.push(section);
    }
    $('standings-list').replaceChildren(...parts);
  } catch (e) {
    if (seq === peopleSeq) showError(e);
  }
}

/* The lobby's games in progress, anyone's: a link to watch each. */
let watchSeq = 0;

function loadWatchable() {
  const seq = ++watchSeq;
  api('GET', '/games?filter=active')
    .then((data) => {
      if (seq !== watchSeq || $('lobby-page').hidden) return;
      $('watch-list').replaceChildren(...gameItems(data, 'No game is being played now.'));
    })
    .catch(() => {}); /* the board-number field still works */
}

function wirePeople() {
  $('standings-game').addEventListener('change', showStandings);
}
