// tests/js/read.test.mjs - reading: trees, nodes, properties, values,
// diagnostics with their code, severity, line and column; charsets.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { lx } from './helpers.mjs';

const RECORD = '(;FF[4]GM[11]SZ[5]PB[Al\\]ice]C[two\\\nlines\nhere]\n;B[a1];W[b2](;B[c3];W[d4])(;B[c4]))';

test('a record becomes a tree of nodes and properties', () => {
  const c = lx.read(RECORD);
  assert.equal(c.length, 1);
  assert.deepEqual(c.diagnostics, []);
  assert.equal(c.charset, 'UTF-8');
  const t = c.tree(0);
  assert.equal(t.gm, 11);
  assert.equal(t.game, 'hex');
  assert.equal(t.gmName, 'Hex');
  assert.equal(t.nodeCount, 6);
  assert.deepEqual(t.root.toObject(), { FF: ['4'], GM: ['11'], SZ: ['5'], PB: ['Al\\]ice'], C: ['two\\\nlines\nhere'] });
  assert.equal(t.root.text('PB'), 'Al]ice');
  assert.equal(t.root.text('C'), 'twolines\nhere');
  assert.equal(t.root.text('C', true), 'twolines here');
  assert.equal(t.root.get('XX'), undefined);
  assert.equal(t.root.has('sz'), true);
  assert.deepEqual([...t.mainLine()].map((n) => n.index), [0, 1, 2, 3, 4]);
  assert.deepEqual([...t.nodes()].map((n) => Object.keys(n.toObject()).join()), [
    'FF,GM,SZ,PB,C', 'B', 'W', 'B', 'W', 'B',
  ]);
  const branch = t.node(2);
  assert.equal(branch.childCount, 2);
  assert.deepEqual(branch.children.map((n) => n.get('B')[0]), ['c3', 'c4']);
  assert.equal(branch.children[1].parent.index, 2);
  assert.equal(t.root.parent, null);
  assert.equal(branch.children[1].nextSibling, null);
  assert.equal(t.node(1).offset, RECORD.indexOf(';B[a1]'));
  assert.equal(t.node(1).properties[0].offset, RECORD.indexOf('B[a1]'));
  assert.throws(() => t.node(6), RangeError);
});

test('a collection holds every game tree, in order', () => {
  const c = lx.read('(;GM[11]SZ[3];B[a1])\n(;GM[21]SZ[12];W[b2])\n(;GM[6])');
  assert.equal(c.length, 3);
  assert.deepEqual([...c].map((t) => t.game), ['hex', 'twixt', 'backgammon']);
  assert.equal(c.nodeCount, 5);
  const go = lx.read('(;GM[1]SZ[19];B[dd])').tree(0);
  assert.equal(go.game, null);
  assert.equal(go.gmName, 'Go');
});

test('problems are diagnostics with code, severity, line and column', () => {
  const c = lx.read('(;GM[11]SZ[5]\n;B[a1]\n;W[b2');
  assert.equal(c.length, 1);
  assert.deepEqual(c.diagnostics, [
    { code: 'UNCLOSED_TREE', severity: 'error', line: 1, column: 1, offset: 0,
      message: "this game tree is not closed by ')' before the end of the file" },
    { code: 'UNCLOSED_VALUE', severity: 'error', line: 3, column: 3, offset: 23,
      message: "this value is not closed by ']' before the end of the file" },
  ]);
  assert.equal(c.ok(), false);
  assert.equal(lx.read('(;GM[11]SZ[5];B[a1])').ok(), true);
});

test('no game tree at all', () => {
  const c = lx.read('hello, no SGF here');
  assert.equal(c.length, 0);
  assert.equal(lx.read(new Uint8Array(0)).length, 0);
});

test('charsets: CA and the encoding option', () => {
  const latin1 = Uint8Array.from([...'(;GM[11]SZ[3]CA[ISO-8859-1]PB[Jos'].map((ch) => ch.charCodeAt(0)).concat([0xe9, 0x5d, 0x29]));
  const c = lx.read(latin1);
  assert.equal(c.charset, 'ISO-8859-1');
  assert.equal(c.tree(0).root.text('PB'), 'José');
  const forced = lx.read(Uint8Array.from([...'(;GM[11]SZ[3]PB['].map((ch) => ch.charCodeAt(0)).concat([0xe9, 0x5d, 0x29])), {
    encoding: 'ISO-8859-1',
  });
  assert.equal(forced.tree(0).root.text('PB'), 'é');
  assert.equal(lx.read('(;PB[日本])').tree(0).root.text('PB'), '日本');
  const text = lx.read('(;GM[11]SZ[3]CA[ISO-8859-1]PB[José])');
  assert.equal(text.tree(0).root.text('PB'), 'José', 'a string is text already, whatever CA says');
  assert.equal(text.charset, 'UTF-8');
});

test('a freed collection refuses to be used', () => {
  const c = lx.read('(;GM[11]SZ[3])');
  c.free();
  c.free();
  assert.throws(() => c.tree(0), /freed/);
});

test('bad arguments are TypeErrors', () => {
  assert.throws(() => lx.read(42), TypeError);
  assert.throws(() => lx.check({}), TypeError);
});
