// tests/js/deep.test.mjs - 100,000 nested variations are read, walked,
// checked and written back without recursion (JavaScript's stack would not
// take a recursive walk of them, nor would a recursive C reader's); and
// what is freed is given back to the WebAssembly heap.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { lx, nestedVariations } from './helpers.mjs';

const DEPTH = 100000;

test('100,000 nested variations', () => {
  const text = nestedVariations(DEPTH);
  const c = lx.read(text);
  assert.deepEqual(c.diagnostics, []);
  const t = c.tree(0);
  assert.equal(t.nodeCount, DEPTH + 1);
  let walked = 0;
  for (const n of t.nodes()) walked += n.has('C') ? 1 : 0;
  assert.equal(walked, DEPTH);
  let line = 0;
  for (const n of t.mainLine()) line++;
  assert.equal(line, DEPTH + 1);
  let depth = 0;
  for (let n = t.node(DEPTH); n.parent; n = n.parent) depth++;
  assert.equal(depth, DEPTH);
  const written = c.toSGF();
  const again = lx.read(written);
  assert.equal(again.nodeCount, DEPTH + 1);
  assert.equal(again.toSGF(), written);
  const checked = lx.check(text);
  assert.equal(checked.nodes, DEPTH + 1);
  assert.deepEqual(checked.diagnostics, []);
  const r = t.replay();
  assert.equal(r.length, 0);
  assert.equal(r.error, null);
  c.free();
  again.free();
});

test('what is freed is given back: no WebAssembly memory kept after 1,000 reads and replays', () => {
  const text = '(;FF[4]GM[11]SZ[5];B[a1];W[b2];B[c3];W[d4])';
  const once = () => {
    const c = lx.read(text);
    const r = c.tree(0).replay();
    r.position(r.length).play('e5').free();
    r.free();
    c.free();
  };
  once();
  const before = lx.heapInUse;
  for (let i = 0; i < 1000; i++) once();
  assert.equal(lx.heapInUse, before);
  const c = lx.read(text);
  assert.ok(lx.heapInUse > before, 'a collection not freed is counted');
  c.free();
});
