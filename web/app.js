/* web/app.js - the ludexd web page, written against doc/http-api.md.
 *
 * Hash routes: #/ the lobby (my mail settings, challenges and vacation, the
 * challenges waiting for an answer, my games with their clocks, a challenge
 * form, the open seeks, watching a board), #/login (log in and sign up),
 * #/game/N a board with its moves, kept live by Server-Sent Events, with the
 * challenge or offer waiting and the clock of the player to move.  Moves are played by clicking the
 * server's SVG drawing (its data-move, data-point and data-square attributes)
 * or by typing them in the server's syntax.  Each player's colour is worked out from the move
 * list (a swap exchanges them), results are said with names beside their SGF code, Resign asks
 * first, backgammon is drawn from the viewer's side.  A board's chat beside it, read again when the
 * board's stream says a line was written; the tab's title counts the games waiting for my move.
 * #/player/NAME and #/standings are people.js's; the scoreboard is scoreboard.js's, tentative
 * moves and readable boards tentative.js's, the player's live stream, turn alerts and messages
 * live.js's (all loaded before this file).  No framework, no build step;
 * every user string goes into the page as textContent, the one innerHTML is
 * the server's SVG. */
'use strict';

const $ = (id) => document.getElementById(id);

const GAME_NAMES = { twixt: 'Twixt', hex: 'Hex', backgammon: 'Backgammon', crossword: 'Crossword' };
const ACTIONS = ['swap', 'resign', 'roll', 'double', 'take', 'drop'];
/* The offers of a board page: buttons drawn by renderOffers, not by the state's actions. */
const OFFERS = ['draw', 'takeback', 'rematch'];
const DRAW_GAMES = ['twixt', 'crossword'];
const TAKEBACK_GAMES = ['twixt', 'hex'];
/* A board page asks for its state this often (ms) while the viewer plays and the game goes on: an
 * offer made by the opponent comes with no live event of its own. */
const GAME_POLL = 3000;
/* The choices of the time for each move (days) in the challenge and seek forms; 7 is the server's default. */
const DAY_CHOICES = [1, 2, 3, 5, 7, 10, 14, 21, 30];
const DEFAULT_DAYS = 7;
const PAGES = ['login-page', 'lobby-page', 'game-page', 'player-page', 'standings-page', 'tournaments-page',
               'tournament-page'];
const MOVE_HELP = {
  hex: 'Click a cell or type one (f6); swap; resign.',
  twixt: 'Click a hole or type one (d5). No spaces: d5-e7/f9 first removes the link e7-f9; ' +
    'a peg makes every link it can; swap; resign.',
  backgammon: 'Roll, then click a point to move from and one to move to, or type the play: 8/5 6/5, ' +
    'bar/22* 13/9, 6/off, 6/2(2); - when nothing can be played.',
  crossword: 'Click a square, choose across or down, then click your tiles, or type: 8D WORD (across), ' +
    'D8 WORD (down); . for a tile on the board, lower case for a blank; pass; exch ABC.',
};

/* The notify modes of POST /api/v1/me, explained under the lobby's select. */
const NOTIFY_HELP = {
  mail: 'One mail when it becomes your turn on a board and you are not connected (the default).',
  board: 'A mail with the move list and the board after every move on your boards.',
  digest: 'One mail a day.',
  off: 'Nothing is mailed to you.',
};
/* The refusals of the mail settings in words; the server's own message follows. */
const MAIL_ERRORS = {
  BAD_ARG: 'The server does not know that kind of mail.',
  BAD_EMAIL: 'That is not an e-mail address: one looks like name@example.org.',
  BAD_TOKEN: 'That is not the code mailed to your address: copy it from the latest verification mail, ' +
    'or mail a new code.',
  NO_ADDRESS: 'You have no e-mail address yet: set one first.',
  NOT_LOGGED_IN: 'You are no longer logged in: log in again.',
  CSRF: 'The page is out of date: reload it and try again.',
};

/* The challenges modes of POST /api/v1/me, explained under the panel's select. */
const CHALLENGES_HELP = {
  open: 'A challenge starts its game at once.',
  ask: 'A challenge waits until you accept it, here in the lobby or on its board; unanswered, it ends after 14 days.',
  closed: 'Nobody can challenge you; you can still challenge others and join seeks.',
};
/* The refusals of the challenges and vacation settings in words. */
const PREFS_ERRORS = {
  BAD_ARG: 'A vacation is 1 to 30 days.',
  ON_VACATION: 'You are on vacation already: end it first.',
  NOT_ON_VACATION: 'You are not on vacation.',
  NO_VACATION_LEFT: 'You do not have that many vacation days left this year.',
  NOT_LOGGED_IN: MAIL_ERRORS.NOT_LOGGED_IN,
  CSRF: MAIL_ERRORS.CSRF,
};
/* Every other refusal the page explains in words; the server's own message follows. */
const ERROR_WORDS = {
  CHALLENGES_CLOSED: 'That player takes no challenges now.',
  BLOCKED: 'That player does not take challenges from you.',
  NO_SUCH_USER: 'There is no user by that name: check the spelling.',
  CHALLENGE_PENDING: 'The game has not begun: it waits for the challenge to be accepted.',
  NOT_YOURS: "That challenge waits for the other player's answer, not yours.",
  NOTHING_TO_ANSWER: 'Nothing waits for your answer here any more: it was withdrawn or answered, or a move was played.',
  NO_DRAWS: 'This game has no draws.',
  NO_TAKEBACK: 'Only your own last move can be taken back (in Twixt and Hex), and only before your opponent moves.',
  NO_SUCH_SEEK: 'That seek is gone: someone joined it first, or it expired.',
  BAD_OPTION: 'The server refused an option of the game.',
  RATE_LIMITED: 'Too many requests: wait a little and try again.',
  GAME_OVER: 'The game is over.',
  NOT_A_PLAYER: 'You do not play in this game.',
  TEXT_TOO_LONG: 'That is too long: a chat line is at most 500 bytes.',
  BAD_TEXT: 'A chat line is one line of text, not empty.',
  NOT_LOGGED_IN: MAIL_ERRORS.NOT_LOGGED_IN,
  CSRF: MAIL_ERRORS.CSRF,
};

const session = { user: null, csrf: null, mail: null }; /* mail: the last GET or POST /me answer */
let view = null; /* the board page being shown: see enterGame */

/* ---------- small helpers ---------- */

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function gameName(game) {
  return GAME_NAMES[game] || String(game);
}

/* "3d 4h", "5h 12m", "12m": a duration in seconds, as a clock shows it. */
function durationText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  return `${Math.max(m, s > 0 ? 1 : 0)}m`;
}

function timeLeftText(seconds) {
  return seconds <= 0 ? 'no time left' : `${durationText(seconds)} left`;
}

/* "7 days", "36 hours": a time control's part, in seconds. */
function spanText(seconds) {
  const n = Number(seconds);
  if (n % 86400 === 0) return n === 86400 ? '1 day' : `${n / 86400} days`;
  return n === 3600 ? '1 hour' : `${Math.round(n / 3600)} hours`;
}

/* ---------- colours and results ---------- */

const OTHER_COLOUR = { B: 'W', W: 'B' };
/* A swap of sides (Hex "swap-sides", Twixt "swap"): the players exchange colours after it. */
const SWAP_SIDES = /^swap(?:-sides)?$/i;

/* The colour each seat plays now.  The state's "colours" are the colours the seats began with
 * (the server does not turn them after a swap); each move carries its mover's colour as it was
 * when made, and a swap of sides exchanges the colours after it. */
function seatColours(st) {
  const now = (st.colours || []).slice(0, 2);
  const players = st.players || [];
  if (now.length < 2 || !OTHER_COLOUR[now[0]]) return now;
  for (const m of st.moves || []) {
    const seat = players[0] === players[1] ? -1 : players.indexOf(m.player);
    if (seat >= 0 && OTHER_COLOUR[m.colour]) {
      now[seat] = m.colour;
      now[1 - seat] = OTHER_COLOUR[m.colour];
    }
    if (SWAP_SIDES.test(String(m.move))) now.reverse();
  }
  return now;
}

function pointsText(n) {
  return Number(n) === 1 ? '1 point' : `${n} points`;
}

/* One game's result code ("B+", "W+R", "B+Time", "W+2R", "1+37") in words, with names. */
function gameResultWords(code, game) {
  const m = /^([BW12])\+(.*)$/.exec(code.who);
  if (!m) return '';
  const seat = /^\d$/.test(m[1]) ? Number(m[1]) - 1 : code.colours.indexOf(m[1]);
  const name = code.players[seat] || (m[1] === 'B' ? 'Black' : m[1] === 'W' ? 'White' : `player ${m[1]}`);
  const how = m[2];
  if (how === '' || how === '0') return `${name} wins`;
  if (how === 'R' || how === 'Resign') return `${name} wins by resignation`;
  if (how === 'T' || how === 'Time') return `${name} wins on time`;
  const resigned = /^(\d+)R?$/.exec(how);
  if (resigned && code.dropped) return `${name} wins ${pointsText(resigned[1])} (dropped double)`;
  if (resigned && how.endsWith('R')) return `${name} wins ${pointsText(resigned[1])} by resignation`;
  if (/^\d+$/.test(how)) return game === 'crossword' ? `${name} wins by ${pointsText(how)}` : `${name} wins ${pointsText(how)}`;
  return `${name} wins`;
}

/* What a result's words need of a game: {game, players, seats: the colours now, last: the last move's text}. */
function resultWho(st) {
  const moves = st.moves || [];
  return { game: st.game, players: st.players || [], seats: st.colours ? seatColours(st) : [],
    last: moves.length ? String(moves[moves.length - 1].move) : '' };
}

/* A result in words: "bob wins by resignation", "a draw", "alice wins 2 points (dropped double)". */
function resultWords(result, who) {
  const text = String(result);
  if (text === '0') return 'a draw';
  if (text === 'Void') return 'no game: the challenge was declined or not answered';
  const info = who || { players: [], seats: [], last: '' };
  const [game, match] = text.split(/;\s*match\s+/);
  const code = { who: game.trim(), players: info.players, colours: info.seats, dropped: /^drop$/i.test(info.last) };
  const words = [gameResultWords(code, info.game)];
  const score = match && /^([BW])\s+(\d+-\d+)$/.exec(match.trim());
  if (score) {
    const seat = info.seats.indexOf(score[1]);
    words.push(`${info.players[seat] || (score[1] === 'B' ? 'Black' : 'White')} wins the match ${score[2]}`);
  }
  return words.filter(Boolean).join('; ');
}

/* "bob wins by resignation (W+R)": the words, then the code kept for those who want it. */
function resultSentence(result, who) {
  const words = resultWords(result, who);
  return words ? `${words} (${result})` : String(result);
}

function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

/* ---------- the API ---------- */

class ApiError extends Error {
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/* One request: JSON in and out, the CSRF token on every POST but signup and
 * login.  Resolves with the parsed body, rejects with an ApiError. */
async function api(method, path, body) {
  const headers = { Accept: 'application/json' };
  const init = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (method !== 'GET' && path !== '/signup' && path !== '/login' && session.csrf)
    headers['X-CSRF-Token'] = session.csrf;
  const res = await fetch('/api/v1' + path, init);
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = null;
  }
  if (res.ok) return data;
  const err = (data && data.error) || { code: 'HTTP_' + res.status, message: res.statusText || 'request failed' };
  if (err.code === 'NOT_LOGGED_IN' && path !== '/me') setSession(null);
  throw new ApiError(err.code, err.message, res.status);
}

/* ---------- the alert region ---------- */

/* words: an explanation of the ApiError, shown before the server's message. */
function showError(err, words) {
  let text;
  if (!words && err instanceof ApiError) words = ERROR_WORDS[err.code];
  if (err instanceof ApiError && words) text = `${words} (${err.code}: ${err.message})`;
  else if (err instanceof ApiError) text = `${err.message} (${err.code})`;
  else if (err instanceof TypeError) text = `The server cannot be reached: ${err.message}`;
  else text = String((err && err.message) || err);
  $('error').textContent = text;
}

function clearError() {
  $('error').textContent = '';
}

/* Runs fn, showing what it throws in the alert region. */
async function attempt(fn) {
  try {
    await fn();
  } catch (e) {
    showError(e);
  }
}

/* ---------- session ---------- */

function setSession(data) {
  session.user = data ? data.user : null;
  session.csrf = data ? data.csrf : null;
  if (!session.user || (session.mail && session.mail.user !== session.user)) session.mail = null;
  $('who-label').textContent = session.user ? 'Logged in as' : 'Not logged in';
  $('whoami').textContent = session.user || '';
  $('login-link').hidden = !!session.user;
  $('logout-button').hidden = !session.user;
  if (!session.user) setTurns(0);
  openLobbyStream(); /* live.js: the player's stream, closed when nobody is logged in */
}

async function loadSession() {
  try {
    const me = await api('GET', '/me');
    setSession(me);
    if (me && me.user) session.mail = me;
  } catch (e) {
    setSession(null);
    if (e.code !== 'NOT_LOGGED_IN') showError(e);
  }
}

function onAccountForm(path, fields) {
  return (ev) => {
    ev.preventDefault();
    clearError();
    const body = { user: $(fields.user).value.trim(), password: $(fields.password).value };
    const email = fields.email ? $(fields.email).value.trim() : '';
    if (email) body.email = email;
    attempt(async () => {
      setSession(await api('POST', path, body));
      $(fields.password).value = '';
      go('#/');
    });
  };
}

function onLogout() {
  clearError();
  attempt(async () => {
    await api('POST', '/logout', {});
    setSession(null);
    go('#/');
  });
}

/* ---------- routing ---------- */

function route() {
  if (lobbyTimer) clearInterval(lobbyTimer);
  lobbyTimer = null;
  leaveGame();
  clearError();
  loadTurns();
  const hash = location.hash || '#/';
  const game = /^#\/game\/(\d+)$/.exec(hash);
  const player = /^#\/player\/([^/]+)$/.exec(hash);
  const tournament = /^#\/tournament\/(\d+)$/.exec(hash);
  stopFollowingTournament();
  if (game) enterGame(Number(game[1]));
  else if (player) showPlayer(decodeURIComponent(player[1]));
  else if (tournament) showTournament(Number(tournament[1]));
  else if (hash === '#/tournaments') showTournaments();
  else if (hash === '#/standings') showStandings();
  else if (hash === '#/login') showPage('login-page', 'Log in');
  else showLobby();
}

function showPage(id, title) {
  for (const page of PAGES) $(page).hidden = page !== id;
  document.body.dataset.page = id; /* style.css: a board's error floats over the page, not above the board */
  setTitle(title);
  const heading = $(id).querySelector('.page-title');
  if (heading) heading.focus({ preventScroll: true });
}

/* ---------- the tab's title ---------- */

/* "(2) Lobby - ludexd" when it is my turn in 2 games: GET /games?filter=next, asked when a page is
 * shown, when a board's turn changes, and every TURNS_POLL ms while the tab is visible. */
const TURNS_POLL = 20000;
const titles = { base: 'ludexd', turns: 0, seq: 0 };

function setTitle(base) {
  titles.base = base;
  writeTitle();
}

function setTurns(n) {
  titles.turns = n;
  writeTitle();
}

function writeTitle() {
  document.title = `${titles.turns ? `(${titles.turns}) ` : ''}${titles.base} - ludexd`;
}

function loadTurns() {
  const seq = ++titles.seq;
  if (!session.user) {
    setTurns(0);
    return;
  }
  api('GET', '/games?filter=next')
    .then((data) => {
      if (seq !== titles.seq) return;
      setTurns(((data && data.games) || []).length);
      noticeTurns((data && data.games) || []);
    })
    .catch(() => {}); /* the count waits for the next try; the page's own requests show errors */
}

/* ---------- lobby ---------- */

/* The lobby's lists follow the player's stream (live.js); they are also fetched again every 60 s
 * while shown, for what the stream cannot tell (another server's changes). */
let lobbyTimer = null;

function showLobby() {
  showPage('lobby-page', 'Lobby');
  $('lobby-anon').hidden = !!session.user;
  $('lobby-member').hidden = !session.user;
  $('pending-card').hidden = !session.user;
  $('seeks-card').hidden = !session.user;
  $('mail-status').textContent = '';
  $('prefs-status').textContent = '';
  $('seek-status').textContent = '';
  if (session.mail) renderMail(session.mail);
  else $('mail-panel').hidden = $('prefs-panel').hidden = true;
  if (session.user) loadMail();
  if (session.user) loadGames();
  if (session.user) loadSeeks();
  showLivePanels();
  loadWatchable();
  if (!lobbyTimer) lobbyTimer = setInterval(() => {
    if ($('lobby-page').hidden) return;
    loadWatchable();
    if (session.user) {
      loadGames();
      loadSeeks();
    }
  }, 60000);
}

/* Each load of the lists counts: an answer is drawn only if no later one was asked. */
let gamesSeq = 0;
/* Whether the player to move was reminded, per board: {key, reminded, at}.  The lists do not say
 * it, so the state is asked, again when a move or the deadline changed or after five minutes. */
const remindedCache = new Map();
const REMINDED_TTL = 300000;

/* My games, and the challenges waiting: the pending list says which games wait, their states
 * for whom. */
function loadGames() {
  const seq = ++gamesSeq;
  return attempt(async () => {
    const [all, pending] = await Promise.all([api('GET', '/games?filter=all'), api('GET', '/games?filter=pending')]);
    const waiting = (pending && pending.games) || [];
    const states = await Promise.all(waiting.map((g) => api('GET', `/games/${g.board}`).catch(() => null)));
    const games = (all && all.games) || [];
    await Promise.all([loadReminded(games), loadFinished(games)]);
    if (seq !== gamesSeq || $('lobby-page').hidden || !session.user) return;
    const waitingFor = new Map();
    waiting.forEach((g, i) => {
      if (states[i] && states[i].waiting_for) waitingFor.set(g.board, states[i].waiting_for);
    });
    renderPending(waiting.filter((g) => waitingFor.has(g.board)), waitingFor);
    renderGames(games, waitingFor);
  });
}

async function loadReminded(games) {
  const now = Date.now();
  const ask = games.filter((g) => {
    if (g.result != null || g.time_left == null || g.to_move == null) return false;
    const known = remindedCache.get(g.board);
    return !known || known.key !== `${g.moves}:${g.deadline}` || now - known.at > REMINDED_TTL;
  });
  await Promise.all(ask.map(async (g) => {
    try {
      const st = await api('GET', `/games/${g.board}`);
      remindedCache.set(g.board, { key: `${g.moves}:${g.deadline}`, reminded: !!(st && st.reminded), at: now });
    } catch (e) {
      /* the list shows the game without the mark */
    }
  }));
}

/* Who won a finished game, per board: a summary names the players but not their colours, which a
 * swap may have exchanged, so the state is asked once (a finished game does not change). */
const finishedCache = new Map();

async function loadFinished(games) {
  const ask = games.filter((g) => /^[BW]\+/.test(String(g.result)) && !finishedCache.has(g.board));
  await Promise.all(ask.map(async (g) => {
    try {
      const st = await api('GET', `/games/${g.board}`);
      if (st && st.result != null) finishedCache.set(g.board, resultWho(st));
    } catch (e) {
      /* the list names the colour instead of the winner */
    }
  }));
}

function finishedWho(summary) {
  return finishedCache.get(summary.board) || { game: summary.game, players: summary.players || [], seats: [], last: '' };
}

function wasReminded(summary) {
  const known = remindedCache.get(summary.board);
  return !!(known && known.key === `${summary.moves}:${summary.deadline}` && known.reminded);
}

/* ---------- lobby: mail settings ---------- */

/* Each GET or POST /me counts: an answer is drawn only if no later one was asked. */
let mailSeq = 0;
let mailBusy = false;

function loadMail() {
  const seq = ++mailSeq;
  return attempt(async () => {
    const me = await api('GET', '/me');
    if (seq !== mailSeq || $('lobby-page').hidden) return;
    if (me && me.user) {
      renderMail(me);
    } else { /* the session expired */
      setSession(null);
      showLobby();
    }
  });
}

function renderMail(me) {
  setSession(me);
  session.mail = me;
  $('mail-panel').hidden = false;
  $('mail-user').textContent = me.user;
  const address = $('mail-address');
  if (me.email == null) {
    address.textContent = 'No address: nothing is mailed to you.';
  } else {
    const state = me.email_verified ? el('span', 'badge', 'verified') : el('span', 'badge pending', 'not verified');
    address.replaceChildren('Address: ', el('strong', null, me.email), ' ', state);
  }
  if (NOTIFY_HELP[me.notify]) $('mail-notify').value = me.notify;
  updateNotifyHelp();
  $('mail-email-label').textContent = me.email == null ? 'Address' : 'New address';
  $('address-button').textContent = me.email == null ? 'Set' : 'Change';
  $('verify-form').hidden = me.email == null || me.email_verified;
  renderPrefs(me);
}

/* The challenges mode and the vacation, from the same answer as the mail settings. */
function renderPrefs(me) {
  $('prefs-panel').hidden = !CHALLENGES_HELP[me.challenges];
  if (CHALLENGES_HELP[me.challenges]) $('prefs-challenges').value = me.challenges;
  updateChallengesHelp();
  const left = Number(me.vacation_days_left);
  const on = me.vacation_until != null;
  const days = Number.isFinite(left) ? `${left} vacation ${left === 1 ? 'day' : 'days'} left this year.` : '';
  $('vacation-help').textContent = on
    ? `On vacation until ${new Date(me.vacation_until * 1000).toLocaleString()}: your clocks stand still. ${days}`
    : days;
  $('vacation-on').hidden = !on;
  $('vacation-days').disabled = on;
  $('vacation-button').disabled = on;
  $('vacation-days').max = Number.isFinite(left) && left > 0 ? String(left) : '30';
}

function updateChallengesHelp() {
  $('challenges-help').textContent = CHALLENGES_HELP[$('prefs-challenges').value] || '';
}

function updateNotifyHelp() {
  const mode = $('mail-notify').value;
  const me = session.mail;
  let text = NOTIFY_HELP[mode] || '';
  if (me && mode !== 'off' && !(me.email != null && me.email_verified))
    text += ' Nothing is mailed until you have a verified address.';
  $('notify-help').textContent = text;
}

/* POSTs a change of the mail settings: the answer, the settings as they now
 * are, is drawn and said() tells what was done; a refusal is explained in
 * the alert region and the fields keep what was typed. */
async function postMail(body, said, where) {
  const status = (where && where.status) || 'mail-status';
  const errors = (where && where.errors) || MAIL_ERRORS;
  if (mailBusy) return;
  mailBusy = true;
  clearError();
  $('mail-status').textContent = '';
  $('prefs-status').textContent = '';
  const seq = ++mailSeq;
  try {
    const me = await api('POST', '/me', body);
    if (seq === mailSeq) renderMail(me);
    $(status).textContent = said(me);
  } catch (e) {
    showError(e, e instanceof ApiError ? errors[e.code] : undefined);
    if (e.code === 'NOT_LOGGED_IN') {
      setSession(null);
      if (!$('lobby-page').hidden) showLobby();
    }
  } finally {
    mailBusy = false;
  }
}

function onNotifySubmit(ev) {
  ev.preventDefault();
  const mode = $('mail-notify').selectedOptions[0].text.toLowerCase();
  postMail({ notify: $('mail-notify').value }, () => `Saved: mail me ${mode}.`);
}

function onAddressSubmit(ev) {
  ev.preventDefault();
  postMail({ email: $('mail-email').value.trim() }, (me) => {
    $('mail-email').value = '';
    $('mail-code').value = '';
    if (!$('verify-form').hidden) $('mail-code').focus();
    return `A code is on its way to ${me.email}: enter it here to verify the address.`;
  });
}

function onVerifySubmit(ev) {
  ev.preventDefault();
  postMail({ verify: $('mail-code').value.trim() }, (me) => {
    $('mail-code').value = '';
    $('mail-title').focus(); /* the form, and its focused field, are gone */
    return `${me.email} is verified.`;
  });
}

/* An empty address mails a new code to the one already set. */
function onResend() {
  postMail({ email: '' }, (me) => `A new code is on its way to ${me.email}.`);
}

/* ---- lobby: challenges and vacation ---- */

const PREFS = { status: 'prefs-status', errors: PREFS_ERRORS };

function onChallengesSubmit(ev) {
  ev.preventDefault();
  const mode = $('prefs-challenges').value;
  const words = $('prefs-challenges').selectedOptions[0].text.toLowerCase();
  postMail({ challenges: mode }, () => `Saved: challenges ${words}.`, PREFS);
}

function onVacationSubmit(ev) {
  ev.preventDefault();
  const days = $('vacation-days').value.trim();
  if (!/^\d+$/.test(days)) {
    showError('A vacation is a whole number of days, 1 to 30.');
    $('vacation-days').focus();
    return;
  }
  postMail({ vacation: String(Number(days)) }, () => {
    $('vacation-days').value = '';
    $('vacation-off').focus();
    return `Your vacation has begun: ${days === '1' ? '1 day' : `${Number(days)} days`}.`;
  }, PREFS);
}

function onVacationOff() {
  postMail({ vacation: 'off' }, () => {
    $('vacation-days').focus();
    return 'Your vacation is over: your clocks run again.';
  }, PREFS);
}

/* ---- lobby: my games and the challenges waiting ---- */

function boardLink(summary) {
  const players = (summary.players || []).join(' vs ');
  const link = el('a', null, `Board ${summary.board}: ${gameName(summary.game)}, ${players}`);
  link.href = `#/game/${summary.board}`;
  return link;
}

function renderPending(waiting, waitingFor) {
  const mine = waiting.filter((g) => waitingFor.get(g.board) === session.user);
  const sent = waiting.filter((g) => waitingFor.get(g.board) !== session.user);
  $('pending-list').replaceChildren(...mine.map((g) => {
    const li = el('li', 'pending');
    li.dataset.board = g.board;
    const from = (g.players || []).find((p) => p !== session.user) || '';
    const accept = el('button', 'pending-accept', 'Accept');
    accept.type = 'button';
    accept.dataset.answer = 'accept';
    accept.setAttribute('aria-label', `Accept board ${g.board}, ${gameName(g.game)} from ${from}`);
    const decline = el('button', 'pending-decline danger', 'Decline');
    decline.type = 'button';
    decline.dataset.answer = 'decline';
    decline.setAttribute('aria-label', `Decline board ${g.board}, ${gameName(g.game)} from ${from}`);
    const buttons = el('span', 'answer');
    buttons.append(accept, decline);
    li.append(boardLink(g), ' ', el('span', 'note', `from ${from}`), ' ', buttons);
    return li;
  }));
  $('pending-empty').hidden = mine.length > 0;
  $('sent-list').replaceChildren(...sent.map((g) => {
    const li = el('li');
    li.dataset.board = g.board;
    li.append(boardLink(g), ' ', el('span', 'badge pending', `waiting for ${waitingFor.get(g.board)}`));
    return li;
  }));
  $('sent-box').hidden = sent.length === 0;
}

/* Accept or Decline in the lobby's list: an accepted game opens, a declined one leaves the list. */
let answering = false;
async function onPendingClick(ev) {
  const button = ev.target.closest('button[data-answer]');
  const li = button && button.closest('li[data-board]');
  if (!li || answering) return;
  const board = Number(li.dataset.board);
  const answer = button.dataset.answer;
  answering = true;
  clearError();
  try {
    await api('POST', `/games/${board}/${answer}`, {});
    if (answer === 'accept') go(`#/game/${board}`);
    else await loadGames();
  } catch (e) {
    showError(e);
    loadGames();
  } finally {
    answering = false;
  }
}

function renderGames(games, waitingFor) {
  $('games-list').replaceChildren(...games.map((g) => gameItem(g, waitingFor)));
  $('games-empty').hidden = games.length > 0;
}

function gameItem(summary, waitingFor) {
  const li = el('li');
  li.dataset.board = summary.board;
  const waiting = waitingFor && summary.result == null ? waitingFor.get(summary.board) : undefined;
  const mine = !waiting && summary.result == null && summary.to_move != null && summary.to_move === session.user;
  if (mine) li.classList.add('your-turn');
  li.append(boardLink(summary), ' ');
  if (waiting) {
    li.classList.add('waiting');
    li.append(el('span', 'badge pending', waiting === session.user ? 'waiting for your answer' : `waiting for ${waiting}`));
    return li;
  }
  li.append(el('span', mine ? 'badge' : 'note', summaryStatus(summary, mine)));
  if (summary.result == null && summary.time_left != null) {
    const reminded = wasReminded(summary);
    li.append(' ', el('span', reminded ? 'time-left urgent' : 'time-left', timeLeftText(summary.time_left)));
    if (reminded) {
      li.classList.add('reminded');
      li.append(' ', el('span', 'badge urgent', 'reminded'));
    }
  }
  return li;
}

function summaryStatus(summary, mine) {
  if (summary.result != null) return `finished: ${resultSentence(summary.result, finishedWho(summary))}`;
  if (mine) return 'your turn';
  if (summary.to_move) return `${summary.to_move} to move`;
  return `${summary.moves} moves`;
}

function optionApplies(group, game) {
  return group.dataset.games.split(' ').includes(game);
}

/* The game options' fieldsets in box (the challenge form's, or the tournament form's copy, whose
 * ids begin with "t"): only game's shown. */
function showGameOptions(box, game) {
  for (const group of box.querySelectorAll('[data-games]'))
    group.hidden = !optionApplies(group, game);
  const size = box.querySelector('[id$="opt-size"]');
  if (size) size.placeholder = game === 'hex' ? '11' : '24';
}

function updateOptions() {
  showGameOptions($('challenge-options'), $('challenge-game').value);
}

/* The options of game in box that are set: {"size":"11","noswap":true}. */
function gameOptions(box, game) {
  const options = {};
  for (const group of box.querySelectorAll('[data-games]')) {
    if (!optionApplies(group, game)) continue;
    for (const input of group.querySelectorAll('input, select')) {
      const name = input.id.replace(/^t?opt-/, '');
      if (input.type === 'checkbox') {
        if (input.checked) options[name] = true;
      } else if (input.value.trim() !== '') {
        options[name] = input.value.trim();
      }
    }
  }
  return options;
}

function challengeOptions() {
  return gameOptions($('challenge-options'), $('challenge-game').value);
}

function onChallenge(ev) {
  ev.preventDefault();
  clearError();
  const opponent = $('challenge-opponent').value.trim();
  const body = {
    game: $('challenge-game').value,
    opponent,
    first: $('challenge-first').value === 'opponent' ? opponent : session.user,
    options: challengeOptions(),
  };
  body.options.days = $('challenge-days').value;
  if (!$('challenge-rated').checked) body.options.unrated = true;
  attempt(async () => {
    const data = await api('POST', '/games', body);
    go(`#/game/${data.board}`);
  });
}

/* ---------- lobby: seeks ---------- */

let seeksSeq = 0;

function loadSeeks() {
  const seq = ++seeksSeq;
  return attempt(async () => {
    const data = await api('GET', '/seeks');
    if (seq !== seeksSeq || $('lobby-page').hidden || !session.user) return;
    renderSeeks((data && data.seeks) || []);
  });
}

/* The server's canonical options ("cols=24 rows=24 rated=1 clock=172800+0/172800") in words. */
function seekOptionsText(options) {
  const o = {};
  for (const word of String(options || '').split(/\s+/)) {
    if (!word) continue;
    const eq = word.indexOf('=');
    if (eq < 0) o[word] = true;
    else o[word.slice(0, eq)] = word.slice(eq + 1);
  }
  const parts = [];
  const clock = /^(\d+)\+(\d+)\/(\d+)$/.exec(o.clock || '');
  if (clock && clock[2] === '0' && clock[1] === clock[3]) parts.push(`${spanText(clock[1])} a move`);
  else if (clock) parts.push(`${spanText(clock[1])} + ${spanText(clock[2])} a move, at most ${spanText(clock[3])}`);
  else parts.push('7 days a move');
  parts.push(o.rated === '0' ? 'unrated' : 'rated');
  if (o.cols && o.rows) parts.push(o.cols === o.rows ? `${o.cols}x${o.rows}` : `${o.cols}x${o.rows}`);
  else if (o.size) parts.push(`size ${o.size}`);
  if (o.swap === '0' || o.noswap) parts.push('no swap');
  for (const [k, v] of Object.entries(o)) {
    if (['clock', 'rated', 'cols', 'rows', 'size', 'swap', 'noswap'].includes(k)) continue;
    if ((k === 'handicap' && v === '0') || (k === 'rules' && v === 'std')) continue;
    parts.push(v === true ? k : `${k} ${v}`);
  }
  return parts.join(', ');
}

function renderSeeks(seeks) {
  $('seeks-list').replaceChildren(...seeks.map((k) => {
    const li = el('li');
    li.dataset.seek = k.seek;
    const own = k.user === session.user;
    const button = el('button', own ? 'seek-withdraw secondary' : 'seek-join', own ? 'Withdraw' : 'Join');
    button.type = 'button';
    button.dataset.seek = k.seek;
    button.setAttribute('aria-label', `${own ? 'Withdraw' : 'Join'} ${k.user}'s ${gameName(k.game)} seek`);
    li.append(el('strong', null, gameName(k.game)), ` by ${k.user}: `, el('span', 'note', seekOptionsText(k.options)),
      ' ', button);
    return li;
  }));
  $('seeks-empty').hidden = seeks.length > 0;
}

let seeking = false;
async function onSeekClick(ev) {
  const button = ev.target.closest('button[data-seek]');
  if (!button || seeking) return;
  seeking = true;
  clearError();
  $('seek-status').textContent = '';
  try {
    const data = await api('POST', '/join', { seek: Number(button.dataset.seek) });
    if (data && data.board) {
      go(`#/game/${data.board}`);
    } else {
      $('seek-status').textContent = 'Your seek is withdrawn.';
      await loadSeeks();
    }
  } catch (e) {
    showError(e);
    loadSeeks();
  } finally {
    seeking = false;
  }
}

async function onSeekSubmit(ev) {
  ev.preventDefault();
  if (seeking) return;
  seeking = true;
  clearError();
  $('seek-status').textContent = '';
  const game = $('seek-game').value;
  const options = { days: $('seek-days').value };
  if (!$('seek-rated').checked) options.unrated = true;
  try {
    await api('POST', '/seeks', { game, options });
    $('seek-status').textContent = `Your ${gameName(game)} seek is posted: its game begins when someone joins it.`;
    await loadSeeks();
  } catch (e) {
    showError(e);
  } finally {
    seeking = false;
  }
}

function onWatch(ev) {
  ev.preventDefault();
  const board = $('watch-board').value.trim();
  if (!/^\d+$/.test(board) || Number(board) < 1) {
    showError('A board is a number such as 7.');
    return;
  }
  go(`#/game/${Number(board)}`);
}

/* ---------- board page: loading and live updates ---------- */

function enterGame(board) {
  view = { board, state: null, svg: null, events: null, seq: 0, shown: 0, loading: false, again: false,
    busy: false, pickFrom: null, square: null, movesKey: null, rackKey: null, poll: null, watchSide: 0,
    turnKey: null, chat: null, preview: { timer: null, seq: 0 }, tentative: null };
  showPage('game-page', `Board ${board}`);
  $('game-title').textContent = `Board ${board}`;
  $('status').textContent = 'Loading...';
  for (const id of ['game-players', 'result', 'result-words', 'bg-info', 'move-help', 'pick-hint', 'board-text', 'clock']) $(id).textContent = '';
  $('result-line').hidden = true;
  $('bg-info').hidden = true;
  $('clock').hidden = true;
  $('consent-bar').hidden = true;
  $('offer-bar').hidden = true;
  renderOfferButtons({});
  $('xw-tools').hidden = true;
  $('board').replaceChildren();
  $('move-list').replaceChildren();
  $('rack').replaceChildren();
  $('move-text').value = '';
  renderActions([]);
  $('resign-confirm').hidden = true;
  $('confirm-bar').hidden = true;
  $('scoreboard').hidden = true;
  $('bg-dice').hidden = true;
  $('bg-undo').hidden = true;
  $('xw-preview').textContent = '';
  $('board').classList.remove('zoomed');
  $('record-link').href = `/api/v1/games/${board}/record`;
  resetChat(view);
  scheduleRefresh(view);
  openEvents(view);
  const v = view;
  v.poll = setInterval(() => pollGame(v), GAME_POLL);
}

/* The clock is drawn again, and a player's state asked again (for an offer), every GAME_POLL ms. */
function pollGame(v) {
  if (view !== v || !v.state) return;
  renderClock(v.state);
  renderScoreboard(v.state);
  if (!document.hidden && v.state.viewer_seat != null && !v.state.over) scheduleRefresh(v);
}

function leaveGame() {
  if (view && view.poll) clearInterval(view.poll);
  if (view && view.preview) clearTimeout(view.preview.timer);
  if (view && view.events) view.events.close();
  if (view) stopChat(view);
  view = null;
  $('game-page').removeAttribute('data-board');
  $('game-page').removeAttribute('data-game');
  $('game-page').removeAttribute('data-moves');
}

/* Any move or state event, and every (re)connection, re-fetches the state;
 * a burst of events costs one fetch in flight and one after it. */
function openEvents(v) {
  if (!window.EventSource) return;
  const events = new EventSource(`/api/v1/games/${v.board}/events`);
  const refresh = () => scheduleRefresh(v);
  events.addEventListener('move', refresh);
  events.addEventListener('state', refresh);
  events.addEventListener('open', refresh);
  /* a chat line (lobby_push.c): to the players' streams, or to everyone's when the chat is public */
  events.addEventListener('chat', () => {
    if (v.chat && v.chat.tried && view === v) loadChat(v);
  });
  events.addEventListener('open', () => {
    if (v.chat && v.chat.tried && view === v) loadChat(v);
  });
  v.events = events;
}

function scheduleRefresh(v) {
  if (view !== v) return;
  if (v.loading) {
    v.again = true;
    return;
  }
  v.loading = true;
  const seq = ++v.seq;
  api('GET', `/games/${v.board}`)
    .then((state) => showState(v, state, seq))
    .catch((e) => {
      if (view === v) showError(e);
    })
    .finally(() => {
      v.loading = false;
      if (v.again) {
        v.again = false;
        scheduleRefresh(v);
      }
    });
}

/* Renders a state unless the page moved on or a later request was shown. */
function showState(v, state, seq) {
  if (view !== v || seq < v.shown || !state || Number(state.board) !== v.board) return;
  v.shown = seq;
  v.state = state;
  renderGame(v, state);
}

/* ---------- board page: the chat ---------- */

/* GET /api/v1/games/N/chat (its last 50 lines) is read when the board is shown, when the board's
 * stream says a line was written ("chat") and when it reconnects; one request at a time.  Players
 * read and write; a logged-in watcher reads only a public chat (the state's public_chat: challenged
 * with publicchat), so asks for no chat it may not read; a watcher not logged in is not shown the
 * chat.  Every line goes in as textContent. */

function resetChat(v) {
  v.chat = { timer: null, busy: false, again: false, tried: false, key: null };
  $('chat-panel').hidden = true;
  $('chat-form').hidden = true;
  $('chat-list').replaceChildren();
  $('chat-note').textContent = '';
  $('chat-text').value = '';
}

function stopChat(v) {
  if (v.chat) v.chat.timer = null;
}

/* After each state: whether this viewer may write, and the first read (the stream tells the rest). */
function updateChat(v, st) {
  const player = st.viewer_seat != null;
  $('chat-form').hidden = !player;
  if (player) $('chat-panel').hidden = false;
  if (v.chat.tried || (!player && !(session.user && st.public_chat))) return;
  v.chat.tried = true;
  v.chat.timer = true; /* reads follow the stream until the page is left */
  loadChat(v);
}

/* One request in flight; one asked meanwhile (after a send) runs when it is answered. */
function loadChat(v) {
  if (view !== v) return;
  if (v.chat.busy) {
    v.chat.again = true;
    return;
  }
  v.chat.busy = true;
  api('GET', `/games/${v.board}/chat`)
    .then((data) => {
      if (view === v) renderChat(v, (data && data.chat) || []);
    })
    .catch((e) => {
      if (view !== v) return;
      if (e.code === 'NOT_A_PLAYER' || e.code === 'NOT_LOGGED_IN') {
        stopChat(v); /* a watcher of a board whose chat is its players' only */
        $('chat-panel').hidden = true;
      } else {
        $('chat-note').textContent = `The chat cannot be read now: ${e.message}`;
      }
    })
    .finally(() => {
      v.chat.busy = false;
      if (v.chat.again && v.chat.timer) {
        v.chat.again = false;
        loadChat(v);
      }
    });
}

function renderChat(v, lines) {
  const key = lines.map((m) => m.id).join(',');
  $('chat-panel').hidden = false;
  if (v.state && v.state.viewer_seat == null) $('chat-note').textContent = 'You are watching: the players write here.';
  else $('chat-note').textContent = lines.length ? '' : 'No chat yet on this board.';
  if (key === v.chat.key) return;
  v.chat.key = key;
  const list = $('chat-list');
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  list.replaceChildren(...lines.map(chatLine));
  if (atEnd) list.scrollTop = list.scrollHeight;
}

/* One line: who, when, what; all of it text. */
function chatLine(m) {
  const li = el('li');
  li.dataset.id = m.id;
  if (m.from === session.user) li.classList.add('mine');
  const when = new Date(m.created * 1000);
  const time = el('time', 'chat-time', when.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
  time.dateTime = when.toISOString();
  li.append(el('strong', 'chat-from', m.from), ' ', time, ' ', el('span', 'chat-text', m.text));
  return li;
}

function onChatSubmit(ev) {
  ev.preventDefault();
  const v = view;
  const text = $('chat-text').value.trim();
  if (!v || !text) return;
  clearError();
  attempt(async () => {
    await api('POST', `/games/${v.board}/chat`, { text });
    if (view !== v) return;
    $('chat-text').value = '';
    loadChat(v);
  });
}

/* ---------- board page: rendering ---------- */

function renderGame(v, st) {
  const root = $('game-page');
  root.dataset.board = st.board;
  root.dataset.game = st.game;
  root.dataset.moves = st.moves_played;
  setTitle(`${gameName(st.game)} ${st.board}`);
  if (v.turnKey !== `${st.to_move}:${st.moves_played}`) loadTurns();
  v.turnKey = `${st.to_move}:${st.moves_played}`;
  updateChat(v, st);
  renderScoreboard(st);
  $('game-title').textContent = `${gameName(st.game)}, board ${st.board}`;
  $('game-players').textContent = playersText(st);
  $('status').textContent = statusText(st);
  $('result').textContent = st.result == null ? '' : String(st.result);
  $('result-words').textContent = st.result == null ? '' : resultWords(st.result, resultWho(st));
  $('result-line').hidden = st.result == null;
  renderBoard(v, st);
  const movesKey = JSON.stringify(st.moves || []);
  if (movesKey !== v.movesKey) renderMoves(st.moves || []);
  v.movesKey = movesKey;
  /* a waiting game lists the challenger's actions, but the server refuses them until it is accepted */
  renderActions(st.waiting_for ? [] : st.actions || []);
  if (st.over || st.viewer_seat == null) $('resign-confirm').hidden = true;
  renderConsent(st);
  renderOffer(st);
  renderOfferButtons(st);
  renderClock(st);
  renderBackgammon(st);
  renderTurnButton(v, st);
  const rackKey = String(st.game === 'crossword' ? st.rack : '');
  if (rackKey !== v.rackKey) renderCrossword(st);
  v.rackKey = rackKey;
  renderDice(st);
  renderConfirmSetting(st);
  renderZoom(st);
  readableLabels();
  renderBgUndo();
  showTentative(v);
  $('move-help').textContent = MOVE_HELP[st.game] || '';
  /* only a player of a game in progress moves: not before the challenge is accepted */
  $('move-form').hidden = st.viewer_seat == null || !!st.over || !!st.waiting_for;
  $('board-text').textContent = st.text || '';
}

function playersText(st) {
  const colours = seatColours(st);
  return (st.players || []).map((p, i) => (colours[i] ? `${p} (${colours[i]})` : p)).join(' vs ');
}

function statusText(st) {
  if (st.over && st.result == null) return 'The game is over.';
  if (st.over) {
    return `The game is over: ${resultSentence(st.result, resultWho(st))}`;
  }
  if (st.waiting_for) {
    return st.viewer === st.waiting_for ? 'The game begins when you accept the challenge.'
      : `Waiting for ${st.waiting_for} to accept the challenge.`;
  }
  if (!st.to_move) return 'Waiting.';
  const seats = seatColours(st);
  const colour = seats[st.to_move_seat] ? ` (${seats[st.to_move_seat]})` : '';
  if (st.viewer && st.to_move === st.viewer) return `Your turn${colour}.`;
  return `${st.to_move} to move${colour}.`;
}

/* The drawing without what the page's CSP refuses or HTML cannot hold: the
 * XML declaration and any <style> (style.css carries Hex's classes). */
function cleanSvg(svg) {
  return String(svg || '')
    .replace(/<\?xml[\s\S]*?\?>/gi, '')
    .replace(/<!DOCTYPE[^>]*>/gi, '')
    .replace(/<style[\s\S]*?<\/style>/gi, '');
}

function renderBoard(v, st) {
  const board = $('board');
  board.className = GAME_NAMES[st.game] ? `board game-${st.game}` : 'board';
  const side = st.game === 'backgammon' ? bgSide(v, st) : null;
  const key = `${side}:${st.svg}`;
  if (v.svg === key) return;
  v.svg = key;
  v.pickFrom = null;
  board.innerHTML = cleanSvg(st.svg);
  const svg = board.querySelector('svg');
  if (svg) {
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', `${gameName(st.game)} board ${st.board}`);
  }
  if (svg && side != null) bgFromSide(svg, side);
  if (v.square) markPicked(board.querySelector(`[data-square="${CSS.escape(v.square)}"]`));
}

function renderMoves(moves) {
  const items = moves.map((m) => {
    const who = m.colour ? `${m.player} (${m.colour})` : m.player;
    const li = el('li', null, `${who}: ${m.move}`);
    if (Number.isInteger(m.n) && m.n > 0) li.value = m.n;
    return li;
  });
  const list = $('move-list');
  list.replaceChildren(...items);
  list.scrollTop = list.scrollHeight;
}

function renderActions(actions) {
  for (const action of ACTIONS) $(`action-${action}`).hidden = !actions.includes(action);
}

/* The challenge waiting: Accept and Decline for the player it waits for, a line for anyone else. */
function renderConsent(st) {
  const waiting = st.waiting_for && !st.over ? st.waiting_for : null;
  $('consent-bar').hidden = !waiting;
  if (!waiting) return;
  const challenger = (st.players || []).find((p) => p !== waiting) || '';
  const mine = st.viewer === waiting;
  $('consent-text').textContent = mine
    ? `${challenger} challenges you to this game. It begins when you accept; declining ends it.`
    : `Waiting for ${waiting} to accept ${st.viewer === challenger ? 'your' : `${challenger}'s`} challenge.`;
  $('consent-buttons').hidden = !mine;
}

function opponentOf(st) {
  return (st.players || []).find((p, i) => i !== st.viewer_seat) || 'your opponent';
}

/* A draw or takeback offer: Accept and Decline for its addressee, a line for the rest. */
function renderOffer(st) {
  const offer = st.offer && !st.over ? st.offer : null;
  $('offer-bar').hidden = !offer;
  if (!offer) return;
  const kind = offer.kind === 'draw' ? 'draw' : 'takeback';
  let text;
  let answer = false;
  if (st.viewer && offer.by === st.viewer) {
    text = kind === 'draw' ? `You offered a draw; waiting for ${opponentOf(st)}'s answer.`
      : `You asked to take back your last move; waiting for ${opponentOf(st)}'s answer.`;
  } else {
    text = kind === 'draw' ? `${offer.by} offers a draw.` : `${offer.by} asks to take back their last move.`;
    answer = st.viewer_seat != null;
  }
  $('offer-text').textContent = text;
  $('offer-buttons').hidden = !answer;
  $('offer-accept').textContent = kind === 'draw' ? 'Accept the draw' : 'Allow the takeback';
  $('offer-decline').textContent = 'Decline';
}

/* Offer draw, Take back, Rematch: what the viewer may ask now. */
function renderOfferButtons(st) {
  const player = st.viewer != null && st.viewer_seat != null;
  const inPlay = player && !st.over && !st.waiting_for;
  const moves = st.moves || [];
  const last = moves.length ? moves[moves.length - 1] : null;
  const show = {
    draw: inPlay && DRAW_GAMES.includes(st.game) && !st.offer,
    takeback: inPlay && TAKEBACK_GAMES.includes(st.game) && !st.offer && !!last && last.player === st.viewer
      && st.to_move !== st.viewer,
    rematch: player && !!st.over && st.result !== 'Void',
  };
  for (const offer of OFFERS) $(`action-${offer}`).hidden = !show[offer];
}

/* The time left to the player to move; for a challenge not answered, until it ends. */
function renderClock(st) {
  const clock = $('clock');
  const deadline = Number(st && st.deadline);
  if (!st || st.over || !deadline) {
    clock.hidden = true;
    clock.textContent = '';
    return;
  }
  const left = deadline - Date.now() / 1000;
  let text;
  if (st.waiting_for) text = `Unanswered, the challenge ends in ${durationText(left)}.`;
  else if (st.to_move) text = `Clock: ${st.to_move}, ${timeLeftText(left)}${st.reminded ? ' (reminded)' : ''}`;
  else text = '';
  clock.textContent = text;
  clock.hidden = !text;
  clock.classList.toggle('urgent', !!st.reminded && !st.waiting_for);
}

function renderBackgammon(st) {
  const parts = [];
  if (Array.isArray(st.dice) && st.dice.length) parts.push(`Dice: ${st.dice.join(' and ')}`);
  if (st.cube != null) parts.push(`Cube: ${typeof st.cube === 'object' ? JSON.stringify(st.cube) : st.cube}`);
  $('bg-info').textContent = parts.join('. ');
  $('bg-info').hidden = parts.length === 0;
}

function renderCrossword(st) {
  const rack = st.game === 'crossword' ? st.rack : undefined;
  $('xw-tools').hidden = rack == null;
  const tiles = Array.isArray(rack) ? rack : Array.from(rack || '');
  $('rack').replaceChildren(...tiles.map((tile) => {
    const button = el('button', 'tile', tile);
    button.type = 'button';
    button.dataset.tile = tile;
    const value = rackTileValue(st, tile); /* tentative.js */
    if (value != null) button.append(el('small', 'tile-value', String(value)));
    if (tile === '?') button.setAttribute('aria-label', 'blank');
    else if (value != null) button.setAttribute('aria-label', `${tile}, ${value} ${value === 1 ? 'point' : 'points'}`);
    return button;
  }));
}

/* ---------- board page: backgammon from the viewer's side ---------- */

/* The server draws backgammon from White's side (seat 0): White's points 13-24 along the top,
 * 12-1 along the bottom, every data-point numbered for White.  A player sees their own side and
 * numbers; a watcher White's, or Black's after "Turn the board". */
function bgSide(v, st) {
  if (st.viewer_seat != null) return st.viewer_seat;
  return v.watchSide || 0;
}

function svgNumber(node, name) {
  return Number(node.getAttribute(name));
}

/* Black's side: the board and the tray mirrored top to bottom (Black's 13-24 along the top, 12-1
 * along the bottom, Black's checkers bearing off at the bottom right), every point renumbered
 * 25 - n, the legend's Black and White lines exchanged. */
function bgFromSide(svg, side) {
  const u = svgNumber(svg, 'width') / 26;
  markPointLabels(svg);
  if (side !== 1 || !(u > 0)) return;
  const h = 13 * u;
  for (const node of svg.querySelectorAll('*')) {
    if (node.tagName === 'text' && svgNumber(node, 'x') > 15.25 * u) swapLegendLine(node, u);
    else flipY(node, h);
  }
  for (const node of svg.querySelectorAll('[data-point]')) renumber(node, 'data-point');
  for (const node of svg.querySelectorAll('.point-label')) {
    renumber(node, 'data-for');
    node.textContent = node.getAttribute('data-for');
  }
}

/* The numbers drawn beside the points: class point-label, data-for the point they name. */
function markPointLabels(svg) {
  for (const node of svg.querySelectorAll('text[fill="#444"]')) {
    const n = node.textContent.trim();
    if (!/^\d+$/.test(n) || Number(n) < 1 || Number(n) > 24) continue;
    node.classList.add('point-label');
    node.setAttribute('data-for', n);
  }
}

function renumber(node, name) {
  const n = node.getAttribute(name);
  if (/^\d+$/.test(n)) node.setAttribute(name, String(25 - Number(n)));
}

function flipY(node, h) {
  if (node.tagName === 'circle') node.setAttribute('cy', String(h - svgNumber(node, 'cy')));
  else if (node.tagName === 'rect') node.setAttribute('y', String(h - svgNumber(node, 'y') - svgNumber(node, 'height')));
  else if (node.tagName === 'text') node.setAttribute('y', String(h - svgNumber(node, 'y') + 0.7 * svgNumber(node, 'font-size')));
  else if (node.tagName === 'polygon') {
    const points = node.getAttribute('points').trim().split(/\s+/).map((p) => {
      const [x, y] = p.split(',').map(Number);
      return `${x},${h - y}`;
    });
    node.setAttribute('points', points.join(' '));
  }
}

/* The legend beside the board: the line about Black goes down to Black's side, White's up. */
function swapLegendLine(node, u) {
  const y = svgNumber(node, 'y');
  if (Math.abs(y - 1.5 * u) < 0.01 * u) node.setAttribute('y', String(11.5 * u));
  else if (Math.abs(y - 11.5 * u) < 0.01 * u) node.setAttribute('y', String(1.5 * u));
}

/* A watcher's "Turn the board": White's side, then Black's. */
function onTurnBoard() {
  const v = view;
  if (!v || !v.state) return;
  v.watchSide = v.watchSide === 1 ? 0 : 1;
  renderBoard(v, v.state);
  renderTurnButton(v, v.state);
}

function renderTurnButton(v, st) {
  const button = $('bg-turn');
  button.hidden = st.game !== 'backgammon' || st.viewer_seat != null;
  const players = st.players || [];
  const side = v.watchSide || 0;
  button.textContent = `Turn the board (now from ${players[side] || (side ? 'Black' : 'White')}'s side)`;
}

/* ---------- board page: playing ---------- */

/* POSTs to the board; on success fetches the whole new state (the answer
 * holds it without the drawing and the move list) and runs after(); on
 * failure shows the error and leaves the board as it is. */
async function postToBoard(path, body, after) {
  const v = view;
  if (!v || v.busy) return;
  v.busy = true;
  clearError();
  try {
    const data = await api('POST', `/games/${v.board}${path}`, body);
    if (view !== v) return;
    scheduleRefresh(v);
    if (after) after(data);
  } catch (e) {
    if (view === v) showError(e);
  } finally {
    v.busy = false;
  }
}

function playMove(text) {
  const body = { move: text };
  if (view && view.state) body.n = view.state.moves_played + 1;
  postToBoard('/moves', body, () => {
    $('move-text').value = '';
    $('pick-hint').textContent = '';
    if (view) showTentative(view);
    renderBgUndo();
  });
}

/* Accept, Decline (a challenge or an offer), Offer draw, Take back: the bars and buttons they came
 * from may go, so the focus goes to the status line's heading. */
function answerOnBoard(what) {
  postToBoard(`/${what}`, {}, () => {
    $('game-title').focus({ preventScroll: true });
  });
}

function onRematch() {
  postToBoard('/rematch', {}, (data) => {
    if (data && data.board) go(`#/game/${data.board}`);
  });
}

function playAction(action, body) {
  if (action === 'resign') {
    askResign(body || {});
    return;
  }
  postToBoard(`/${action}`, body || {}, () => {
    $('pick-hint').textContent = '';
  });
}

/* Resign asks first, inline beside the buttons: Yes resigns, No (focused, and Escape) keeps playing. */
function askResign(body) {
  if (!view) return;
  view.resignBody = body;
  $('resign-question').textContent = body.kind
    ? `Resign this game (${body.kind})? It ends at once, and your opponent wins.`
    : 'Resign this game? It ends at once, and your opponent wins.';
  $('resign-confirm').hidden = false;
  $('resign-no').focus();
}

function closeResign(refocus) {
  const open = !$('resign-confirm').hidden;
  $('resign-confirm').hidden = true;
  if (open && refocus && !$('action-resign').hidden) $('action-resign').focus();
}

function onResignYes() {
  const body = (view && view.resignBody) || {};
  closeResign(false);
  postToBoard('/resign', body, () => {
    $('move-text').value = '';
    $('game-title').focus({ preventScroll: true });
  });
}

/* The typed move: an action word goes to its own endpoint (so "roll" carries
 * no move number), anything else to /moves. */
function onMoveSubmit(ev) {
  ev.preventDefault();
  const text = $('move-text').value.trim();
  if (!text) {
    showError('Type a move first.');
    $('move-text').focus();
    return;
  }
  const resign = /^resign(?:\s+(single|gammon|backgammon))?$/i.exec(text);
  const action = /^(swap|roll|double|take|drop)$/i.exec(text);
  const clear = () => {
    $('move-text').value = '';
  };
  if (resign) askResign(resign[1] ? { kind: resign[1].toLowerCase() } : {});
  else if (action) postToBoard(`/${action[1].toLowerCase()}`, {}, clear);
  else playMove(text);
}

/* Twixt's holes are small: a click near one counts. */
function nearestHole(ev) {
  const svg = $('board').querySelector('svg');
  const ctm = svg && svg.getScreenCTM();
  if (!ctm) return null;
  const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse());
  let best = null;
  let bestDistance = Infinity;
  for (const hole of svg.querySelectorAll('circle[data-move]')) {
    const d = Math.hypot(hole.cx.baseVal.value - p.x, hole.cy.baseVal.value - p.y);
    if (d < bestDistance) {
      best = hole;
      bestDistance = d;
    }
  }
  return best && bestDistance <= 6 * best.r.baseVal.value ? best : null;
}

function onBoardClick(ev) {
  const v = view;
  if (!v || !v.state || v.state.waiting_for) return;
  const game = v.state.game;
  if (game === 'hex' || game === 'twixt') {
    const place = ev.target.closest('[data-move]') || (game === 'twixt' ? nearestHole(ev) : null);
    if (place) clickPlace(v, place); /* tentative.js: played, marked for Confirm, or said taken */
  } else if (game === 'backgammon') {
    const point = ev.target.closest('[data-point]');
    if (point) pickPoint(v, point);
  } else if (game === 'crossword') {
    const square = ev.target.closest('[data-square]');
    if (square) pickSquare(v, square);
  }
}

function markPicked(node) {
  for (const old of $('board').querySelectorAll('.picked')) old.classList.remove('picked');
  if (node) node.classList.add('picked');
}

function appendMoveText(part) {
  const field = $('move-text');
  const text = field.value.trim();
  field.value = text ? `${text} ${part}` : part;
}

/* The drawing is turned to the viewer's side by bgFromSide: its data-point are the viewer's own
 * numbers, the ones a play names. */
function pickPoint(v, node) {
  const point = node.getAttribute('data-point');
  const hint = $('pick-hint');
  if (v.pickFrom === null) {
    v.pickFrom = point;
    markPicked(node);
    hint.textContent = `From ${point}: now click where the checker goes.`;
    return;
  }
  const from = v.pickFrom;
  v.pickFrom = null;
  markPicked(null);
  if (from === point) {
    hint.textContent = '';
    return;
  }
  appendMoveText(`${from}/${point}`);
  hint.textContent = 'Added to the move; press Play when it is complete, or Undo.';
  renderBgUndo();
}

/* "8D" (row, then column) written across ("8D") or down ("D8"). */
function squareCoordinate(square, down) {
  const m = /^(\d+)([A-Za-z]+)$/.exec(square);
  if (!m) return square;
  return down ? m[2].toUpperCase() + m[1] : m[1] + m[2].toUpperCase();
}

/* The word part of a move text that starts with a coordinate. */
function typedWord(text) {
  const m = /^\s*(?:\d+[A-Za-z]+|[A-Za-z]+\d+)(?:\s+(\S*))?\s*$/.exec(text);
  return m ? m[1] || '' : '';
}

/* The square k places after `square` ("8D": row, then column letter) across or down, as the
 * drawing names it. */
function squareAfter(square, k, down) {
  const m = /^(\d+)([A-Za-z])$/.exec(square);
  if (!m) return null;
  if (down) return `${Number(m[1]) + k}${m[2].toUpperCase()}`;
  return `${m[1]}${String.fromCharCode(m[2].toUpperCase().charCodeAt(0) + k)}`;
}

/* The tile on a square of the drawing ("" when empty), null off the board. */
function boardTile(square) {
  const node = square && $('board').querySelector(`[data-square="${CSS.escape(square)}"]`);
  return node ? node.getAttribute('data-tile') || '' : null;
}

/* The word with a "." for each tile on the board where its next letter would go: a word built
 * by clicks may start on, run through and end against tiles already there. */
function throughTiles(v, word) {
  const down = $('xw-down').checked;
  let out = word;
  for (;;) {
    const tile = boardTile(squareAfter(v.square, out.length, down));
    if (!tile) return out;
    out += '.';
  }
}

/* The letters laid from the picked square, a "." for every board tile met before, between and after. */
function layWord(v, letters) {
  let out = throughTiles(v, '');
  for (const letter of letters) out = throughTiles(v, out + letter);
  return out;
}

/* The move field from the picked square, the direction and the letters so far (its dots redone). */
function composeCrossword(v) {
  if (!v || !v.square) return;
  const field = $('move-text');
  const letters = typedWord(field.value).replace(/\./g, '');
  field.value = `${squareCoordinate(v.square, $('xw-down').checked)} ${layWord(v, letters)}`;
  showTentative(v);
}

function pickSquare(v, node) {
  v.square = node.getAttribute('data-square');
  markPicked(node);
  composeCrossword(v);
  $('pick-hint').textContent = `Square ${v.square}: now click your tiles or type the word.`;
}

function onRackClick(ev) {
  const tile = ev.target.closest('[data-tile]');
  if (!tile) return;
  const field = $('move-text');
  if (tile.dataset.tile === '?') {
    $('pick-hint').textContent = 'A blank: type the letter it stands for in lower case.';
    field.focus();
    return;
  }
  if (view && view.square && !/\s\S*$/.test(field.value)) field.value += ' ';
  field.value += tile.dataset.tile;
  if (view && view.square) composeCrossword(view);
  else if (view) showTentative(view);
}

function onClearWord() {
  $('move-text').value = view && view.square ? `${squareCoordinate(view.square, $('xw-down').checked)} ` : '';
  if (view && view.square) composeCrossword(view);
  else if (view) showTentative(view);
}

/* ---------- start ---------- */

function wire() {
  $('login-form').addEventListener('submit', onAccountForm('/login', { user: 'login-user', password: 'login-password' }));
  $('signup-form').addEventListener('submit',
    onAccountForm('/signup', { user: 'signup-user', password: 'signup-password', email: 'signup-email' }));
  $('logout-button').addEventListener('click', onLogout);
  $('games-refresh').addEventListener('click', () => {
    clearError();
    loadGames();
  });
  $('challenge-game').addEventListener('change', updateOptions);
  $('challenge-form').addEventListener('submit', onChallenge);
  $('watch-form').addEventListener('submit', onWatch);
  $('notify-form').addEventListener('submit', onNotifySubmit);
  $('mail-notify').addEventListener('change', updateNotifyHelp);
  $('address-form').addEventListener('submit', onAddressSubmit);
  $('verify-form').addEventListener('submit', onVerifySubmit);
  $('resend-button').addEventListener('click', onResend);
  $('move-form').addEventListener('submit', onMoveSubmit);
  $('chat-form').addEventListener('submit', onChatSubmit);
  document.addEventListener('visibilitychange', onVisible);
  $('board').addEventListener('click', onBoardClick);
  $('rack').addEventListener('click', onRackClick);
  $('xw-across').addEventListener('change', () => composeCrossword(view));
  $('xw-down').addEventListener('change', () => composeCrossword(view));
  $('xw-clear').addEventListener('click', onClearWord);
  for (const action of ACTIONS) $(`action-${action}`).addEventListener('click', () => playAction(action));
  $('action-draw').addEventListener('click', () => answerOnBoard('draw'));
  $('action-takeback').addEventListener('click', () => answerOnBoard('takeback'));
  $('action-rematch').addEventListener('click', onRematch);
  $('bg-turn').addEventListener('click', onTurnBoard);
  $('resign-yes').addEventListener('click', onResignYes);
  $('resign-no').addEventListener('click', () => closeResign(true));
  $('resign-confirm').addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') closeResign(true);
  });
  $('consent-accept').addEventListener('click', () => answerOnBoard('accept'));
  $('consent-decline').addEventListener('click', () => answerOnBoard('decline'));
  $('offer-accept').addEventListener('click', () => answerOnBoard('accept'));
  $('offer-decline').addEventListener('click', () => answerOnBoard('decline'));
  $('challenges-form').addEventListener('submit', onChallengesSubmit);
  $('prefs-challenges').addEventListener('change', updateChallengesHelp);
  $('vacation-form').addEventListener('submit', onVacationSubmit);
  $('vacation-off').addEventListener('click', onVacationOff);
  $('pending-list').addEventListener('click', onPendingClick);
  $('seeks-list').addEventListener('click', onSeekClick);
  $('seek-form').addEventListener('submit', onSeekSubmit);
  $('seeks-refresh').addEventListener('click', () => {
    clearError();
    loadSeeks();
  });
  window.addEventListener('hashchange', route);
  wireTentative();
  wireLive();
  wirePeople();
  wireTournaments();
}

/* Back to a hidden tab: the count of my turns and the board's chat at once, not at the next tick. */
function onVisible() {
  if (document.hidden) return;
  loadTurns();
  if (view && view.chat && view.chat.timer) loadChat(view);
}

function fillDays(select) {
  select.replaceChildren(...DAY_CHOICES.map((d) => {
    const option = el('option', null, d === 1 ? '1 day' : `${d} days`);
    option.value = String(d);
    option.selected = d === DEFAULT_DAYS;
    return option;
  }));
}

async function start() {
  fillDays($('challenge-days'));
  fillDays($('seek-days'));
  $('seek-game').replaceChildren(...Object.entries(GAME_NAMES).map(([value, name]) => {
    const option = el('option', null, name);
    option.value = value;
    return option;
  }));
  wire();
  updateOptions();
  await loadSession();
  route();
  setInterval(() => {
    if (!document.hidden) loadTurns();
  }, TURNS_POLL);
}

start();
