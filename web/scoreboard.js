/* web/scoreboard.js - the bar at the top of every board: both players with their colour or seat,
 * their scores (crossword points, the bag and the tiles the viewer cannot see; backgammon pips
 * and the match score), both clocks (the time left to the player to move, the time a move for the
 * other), and what waits (an offer, a challenge not yet accepted).
 *
 * Everything comes from the board's state (GET /api/v1/games/N: "scoreboard", "options",
 * "deadline", "offer", "waiting_for"); the clock is drawn again by the board page's poll.  Names
 * go in as textContent.  Loaded before app.js, whose helpers (el, seatColours, spanText,
 * durationText) it calls when a board is drawn. */
'use strict';

const SEAT_WORDS = { B: 'Black', W: 'White', 1: 'first', 2: 'second' };

/* "Black", "White"; a crossword's "plays first"; backgammon's seat 0 plays White. */
function seatLabel(st, colours, i) {
  if (st.game === 'backgammon') return i === 0 ? 'White' : 'Black';
  const c = colours[i];
  if (st.game === 'crossword') return SEAT_WORDS[c] ? `plays ${SEAT_WORDS[c]}` : '';
  return SEAT_WORDS[c] || c || '';
}

/* The time for each move the game was challenged with ("clock=172800+0/172800"), in seconds. */
function moveSeconds(st) {
  const m = /(?:^|\s)clock=(\d+)\+\d+\/\d+/.exec(String(st.options || ''));
  return m ? Number(m[1]) : 7 * 86400;
}

function seatScore(st, i) {
  const b = st.scoreboard || {};
  if (st.game === 'crossword' && Array.isArray(b.score)) return `${b.score[i]} ${Number(b.score[i]) === 1 ? 'point' : 'points'}`;
  if (st.game === 'backgammon' && Array.isArray(b.pips)) {
    const match = Number(b.match) > 0 && Array.isArray(b.score) ? `, ${b.score[i]} of ${b.match}` : '';
    return `${b.pips[i]} pips${match}`;
  }
  return '';
}

/* The seat to move: the time left; the other: the time it gets for its move. */
function seatClock(st, i) {
  if (st.over || st.waiting_for) return '';
  const deadline = Number(st.deadline);
  if (st.to_move_seat === i && deadline) return timeLeftText(deadline - Date.now() / 1000);
  return `${spanText(moveSeconds(st))} a move`;
}

function scoreboardExtra(st) {
  const b = st.scoreboard || {};
  if (st.game === 'crossword' && b.bag != null) {
    const unseen = st.viewer_seat != null ? `${b.unseen} tiles unseen by you` : `${b.unseen} tiles in the bag and racks`;
    return `Bag: ${b.bag} ${Number(b.bag) === 1 ? 'tile' : 'tiles'}; ${unseen}`;
  }
  if (st.game === 'backgammon' && b.pips) {
    const cube = st.cube != null && Number(st.cube) > 1 ? `; cube at ${st.cube}` : '';
    return `${Number(b.match) > 0 ? `Match to ${b.match}` : 'Money game'}${cube}`;
  }
  return '';
}

/* What waits for an answer: "You offered a draw — waiting for bob", "alice offers a draw". */
function scoreboardPending(st) {
  const players = st.players || [];
  if (st.over) return '';
  if (st.waiting_for) {
    return st.viewer === st.waiting_for ? 'The challenge waits for your answer'
      : `Waiting for ${st.waiting_for} to accept the challenge`;
  }
  const offer = st.offer;
  if (!offer) return '';
  const other = players.find((p) => p !== offer.by) || 'the opponent';
  const what = offer.kind === 'draw' ? 'a draw' : 'to take back a move';
  if (st.viewer && offer.by === st.viewer) {
    return offer.kind === 'draw' ? `You offered a draw \u2014 waiting for ${other}`
      : `You asked to take back your move \u2014 waiting for ${other}`;
  }
  return offer.kind === 'draw' ? `${offer.by} offers a draw` : `${offer.by} asks ${what}`;
}

function scoreboardSeat(st, colours, i) {
  const name = (st.players || [])[i] || '';
  const box = el('div', 'sb-seat');
  box.dataset.seat = String(i);
  if (!st.over && !st.waiting_for && st.to_move_seat === i) box.classList.add('to-move');
  const link = el('a', 'sb-name', name);
  link.href = `#/player/${encodeURIComponent(name)}`;
  const colour = seatLabel(st, colours, i);
  box.append(link);
  if (colour) box.append(' ', el('span', `sb-colour sb-${String(colours[i] || i).toLowerCase()}`, colour));
  const score = seatScore(st, i);
  if (score) box.append(' ', el('span', 'sb-score', score));
  const clock = seatClock(st, i);
  if (clock) box.append(' ', el('span', 'sb-clock', clock));
  return box;
}

function renderScoreboard(st) {
  const bar = $('scoreboard');
  if (!st || !st.players) {
    bar.hidden = true;
    return;
  }
  const colours = st.colours ? seatColours(st) : [];
  const extra = scoreboardExtra(st);
  const pending = scoreboardPending(st);
  const parts = [scoreboardSeat(st, colours, 0), ' ', el('span', 'sb-vs', 'vs'), ' ', scoreboardSeat(st, colours, 1)];
  if (extra) parts.push(el('p', 'sb-extra', extra));
  if (pending) parts.push(el('p', 'sb-pending', pending));
  bar.replaceChildren(...parts);
  bar.hidden = false;
}
