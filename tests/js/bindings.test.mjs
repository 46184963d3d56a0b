// tests/js/bindings.test.mjs - the table both bindings answer (tests/bindings/cases.json;
// tests/python/test_bindings_table.py reads it too): check's counts and codes, a tree's
// game, and its main line replayed up to the code that stopped it, so that the JavaScript
// and Python bindings cannot drift apart.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';

import { filesUnder, LudexError, lx, REPO, TOOL } from './helpers.mjs';

const TABLE = JSON.parse(readFileSync(join(REPO, 'tests', 'bindings', 'cases.json'), 'utf8'));

// A case's input as bytes: the file's, or the text's UTF-8 (as Python reads text.encode()).
function dataOf(c) {
  return c.file ? readFileSync(join(REPO, c.file)) : new TextEncoder().encode(c.text);
}

function replayed(tree) {
  let r;
  try {
    r = tree.replay();
  } catch (e) {
    assert.ok(e instanceof LudexError, String(e));
    return { moves: 0, error: e.code };
  }
  const out = { moves: r.length, error: r.error ? r.error.code : null };
  r.free();
  return out;
}

function checked(data) {
  const r = lx.check(data);
  const { ok, games, nodes, moves, unchecked } = r;
  return { ok, games, nodes, moves, unchecked, codes: [...new Set(r.diagnostics.map((d) => d.code))].sort() };
}

for (const c of TABLE.cases) {
  test(`table: ${c.name}`, () => {
    const data = dataOf(c);
    assert.deepEqual(checked(data), c.check);
    const coll = lx.read(data);
    try {
      if (!c.tree0) {
        assert.equal(coll.length, 0);
        return;
      }
      const t = coll.tree(0);
      assert.deepEqual({ gm: t.gm, game: t.game, gmName: t.gmName }, { gm: c.tree0.gm, game: c.tree0.game, gmName: c.tree0.gmName });
      assert.deepEqual(replayed(t), c.tree0.replay);
    } finally {
      coll.free();
    }
  });
}

const codesOf = (diags) => [...new Set(diags.map((d) => d.code))].sort();

for (const c of TABLE.convert) {
  test(`table: convert ${c.name}`, () => {
    const data = dataOf(c);
    const r = lx.convert(data, { to: c.to, from: c.from });
    assert.deepEqual({ text: r.text, ok: r.ok, codes: codesOf(r.diagnostics) }, { text: c.output, ok: c.ok, codes: c.codes });
  });
}

test('table: convert refuses a conversion that does not exist, with the code Python gives', () => {
  assert.throws(() => lx.convert(readFileSync(join(REPO, 'examples', 'hex-game.sgf'))), (e) => e instanceof LudexError && e.code === 'NO_SUCH_CONVERSION');
});

for (const c of TABLE.positions) {
  test(`table: position ${c.name}`, () => {
    const coll = lx.read(dataOf(c));
    const r = coll.tree(0).replay();
    assert.ok(r.length >= c.after);
    const p = r.position(c.after);
    assert.equal(p.toPlay, c.toPlay);
    const moves = p.legalMoves({ player: c.player, dice: c.dice });
    assert.deepEqual({ count: moves.length, first: moves.slice(0, 3), last: moves.slice(-2) }, c.legal);
    const { shape, data } = p.planes();
    assert.ok(data instanceof Uint8Array);
    assert.equal(data.length, shape.reduce((a, b) => a * b, 1));
    const plane = data.length / shape[0];
    const sums = Array.from({ length: shape[0] }, (_, i) => data.subarray(i * plane, (i + 1) * plane).reduce((a, b) => a + b, 0));
    assert.deepEqual({ shape, sums }, c.planes);
    p.free();
    r.free();
    coll.free();
  });
}

test('table: the corpus totals', () => {
  const want = TABLE.corpus;
  const got = { files: 0, ok: 0, games: 0, nodes: 0, moves: 0, unchecked: 0, replayMoves: 0, replayErrors: 0 };
  for (const f of filesUnder(join(REPO, want.dir), want.extensions)) {
    const data = readFileSync(f);
    const c = checked(data);
    got.files++;
    got.ok += c.ok ? 1 : 0;
    for (const k of ['games', 'nodes', 'moves', 'unchecked']) got[k] += c[k];
    const coll = lx.read(data);
    for (const t of coll) {
      const r = replayed(t);
      got.replayMoves += r.moves;
      got.replayErrors += r.error === null ? 0 : 1;
    }
    coll.free();
  }
  assert.deepEqual(got, Object.fromEntries(Object.keys(got).map((k) => [k, want[k]])));
  assert.equal(got.replayMoves, got.moves);
});

// Crossword games: the data shipped in the package, and the default lexicon (wamerican, made by
// `make` from Debian's word list) added as Python finds it in its package.
const XWORD = TABLE.xword;
const KWG = process.env.LUDEX_XWORD_KWG ?? join(dirname(TOOL), 'data', 'xword', 'lexica', 'wamerican.kwg');
const xw = await lx.xword();
if (existsSync(KWG)) xw.addLexicon('wamerican', readFileSync(KWG));

const xwChecked = (data, kind) => {
  const r = lx.check(data, { kind });
  return { ok: r.ok, games: r.games, moves: r.moves, codes: codesOf(r.diagnostics) };
};

for (const c of XWORD.checks) {
  test(`table: crossword check ${c.name}`, () => {
    assert.deepEqual(xwChecked(readFileSync(join(REPO, c.file)), c.kind), c.check);
  });
}

for (const c of XWORD.scores) {
  test(`table: crossword score ${c.play}`, () => {
    const pos = xw.readCGP(XWORD.position);
    try {
      if (c.error) assert.throws(() => pos.score(c.play), (e) => e instanceof LudexError && e.code === c.error);
      else assert.deepEqual(pos.score(c.play), { score: c.score, words: c.words, bingo: c.bingo });
    } finally {
      pos.free();
    }
  });
}

for (const c of XWORD.moves) {
  test(`table: crossword moves ${JSON.stringify({ ...c, plays: undefined })}`, () => {
    const pos = xw.readCGP(XWORD.position);
    assert.deepEqual(pos.moves({ rack: c.rack, sort: c.sort, top: c.top }), c.plays);
    assert.deepEqual(pos.bestMove(), XWORD.bestMove);
    pos.free();
  });
}

test('table: a crossword game read, replayed and its positions', () => {
  const want = XWORD.game;
  const g = xw.readGCG(readFileSync(join(REPO, want.file)));
  assert.deepEqual([g.players, g.eventCount], [want.players, want.events]);
  const { summary, diagnostics } = g.replay();
  assert.deepEqual({ ...summary, codes: codesOf(diagnostics) }, want.replay);
  for (const p of want.positions) {
    const pos = g.position(p.after ?? undefined);
    assert.equal(pos.toCGP(), p.cgp);
    if (p.racks) assert.deepEqual([pos.racks, pos.scores], [p.racks, p.scores]);
    pos.free();
  }
  g.free();
});

test('table: the crossword corpus totals', () => {
  const want = TABLE.xwordCorpus;
  const got = { files: 0, ok: 0, moves: 0, errors: 0, warnings: 0 };
  for (const f of filesUnder(join(REPO, want.dir), ['.gcg'])) {
    const r = lx.check(readFileSync(f), { kind: 'gcg' });
    got.files++;
    got.ok += r.ok ? 1 : 0;
    got.moves += r.moves;
    got.errors += r.diagnostics.filter((d) => d.severity !== 'warning').length;
    got.warnings += r.diagnostics.filter((d) => d.severity === 'warning').length;
  }
  assert.deepEqual(got, Object.fromEntries(Object.keys(got).map((k) => [k, want[k]])));
});
