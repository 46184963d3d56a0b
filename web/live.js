/* web/live.js - the logged-in player's live stream, turn alerts and private messages.
 *
 * GET /api/v1/events is the player's lobby stream (Server-Sent Events): "games" when a game of
 * theirs began or changed (a challenge, an answer, a move), "message" when a message or a chat
 * line was sent to or by them.  The lobby then reads its lists again, the tab's title its count
 * of turns, the messages panel the unread messages; nothing polls but a slow fallback (a server
 * on a shared database tells only its own changes).  A board's chat lines come on the board's
 * own stream ("chat", app.js).
 *
 * Turn alerts (off by default, kept in this browser): when a board joins the list of games where
 * it is my turn, a line in the lobby's alert log, a short tone and, when the browser allows it,
 * a notification.  Loaded before app.js, whose helpers it calls. */
'use strict';

const ALERTS_KEY = 'ludex.turnAlerts';
const MESSAGES_KEPT = 50;
const live = { events: null, user: null, turnBoards: null, messages: [], loading: false, again: false };

function openLobbyStream() {
  if (!window.EventSource || !session.user) {
    closeLobbyStream();
    return;
  }
  if (live.events && live.user === session.user) return;
  closeLobbyStream();
  live.user = session.user;
  const events = new EventSource('/api/v1/events');
  events.addEventListener('games', onLobbyChange);
  events.addEventListener('message', onMessageEvent);
  events.addEventListener('open', () => {
    onLobbyChange();
    loadMessages();
  });
  live.events = events;
}

function closeLobbyStream() {
  if (live.events) live.events.close();
  live.events = null;
  live.user = null;
  live.turnBoards = null;
  live.messages = [];
  renderMessages();
}

function onLobbyChange() {
  loadTurns();
  if (!$('lobby-page').hidden && session.user) loadGames();
}

function onMessageEvent(ev) {
  let data = {};
  try {
    data = JSON.parse(ev.data);
  } catch (e) {
    data = {};
  }
  if (data.board != null && view && view.board === Number(data.board)) return; /* the board's own stream tells it */
  loadMessages();
}

/* ---------- turn alerts ---------- */

function turnAlertsOn() {
  return localStorage.getItem(ALERTS_KEY) === '1';
}

/* The boards where it is my turn, from loadTurns: a board new to the list is an alert. */
function noticeTurns(games) {
  const boards = new Set(games.map((g) => g.board));
  const before = live.turnBoards;
  live.turnBoards = boards;
  if (!before || !turnAlertsOn()) return;
  for (const g of games) if (!before.has(g.board)) alertTurn(g);
}

function alertTurn(g) {
  const others = (g.players || []).filter((p) => p !== session.user).join(', ');
  const text = `Your turn: ${gameName(g.game)}, board ${g.board}${others ? ` against ${others}` : ''}.`;
  const item = el('li');
  const link = el('a', null, text);
  link.href = `#/game/${g.board}`;
  const when = el('time', 'chat-time', new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
  item.append(when, ' ', link);
  const log = $('alert-log');
  log.prepend(item);
  while (log.children.length > 10) log.lastChild.remove();
  $('alerts-card').hidden = false;
  beep();
  if (window.Notification && Notification.permission === 'granted') {
    try {
      new Notification('ludexd', { body: text, tag: `turn-${g.board}` });
    } catch (e) {
      /* a browser that shows notifications only from a service worker: the log and the tone remain */
    }
  }
}

/* A short tone (Web Audio): nothing when the browser refuses sound before a click. */
function beep() {
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    live.audio = live.audio || new Ctx();
    const osc = live.audio.createOscillator();
    const gain = live.audio.createGain();
    gain.gain.value = 0.08;
    osc.frequency.value = 660;
    osc.connect(gain).connect(live.audio.destination);
    osc.start();
    osc.stop(live.audio.currentTime + 0.15);
  } catch (e) {
    /* no sound */
  }
}

function onAlertsSetting() {
  const on = $('alerts-on').checked;
  localStorage.setItem(ALERTS_KEY, on ? '1' : '0');
  $('alerts-status').textContent = on ? 'Alerts are on in this browser.' : 'Alerts are off.';
  if (on && window.Notification && Notification.permission === 'default') {
    Notification.requestPermission().catch(() => {});
  }
}

/* ---------- private messages ---------- */

/* GET /messages answers the unread ones and marks them read: they are kept here for the panel. */
function loadMessages() {
  if (!session.user) return;
  if (live.loading) {
    live.again = true;
    return;
  }
  live.loading = true;
  api('GET', '/messages')
    .then((data) => {
      for (const m of (data && data.messages) || []) live.messages.push({ ...m, to: session.user });
      live.messages = live.messages.slice(-MESSAGES_KEPT);
      renderMessages();
    })
    .catch(() => {}) /* the next event asks again */
    .finally(() => {
      live.loading = false;
      if (live.again) {
        live.again = false;
        loadMessages();
      }
    });
}

function renderMessages() {
  const list = $('pm-list');
  if (!list) return;
  list.replaceChildren(...live.messages.map((m) => {
    const li = el('li');
    if (m.id != null) li.dataset.id = m.id;
    const when = new Date(m.created * 1000);
    const time = el('time', 'chat-time', when.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
    time.dateTime = when.toISOString();
    const who = m.from === session.user ? `to ${m.to}` : m.from;
    li.append(el('strong', 'chat-from', who), ' ', time, ' ');
    if (m.board != null) {
      const link = el('a', null, `on board ${m.board}`);
      link.href = `#/game/${m.board}`;
      li.append(link, ': ');
    }
    li.append(el('span', 'chat-text', m.text));
    if (m.from === session.user) li.classList.add('mine');
    return li;
  }));
  $('pm-empty').hidden = live.messages.length > 0;
}

function onMessageSubmit(ev) {
  ev.preventDefault();
  const to = $('pm-to').value.trim();
  const text = $('pm-text').value.trim();
  if (!to || !text) return;
  clearError();
  attempt(async () => {
    await api('POST', '/messages', { to, text });
    live.messages.push({ from: session.user, to, text, board: null, created: Date.now() / 1000 });
    live.messages = live.messages.slice(-MESSAGES_KEPT);
    $('pm-text').value = '';
    renderMessages();
  });
}

function showLivePanels() {
  const member = !!session.user;
  $('messages-card').hidden = !member;
  $('alerts-card').hidden = !member;
  $('alerts-on').checked = turnAlertsOn();
  renderMessages();
}

function wireLive() {
  $('alerts-on').addEventListener('change', onAlertsSetting);
  $('pm-form').addEventListener('submit', onMessageSubmit);
}
