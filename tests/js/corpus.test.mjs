// tests/js/corpus.test.mjs - the corpora of real records, through the binding
// and through the ludex tool, must agree: check's diagnostics, every replayed
// position and result, and the canonical text written back (which reads back
// to itself).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { corpusFiles, lx, tool } from './helpers.mjs';

const files = corpusFiles();

test('the corpora are there', () => {
  assert.ok(files.length >= 300, `${files.length} records found`);
});

test('check: the same diagnostics as `ludex check --json`', () => {
  const want = new Map(
    tool('check', '--json', ...files)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .map((o) => [o.file, o]),
  );
  for (const f of files) {
    const got = lx.check(readFileSync(f));
    const w = want.get(f);
    assert.equal(got.ok, w.ok, f);
    for (const k of ['games', 'nodes', 'moves', 'unchecked']) assert.equal(got[k], w[k], `${f}: ${k}`);
    assert.deepEqual(
      got.diagnostics.map((d) => ({ line: d.line, col: d.column, severity: d.severity, code: d.code, message: d.message })),
      w.diagnostics,
      f,
    );
  }
});

// The records `ludex replay --json` prints for one tree's main line, from a replay.
function replayRecords(tree) {
  const out = [];
  const r = tree.replay();
  for (let k = 1; k <= r.length; k++) {
    const p = r.position(k);
    out.push({ game: tree.index, move: k, player: r.move(k).player, ...p.describe() });
    p.free();
  }
  if (r.error) {
    out.push({ game: tree.index, move: r.error.move, error: { code: r.error.code, message: r.error.message } });
  } else {
    const res = r.result;
    out.push({ game: tree.index, end: true, winner: res.winner, result: res.re });
  }
  r.free();
  return out;
}

test('replay: every position and result as `ludex replay --json` gives them', () => {
  let moves = 0;
  for (const f of files) {
    const c = lx.read(readFileSync(f));
    if (![...c].every((t) => t.game)) continue; // the tool refuses a file with a tree it cannot replay
    const want = tool('replay', '--json', f)
      .trim()
      .split('\n')
      .filter((l) => l)
      .map((l) => JSON.parse(l));
    const got = [...c].flatMap(replayRecords);
    assert.deepEqual(got, want, f);
    moves += got.length;
    c.free();
  }
  assert.ok(moves > 1000, `${moves} records compared`);
});

test('write: the text `ludex fmt` writes, and it reads back to itself', () => {
  let written = 0;
  for (const f of files) {
    const c = lx.read(readFileSync(f));
    if (c.length === 0 || c.diagnostics.some((d) => d.severity === 'fatal')) continue; // fmt writes nothing then
    const text = c.toSGF();
    assert.equal(text, tool('fmt', f), f);
    const again = lx.read(text);
    assert.equal(again.toSGF(), text, f);
    assert.equal(again.nodeCount, c.nodeCount, f);
    c.free();
    again.free();
    written++;
  }
  assert.ok(written >= files.length * 0.9, `${written} of ${files.length} files written`);
});
