/* web/tournaments.js - the tournaments (issue 32): the list (#/tournaments: open, running and
 * finished, Join on the open ones with room, Leave on those the user is in, a form for a new one
 * with the games' options) and a tournament's page
 * (#/tournament/ID: its head line, standings, a crosstable for a round robin or the pairings
 * round by round for Swiss and knockout, Join/Leave/Start as allowed).
 *
 * All of it is the HTTP API's: GET/POST /api/v1/tournaments, GET /api/v1/tournaments/ID,
 * POST /api/v1/tournaments/ID/join|leave|start.  A tournament's page follows its games live:
 * it reads the tournament again on the lobby stream's "games" events (live.js) and every
 * TOURNAMENT_POLL_MS while shown (a watcher has no stream; a game may end between two players).
 * Text goes in as text only (el() sets textContent).  Loaded before app.js, whose helpers it calls. */
'use strict';

const TOURNAMENT_POLL_MS = 2000;
const TOURNAMENT_STATES = ['open', 'running', 'finished'];
const tourney = { seq: 0, id: 0, timer: null, events: null };

function scoreText(p) {
  return Number.isInteger(p) ? String(p) : p.toFixed(1);
}

/* "1-0", "0-1", "1/2-1/2", "*": the score of the pairing's first and second player. */
function pairingScores(result) {
  const parts = String(result).split('-');
  if (parts.length !== 2) return [result, result];
  const half = (s) => (s === '1/2' || s === '0.5' ? '\u00bd' : s);
  return [half(parts[0]), half(parts[1])];
}

function pairingLink(board, text) {
  const a = el('a', null, text);
  a.href = `#/game/${board}`;
  return a;
}

function tournamentLink(t) {
  const a = el('a', null, t.name);
  a.href = `#/tournament/${t.id}`;
  return a;
}

function headLine(t) {
  const round = t.state === 'running' ? `, round ${t.round}` : '';
  return `${gameName(t.game)}, ${t.format}, ${t.state}${round}, ${t.players} players ` +
    `(${t.min_players}-${t.max_players}), organized by ${t.organizer}${t.rated ? '' : ', unrated'}`;
}

/* ---------- the list ---------- */

async function showTournaments() {
  showPage('tournaments-page', 'Tournaments');
  const seq = ++tourney.seq;
  $('tournament-form').hidden = !session.user;
  $('tournaments-list').replaceChildren(el('p', 'note', 'Loading...'));
  try {
    const lists = await Promise.all(TOURNAMENT_STATES.map((s) => api('GET', `/tournaments?state=${s}`)));
    if (seq !== tourney.seq || $('tournaments-page').hidden) return;
    $('tournaments-list').replaceChildren(...TOURNAMENT_STATES.map((s, i) => tournamentSection(s, lists[i].tournaments || [])));
  } catch (e) {
    if (seq === tourney.seq) showError(e);
  }
}

function tournamentSection(state, list) {
  const section = el('section', 'card tournament-state');
  section.dataset.state = state;
  section.append(el('h2', null, state[0].toUpperCase() + state.slice(1)));
  if (!list.length) {
    section.append(el('p', 'note', `No ${state} tournament.`));
    return section;
  }
  const ul = el('ul', 'games');
  for (const t of list) {
    const li = el('li');
    li.dataset.tournament = t.id;
    li.append(tournamentLink(t), ' ', el('span', 'note', headLine(t)));
    if (state === 'open' && session.user && (t.entered || t.players < t.max_players)) {
      const what = t.entered ? 'leave' : 'join'; /* one already in it leaves, never joins twice */
      const button = el('button', `tournament-${what}`, t.entered ? 'Leave' : 'Join');
      button.type = 'button';
      button.addEventListener('click', () => tournamentAct(t.id, what, showTournaments));
      li.append(' ', button);
    }
    ul.append(li);
  }
  section.append(ul);
  return section;
}

async function tournamentAct(id, what, then) {
  clearError();
  try {
    await api('POST', `/tournaments/${id}/${what}`, {});
  } catch (e) {
    showError(e);
  }
  then();
}

async function createTournament(ev) {
  ev.preventDefault();
  clearError();
  let format = $('tournament-format').value;
  if (format === 'swiss') format += `:${$('tournament-rounds').value}`;
  const game = $('tournament-game').value;
  const options = gameOptions($('tournament-options'), game); /* the games' own, as a challenge's */
  options.players = `${$('tournament-min').value}-${$('tournament-max').value}`;
  if (format.startsWith('roundrobin')) options.rounds = $('tournament-schedule').value;
  const clock = $('tournament-clock').value.trim();
  if (clock) options.clock = clock;
  else options.days = $('tournament-days').value;
  if ($('tournament-date').value) options.start = $('tournament-date').value;
  if (!$('tournament-rated').checked) options.unrated = true;
  const body = { name: $('tournament-name').value.trim(), game, format, options };
  try {
    const made = await api('POST', '/tournaments', body);
    go(`#/tournament/${made.id}`);
  } catch (e) {
    showError(e);
  }
}

/* ---------- a tournament's page ---------- */

function showTournament(id) {
  showPage('tournament-page', `Tournament ${id}`);
  tourney.id = id;
  $('tournament-title').textContent = `Tournament ${id}`;
  for (const box of ['tournament-head', 'tournament-standings', 'tournament-table', 'tournament-actions'])
    $(box).replaceChildren();
  followTournament();
  loadTournament();
}

/* Read again on every "games" event of the player's stream and every few seconds, while shown. */
function followTournament() {
  stopFollowingTournament();
  tourney.timer = setInterval(() => {
    if ($('tournament-page').hidden) stopFollowingTournament();
    else loadTournament();
  }, TOURNAMENT_POLL_MS);
  if (typeof live !== 'undefined' && live.events) {
    tourney.events = live.events;
    tourney.events.addEventListener('games', onTournamentGames);
  }
}

function stopFollowingTournament() {
  if (tourney.timer) clearInterval(tourney.timer);
  tourney.timer = null;
  if (tourney.events) tourney.events.removeEventListener('games', onTournamentGames);
  tourney.events = null;
}

function onTournamentGames() {
  if ($('tournament-page').hidden) stopFollowingTournament();
  else loadTournament();
}

async function loadTournament() {
  const seq = ++tourney.seq, id = tourney.id;
  try {
    const t = await api('GET', `/tournaments/${id}`);
    if (seq !== tourney.seq || $('tournament-page').hidden) return;
    renderTournament(t);
  } catch (e) {
    if (seq !== tourney.seq) return;
    stopFollowingTournament();
    showError(e);
  }
}

function renderTournament(t) {
  const page = $('tournament-page');
  page.dataset.state = t.state;
  page.dataset.round = t.round;
  $('tournament-title').textContent = t.name;
  $('tournament-head').textContent = headLine(t);
  const rows = (t.standings || []).map((r) => [String(r.rank), playerLink(r.user), scoreText(r.points),
    ...r.tiebreak.map(scoreText), String(r.games), r.withdrawn ? 'withdrawn' : '']);
  $('tournament-standings').replaceChildren(rows.length
    ? tableOf(['#', 'Player', 'Points', 'Tie-break 1', 'Tie-break 2', 'Games', ''], rows, 'ratings standings-table')
    : el('p', 'note', 'Nobody has joined yet.'));
  const pairings = t.pairings || [];
  $('tournament-table').replaceChildren(!pairings.length ? el('p', 'note', 'No round paired yet.')
    : t.format.startsWith('roundrobin') ? crosstable(t.standings || [], pairings) : roundsTable(pairings));
  $('tournament-actions').replaceChildren(...tournamentButtons(t));
}

/* Players by rank down and across; a cell holds the row player's score in each game against the
 * column player, each a link to its board ("*" while it is played). */
function crosstable(standings, pairings) {
  const names = standings.map((r) => r.user);
  const rows = names.map((me, i) => [`${i + 1} ${me}`, ...names.map((them) => {
    if (them === me) return '\u2014';
    const span = el('span', 'cross');
    for (const p of pairings) {
      if (p.game == null || !((p.first === me && p.second === them) || (p.first === them && p.second === me))) continue;
      const [a, b] = pairingScores(p.result);
      if (span.childNodes.length) span.append(' ');
      span.append(pairingLink(p.game, p.first === me ? a : b));
    }
    return span;
  })]);
  return tableOf(['', ...names.map((n, i) => String(i + 1))], rows, 'crosstable');
}

function roundsTable(pairings) {
  const rows = pairings.map((p) => [String(p.round), p.first, p.second == null ? '(bye)' : p.second,
    p.game != null ? pairingLink(p.game, p.result) : p.result]);
  return tableOf(['Round', 'First', 'Second', 'Result'], rows, 'pairings');
}

function tournamentButtons(t) {
  if (!session.user || t.state === 'finished') return [];
  const entered = (t.standings || []).some((r) => r.user === session.user && !r.withdrawn);
  const buttons = [];
  const add = (what, words) => {
    const b = el('button', null, words);
    b.type = 'button';
    b.id = `tournament-${what}`;
    b.addEventListener('click', () => tournamentAct(t.id, what, loadTournament));
    buttons.push(b);
  };
  if (t.state === 'open' && !entered && t.players < t.max_players) add('join', 'Join');
  if (entered) add('leave', t.state === 'open' ? 'Leave' : 'Withdraw');
  if (t.state === 'open' && t.organizer === session.user) add('start', 'Start');
  return buttons;
}

/* The challenge form's game options (board size, Twixt's rules, a backgammon match's length, a
 * crossword's lexicon ...), copied into the tournament form with each id and label given a "t"
 * in front (opt-size: topt-size), so that both forms offer the same options from one markup. */
function copyGameOptions() {
  const box = $('challenge-options').cloneNode(true);
  box.id = 'tournament-options';
  for (const e of box.querySelectorAll('[id]')) e.id = `t${e.id}`;
  for (const label of box.querySelectorAll('label[for]')) label.htmlFor = `t${label.htmlFor}`;
  $('tournament-options').replaceWith(box);
}

function wireTournaments() {
  for (const game of RATED_GAMES) {
    const option = el('option', null, gameName(game));
    option.value = game;
    $('tournament-game').append(option);
  }
  fillDays($('tournament-days'));
  copyGameOptions();
  $('tournament-form').addEventListener('submit', createTournament);
  const shown = () => {
    const format = $('tournament-format').value;
    $('tournament-rounds-box').hidden = format !== 'swiss';
    $('tournament-schedule-box').hidden = !format.startsWith('roundrobin');
    showGameOptions($('tournament-options'), $('tournament-game').value);
  };
  $('tournament-format').addEventListener('change', shown);
  $('tournament-game').addEventListener('change', shown);
  shown();
}
