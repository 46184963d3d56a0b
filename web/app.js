/* web/app.js - the ludexd web page, written against doc/http-api.md.
 *
 * Hash routes: #/ the lobby (my mail settings, my games, a challenge form,
 * watching a board), #/login (log in and sign up), #/game/N a board with its
 * moves, kept live by Server-Sent Events.  Moves are played by clicking the
 * server's SVG drawing (its data-move, data-point and data-square attributes)
 * or by typing them in the server's syntax.  No framework, no build step;
 * every user string goes into the page as textContent, the one innerHTML is
 * the server's SVG. */
'use strict';

const $ = (id) => document.getElementById(id);

const GAME_NAMES = { twixt: 'Twixt', hex: 'Hex', backgammon: 'Backgammon', crossword: 'Crossword' };
const ACTIONS = ['swap', 'resign', 'roll', 'double', 'take', 'drop'];
const PAGES = ['login-page', 'lobby-page', 'game-page'];
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
  if (method === 'POST' && path !== '/signup' && path !== '/login' && session.csrf)
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
  const hash = location.hash || '#/';
  const game = /^#\/game\/(\d+)$/.exec(hash);
  if (game) enterGame(Number(game[1]));
  else if (hash === '#/login') showPage('login-page', 'Log in');
  else showLobby();
}

function showPage(id, title) {
  for (const page of PAGES) $(page).hidden = page !== id;
  document.title = `${title} - ludexd`;
  const heading = $(id).querySelector('.page-title');
  if (heading) heading.focus({ preventScroll: true });
}

/* ---------- lobby ---------- */

/* The lobby's list is fetched again every 20 s while it is shown, so a new
 * challenge or an opponent's move appears without a click. */
let lobbyTimer = null;

function showLobby() {
  showPage('lobby-page', 'Lobby');
  $('lobby-anon').hidden = !!session.user;
  $('lobby-member').hidden = !session.user;
  $('mail-status').textContent = '';
  if (session.mail) renderMail(session.mail);
  else $('mail-panel').hidden = true;
  if (session.user) loadMail();
  if (session.user) loadGames();
  if (session.user && !lobbyTimer) lobbyTimer = setInterval(() => {
    if (!$('lobby-page').hidden && session.user) loadGames();
  }, 20000);
}

function loadGames() {
  return attempt(async () => {
    const data = await api('GET', '/games?filter=all');
    renderGames((data && data.games) || []);
  });
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
async function postMail(body, said) {
  if (mailBusy) return;
  mailBusy = true;
  clearError();
  $('mail-status').textContent = '';
  const seq = ++mailSeq;
  try {
    const me = await api('POST', '/me', body);
    if (seq === mailSeq) renderMail(me);
    $('mail-status').textContent = said(me);
  } catch (e) {
    showError(e, e instanceof ApiError ? MAIL_ERRORS[e.code] : undefined);
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

function renderGames(games) {
  $('games-list').replaceChildren(...games.map(gameItem));
  $('games-empty').hidden = games.length > 0;
}

function gameItem(summary) {
  const li = el('li');
  li.dataset.board = summary.board;
  const players = (summary.players || []).join(' vs ');
  const link = el('a', null, `Board ${summary.board}: ${gameName(summary.game)}, ${players}`);
  link.href = `#/game/${summary.board}`;
  const mine = summary.result == null && summary.to_move != null && summary.to_move === session.user;
  if (mine) li.classList.add('your-turn');
  li.append(link, ' ', el('span', mine ? 'badge' : 'note', summaryStatus(summary, mine)));
  return li;
}

function summaryStatus(summary, mine) {
  if (summary.result != null) return `finished: ${summary.result}`;
  if (mine) return 'your turn';
  if (summary.to_move) return `${summary.to_move} to move`;
  return `${summary.moves} moves`;
}

function optionApplies(group, game) {
  return group.dataset.games.split(' ').includes(game);
}

function updateOptions() {
  const game = $('challenge-game').value;
  for (const group of document.querySelectorAll('#challenge-options [data-games]'))
    group.hidden = !optionApplies(group, game);
  $('opt-size').placeholder = game === 'hex' ? '11' : '24';
}

/* The options of the selected game that are set: {"size":"11","noswap":true}. */
function challengeOptions() {
  const game = $('challenge-game').value;
  const options = {};
  for (const group of document.querySelectorAll('#challenge-options [data-games]')) {
    if (!optionApplies(group, game)) continue;
    for (const input of group.querySelectorAll('input, select')) {
      const name = input.id.replace(/^opt-/, '');
      if (input.type === 'checkbox') {
        if (input.checked) options[name] = true;
      } else if (input.value.trim() !== '') {
        options[name] = input.value.trim();
      }
    }
  }
  return options;
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
  attempt(async () => {
    const data = await api('POST', '/games', body);
    go(`#/game/${data.board}`);
  });
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
    busy: false, pickFrom: null, square: null };
  showPage('game-page', `Board ${board}`);
  $('game-title').textContent = `Board ${board}`;
  $('status').textContent = 'Loading...';
  for (const id of ['game-players', 'result', 'bg-info', 'move-help', 'pick-hint', 'board-text']) $(id).textContent = '';
  $('result-line').hidden = true;
  $('bg-info').hidden = true;
  $('xw-tools').hidden = true;
  $('board').replaceChildren();
  $('move-list').replaceChildren();
  $('rack').replaceChildren();
  $('move-text').value = '';
  renderActions([]);
  $('record-link').href = `/api/v1/games/${board}/record`;
  scheduleRefresh(view);
  openEvents(view);
}

function leaveGame() {
  if (view && view.events) view.events.close();
  view = null;
  $('game-page').removeAttribute('data-board');
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

/* ---------- board page: rendering ---------- */

function renderGame(v, st) {
  const root = $('game-page');
  root.dataset.board = st.board;
  root.dataset.moves = st.moves_played;
  document.title = `${gameName(st.game)} ${st.board} - ludexd`;
  $('game-title').textContent = `${gameName(st.game)}, board ${st.board}`;
  $('game-players').textContent = playersText(st);
  $('status').textContent = statusText(st);
  $('result').textContent = st.result == null ? '' : String(st.result);
  $('result-line').hidden = st.result == null;
  renderBoard(v, st);
  renderMoves(st.moves || []);
  renderActions(st.actions || []);
  renderBackgammon(st);
  renderCrossword(st);
  $('move-help').textContent = MOVE_HELP[st.game] || '';
  $('move-form').hidden = st.viewer_seat == null || !!st.over; /* only a player of a game in progress moves */
  $('board-text').textContent = st.text || '';
}

function playersText(st) {
  const colours = st.colours || [];
  return (st.players || []).map((p, i) => (colours[i] ? `${p} (${colours[i]})` : p)).join(' vs ');
}

function statusText(st) {
  if (st.over) return st.result == null ? 'The game is over.' : `The game is over: ${st.result}`;
  if (!st.to_move) return 'Waiting.';
  const colour = st.colours && st.to_move_seat != null ? ` (${st.colours[st.to_move_seat]})` : '';
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
  if (v.svg === st.svg) return;
  v.svg = st.svg;
  v.pickFrom = null;
  board.innerHTML = cleanSvg(st.svg);
  const svg = board.querySelector('svg');
  if (svg) {
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', `${gameName(st.game)} board ${st.board}`);
  }
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
    if (tile === '?') button.setAttribute('aria-label', 'blank');
    return button;
  }));
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
    await api('POST', `/games/${v.board}${path}`, body);
    if (view !== v) return;
    scheduleRefresh(v);
    if (after) after();
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
  });
}

function playAction(action, body) {
  postToBoard(`/${action}`, body || {}, () => {
    $('pick-hint').textContent = '';
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
  if (resign) postToBoard('/resign', resign[1] ? { kind: resign[1].toLowerCase() } : {}, clear);
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
  if (!v || !v.state) return;
  const game = v.state.game;
  if (game === 'hex' || game === 'twixt') {
    const place = ev.target.closest('[data-move]') || (game === 'twixt' ? nearestHole(ev) : null);
    if (place && !place.hasAttribute('data-stone') && !place.hasAttribute('data-peg'))
      playMove(place.getAttribute('data-move'));
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

/* The drawing numbers points from White's side; a play names the mover's
 * own points, so the second seat (Black) counts 25 - n. */
function moverPoint(st, point) {
  if (!/^\d+$/.test(point)) return point;
  const seat = st.viewer_seat != null ? st.viewer_seat : st.to_move_seat;
  return seat === 1 ? String(25 - Number(point)) : point;
}

function pickPoint(v, node) {
  const point = moverPoint(v.state, node.getAttribute('data-point'));
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
  hint.textContent = 'Added to the move; press Play when it is complete.';
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

function composeCrossword(v) {
  if (!v || !v.square) return;
  const field = $('move-text');
  field.value = `${squareCoordinate(v.square, $('xw-down').checked)} ${typedWord(field.value)}`;
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
  field.value += tile.dataset.tile;
}

function onClearWord() {
  $('move-text').value = view && view.square ? `${squareCoordinate(view.square, $('xw-down').checked)} ` : '';
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
  $('board').addEventListener('click', onBoardClick);
  $('rack').addEventListener('click', onRackClick);
  $('xw-across').addEventListener('change', () => composeCrossword(view));
  $('xw-down').addEventListener('change', () => composeCrossword(view));
  $('xw-clear').addEventListener('click', onClearWord);
  for (const action of ACTIONS) $(`action-${action}`).addEventListener('click', () => playAction(action));
  window.addEventListener('hashchange', route);
}

async function start() {
  wire();
  updateOptions();
  await loadSession();
  route();
}

start();
