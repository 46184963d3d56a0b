// ludex.js - libludex for JavaScript: SGF game records of Twixt, Hex and
// Backgammon read, checked, written back, replayed and drawn by the C library
// compiled to WebAssembly (js/src/*.c is the C side, ludex-wasm.js and
// ludex-wasm.wasm the Emscripten build).
//
//   import { init } from 'ludex';
//   const lx = await init();
//   const games = lx.read(bytesOrString);     // a Collection of GameTrees
//   for (const d of games.diagnostics) console.log(d.line, d.column, d.code, d.message);
//   const replay = games.tree(0).replay();    // the main line, position by position
//   replay.position(replay.length).svg();
//
// Trees stay in WebAssembly memory; a Node is a tree and an index, read on
// demand, so reading a large collection builds no JavaScript objects, and
// nothing here recurses on the depth of a tree.  Objects that hold
// WebAssembly memory (Collection, Replay, Position) free it when collected
// by the garbage collector, or at once with free().
import createLudexWasm from './ludex-wasm.js';

const NIL = 0xffffffff;
const SEVERITIES = ['warning', 'error', 'fatal'];
const COLOURS = ['B', 'W'];
const NEW_GAME_GM = { hex: 11, twixt: 21, backgammon: 6 };

const utf8 = new TextDecoder('utf-8');
const encoder = new TextEncoder();

/** An error from the library: a stable code (as in `ludex replay --json`) and a sentence. */
export class LudexError extends Error {
  constructor(code, message, extra = {}) {
    super(message);
    this.name = 'LudexError';
    this.code = code;
    Object.assign(this, extra);
  }
}

// One instance of the WebAssembly module and the helpers every object uses.
class Wasm {
  constructor(m) {
    this.m = m;
    this.idBuf = m._malloc(16);
    this.registry = new FinalizationRegistry(({ free, ptr }) => free(ptr));
  }
  get heap() {
    return this.m.HEAPU8; // replaced by Emscripten when memory grows
  }
  // A NUL-terminated string at ptr.
  cstr(ptr) {
    if (!ptr) return '';
    const h = this.heap;
    const end = h.indexOf(0, ptr);
    return utf8.decode(h.subarray(ptr, end));
  }
  str(ptr, len) {
    return utf8.decode(this.heap.subarray(ptr, ptr + len));
  }
  // Copy bytes (a Uint8Array) into a new malloc'd block; the caller frees it.
  copyIn(bytes, extra = 0) {
    const ptr = this.m._malloc(bytes.length + extra || 1);
    if (!ptr) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    this.heap.set(bytes, ptr);
    if (extra) this.heap[ptr + bytes.length] = 0;
    return ptr;
  }
  cstrIn(s) {
    return this.copyIn(encoder.encode(s), 1);
  }
  // A property ID as a C string in a reusable buffer (IDs are a few letters).
  id(s) {
    if (!/^[A-Za-z]{1,15}$/.test(s)) return 0;
    const h = this.heap;
    for (let i = 0; i < s.length; i++) h[this.idBuf + i] = s.charCodeAt(i) & 0xdf; // upper case
    h[this.idBuf + s.length] = 0;
    return this.idBuf;
  }
  diagnostics(list) {
    const m = this.m;
    const n = m._lxw_diag_count(list) >>> 0;
    const out = new Array(n);
    for (let i = 0; i < n; i++) {
      out[i] = {
        code: this.cstr(m._lxw_diag_code(list, i)),
        severity: SEVERITIES[m._lxw_diag_severity(list, i)],
        line: m._lxw_diag_line(list, i) >>> 0,
        column: m._lxw_diag_col(list, i) >>> 0,
        offset: m._lxw_diag_offset(list, i),
        message: this.cstr(m._lxw_diag_message(list, i)),
      };
    }
    return out;
  }
  track(obj, ptr, free) {
    const token = {};
    this.registry.register(obj, { free, ptr }, token);
    return token;
  }
}

// A string is text already: its UTF-8 bytes are read as UTF-8 whatever CA says.
function encodingOf(data, encoding) {
  return encoding || (typeof data === 'string' ? 'UTF-8' : undefined);
}

function toBytes(data) {
  if (typeof data === 'string') return encoder.encode(data);
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  throw new TypeError('ludex: expected a string, a Uint8Array or an ArrayBuffer');
}

function hasErrors(diags, strict) {
  return diags.some((d) => d.severity !== 'warning' || strict);
}

/** A property of a node: its ID and its values, raw (as written between '[' and ']'). */
class Property {
  constructor(node, index) {
    this.node = node;
    this.index = index;
  }
  get id() {
    const w = this.node.tree.w;
    return w.cstr(w.m._lx_sgf_prop_id(this.node.tree.ptr, this.index));
  }
  get values() {
    const t = this.node.tree;
    const m = t.w.m;
    const n = m._lx_sgf_value_count(t.ptr, this.index) >>> 0;
    const out = new Array(n);
    for (let i = 0; i < n; i++)
      out[i] = t.w.str(m._lxw_value_raw(t.ptr, this.index, i), m._lxw_value_len(t.ptr, this.index, i) >>> 0);
    return out;
  }
  /** Value i decoded as Text (escapes and soft line breaks removed), or SimpleText with `simple`. */
  text(i = 0, simple = false) {
    const t = this.node.tree;
    const c = t.collection;
    const m = t.w.m;
    if (i >= (m._lx_sgf_value_count(t.ptr, this.index) >>> 0)) return undefined;
    if (m._lxw_value_decode(c.ptr, t.ptr, this.index, i, simple ? 1 : 0) !== 0)
      throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    return t.w.str(m._lxw_coll_scratch(c.ptr), m._lxw_coll_scratch_len(c.ptr) >>> 0);
  }
  /** Byte offset of the property's ID in the document (-1 for none). */
  get offset() {
    return this.node.tree.w.m._lxw_prop_offset(this.node.tree.ptr, this.index);
  }
  /** {id, values}: plain data for JSON.stringify (not the node it belongs to). */
  toJSON() {
    return { id: this.id, values: this.values };
  }
}

/** A node of a game tree: the tree and the node's index (the root is 0). */
class Node {
  constructor(tree, index) {
    this.tree = tree;
    this.index = index;
  }
  #rel(fn) {
    const i = fn(this.tree.ptr, this.index) >>> 0;
    return i === NIL ? null : new Node(this.tree, i);
  }
  get parent() {
    return this.#rel(this.tree.w.m._lx_sgf_parent);
  }
  get firstChild() {
    return this.#rel(this.tree.w.m._lx_sgf_first_child);
  }
  get nextSibling() {
    return this.#rel(this.tree.w.m._lx_sgf_next_sibling);
  }
  get childCount() {
    return this.tree.w.m._lx_sgf_child_count(this.tree.ptr, this.index) >>> 0;
  }
  get children() {
    const out = [];
    for (let c = this.firstChild; c; c = c.nextSibling) out.push(c);
    return out;
  }
  get properties() {
    const m = this.tree.w.m;
    const n = m._lx_sgf_prop_count(this.tree.ptr, this.index) >>> 0;
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = new Property(this, m._lx_sgf_node_prop(this.tree.ptr, this.index, i) >>> 0);
    return out;
  }
  /** The first property with this ID, or undefined. */
  property(id) {
    const w = this.tree.w;
    const cid = w.id(id);
    const p = cid ? w.m._lx_sgf_find_prop(this.tree.ptr, this.index, cid) >>> 0 : NIL;
    return p === NIL ? undefined : new Property(this, p);
  }
  /** The raw values of the first property with this ID, or undefined. */
  get(id) {
    return this.property(id)?.values;
  }
  has(id) {
    return this.property(id) !== undefined;
  }
  /** The first value of property `id` decoded as Text (SimpleText with `simple`), or undefined. */
  text(id, simple = false) {
    return this.property(id)?.text(0, simple);
  }
  /** The properties as a plain object {ID: [raw values]} (the first of a repeated ID wins). */
  toObject() {
    const o = {};
    for (const p of this.properties) if (!(p.id in o)) o[p.id] = p.values;
    return o;
  }
  /** Byte offset of the node's ';' in the document (-1 for none). */
  get offset() {
    return this.tree.w.m._lxw_node_offset(this.tree.ptr, this.index);
  }
  /** {index, properties: {ID: [raw values]}}: plain data for JSON.stringify (not its tree). */
  toJSON() {
    return { index: this.index, properties: this.toObject() };
  }
}

/** One game tree of a collection. */
class GameTree {
  constructor(collection, index, ptr) {
    this.collection = collection;
    this.w = collection.w;
    this.index = index;
    this.ptr = ptr;
  }
  /** The root's GM (1 when absent, 0 when not a positive number). */
  get gm() {
    return this.w.m._lx_sgf_tree_gm(this.ptr);
  }
  /** The rules module that plays it ('hex', 'twixt', 'backgammon'), or null. */
  get game() {
    return this.w.cstr(this.w.m._lxw_tree_game(this.ptr)) || null;
  }
  get gmName() {
    return this.w.cstr(this.w.m._lxw_tree_gm_name(this.ptr)) || null;
  }
  get nodeCount() {
    return this.w.m._lx_sgf_node_count(this.ptr) >>> 0;
  }
  get root() {
    return new Node(this, 0);
  }
  node(i) {
    if (!(i >= 0 && i < this.nodeCount)) throw new RangeError(`ludex: no node ${i} in a tree of ${this.nodeCount}`);
    return new Node(this, i);
  }
  /** Every node, depth first in document order, without recursion. */
  *nodes() {
    const m = this.w.m;
    const t = this.ptr;
    let n = 0;
    while (n !== NIL) {
      yield new Node(this, n);
      let next = m._lx_sgf_first_child(t, n) >>> 0;
      while (next === NIL && n !== NIL) {
        next = m._lx_sgf_next_sibling(t, n) >>> 0;
        if (next === NIL) n = m._lx_sgf_parent(t, n) >>> 0;
      }
      n = next;
    }
  }
  /** The nodes of the main line (each node's first child), from the root. */
  *mainLine() {
    const m = this.w.m;
    for (let n = 0; n !== NIL; n = m._lx_sgf_first_child(this.ptr, n) >>> 0) yield new Node(this, n);
  }
  /** The tree as canonical SGF (what `ludex fmt` writes). */
  toSGF(options = {}) {
    return this.collection.toSGF({ ...options, tree: this.index });
  }
  /** {index, gm, game, nodeCount}: plain data for JSON.stringify. */
  toJSON() {
    return { index: this.index, gm: this.gm, game: this.game, nodeCount: this.nodeCount };
  }
  /** Replay the main line under the game's rules (see Replay).  A game
   * without rules here throws a LudexError with the code `ludex check` gives
   * it (UNSUPPORTED_GAME, LITTLE_GOLEM_HEX, GM_INVALID ...). */
  replay() {
    if (!this.game) throw this.#noRules();
    const p = this.w.m._lxw_replay_new(this.ptr);
    if (!p) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    return new Replay(this, p);
  }
  #noRules() {
    const m = this.w.m;
    const list = m._lxw_tree_no_rules(this.ptr);
    if (!list) return new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    const [d] = this.w.diagnostics(list);
    m._lxw_diags_free(list);
    return d
      ? new LudexError(d.code, d.message)
      : new LudexError('UNSUPPORTED_GAME', `GM[${this.gm}] is not a game ludex plays`);
  }
}

/** A read SGF file: its game trees and the diagnostics of reading. */
class Collection {
  constructor(w, ptr) {
    this.w = w;
    this.ptr = ptr;
    this.token = w.track(this, ptr, w.m._lxw_coll_free);
    this.length = w.m._lxw_coll_tree_count(ptr) >>> 0;
    this.diagnostics = w.diagnostics(w.m._lxw_coll_diags(ptr));
    this.charset = w.cstr(w.m._lxw_coll_charset(ptr));
    this.trees = [];
  }
  #live() {
    if (!this.ptr) throw new Error('ludex: this collection was freed');
  }
  /** No error or fatal diagnostic (nor a warning, with `strict`). */
  ok(strict = false) {
    return !hasErrors(this.diagnostics, strict);
  }
  tree(i) {
    this.#live();
    if (!(i >= 0 && i < this.length)) throw new RangeError(`ludex: no game tree ${i} of ${this.length}`);
    return (this.trees[i] ??= new GameTree(this, i, this.w.m._lxw_coll_tree(this.ptr, i)));
  }
  *[Symbol.iterator]() {
    for (let i = 0; i < this.length; i++) yield this.tree(i);
  }
  /** Nodes in all trees. */
  get nodeCount() {
    this.#live();
    return this.w.m._lxw_coll_node_total(this.ptr) >>> 0;
  }
  /** Every tree (or tree `options.tree`) as canonical SGF, UTF-8, as `ludex fmt` writes it. */
  toSGF({ tree = -1, dropUnknown = false } = {}) {
    this.#live();
    const m = this.w.m;
    if (m._lxw_write(this.ptr, tree, dropUnknown ? 1 : 0) !== 0)
      throw new LudexError('OUT_OF_MEMORY', 'writing failed: out of WebAssembly memory');
    return this.w.str(m._lxw_coll_scratch(this.ptr), m._lxw_coll_scratch_len(this.ptr) >>> 0);
  }
  /** {length, charset, diagnostics}: plain data for JSON.stringify. */
  toJSON() {
    return { length: this.length, charset: this.charset, diagnostics: this.diagnostics };
  }
  /** Give the WebAssembly memory back now (the trees cannot be used after). */
  free() {
    if (!this.ptr) return;
    this.w.registry.unregister(this.token);
    this.w.m._lxw_coll_free(this.ptr);
    this.ptr = 0;
  }
}

/** A game position: whose turn, play a move, the result, drawings. */
class Position {
  constructor(w, ptr) {
    this.w = w;
    this.ptr = ptr;
    this.token = w.track(this, ptr, w.m._lxw_pos_free);
  }
  #live() {
    if (!this.ptr) throw new Error('ludex: this position was freed');
    return this.ptr;
  }
  get game() {
    return this.w.cstr(this.w.m._lxw_pos_game(this.#live()));
  }
  /** 'B' or 'W' (as in the SGF move properties), or null. */
  get toPlay() {
    return COLOURS[this.w.m._lxw_pos_to_play(this.#live())] ?? null;
  }
  /** {over, winner: 'B'|'W'|null, re: the SGF RE value or null}. */
  get result() {
    const m = this.w.m;
    const over = m._lxw_pos_result(this.#live()) !== 0;
    const re = this.w.cstr(m._lxw_pos_re(this.ptr));
    return { over, winner: over ? (COLOURS[m._lxw_pos_winner(this.ptr)] ?? null) : null, re: over && re ? re : null };
  }
  /** Play a move written as an SGF B/W value (or an array of values: a
   * Twixt long move) for `player` ('B'|'W', default: the player to move).
   * Throws a LudexError with the rules' code when the move is refused; the
   * position is then unchanged. */
  play(move, player) {
    const w = this.w;
    const m = w.m;
    this.#live();
    const vals = (Array.isArray(move) ? move : [move]).map((v) => encoder.encode(String(v)));
    const who = player === undefined || player === null ? -1 : COLOURS.indexOf(String(player).toUpperCase());
    if (who < -1 || (player != null && who < 0))
      throw new LudexError('BAD_PLAYER', `player must be 'B' or 'W', not ${JSON.stringify(player)}`);
    const n = vals.length;
    const total = vals.reduce((s, v) => s + v.length, 0);
    const block = m._malloc(8 * n + total + 1);
    if (!block) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    try {
      const h32 = new Uint32Array(m.HEAPU8.buffer, block, 2 * n);
      let at = block + 8 * n;
      vals.forEach((v, i) => {
        m.HEAPU8.set(v, at);
        h32[i] = at;
        h32[n + i] = v.length;
        at += v.length;
      });
      if (m._lxw_pos_play(this.ptr, who, block, block + 4 * n, n) !== 0)
        throw new LudexError(w.cstr(m._lxw_pos_error_code(this.ptr)), w.cstr(m._lxw_pos_error_message(this.ptr)));
    } finally {
      m._free(block);
    }
    return this;
  }
  #out(rc) {
    const m = this.w.m;
    if (rc !== 0) throw new LudexError('DRAW_FAILED', `the ${this.game} module cannot draw this`);
    return this.w.str(m._lxw_pos_out(this.ptr), m._lxw_pos_out_len(this.ptr) >>> 0);
  }
  /** An SVG drawing; `size` is the module's scale (0: its default). */
  svg(size = 0) {
    return this.#out(this.w.m._lxw_pos_draw(this.#live(), 1, size));
  }
  /** A text drawing, as `ludex replay` prints it. */
  text(size = 0) {
    return this.#out(this.w.m._lxw_pos_draw(this.#live(), 0, size));
  }
  /** The position as `ludex replay --json` describes it (stones, pegs and links, gnubg IDs). */
  describe() {
    return JSON.parse(this.#out(this.w.m._lxw_pos_describe(this.#live())));
  }
  /** {game, toPlay, result, ...describe()}: plain data for JSON.stringify. */
  toJSON() {
    return { game: this.game, toPlay: this.toPlay, result: this.result, ...this.describe() };
  }
  /** The legal moves of `player` (default: the player to move) as SGF writes them: Hex and
   * Twixt every cell or hole, then the swaps allowed; backgammon with `dice` ([d1, d2]) every
   * distinct play of the roll, then the cube actions allowed (Python's legal_moves()). */
  legalMoves({ player, dice } = {}) {
    const m = this.w.m;
    const who = player === undefined || player === null ? -1 : COLOURS.indexOf(String(player).toUpperCase());
    if (player != null && who < 0)
      throw new LudexError('BAD_PLAYER', `player must be 'B' or 'W', not ${JSON.stringify(player)}`);
    if (who < 0 && this.toPlay === null) return [];
    const [d1, d2] = dice ?? [0, 0];
    if (dice !== undefined && !(Number.isInteger(d1) && Number.isInteger(d2) && d1 >= 1 && d1 <= 6 && d2 >= 1 && d2 <= 6))
      throw new LudexError('BAD_DICE', `dice are two whole numbers 1..6, not ${JSON.stringify(dice)}`);
    const rc = m._lxw_pos_legal(this.#live(), who, d1, d2);
    if (rc === -2) throw new LudexError('NOT_SUPPORTED', `legal moves are not known for ${this.game}`);
    if (rc !== 0) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    const text = this.w.str(m._lxw_pos_out(this.ptr), m._lxw_pos_out_len(this.ptr) >>> 0);
    return text ? text.split('\n') : [];
  }
  /** The position as fixed planes of bytes for training, as Python's planes() (the README's
   * table): {shape, data}, data a Uint8Array of the shape's product, [plane][row][col] in
   * row-major order, row 0 the top row. */
  planes() {
    const m = this.w.m;
    const p = this.#live();
    const ndim = m._lxw_pos_planes_shape(p, 3);
    if (ndim < 0 || m._lxw_pos_planes(p) !== 0) throw new LudexError('NOT_SUPPORTED', `no planes are defined for ${this.game}`);
    const shape = [0, 1, 2].slice(0, ndim).map((i) => m._lxw_pos_planes_shape(p, i));
    const at = m._lxw_pos_out(p);
    return { shape, data: this.w.heap.slice(at, at + (m._lxw_pos_out_len(p) >>> 0)) };
  }
  copy() {
    const p = this.w.m._lxw_pos_copy(this.#live());
    if (!p) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    return new Position(this.w, p);
  }
  free() {
    if (!this.ptr) return;
    this.w.registry.unregister(this.token);
    this.w.m._lxw_pos_free(this.ptr);
    this.ptr = 0;
  }
}

/** A tree's main line replayed once: position(0) is the start, position(k)
 * the one after move k (k up to length).  A refused move ends the line there:
 * `error` says which move and why, with the code `ludex replay` gives. */
class Replay {
  constructor(tree, ptr) {
    const w = (this.w = tree.w);
    this.tree = tree;
    this.ptr = ptr;
    this.token = w.track(this, ptr, w.m._lxw_replay_free);
    const m = w.m;
    this.started = m._lxw_replay_started(ptr) !== 0;
    this.length = m._lxw_replay_moves(ptr) >>> 0;
    this.diagnostics = w.diagnostics(m._lxw_replay_diags(ptr));
    const refused = m._lxw_replay_refused_move(ptr) >>> 0;
    this.error = refused
      ? { move: refused, code: w.cstr(m._lxw_replay_error_code(ptr)), message: w.cstr(m._lxw_replay_error_message(ptr)) }
      : !this.started
        ? { move: 0, code: this.diagnostics[0]?.code ?? 'GAME_NOT_STARTED', message: this.diagnostics[0]?.message ?? 'the root node makes no game that can be played' }
        : null;
  }
  #live() {
    if (!this.ptr) throw new Error('ludex: this replay was freed');
    return this.ptr;
  }
  /** A copy of the position after move k (0: the start); yours to play on. */
  position(k) {
    const p = this.w.m._lxw_replay_position(this.#live(), k);
    if (!p) throw new RangeError(`ludex: no position ${k} (the replay has ${this.length} moves)`);
    const c = this.w.m._lxw_pos_copy(p);
    if (!c) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    return new Position(this.w, c);
  }
  /** Move k (1-based): {number, player, node, values}. */
  move(k) {
    const m = this.w.m;
    if (!(k >= 1 && k <= this.length)) throw new RangeError(`ludex: no move ${k} (the replay has ${this.length})`);
    const node = new Node(this.tree, m._lxw_replay_move_node(this.#live(), k) >>> 0);
    const prop = new Property(node, m._lxw_replay_move_prop(this.ptr, k) >>> 0);
    return { number: k, player: COLOURS[m._lxw_replay_move_player(this.ptr, k)], node, values: prop.values };
  }
  /** {length, started, error, result}: plain data for JSON.stringify. */
  toJSON() {
    return { length: this.length, started: this.started, error: this.error, result: this.result };
  }
  /** The result at the end of the line replayed. */
  get result() {
    if (!this.started) return { over: false, winner: null, re: null };
    const p = this.position(this.length);
    const r = p.result;
    p.free();
    return r;
  }
  free() {
    if (!this.ptr) return;
    this.w.registry.unregister(this.token);
    this.w.m._lxw_replay_free(this.ptr);
    this.ptr = 0;
  }
}

/** A crossword position (CGP), read by Xword.readCGP or made by XwordGame.position. */
class XwordPosition {
  constructor(xw, ptr) {
    this.xw = xw; // keeps the data it was read with alive
    this.w = xw.w;
    this.ptr = ptr;
    this.token = this.w.track(this, ptr, this.w.m._lxw_xw_pos_free);
    this.diagnostics = this.w.diagnostics(this.w.m._lxw_xw_pos_diags(ptr));
  }
  #live() {
    if (!this.ptr) throw new Error('ludex: this position was freed');
    return this.ptr;
  }
  #out() {
    const m = this.w.m;
    return this.w.str(m._lxw_xw_pos_out(this.ptr), m._lxw_xw_pos_out_len(this.ptr) >>> 0);
  }
  /** [rows, cols]. */
  get size() {
    const m = this.w.m;
    return [m._lxw_xw_pos_size(this.#live(), 0), m._lxw_xw_pos_size(this.ptr, 1)];
  }
  /** Rows of tile labels, null for an empty square; a designated blank is its lower-case label. */
  get board() {
    const m = this.w.m;
    const [rows, cols] = this.size;
    return Array.from({ length: rows }, (_, r) =>
      Array.from({ length: cols }, (_, c) => this.w.cstr(m._lxw_xw_pos_square(this.ptr, r, c)) || null));
  }
  /** Each player's rack, the player to move first ('?' a blank). */
  get racks() {
    const m = this.w.m;
    const n = m._lxw_xw_pos_size(this.#live(), 2);
    return Array.from({ length: n }, (_, i) => {
      if (m._lxw_xw_pos_rack(this.ptr, i) !== 0) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
      return this.#out();
    });
  }
  get scores() {
    const m = this.w.m;
    const n = m._lxw_xw_pos_size(this.#live(), 2);
    return Array.from({ length: n }, (_, i) => m._lxw_xw_pos_score(this.ptr, i));
  }
  #judge(which) {
    const m = this.w.m;
    const list = m._lxw_xw_pos_judge(this.#live(), which);
    if (!list) {
      const code = this.w.cstr(m._lxw_xw_pos_err_code(this.ptr));
      if (which === 1 && code) throw new LudexError(code, this.w.cstr(m._lxw_xw_pos_err_message(this.ptr)));
      throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    }
    const d = this.w.diagnostics(list);
    m._lxw_diags_free(list);
    return d;
  }
  /** Whether the position could happen (tile counts, connection, racks): diagnostics. */
  validate() {
    return this.#judge(0);
  }
  /** A warning for each word on the board the judging lexicon lacks (the one the position
   * names, else the default English one: Xword.addLexicon); LEXICON_UNAVAILABLE without one. */
  checkWords() {
    return this.#judge(1);
  }
  /** Check and score a play ('8D WORD', '8D.WORD', '-', '-ABC') for the player to move, as
   * `ludex xword score` and Python's score(): {score, words, bingo}, or a LudexError with the code. */
  score(play, { ignoreRack = false } = {}) {
    const w = this.w;
    const m = w.m;
    const p = w.cstrIn(String(play));
    try {
      if (m._lxw_xw_pos_play_score(this.#live(), p, encoder.encode(String(play)).length, ignoreRack ? 1 : 0) !== 0)
        throw new LudexError(w.cstr(m._lxw_xw_pos_err_code(this.ptr)), w.cstr(m._lxw_xw_pos_err_message(this.ptr)));
    } finally {
      m._free(p);
    }
    const words = this.#out();
    return { score: m._lxw_xw_pos_scored(this.ptr, 0), words: words ? words.split('\n') : [], bingo: m._lxw_xw_pos_scored(this.ptr, 1) !== 0 };
  }
  #gen(rack, lexicon, byScore, top, best) {
    const w = this.w;
    const m = w.m;
    const r = w.cstrIn(rack ?? '');
    const l = w.cstrIn(lexicon ?? '');
    try {
      if (m._lxw_xw_pos_moves(this.#live(), r, l, byScore ? 1 : 0, top ?? -1, best ? 1 : 0) !== 0)
        throw new LudexError(w.cstr(m._lxw_xw_pos_err_code(this.ptr)), w.cstr(m._lxw_xw_pos_err_message(this.ptr)));
    } finally {
      m._free(r);
      m._free(l);
    }
    const text = this.#out();
    return text
      ? text.split('\n').map((line) => {
          const [play, kind, score, leave, equity, bingo] = line.split('\t');
          return { play, kind, score: Number(score), leaveValue: Number(leave), equity: Number(equity), bingo: bingo === '1' };
        })
      : [];
  }
  /** Every legal play of the player to move (or of `rack`, in the distribution's labels) with the
   * words of `lexicon` (default: the one the position names, else 'wamerican'), best first by
   * `sort` ('equity' or 'score'), the first `top`: {play, kind, score, leaveValue, equity, bingo},
   * as Python's moves() and `ludex xword moves`. */
  moves({ rack, lexicon, sort = 'equity', top } = {}) {
    if (sort !== 'equity' && sort !== 'score') throw new LudexError('BAD_SORT', `sort is 'equity' or 'score', not ${JSON.stringify(sort)}`);
    return this.#gen(rack, lexicon, sort === 'score', top, false);
  }
  /** The play of highest equity (moves()[0], found much faster), as Python's best_move(). */
  bestMove({ rack, lexicon } = {}) {
    return this.#gen(rack, lexicon, false, -1, true)[0];
  }
  /** The position as canonical CGP. */
  toCGP() {
    if (this.w.m._lxw_xw_pos_cgp(this.#live()) !== 0) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    return this.#out();
  }
  svg(size = 0) {
    if (this.w.m._lxw_xw_pos_draw(this.#live(), 1, size) !== 0) throw new LudexError('DRAW_FAILED', 'the position cannot be drawn');
    return this.#out();
  }
  text(size = 0) {
    if (this.w.m._lxw_xw_pos_draw(this.#live(), 0, size) !== 0) throw new LudexError('DRAW_FAILED', 'the position cannot be drawn');
    return this.#out();
  }
  toJSON() {
    return { size: this.size, board: this.board, racks: this.racks, scores: this.scores, diagnostics: this.diagnostics };
  }
  free() {
    if (!this.ptr) return;
    this.w.registry.unregister(this.token);
    this.w.m._lxw_xw_pos_free(this.ptr);
    this.ptr = 0;
  }
}

/** A crossword game record (GCG), read by Xword.readGCG. */
class XwordGame {
  constructor(xw, ptr) {
    this.xw = xw;
    this.w = xw.w;
    this.ptr = ptr;
    this.token = this.w.track(this, ptr, this.w.m._lxw_xw_gcg_free);
    const m = this.w.m;
    this.diagnostics = this.w.diagnostics(m._lxw_xw_gcg_diags(ptr));
    this.eventCount = m._lxw_xw_gcg_events(ptr);
    this.players = [0, 1].map((i) => [this.w.cstr(m._lxw_xw_gcg_player(ptr, i, 0)) || null, this.w.cstr(m._lxw_xw_gcg_player(ptr, i, 1)) || null]);
  }
  #live() {
    if (!this.ptr) throw new Error('ludex: this record was freed');
    return this.ptr;
  }
  /** The position after event n (0: before the first; undefined: the end), with the racks as far
   * as the record tells; a LudexError when the record cannot be replayed that far. */
  position(n) {
    const m = this.w.m;
    const p = m._lxw_xw_gcg_position(this.#live(), n === undefined || n === null ? -1 : n);
    if (!p) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    const pos = new XwordPosition(this.xw, p);
    if (!m._lxw_xw_pos_ok(p)) {
      const [d] = pos.diagnostics.filter((x) => x.severity !== 'warning');
      pos.free();
      throw new LudexError(d?.code ?? 'NO_SUCH_EVENT', d?.message ?? 'the record cannot be replayed that far');
    }
    return pos;
  }
  /** Replay with every rule and score checked, the words judged by the lexicon the record names
   * (else the default English one): {summary: {events, plays, scoresChecked, wordsChecked,
   * completed, lexicon}, diagnostics}, as Python's replay(). */
  replay() {
    const m = this.w.m;
    const list = m._lxw_xw_gcg_replay(this.#live());
    if (!list) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    const diagnostics = this.w.diagnostics(list);
    m._lxw_diags_free(list);
    const at = (i) => m._lxw_xw_gcg_summary(this.ptr, i);
    const summary = { events: at(0), plays: at(1), scoresChecked: at(2), wordsChecked: at(3), completed: at(4) !== 0, lexicon: this.w.cstr(m._lxw_xw_gcg_lexicon(this.ptr)) || null };
    return { summary, diagnostics };
  }
  /** The record as canonical GCG (UTF-8). */
  toGCG() {
    const m = this.w.m;
    if (m._lxw_xw_gcg_write(this.#live()) !== 0) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    return this.w.str(m._lxw_xw_gcg_out(this.ptr), m._lxw_xw_gcg_out_len(this.ptr) >>> 0);
  }
  toJSON() {
    return { players: this.players, eventCount: this.eventCount, diagnostics: this.diagnostics };
  }
  free() {
    if (!this.ptr) return;
    this.w.registry.unregister(this.token);
    this.w.m._lxw_xw_gcg_free(this.ptr);
    this.ptr = 0;
  }
}

const XW_KINDS = { distribution: 0, board: 1, lexicon: 2 };

/** Crossword games with their data: the repository's letter distributions and board layouts,
 * and the lexicons added (KWG bytes; none at first: a browser fetches its own). */
class Xword {
  constructor(w, data) {
    this.w = w;
    this.ptr = w.m._lxw_xw_new();
    if (!this.ptr) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    for (const [name, text] of Object.entries(data.distributions)) this.#add('distribution', name, text);
    for (const [name, text] of Object.entries(data.boards)) this.#add('board', name, text);
  }
  #add(kind, name, bytes) {
    const w = this.w;
    const m = w.m;
    const b = toBytes(bytes);
    const buf = w.copyIn(b);
    const n = w.cstrIn(String(name));
    try {
      const rc = m._lxw_xw_add(this.ptr, XW_KINDS[kind], n, buf, b.length);
      if (rc < 0) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
      if (rc > 0) {
        const [d] = w.diagnostics(m._lxw_xw_diags(this.ptr));
        throw new LudexError(d?.code ?? 'BAD_DATA', `${kind} ${name}: ${d?.message ?? 'not usable'}`);
      }
    } finally {
      m._free(buf);
      m._free(n);
    }
    return this;
  }
  /** A letter distribution ("LABEL COUNT VALUE VOWEL" lines), winning over one of the same name. */
  addDistribution(name, text) {
    return this.#add('distribution', name, text);
  }
  /** A board layout (one line per row: . ' " - = *). */
  addBoard(name, text) {
    return this.#add('board', name, text);
  }
  /** A lexicon as KWG bytes (wolges and MAGPIE's format; `ludex xword` builds them); 'wamerican'
   * is the default that judges English words when a record names none. */
  addLexicon(name, kwg) {
    return this.#add('lexicon', name, kwg);
  }
  /** One CGP line as an XwordPosition; a LudexError when nothing usable can be read. */
  readCGP(text) {
    const w = this.w;
    const m = w.m;
    const b = toBytes(text);
    const buf = w.copyIn(b);
    let p;
    try {
      p = m._lxw_xw_cgp_read(this.ptr, buf, b.length);
    } finally {
      m._free(buf);
    }
    if (!p) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    const pos = new XwordPosition(this, p);
    if (!m._lxw_xw_pos_ok(p)) {
      const [d] = pos.diagnostics.filter((x) => x.severity !== 'warning');
      pos.free();
      throw new LudexError(d?.code ?? 'CGP_UNREADABLE', d?.message ?? 'the position could not be read');
    }
    return pos;
  }
  /** A GCG record (text or bytes) as an XwordGame; a LudexError when nothing can be read. */
  readGCG(data, { encoding } = {}) {
    const w = this.w;
    const m = w.m;
    const b = toBytes(data);
    const buf = w.copyIn(b);
    const enc = encodingOf(data, encoding);
    const e = enc ? w.cstrIn(enc) : 0;
    let g;
    try {
      g = m._lxw_xw_gcg_read(this.ptr, buf, b.length, e);
    } finally {
      m._free(buf);
      if (e) m._free(e);
    }
    if (!g) throw new LudexError('OUT_OF_MEMORY', 'out of WebAssembly memory');
    if (!m._lxw_xw_gcg_ok(g)) {
      const [d] = w.diagnostics(m._lxw_xw_gcg_diags(g));
      m._lxw_xw_gcg_free(g);
      throw new LudexError(d?.code ?? 'GCG_UNREADABLE', d?.message ?? 'the record could not be read');
    }
    return new XwordGame(this, g);
  }
  /** `ludex check` of a GCG record (kind 'gcg') or a file of CGP lines ('cgp'): a CheckResult. */
  check(data, { kind, strict = false, encoding } = {}) {
    if (kind !== 'gcg' && kind !== 'cgp') throw new LudexError('BAD_KIND', `kind is 'sgf', 'gcg' or 'cgp', not ${JSON.stringify(kind)}`);
    const w = this.w;
    const m = w.m;
    const b = toBytes(data);
    const buf = w.copyIn(b);
    const enc = encodingOf(data, encoding);
    const e = enc ? w.cstrIn(enc) : 0;
    try {
      if (m._lxw_xw_check(this.ptr, kind === 'gcg' ? 1 : 0, buf, b.length, e) !== 0)
        throw new LudexError('OUT_OF_MEMORY', 'checking failed: out of WebAssembly memory');
    } finally {
      m._free(buf);
      if (e) m._free(e);
    }
    const diagnostics = w.diagnostics(m._lxw_xw_diags(this.ptr));
    const games = m._lxw_xw_count(this.ptr, 0);
    return { ok: !hasErrors(diagnostics, strict), games, nodes: 0, moves: m._lxw_xw_count(this.ptr, 1), unchecked: 0, diagnostics };
  }
}

/** One loaded instance of libludex. */
class Ludex {
  constructor(m) {
    this.w = new Wasm(m);
    this.version = this.w.cstr(m._lx_version());
  }
  /** Bytes of WebAssembly linear memory in use by this instance (it grows, never shrinks). */
  get memoryBytes() {
    return this.w.heap.length;
  }
  /** Bytes of that memory allocated now (collections, replays and positions not yet freed). */
  get heapInUse() {
    return this.w.m._lxw_heap_in_use();
  }
  /** Read an SGF file (bytes or a string) into a Collection.  `encoding`:
   * read the bytes as this charset, ignoring CA and detection (a string is
   * read as the text it is, whatever its CA says). */
  read(data, { encoding } = {}) {
    const w = this.w;
    const bytes = toBytes(data);
    const charset = encodingOf(data, encoding);
    const buf = w.copyIn(bytes);
    const enc = charset ? w.cstrIn(charset) : 0;
    const p = w.m._lxw_read(buf, bytes.length, enc); // takes buf over
    if (enc) w.m._free(enc);
    if (!p) throw new LudexError('OUT_OF_MEMORY', 'reading failed: out of WebAssembly memory');
    if (w.m._lxw_coll_oom(p)) {
      w.m._lxw_coll_free(p);
      throw new LudexError('OUT_OF_MEMORY', 'reading failed: out of WebAssembly memory');
    }
    return new Collection(w, p);
  }
  /** Crossword games (CGP, GCG): an Xword with the repository's distributions and boards,
   * made on first use (its data module is loaded then, so pages that never ask load none). */
  async xword() {
    this.xw ??= new Xword(this.w, await import('./ludex-xword-data.js'));
    return this.xw;
  }
  /** What `ludex check` does to one file: read, the generic FF[4] checks, a
   * replay under the game's rules.  {ok, games, nodes, moves, unchecked,
   * diagnostics}; ok: no errors (no warnings either, with `strict`).  kind
   * 'gcg' or 'cgp' checks a crossword record (after `await lx.xword()`). */
  check(data, { allVariations = false, strict = false, encoding, kind = 'sgf' } = {}) {
    if (kind !== 'sgf') {
      if (kind !== 'gcg' && kind !== 'cgp') throw new LudexError('BAD_KIND', `kind is 'sgf', 'gcg' or 'cgp', not ${JSON.stringify(kind)}`);
      if (!this.xw) throw new LudexError('XWORD_NOT_LOADED', 'crossword checks need the crossword data: await lx.xword() first');
      return this.xw.check(data, { kind, strict, encoding });
    }
    const w = this.w;
    const m = w.m;
    const bytes = toBytes(data);
    const charset = encodingOf(data, encoding);
    const buf = w.copyIn(bytes);
    const enc = charset ? w.cstrIn(charset) : 0;
    const r = m._lxw_check_run(buf, bytes.length, allVariations ? 1 : 0, enc);
    m._free(buf);
    if (enc) m._free(enc);
    if (!r) throw new LudexError('OUT_OF_MEMORY', 'checking failed: out of WebAssembly memory');
    try {
      if (m._lxw_check_oom(r)) throw new LudexError('OUT_OF_MEMORY', 'checking failed: out of WebAssembly memory');
      const diagnostics = w.diagnostics(m._lxw_check_diags(r));
      return {
        ok: !hasErrors(diagnostics, strict),
        games: m._lxw_check_count(r, 0),
        nodes: m._lxw_check_count(r, 1),
        moves: m._lxw_check_count(r, 2),
        unchecked: m._lxw_check_count(r, 3),
        diagnostics,
      };
    } finally {
      m._lxw_check_free(r);
    }
  }
  /** `ludex convert`: another program's record to standard SGF, or SGF to another format.
   * Formats: 'littlegolem-hex', 'littlegolem-twixt', 't1' and 'twixt-server' to 'sgf'; 'sgf'
   * to 't1' and 'twixt-server'.  `from` defaults to what the content is (a Little Golem Hex
   * or Twixt record is SGF too); T1 and the server's syntax must be named.  {text, ok,
   * diagnostics}: problems in the input do not throw (text is then a best effort); a
   * conversion that does not exist throws a LudexError NO_SUCH_CONVERSION (as in Python). */
  convert(data, { to = 'sgf', from, encoding } = {}) {
    const w = this.w;
    const m = w.m;
    const bytes = toBytes(data);
    const charset = encodingOf(data, encoding);
    const buf = w.copyIn(bytes);
    const strs = [];
    const cstr = (s) => (s ? (strs.push(w.cstrIn(s)), strs[strs.length - 1]) : 0);
    try {
      const enc = cstr(charset);
      const frm = from ?? w.cstr(m._lxw_convert_sniff(buf, bytes.length, enc));
      const r = m._lxw_convert_run(buf, bytes.length, cstr(String(frm)), cstr(String(to)), enc);
      if (!r) throw new LudexError('OUT_OF_MEMORY', 'converting failed: out of WebAssembly memory');
      try {
        const status = m._lxw_convert_status(r);
        if (status === -2)
          throw new LudexError('NO_SUCH_CONVERSION', `no conversion from ${frm} to ${to} (littlegolem-hex, littlegolem-twixt, t1 and twixt-server to sgf; sgf to t1 and twixt-server)`);
        if (status !== 0) throw new LudexError('OUT_OF_MEMORY', 'converting failed: out of WebAssembly memory');
        const diagnostics = w.diagnostics(m._lxw_convert_diags(r));
        const text = w.str(m._lxw_convert_out(r), m._lxw_convert_out_len(r) >>> 0);
        return { text, ok: !hasErrors(diagnostics, false), diagnostics };
      } finally {
        m._lxw_convert_free(r);
      }
    } finally {
      m._free(buf);
      for (const p of strs) m._free(p);
    }
  }
  /** The start position of a new game: 'hex' or 'twixt' with a board size, or 'backgammon'. */
  newGame(game, { size } = {}) {
    const gm = NEW_GAME_GM[String(game).toLowerCase()];
    if (!gm) throw new LudexError('UNKNOWN_GAME', `no game called ${JSON.stringify(game)} (hex, twixt, backgammon)`);
    if (size !== undefined && !(Number.isInteger(size) && size > 0))
      throw new LudexError('BAD_SIZE', `a board size is a positive whole number, not ${JSON.stringify(size)}`);
    const coll = this.read(`(;FF[4]GM[${gm}]${size ? `SZ[${size}]` : ''})`);
    try {
      const replay = coll.tree(0).replay();
      try {
        if (replay.error) throw new LudexError(replay.error.code, replay.error.message);
        return replay.position(0);
      } finally {
        replay.free();
      }
    } finally {
      coll.free();
    }
  }
}

/** Load the WebAssembly module; `moduleOptions` go to Emscripten (e.g.
 * `locateFile` or `wasmBinary` where ludex-wasm.wasm is not beside this file). */
export async function init(moduleOptions = {}) {
  const options = { ...moduleOptions };
  // The Emscripten build targets browsers (fetch); under node the .wasm is read from disk here.
  if (!options.wasmBinary && !options.locateFile && typeof process === 'object' && process.versions?.node) {
    const { readFile } = await import('node:fs/promises');
    options.wasmBinary = await readFile(new URL('./ludex-wasm.wasm', import.meta.url));
  }
  return new Ludex(await createLudexWasm(options));
}

export default init;
