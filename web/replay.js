/* web/replay.js - the board page's replay: the game's record (GET
 * /api/v1/games/N/record, fetched once) read and replayed in the browser by
 * ludex's WebAssembly build (ludex.js, ludex-wasm.js and ludex-wasm.wasm,
 * made by `make js` and served beside this page), then stepped through
 * first / previous / next / last, or with the arrow keys, without asking the
 * server again.  Loaded after app.js, whose helpers ($, cleanSvg, gameName)
 * it uses; the WebAssembly is loaded only when a replay is asked for.  Crossword
 * records (GCG) are not SGF: the panel is hidden for them (style.css). */
'use strict';

const replay = {
  board: null,   /* the board whose record is held */
  ludex: null,   /* the promise of the loaded module */
  coll: null,    /* the record read */
  run: null,     /* its main line replayed */
  at: 0,         /* the position shown: 0 the start, k after move k */
  loading: false,
};

function replayLudex() {
  if (!replay.ludex) {
    replay.ludex = import('/ludex.js').then((m) => m.init()).catch((e) => {
      replay.ludex = null;
      throw e;
    });
  }
  return replay.ludex;
}

function replayBoard() {
  const n = Number($('game-page').dataset.board);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function replaySay(text) {
  $('replay-status').textContent = text;
}

/* Forget the record held (another board is shown, or the page left the board). */
function replayReset() {
  if (replay.run) replay.run.free();
  if (replay.coll) replay.coll.free();
  Object.assign(replay, { board: null, coll: null, run: null, at: 0 });
  $('replay-view').hidden = true;
  $('replay-board').replaceChildren();
  $('replay-open').hidden = false;
  replaySay('');
}

async function replayOpen() {
  const board = replayBoard();
  if (!board || replay.loading) return;
  if (replay.board === board && replay.run) {
    replayShow(replay.at);
    return;
  }
  replayReset();
  replay.loading = true;
  replaySay('Loading the record and ludex...');
  try {
    const [lx, res] = await Promise.all([replayLudex(), fetch(`/api/v1/games/${board}/record`, { credentials: 'same-origin' })]);
    if (!res.ok) throw new Error(`the server answered ${res.status} for the record`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (replayBoard() !== board) return; /* the page moved on meanwhile */
    replayLoad(lx, board, bytes);
  } catch (e) {
    replaySay(`The replay is not available: ${e && e.message ? e.message : e}`);
  } finally {
    replay.loading = false;
  }
}

function replayLoad(lx, board, bytes) {
  const coll = lx.read(bytes);
  if (coll.length === 0 || !coll.tree(0).game) {
    coll.free();
    replaySay('This record cannot be replayed here.');
    return;
  }
  replay.board = board;
  replay.coll = coll;
  replay.run = coll.tree(0).replay();
  $('replay-board').className = `board replay-board game-${coll.tree(0).game}`;
  $('replay-open').hidden = true;
  $('replay-view').hidden = false;
  $('replay-view').dataset.moves = replay.run.length;
  replayShow(0);
}

/* Show position k (clamped to the line): the drawing, and which move it follows. */
function replayShow(k) {
  const run = replay.run;
  if (!run || !run.started) {
    replaySay(run && run.error ? `The record cannot be replayed: ${run.error.message}` : '');
    return;
  }
  const at = Math.max(0, Math.min(run.length, k));
  replay.at = at;
  const pos = run.position(at);
  $('replay-board').innerHTML = cleanSvg(pos.svg());
  const svg = $('replay-board').querySelector('svg');
  if (svg) {
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', `${gameName(pos.game)}: the position after move ${at}`);
  }
  const result = pos.result;
  pos.free();
  $('replay-view').dataset.move = at;
  let text = 'The start: no move yet.';
  if (at > 0) {
    const m = run.move(at);
    text = `Move ${at} of ${run.length}: ${m.player} ${m.values.join(' ')}.`;
  }
  if (at === run.length && run.error) text += ` The record stops here: move ${run.error.move} is refused (${run.error.message}).`;
  else if (at === run.length && result.over) text += ` The game is over: ${result.re || 'a draw'}.`;
  replaySay(text);
  $('replay-first').disabled = $('replay-prev').disabled = at === 0;
  $('replay-next').disabled = $('replay-last').disabled = at === run.length;
}

function replayStep(to) {
  if (replay.run) replayShow(to(replay.at, replay.run.length));
}

function replayKey(ev) {
  const to = { ArrowLeft: (k) => k - 1, ArrowRight: (k) => k + 1, Home: () => 0, End: (k, n) => n }[ev.key];
  if (!to || !replay.run) return;
  ev.preventDefault();
  replayStep(to);
}

function replayWire() {
  $('replay-open').addEventListener('click', replayOpen);
  $('replay-first').addEventListener('click', () => replayStep(() => 0));
  $('replay-prev').addEventListener('click', () => replayStep((k) => k - 1));
  $('replay-next').addEventListener('click', () => replayStep((k) => k + 1));
  $('replay-last').addEventListener('click', () => replayStep((k, n) => n));
  $('replay-view').addEventListener('keydown', replayKey);
  window.addEventListener('hashchange', () => {
    if (replay.board !== null && replayBoard() !== replay.board) replayReset();
  });
}

replayWire();
