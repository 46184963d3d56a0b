/* web/analysis.js - the analysis board: a board of one's own on any Hex or Twixt board page.
 *
 * "Analyse" reads the game's record (GET /api/v1/games/N/record, or a record file opened here)
 * with ludex's WebAssembly build (ludex.js, as the replay does) and opens a local board at the
 * game's position: moves and variations are played by clicking the drawing's places, stepped
 * back and forth, and nothing of them is sent to the server.  The engine (ludex-engine.wasm, the
 * Hex and Twixt search) thinks about the position shown in a Web Worker (analysis-worker.js),
 * so the page stays responsive: the chance to win of the side to move and its most visited
 * moves, updated as it thinks, with stop and continue.  "Save as conditional moves" sends the
 * lines of the analysis (their move, then my answer ...) to PUT /api/v1/games/N/conditional
 * when it is the opponent's turn; "Download" gives the record with the analysis as variations
 * after its last move (SGF).  Loaded after app.js ($, api, cleanSvg, gameName, showError) and
 * replay.js (replayLudex). */
'use strict';

const analysis = {
  board: null,    /* the board analysed (null: a record opened from a file) */
  game: null,     /* "hex" or "twixt" */
  size: [0, 0],   /* cols, rows */
  record: '',     /* the record's SGF text */
  base: [],       /* the game's moves, as SGF values: the engine replays them */
  start: null,    /* the position at the end of the record (a ludex Position) */
  nodes: [],      /* the analysis tree: {move, colour, parent, children}; node 0 the game's position */
  at: 0,          /* the node shown */
  worker: null,
  thinking: false,
  canSave: false, /* the viewer plays this board and it is the opponent's turn */
};

function analysisSay(text) {
  $('analysis-status').textContent = text;
}

function analysisLine(k) { /* the moves from the game's position to node k */
  const line = [];
  for (; k > 0; k = analysis.nodes[k].parent) line.unshift(analysis.nodes[k].move);
  return line;
}

function analysisPosition(k) { /* the position at node k, kept with the node (freed with the tree) */
  const node = analysis.nodes[k];
  if (!node.pos) {
    node.pos = analysis.start.copy();
    for (const m of analysisLine(k)) node.pos.play(m);
  }
  return node.pos;
}

function analysisForget() { /* the tree's positions given back to ludex's memory */
  for (const n of analysis.nodes) if (n.pos) n.pos.free();
  if (analysis.start) analysis.start.free();
  analysis.nodes = [];
  analysis.start = null;
}

async function analysisOpen(bytes) {
  const board = bytes ? null : Number($('game-page').dataset.board) || null;
  analysisSay('Loading the record, ludex and the engine...');
  try {
    const lx = await replayLudex();
    let data = bytes;
    if (!data) {
      const res = await fetch(`/api/v1/games/${board}/record`, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`the server answered ${res.status} for the record`);
      data = new Uint8Array(await res.arrayBuffer());
    }
    analysisLoad(lx, board, data);
    if (board) analysisCanSave(board);
  } catch (e) {
    analysisSay(`The analysis board is not available: ${e && e.message ? e.message : e}`);
  }
}

function analysisLoad(lx, board, bytes) {
  const coll = lx.read(bytes);
  const tree = coll.length ? coll.tree(0) : null;
  if (!tree || (tree.game !== 'hex' && tree.game !== 'twixt')) {
    coll.free();
    throw new Error('the analysis board is for Hex and Twixt records');
  }
  const run = tree.replay();
  const sz = (tree.root.get('SZ') || ['11'])[0].split(':').map(Number);
  analysisForget();
  Object.assign(analysis, {
    board, game: tree.game, size: [sz[0], sz[1] || sz[0]], record: new TextDecoder().decode(bytes),
    base: [], start: run.position(run.length), nodes: [{ move: null, colour: null, parent: -1, children: [] }], at: 0,
  });
  for (let k = 1; k <= run.length; k++) analysis.base.push(run.move(k).values.join(' '));
  run.free();
  coll.free();
  analysisWarm();
  $('analysis-view').hidden = false;
  analysisShow(0);
}

/* A move played and drawn once while the board opens, on a copy: the browser compiles the
 * WebAssembly a first click needs now, not in the middle of the analysis. */
function analysisWarm() {
  const pos = analysis.start.copy();
  try {
    const legal = pos.legalMoves();
    if (legal.length) pos.play(legal[0]);
    pos.svg();
  } catch (e) {
    /* nothing to warm: the position is over */
  } finally {
    pos.free();
  }
}

/* Whether the viewer may save lines: a player of the board, the opponent to move. */
async function analysisCanSave(board) {
  try {
    const st = await api('GET', `/games/${board}`);
    analysis.canSave = !!(st.viewer && st.viewer_seat != null && !st.over && st.to_move && st.to_move !== st.viewer);
  } catch (e) {
    analysis.canSave = false;
  }
  $('analysis-save').disabled = !analysis.canSave;
  $('analysis-save').title = analysis.canSave ? '' : 'Only on your board, while your opponent is to move';
}

function analysisShow(k) {
  analysis.at = k;
  const pos = analysisPosition(k);
  $('analysis-board').className = `board analysis-board game-${analysis.game}`;
  $('analysis-board').innerHTML = cleanSvg(pos.svg());
  const svg = $('analysis-board').querySelector('svg');
  if (svg) svg.setAttribute('aria-label', `${gameName(analysis.game)}: the analysis, ${analysisLine(k).length} moves on`);
  const line = analysisLine(k);
  $('analysis-line').textContent = line.length ? `After the game: ${line.join(' ')}` : 'The game\'s position.';
  $('analysis-view').dataset.depth = line.length;
  $('analysis-back').disabled = k === 0;
  $('analysis-forward').disabled = !analysis.nodes[k].children.length;
  analysisThink(pos.result.over);
}

function analysisThink(over) {
  $('analysis-eval').textContent = over ? 'The game is over here.' : 'The engine is thinking...';
  $('analysis-moves').replaceChildren();
  if (over) {
    if (analysis.worker) analysis.worker.postMessage({ type: 'stop' });
    return;
  }
  if (!analysis.worker) {
    analysis.worker = new Worker('/analysis-worker.js', { type: 'module' });
    analysis.worker.onmessage = analysisHeard;
  }
  analysis.thinking = true;
  $('analysis-stop').textContent = 'Stop';
  analysis.worker.postMessage({
    type: 'position', kind: analysis.game, cols: analysis.size[0], rows: analysis.size[1],
    moves: analysis.base.concat(analysisLine(analysis.at)), budget: 0,
  });
}

function analysisHeard(ev) {
  const m = ev.data;
  if (m.type === 'error') {
    $('analysis-eval').textContent = `The engine stopped: ${m.message}`;
    return;
  }
  if (m.type === 'stopped') {
    analysis.thinking = false;
    $('analysis-stop').textContent = 'Continue';
    return;
  }
  if (m.type !== 'eval' || m.over) return;
  const who = m.to_play === 'B' ? 'Black' : 'White';
  $('analysis-eval').textContent = `${who} to move: ${(100 * m.value).toFixed(1)}% to win, ` +
    `${m.playouts.toLocaleString('en')} playouts`;
  $('analysis-eval').dataset.value = m.value;
  $('analysis-moves').replaceChildren(...m.moves.slice(0, 5).map((c) => {
    const li = document.createElement('li');
    li.textContent = `${c.move}: ${c.visits.toLocaleString('en')} visits, ${(100 * c.value).toFixed(1)}%`;
    li.dataset.move = c.move;
    return li;
  }));
}

/* A click on a place of the drawing: that move from the position shown (a variation when it is new). */
function analysisClick(ev) {
  const place = ev.target.closest('[data-move]');
  if (!place) return;
  const move = place.getAttribute('data-move');
  const here = analysis.nodes[analysis.at];
  const known = here.children.find((c) => analysis.nodes[c].move === move);
  if (known !== undefined) {
    analysisShow(known);
    return;
  }
  const pos = analysisPosition(analysis.at).copy();
  try {
    const colour = pos.toPlay;
    pos.play(move);
    analysis.nodes.push({ move, colour, parent: analysis.at, children: [], pos });
    here.children.push(analysis.nodes.length - 1);
    analysisShow(analysis.nodes.length - 1);
  } catch (e) {
    pos.free();
    analysisSay(`${move}: ${e && e.message ? e.message : e}`);
  }
}

/* Every line of the analysis from the game's position to a leaf, cut to whole pairs. */
function analysisLines() {
  const lines = [];
  analysis.nodes.forEach((n, k) => {
    if (k === 0 || n.children.length) return;
    const line = analysisLine(k);
    if (line.length % 2) line.pop();
    if (line.length) lines.push(line);
  });
  return lines;
}

async function analysisSave() {
  const lines = analysisLines();
  try {
    const got = await api('PUT', `/games/${analysis.board}/conditional`, { lines });
    analysisSay(`Saved as conditional moves: ${got.lines.length} line${got.lines.length === 1 ? '' : 's'} from move ${got.from}.`);
  } catch (e) {
    showError(e);
    analysisSay(`Not saved: ${e && e.message ? e.message : e}`);
  }
}

/* The record with the analysis tree as variations after its last move. */
function analysisSgf() {
  const variation = (k) => {
    let text = '';
    for (;;) {
      const n = analysis.nodes[k];
      if (k > 0) text += `;${n.colour}[${n.move}]`;
      if (n.children.length !== 1) break;
      k = n.children[0];
    }
    const kids = analysis.nodes[k].children;
    return text + kids.map((c) => `(${variation(c)})`).join('');
  };
  const rec = analysis.record.trimEnd();
  const close = rec.lastIndexOf(')');
  const kids = analysis.nodes[0].children.map((c) => `(${variation(c)})`).join('');
  return `${rec.slice(0, close)}${kids}${rec.slice(close)}\n`;
}

function analysisDownload() {
  const url = URL.createObjectURL(new Blob([analysisSgf()], { type: 'application/x-go-sgf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `ludex-${analysis.board || 'record'}-analysis.sgf`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function analysisStop() {
  if (!analysis.worker) return;
  analysis.worker.postMessage({ type: analysis.thinking ? 'stop' : 'continue' });
  if (!analysis.thinking) {
    analysis.thinking = true;
    $('analysis-stop').textContent = 'Stop';
  }
}

function analysisWire() {
  if (!$('analysis-open')) return;
  $('analysis-open').addEventListener('click', () => analysisOpen(null));
  $('analysis-file').addEventListener('change', async (ev) => {
    const f = ev.target.files && ev.target.files[0];
    if (f) analysisOpen(new Uint8Array(await f.arrayBuffer()));
  });
  $('analysis-board').addEventListener('click', analysisClick);
  $('analysis-back').addEventListener('click', () => analysisShow(Math.max(0, analysis.nodes[analysis.at].parent)));
  $('analysis-forward').addEventListener('click', () => {
    const kids = analysis.nodes[analysis.at].children;
    if (kids.length) analysisShow(kids[0]);
  });
  $('analysis-stop').addEventListener('click', analysisStop);
  $('analysis-save').addEventListener('click', analysisSave);
  $('analysis-download').addEventListener('click', analysisDownload);
}

analysisWire();
