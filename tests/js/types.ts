// tests/js/types.ts - ludex.d.ts checked by the TypeScript compiler (`tsc
// --noEmit --strict`, run by make check-js): the API used as the README shows
// it must type-check, and misuses must not (each @ts-expect-error line has
// to be an error, or tsc fails).
import init, { LudexError } from '../../js/ludex.js';
import type { CheckResult, Collection, Converted, Diagnostic, GameResult, Ludex, Planes, Player, Position, Replay, ScoredPlay, Xword, XwordGame } from '../../js/ludex.js';

const lx: Ludex = await init();
const games: Collection = lx.read(new Uint8Array([40, 59, 41]), { encoding: 'UTF-8' });
const d: Diagnostic | undefined = games.diagnostics[0];
const where: string = d ? `${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}` : '';
for (const tree of games) {
  const name: 'hex' | 'twixt' | 'backgammon' | null = tree.game;
  for (const node of tree.mainLine()) {
    const values: string[] | undefined = node.get('B');
    const text: string | undefined = node.text('C', true);
    const all: Record<string, string[]> = node.toObject();
    void [name, values, text, all, node.parent?.index, node.children.length];
  }
  if (tree.game) {
    const r: Replay = tree.replay();
    const p: Position = r.position(r.length);
    const who: Player | null = p.toPlay;
    const res: GameResult = p.play(['e5']).result;
    const svg: string = p.svg(0);
    void [who, res.winner, res.re, svg, r.error?.code, r.move(1).values];
  }
}
const report: CheckResult = lx.check('(;GM[11])', { allVariations: true, strict: false });
const sgf: string = games.toSGF({ dropUnknown: true, tree: 0 });
try {
  lx.newGame('hex', { size: 11 }).play('f6', 'B');
} catch (e) {
  if (e instanceof LudexError) void e.code;
}
const conv: Converted = lx.convert('(;FF[4]GM[11]SZ[3];B[a1])', { from: 'littlegolem-hex', to: 'sgf' });
const legal: string[] = lx.newGame('backgammon').legalMoves({ player: 'W', dice: [3, 1] });
const planes: Planes = lx.newGame('hex', { size: 5 }).planes();
const firstPlane: Uint8Array = planes.data.subarray(0, planes.shape[1] * planes.shape[2]);
const xw: Xword = await lx.xword();
const scored: ScoredPlay = xw.readCGP('15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AB/ 0/0 0;').score('8G AB');
const rec: XwordGame = xw.readGCG('#player1 a A\n#player2 b B\n');
const cells: (string | null)[][] = rec.position(0).board;
const xcheck: CheckResult = lx.check('', { kind: 'gcg' });
const best: number = xw.readCGP('15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AB/ 0/0 0;').moves({ top: 3, sort: 'score' })[0].equity;
void [scored.words, rec.replay().summary.completed, cells, xcheck.ok, best];
void [where, report.ok, report.moves, sgf, lx.version, lx.heapInUse, lx.memoryBytes, conv.text, conv.ok, legal, firstPlane];

// @ts-expect-error: no such game
lx.newGame('go');
// @ts-expect-error: a player is 'B' or 'W'
lx.newGame('hex').play('a1', 'X');
// @ts-expect-error: no such format
lx.convert('', { to: 'pdf' });
// @ts-expect-error: dice are a pair
lx.newGame('backgammon').legalMoves({ dice: [3] });
// @ts-expect-error: no such kind
lx.check('', { kind: 'pdf' });
// @ts-expect-error: read takes text or bytes
lx.read(42);
