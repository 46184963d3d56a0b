/* web/tentative.js - a move seen before it is sent, and boards readable on a phone.
 *
 * - Crossword: the letters of the word being built stand on the board as tentative tiles (the
 *   move field is the one truth: clicks and typing both rebuild them), the rack's tiles it uses
 *   are greyed and disabled, and a running score comes from the server
 *   (GET /api/v1/games/N/preview?move=..., scored from the player's own rack, not played).
 * - Hex and Twixt: with "Confirm moves" on (on by default on touch screens, kept in this
 *   browser) a click marks the cell and Confirm plays it.  A click on a cell already taken says so.
 * - Backgammon: the checkers move on the drawing as the play is built (clicked or typed), Undo
 *   takes its last part off; the dice drawn as dice.
 * - Backgammon's point numbers and legend are drawn at 12 px at least whatever the board's width
 *   (a narrow screen shows the board without its legend);
 *   Hex boards over 11x11 get a Zoom button (the board then scrolls in its frame).
 * Loaded before app.js, whose helpers (el, $, api, view) it calls. */
'use strict';

const SVG_NS = 'http://www.w3.org/2000/svg';
const PREVIEW_DELAY = 150; /* ms after the last change of the word before its score is asked */
const MIN_LABEL_PX = 12;

/* ---------- crossword: the word on the board ---------- */

/* The letters of the move field laid from its square: [{square, letter}] for the tiles not yet on the board. */
function tentativeTiles(v) {
  const text = $('move-text').value.trim();
  const m = /^(\d+)([A-Za-z])\s+(\S+)$/.exec(text) || /^([A-Za-z])(\d+)\s+(\S+)$/.exec(text);
  if (!m) return [];
  const down = /^[A-Za-z]/.test(text);
  const start = down ? `${m[2]}${m[1].toUpperCase()}` : `${m[1]}${m[2].toUpperCase()}`;
  const out = [];
  Array.from(m[3]).forEach((letter, k) => {
    if (letter === '.') return;
    const square = squareAfter(start, k, down);
    if (square) out.push({ square, letter });
  });
  return out;
}

/* Draws the tentative tiles over their squares; greys the rack tiles they use; asks their score. */
function showTentative(v) {
  const board = $('board');
  for (const old of board.querySelectorAll('.tentative')) old.remove();
  const tiles = v && v.state && v.state.game === 'crossword' && v.state.viewer_seat != null ? tentativeTiles(v) : [];
  const svg = board.querySelector('svg');
  for (const t of tiles) {
    const rect = svg && svg.querySelector(`[data-square="${CSS.escape(t.square)}"]`);
    if (!rect || rect.getAttribute('data-tile')) continue;
    const x = Number(rect.getAttribute('x'));
    const y = Number(rect.getAttribute('y'));
    const s = Number(rect.getAttribute('width'));
    const g = document.createElementNS(SVG_NS, 'g');
    g.setAttribute('class', 'tentative');
    g.setAttribute('data-for', t.square);
    const face = document.createElementNS(SVG_NS, 'rect');
    for (const [k, val] of [['x', x + 1], ['y', y + 1], ['width', s - 2], ['height', s - 2], ['rx', 3]]) face.setAttribute(k, val);
    const letter = document.createElementNS(SVG_NS, 'text');
    for (const [k, val] of [['x', x + s / 2], ['y', y + s * 0.7], ['font-size', s * 0.6], ['text-anchor', 'middle']]) letter.setAttribute(k, val);
    letter.textContent = t.letter;
    g.append(face, letter);
    svg.append(g);
  }
  markRackUsed(tiles.map((t) => t.letter));
  schedulePreview(v, tiles.length);
}

/* A blank is written lower case: it uses the rack's "?". */
function markRackUsed(letters) {
  const want = letters.map((l) => (l === l.toLowerCase() && l !== l.toUpperCase() ? '?' : l.toUpperCase()));
  for (const tile of $('rack').querySelectorAll('.tile')) {
    const i = want.indexOf(tile.dataset.tile);
    const used = i >= 0;
    if (used) want.splice(i, 1);
    tile.classList.toggle('used', used);
    tile.disabled = used;
  }
}

function schedulePreview(v, count) {
  const out = $('xw-preview');
  if (!v || !v.preview) return;
  clearTimeout(v.preview.timer);
  if (!count) {
    out.textContent = '';
    return;
  }
  const move = $('move-text').value.trim();
  v.preview.timer = setTimeout(() => askPreview(v, move), PREVIEW_DELAY);
}

async function askPreview(v, move) {
  const seq = ++v.preview.seq;
  const out = $('xw-preview');
  try {
    const r = await api('GET', `/games/${v.board}/preview?move=${encodeURIComponent(move)}`);
    if (view !== v || seq !== v.preview.seq) return;
    out.className = r.legal ? 'preview' : 'preview refused';
    out.dataset.score = r.legal ? String(r.score) : '';
    out.textContent = r.legal ? `Scores ${r.score}${r.bingo ? ' with the bingo' : ''}: ${(r.words || []).join(', ')}`
      : `Not a play yet: ${r.error ? r.error.message : 'refused'}`;
  } catch (e) {
    if (view !== v || seq !== v.preview.seq) return;
    out.className = 'preview refused';
    out.textContent = `Not a play yet: ${e.message}`;
  }
}

/* A rack tile's value in the game's distribution (the state's tile_values), null when unknown. */
function rackTileValue(st, tile) {
  const values = st.tile_values || {};
  const v = Object.prototype.hasOwnProperty.call(values, tile) ? values[tile] : null;
  return Number.isInteger(v) ? v : null;
}

/* ---------- Hex and Twixt: confirm before playing ---------- */

const CONFIRM_KEY = 'ludex.confirmMoves';

function confirmMovesOn() {
  const kept = localStorage.getItem(CONFIRM_KEY);
  if (kept === '1' || kept === '0') return kept === '1';
  return !!(window.matchMedia && matchMedia('(pointer: coarse)').matches);
}

function onConfirmSetting() {
  localStorage.setItem(CONFIRM_KEY, $('confirm-moves').checked ? '1' : '0');
  cancelTentativeCell();
}

/* A click on a place of Hex or Twixt: taken, said; else played, or marked for Confirm. */
function clickPlace(v, place) {
  if (place.hasAttribute('data-stone') || place.hasAttribute('data-peg')) {
    $('pick-hint').textContent = `${place.getAttribute('data-move')} is taken: choose an empty ${v.state.game === 'hex' ? 'cell' : 'hole'}.`;
    return;
  }
  const move = place.getAttribute('data-move');
  if (!confirmMovesOn()) {
    playMove(move);
    return;
  }
  for (const old of $('board').querySelectorAll('.tentative-place')) old.classList.remove('tentative-place');
  place.classList.add('tentative-place');
  v.tentative = move;
  $('confirm-text').textContent = `Play ${move}?`;
  $('confirm-bar').hidden = false;
  $('confirm-yes').focus({ preventScroll: true });
}

function cancelTentativeCell() {
  if (view) view.tentative = null;
  for (const old of $('board').querySelectorAll('.tentative-place')) old.classList.remove('tentative-place');
  $('confirm-bar').hidden = true;
}

function onConfirmYes() {
  const move = view && view.tentative;
  cancelTentativeCell();
  if (move) playMove(move);
}

/* The setting shown for Hex and Twixt players, with its state. */
function renderConfirmSetting(st) {
  const applies = (st.game === 'hex' || st.game === 'twixt') && st.viewer_seat != null && !st.over;
  $('confirm-setting').hidden = !applies;
  $('confirm-moves').checked = confirmMovesOn();
  if (!applies) $('confirm-bar').hidden = true;
}

/* ---------- backgammon: dice, undo ---------- */

const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

function dieSvg(n) {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 40 40');
  svg.setAttribute('class', 'die');
  svg.setAttribute('data-value', String(n));
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `a ${n}`);
  const face = document.createElementNS(SVG_NS, 'rect');
  for (const [k, val] of [['x', 1], ['y', 1], ['width', 38], ['height', 38], ['rx', 7]]) face.setAttribute(k, val);
  svg.append(face);
  for (const [cx, cy] of PIPS[n] || []) {
    const pip = document.createElementNS(SVG_NS, 'circle');
    pip.setAttribute('cx', String(cx * 10));
    pip.setAttribute('cy', String(cy * 10));
    pip.setAttribute('r', '4');
    svg.append(pip);
  }
  return svg;
}

function renderDice(st) {
  const box = $('bg-dice');
  const dice = st.game === 'backgammon' && Array.isArray(st.dice) ? st.dice : [];
  box.replaceChildren(...dice.map(dieSvg));
  box.hidden = dice.length === 0;
}

/* Undo: the last "from/to" of the play being built comes off the move field. */
function onBgUndo() {
  const field = $('move-text');
  const parts = field.value.trim().split(/\s+/).filter(Boolean);
  parts.pop();
  field.value = parts.join(' ');
  if (view) view.pickFrom = null;
  markPicked(null);
  renderBgUndo();
  bgTentative(view);
  $('pick-hint').textContent = parts.length ? 'The last move of the checker is undone.' : '';
}

function renderBgUndo() {
  const st = view && view.state;
  $('bg-undo').hidden = !(st && st.game === 'backgammon' && $('move-text').value.trim());
  if (view) bgTentative(view);
}

/* ---------- backgammon: the checkers move as the play is built ---------- */

/* The play's parts as [from, to] ("8/5 6/5", "bar/22*", "6/2(2)"; "24/18/13" is not split). */
function bgParts(text) {
  const out = [];
  for (const part of String(text).trim().split(/\s+/)) {
    const m = /^(bar|\d+)\/(off|\d+)\*?(?:\((\d)\))?$/i.exec(part);
    if (!m) continue;
    for (let k = 0; k < Number(m[3] || 1); k++) out.push([m[1].toLowerCase(), m[2].toLowerCase()]);
  }
  return out;
}

/* The checkers standing on a point's (or the bar's) box, of one fill when given. */
function checkersIn(svg, box, fill) {
  return Array.from(svg.querySelectorAll('circle')).filter((c) => {
    if (c.getAttribute('visibility') === 'hidden' || (fill && c.getAttribute('fill') !== fill)) return false;
    const x = Number(c.getAttribute('cx'));
    const y = Number(c.getAttribute('cy'));
    return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
  });
}

/* One checker of the mover's (fill) from a point to another: the outermost of the stack goes on top
 * of the other one (a lone checker of the other colour there is hit: hidden); borne off, hidden. */
function moveChecker(svg, u, fill, from, to) {
  const fromNode = svg.querySelector(`[data-point="${from}"]`);
  const toNode = svg.querySelector(`[data-point="${to}"]`);
  if (!fromNode || !toNode) return;
  const fromBox = fromNode.getBBox();
  const top = (b) => b.y + b.height / 2 < 6.5 * u;
  const stack = checkersIn(svg, fromBox, fill);
  if (!stack.length) return;
  const outward = top(fromBox) ? 1 : -1;
  const checker = stack.reduce((a, c) => (Number(c.getAttribute('cy')) * outward > Number(a.getAttribute('cy')) * outward ? c : a));
  checker.classList.add('tentative-checker');
  if (to === 'off') {
    checker.setAttribute('visibility', 'hidden');
    return;
  }
  const toBox = toNode.getBBox();
  const there = checkersIn(svg, toBox);
  const hit = there.filter((c) => c.getAttribute('fill') !== fill);
  if (hit.length === 1 && there.length === 1) hit[0].setAttribute('visibility', 'hidden');
  const r = checkersIn(svg, toBox).length;
  checker.setAttribute('cx', String(toBox.x + toBox.width / 2));
  checker.setAttribute('cy', String(top(toBox) ? u * (1.5 + Math.min(r, 4)) : u * (11.5 - Math.min(r, 4))));
}

/* The drawing shows the play being built: drawn again from the state, then each part moved.  A
 * drawing that already shows these parts is left alone. */
function bgTentative(v) {
  const st = v && v.state;
  const svg0 = $('board').querySelector('svg');
  if (!st || st.game !== 'backgammon' || st.viewer_seat == null || !svg0) return;
  const text = bgParts($('move-text').value).map((p) => p.join('/')).join(' ');
  if ((svg0.dataset.parts || '') === text) return;
  if (svg0.dataset.parts) {
    v.svg = null; /* a fresh drawing from the state */
    const from = v.pickFrom;
    renderBoard(v, st);
    v.pickFrom = from;
  }
  const svg = $('board').querySelector('svg');
  const box = (svg.dataset.viewBox || svg.getAttribute('viewBox') || '').split(/\s+/).map(Number);
  const u = box.length === 4 ? box[2] / 26 : 0;
  const fill = st.viewer_seat === 0 ? '#f5f5f5' : '#222';
  if (u > 0) for (const [from, to] of bgParts(text)) moveChecker(svg, u, fill, from, to);
  svg.dataset.parts = text;
  readableLabels();
}

/* ---------- readable boards ---------- */

/* Every text of a backgammon drawing at MIN_LABEL_PX at least on the screen, whatever its width.
 * The drawing is 26 points wide, the board 15 of them and the legend (pips, position ID) the rest:
 * on a narrow screen the board alone is shown (the scoreboard has the pips), so that it is drawn
 * large enough for its numbers. */
const BG_BOARD_UNITS = 15.25; /* of the drawing's 26: the board and its tray, the legend after */
const BG_NARROW_PX = 480; /* the board's width under which the legend is left out */

function readableLabels() {
  const svg = $('board').querySelector('svg');
  if (!svg || !view || !view.state || view.state.game !== 'backgammon') return;
  if (!svg.dataset.viewBox) svg.dataset.viewBox = svg.getAttribute('viewBox') || '';
  const whole = svg.dataset.viewBox.split(/\s+/).map(Number);
  if (whole.length === 4 && whole[2] > 0) {
    const narrow = $('board').getBoundingClientRect().width < BG_NARROW_PX;
    const width = narrow ? (whole[2] / 26) * BG_BOARD_UNITS : whole[2];
    svg.setAttribute('viewBox', `${whole[0]} ${whole[1]} ${width} ${whole[3]}`);
    svg.setAttribute('width', String(width)); /* its ratio sizes the drawing (height: auto) */
    svg.setAttribute('height', String(whole[3]));
  }
  const box = svg.viewBox && svg.viewBox.baseVal;
  const shown = svg.getBoundingClientRect().width;
  if (!box || !box.width || !shown) return;
  const scale = shown / box.width;
  for (const t of svg.querySelectorAll('text')) {
    if (!t.dataset.size) t.dataset.size = t.getAttribute('font-size') || '10';
    const own = Number(t.dataset.size);
    t.setAttribute('font-size', String(Math.max(own, MIN_LABEL_PX / scale)));
  }
}

/* Hex boards over 11x11: the Zoom button. */
function renderZoom(st) {
  const cells = $('board').querySelectorAll('[data-move]').length;
  const big = st.game === 'hex' && cells > 121;
  $('board-zoom').hidden = !big;
  if (!big) $('board').classList.remove('zoomed');
  $('board-zoom').textContent = $('board').classList.contains('zoomed') ? 'Zoom out' : 'Zoom in';
}

function onZoom() {
  $('board').classList.toggle('zoomed');
  if (view && view.state) renderZoom(view.state);
}

function wireTentative() {
  $('confirm-moves').addEventListener('change', onConfirmSetting);
  $('confirm-yes').addEventListener('click', onConfirmYes);
  $('confirm-no').addEventListener('click', cancelTentativeCell);
  $('bg-undo').addEventListener('click', onBgUndo);
  $('board-zoom').addEventListener('click', onZoom);
  $('move-text').addEventListener('input', () => {
    if (view && view.state && view.state.game === 'crossword') showTentative(view);
    renderBgUndo();
    bgTentative(view);
  });
  if (window.ResizeObserver) new ResizeObserver(() => readableLabels()).observe($('board'));
  else window.addEventListener('resize', readableLabels);
}
