// ludex.d.ts - TypeScript declarations of ludex.js (libludex in WebAssembly).

/** Why something was refused: a stable code (as `ludex check`/`ludex replay --json` give it) and a sentence. */
export class LudexError extends Error {
  readonly name: 'LudexError';
  readonly code: string;
}

export type Severity = 'warning' | 'error' | 'fatal';
export type Player = 'B' | 'W';
export type GameName = 'hex' | 'twixt' | 'backgammon';

/** One problem found in the input. */
export interface Diagnostic {
  /** Stable upper-case identifier, e.g. "UNCLOSED_TREE" (listed in the README). */
  code: string;
  severity: Severity;
  /** 1-based line and column (columns count characters); 0 when there is no position. */
  line: number;
  column: number;
  /** Byte offset in the UTF-8 document; -1 when there is none. */
  offset: number;
  message: string;
}

export interface GameResult {
  over: boolean;
  winner: Player | null;
  /** The result as an SGF RE value ("B+", "W+R", "0" for a draw), null when not over. */
  re: string | null;
}

export interface ReadOptions {
  /** Read the bytes as this charset, ignoring CA and detection (a string is read as the text it is). */
  encoding?: string;
}

export interface CheckOptions extends ReadOptions {
  /** 'sgf' (default); 'gcg' or 'cgp' check a crossword record (after `await lx.xword()`). */
  kind?: 'sgf' | 'gcg' | 'cgp';
  /** Replay every variation, not only the main line. */
  allVariations?: boolean;
  /** Warnings make `ok` false too. */
  strict?: boolean;
}

export interface CheckResult {
  /** No errors (and no warnings, with `strict`): `ludex check`'s exit status 0. */
  ok: boolean;
  games: number;
  nodes: number;
  moves: number;
  /** Trees whose game has no rules module in ludex. */
  unchecked: number;
  diagnostics: Diagnostic[];
}

export interface WriteOptions {
  /** Leave out properties that are neither FF[4]'s nor the game's. */
  dropUnknown?: boolean;
}

export type Input = string | Uint8Array | ArrayBuffer | ArrayBufferView;

/** A property: its ID and its raw values (the bytes between '[' and ']', escapes kept). */
export interface Property {
  readonly node: Node;
  readonly index: number;
  readonly id: string;
  readonly values: string[];
  /** Byte offset of the ID in the document, -1 for none. */
  readonly offset: number;
  /** Value i decoded as Text (escapes and soft line breaks removed), or as SimpleText. */
  text(i?: number, simple?: boolean): string | undefined;
  /** Plain data for JSON.stringify. */
  toJSON(): { id: string; values: string[] };
}

/** A node: its tree and its index (the root is 0).  Read on demand, never recursively. */
export interface Node {
  readonly tree: GameTree;
  readonly index: number;
  readonly parent: Node | null;
  readonly firstChild: Node | null;
  readonly nextSibling: Node | null;
  readonly childCount: number;
  readonly children: Node[];
  readonly properties: Property[];
  /** Byte offset of the node's ';' in the document, -1 for none. */
  readonly offset: number;
  property(id: string): Property | undefined;
  /** The raw values of the first property with this ID. */
  get(id: string): string[] | undefined;
  has(id: string): boolean;
  /** The first value of property `id` decoded as Text (or SimpleText). */
  text(id: string, simple?: boolean): string | undefined;
  /** {ID: raw values}; the first of a repeated ID wins. */
  toObject(): Record<string, string[]>;
  /** Plain data for JSON.stringify (JSON.stringify(replay.move(k)) works: no tree inside). */
  toJSON(): { index: number; properties: Record<string, string[]> };
}

export interface GameTree {
  readonly collection: Collection;
  readonly index: number;
  /** The root's GM (1 when absent, 0 when not a positive number). */
  readonly gm: number;
  /** The rules module that plays this game, or null. */
  readonly game: GameName | null;
  /** FF[4]'s name for the GM ("Hex", "Go", ...), or null. */
  readonly gmName: string | null;
  readonly nodeCount: number;
  readonly root: Node;
  node(index: number): Node;
  /** Every node, depth first in document order. */
  nodes(): IterableIterator<Node>;
  /** The main line: the root, then each node's first child. */
  mainLine(): IterableIterator<Node>;
  toSGF(options?: WriteOptions): string;
  toJSON(): { index: number; gm: number; game: GameName | null; nodeCount: number };
  /** Replay the main line under the game's rules.  A game without rules here (`game` null)
   * throws a LudexError with the code `ludex check` gives it: UNSUPPORTED_GAME,
   * LITTLE_GOLEM_HEX, LITTLE_GOLEM_TWIXT or GM_INVALID. */
  replay(): Replay;
}

/** A read SGF file. */
export interface Collection extends Iterable<GameTree> {
  /** Number of game trees. */
  readonly length: number;
  readonly diagnostics: Diagnostic[];
  /** The charset the bytes were read as ("UTF-8", "ISO-8859-1", ...). */
  readonly charset: string;
  readonly nodeCount: number;
  tree(index: number): GameTree;
  /** No errors (and no warnings, with `strict`). */
  ok(strict?: boolean): boolean;
  /** Canonical SGF, UTF-8, as `ludex fmt` writes it (one tree with `tree`). */
  toSGF(options?: WriteOptions & { tree?: number }): string;
  toJSON(): { length: number; charset: string; diagnostics: Diagnostic[] };
  /** Give its WebAssembly memory back now (otherwise the garbage collector does). */
  free(): void;
}

/** A game position one can play on. */
export interface Position {
  readonly game: GameName;
  /** Whose turn it is; null when nobody's (the game is over, or backgammon's opening roll). */
  readonly toPlay: Player | null;
  readonly result: GameResult;
  /** Play a move written as an SGF B/W value (an array for a Twixt long move), for
   * `player` or the player to move.  Throws a LudexError with the rules' code (the
   * position is then unchanged); returns the position. */
  play(move: string | string[], player?: Player): this;
  svg(size?: number): string;
  text(size?: number): string;
  /** The position as in `ludex replay --json`: Hex {stones}, Twixt {pegs, links}, backgammon {position_id, match_id}. */
  describe(): Record<string, unknown>;
  /** {game, toPlay, result, ...describe()}. */
  toJSON(): Record<string, unknown>;
  /** The legal moves of `player` (default: whose turn it is; none when nobody's) as SGF writes
   * them: Hex and Twixt every cell or hole, then the swaps allowed; backgammon with `dice` every
   * distinct play of the roll ("31hefe"), then the cube actions allowed.  As Python's legal_moves(). */
  legalMoves(options?: { player?: Player; dice?: [number, number] }): string[];
  /** The position as fixed planes of bytes, as Python's planes(): Hex [3, rows, cols], Twixt
   * [11, rows, cols], backgammon [2, 26]; `data` row-major, row 0 the top row (README's table). */
  planes(): Planes;
  copy(): Position;
  free(): void;
}

export interface Planes {
  shape: number[];
  data: Uint8Array;
}

export type ConvertFormat = 'sgf' | 'littlegolem-hex' | 'littlegolem-twixt' | 't1' | 'twixt-server';

export interface ConvertOptions extends ReadOptions {
  /** The format to write (default 'sgf'). */
  to?: ConvertFormat;
  /** The input's format (default: from its content; a Little Golem record is SGF too). */
  from?: ConvertFormat;
}

/** What convert() gives: the record written, whether the input had no error, the problems met. */
export interface Converted {
  text: string;
  ok: boolean;
  diagnostics: Diagnostic[];
}

export interface ReplayMove {
  /** 1-based. */
  number: number;
  player: Player;
  node: Node;
  values: string[];
}

/** A main line replayed once, kept position by position. */
export interface Replay {
  readonly tree: GameTree;
  /** Moves replayed; positions 0 (the start) to length. */
  readonly length: number;
  /** The root made a playable game. */
  readonly started: boolean;
  /** Where and why the line stopped (move 0: it could not start), or null. */
  readonly error: { move: number; code: string; message: string } | null;
  readonly diagnostics: Diagnostic[];
  /** The result at the end of the line replayed. */
  readonly result: GameResult;
  /** A copy of the position after move k (0: the start). */
  position(k: number): Position;
  move(k: number): ReplayMove;
  toJSON(): { length: number; started: boolean; error: { move: number; code: string; message: string } | null; result: GameResult };
  free(): void;
}

/** Crossword data and calls (`await lx.xword()`): the repository's distributions and boards
 * are in; lexicons (KWG bytes) are added by the caller. */
export interface Xword {
  addDistribution(name: string, text: string | Uint8Array): this;
  addBoard(name: string, text: string | Uint8Array): this;
  /** 'wamerican' is the default that judges English words when a record names no lexicon. */
  addLexicon(name: string, kwg: Uint8Array | ArrayBuffer): this;
  /** One CGP line; a LudexError when nothing usable can be read. */
  readCGP(text: string | Uint8Array): XwordPosition;
  /** A GCG record; a LudexError when nothing can be read. */
  readGCG(data: Input, options?: ReadOptions): XwordGame;
  /** `ludex check` of a .gcg record or a file of CGP lines (games: records or positions; moves: events). */
  check(data: Input, options: { kind: 'gcg' | 'cgp'; strict?: boolean; encoding?: string }): CheckResult;
}

export interface ScoredPlay {
  score: number;
  /** The main word first, then the cross-words. */
  words: string[];
  bingo: boolean;
}

/** A crossword position (CGP). */
export interface XwordPosition {
  /** [rows, cols]. */
  readonly size: [number, number];
  /** Tile labels by row, null for an empty square; a designated blank is lower case. */
  readonly board: (string | null)[][];
  /** The player to move first; '?' a blank. */
  readonly racks: string[];
  readonly scores: number[];
  /** Reading's problems. */
  readonly diagnostics: Diagnostic[];
  validate(): Diagnostic[];
  /** Throws LEXICON_UNAVAILABLE without a lexicon to judge the words. */
  checkWords(): Diagnostic[];
  /** Check and score a play for the player to move ('8D WORD', '-', '-ABC'), as Python's score();
   * a LudexError with the refusal's code. */
  score(play: string, options?: { ignoreRack?: boolean }): ScoredPlay;
  /** Every legal play, best first, as Python's moves() (leaveValue is Python's leave_value). */
  moves(options?: { rack?: string; lexicon?: string; sort?: 'equity' | 'score'; top?: number }): XwordPlay[];
  /** The play of highest equity, as Python's best_move(). */
  bestMove(options?: { rack?: string; lexicon?: string }): XwordPlay;
  toCGP(): string;
  svg(size?: number): string;
  text(size?: number): string;
  toJSON(): Record<string, unknown>;
  free(): void;
}

export interface XwordPlay {
  /** "8D WO.D", "-ABC", "-". */
  play: string;
  kind: 'place' | 'exchange' | 'pass';
  score: number;
  leaveValue: number;
  equity: number;
  bingo: boolean;
}

export interface XwordReplaySummary {
  events: number;
  plays: number;
  scoresChecked: number;
  wordsChecked: number;
  completed: boolean;
  lexicon: string | null;
}

/** A crossword game record (GCG). */
export interface XwordGame {
  /** [nickname, full name] of each player. */
  readonly players: [string | null, string | null][];
  readonly eventCount: number;
  readonly diagnostics: Diagnostic[];
  /** The position after event n (0: before the first; undefined: the end). */
  position(n?: number): XwordPosition;
  /** Every rule and score checked, as Python's replay(). */
  replay(): { summary: XwordReplaySummary; diagnostics: Diagnostic[] };
  toGCG(): string;
  toJSON(): Record<string, unknown>;
  free(): void;
}

export interface Ludex {
  /** libludex's version, e.g. "0.1.0". */
  readonly version: string;
  /** Bytes of WebAssembly linear memory this instance holds (it grows, never shrinks). */
  readonly memoryBytes: number;
  /** Bytes of it allocated now (collections, replays and positions not yet freed). */
  readonly heapInUse: number;
  read(data: Input, options?: ReadOptions): Collection;
  check(data: Input, options?: CheckOptions): CheckResult;
  /** `ludex convert`: littlegolem-hex, littlegolem-twixt, t1 and twixt-server to sgf; sgf to t1
   * and twixt-server.  Problems in the input do not throw (see `ok`, `diagnostics`); a conversion
   * that does not exist throws a LudexError NO_SUCH_CONVERSION. */
  convert(data: Input, options?: ConvertOptions): Converted;
  /** Crossword games (CGP, GCG), loaded on first use. */
  xword(): Promise<Xword>;
  /** The start position of a new game (Hex and Twixt take a board size). */
  newGame(game: GameName, options?: { size?: number }): Position;
}

/** Load the WebAssembly module.  `moduleOptions` go to Emscripten: `wasmBinary`
 * (the bytes of ludex-wasm.wasm) or `locateFile` where it is not beside ludex.js. */
export function init(moduleOptions?: { wasmBinary?: ArrayBuffer | Uint8Array; locateFile?: (path: string, prefix: string) => string }): Promise<Ludex>;
export default init;
