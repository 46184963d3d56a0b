// tests/js/play.test.mjs - replaying and playing: positions move by move,
// the player to move, refusals with the rules' codes, results, drawings.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { LudexError, REPO, lx } from './helpers.mjs';

function refusal(fn) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof LudexError, `a LudexError, not ${e}`);
    return e.code;
  }
  assert.fail('the move was accepted');
}

test('a Hex game: positions move by move, the player to move, the result', () => {
  const r = lx.read('(;FF[4]GM[11]SZ[2];B[a1];W[b1];B[a2])').tree(0).replay();
  assert.equal(r.length, 3);
  assert.equal(r.error, null);
  const start = r.position(0);
  assert.deepEqual(start.describe(), { stones: { B: [], W: [] } });
  assert.equal(start.toPlay, 'B');
  assert.deepEqual(r.position(2).describe(), { stones: { B: ['a1'], W: ['b1'] } });
  assert.equal(r.position(2).toPlay, 'B');
  assert.deepEqual(r.move(3), { number: 3, player: 'B', node: r.move(3).node, values: ['a2'] });
  assert.equal(r.move(3).node.index, 3);
  assert.deepEqual(r.result, { over: true, winner: 'B', re: 'B+' });
  assert.deepEqual(r.position(1).result, { over: false, winner: null, re: null });
  assert.throws(() => r.position(4), RangeError);
  assert.throws(() => r.move(0), RangeError);
});

test('play: a legal move changes the position, a refused one leaves it and says why', () => {
  const p = lx.newGame('hex', { size: 3 });
  assert.equal(p.game, 'hex');
  p.play('b2');
  assert.equal(p.toPlay, 'W');
  assert.equal(refusal(() => p.play('b2')), 'HEX_CELL_OCCUPIED');
  assert.equal(refusal(() => p.play('zz9')), 'HEX_OFF_BOARD');
  assert.equal(refusal(() => p.play('a1;')), 'HEX_BAD_POINT');
  assert.equal(refusal(() => p.play([])), 'EMPTY_MOVE');
  assert.equal(refusal(() => p.play('a1', 'X')), 'BAD_PLAYER');
  assert.deepEqual(p.describe(), { stones: { B: ['b2'], W: [] } });
  const q = p.copy();
  q.play('a1').play('c3', 'B');
  assert.deepEqual(q.describe(), { stones: { B: ['b2', 'c3'], W: ['a1'] } });
  assert.deepEqual(p.describe(), { stones: { B: ['b2'], W: [] } }, 'a copy is its own position');
  const won = lx.newGame('hex', { size: 2 }).play('a1').play('b1').play('a2');
  assert.deepEqual(won.result, { over: true, winner: 'B', re: 'B+' });
  assert.equal(refusal(() => won.play('b2')), 'GAME_OVER');
});

test('play: Twixt, with a long move in several values', () => {
  const p = lx.newGame('twixt', { size: 24 });
  assert.equal(p.toPlay, 'W');
  assert.equal(refusal(() => p.play('a1')), 'TWIXT_CORNER');
  for (const m of ['l12', 'd4', 'm14', 'e6', 'k10']) p.play(m);
  assert.deepEqual(p.describe().links.B, [['d4', 'e6']]);
  p.play(["-d'5", 'j10']);
  assert.deepEqual(p.describe().links.B, []);
  assert.deepEqual(p.describe().pegs.B, ['d4', 'e6', 'j10']);
  assert.equal(p.toPlay, 'W');
});

test('replay: a refused move ends the line with the code `ludex check` gives', () => {
  const text = '(;FF[4]GM[11]SZ[3];B[a1];W[a1];B[b2])';
  const r = lx.read(text).tree(0).replay();
  assert.equal(r.length, 1);
  assert.deepEqual(r.error, { move: 2, code: 'HEX_CELL_OCCUPIED', message: 'a1 is already taken by a Black stone' });
  assert.equal(r.diagnostics.length, 1);
  assert.equal(r.diagnostics[0].column, text.indexOf('W[a1]') + 1);
  const checked = lx.check(text).diagnostics.find((d) => d.severity === 'error');
  assert.deepEqual(checked, r.diagnostics[0]);
});

test('replay: a root that makes no game, a game without rules here', () => {
  const r = lx.read('(;FF[4]GM[11]SZ[0];B[a1])').tree(0).replay();
  assert.equal(r.started, false);
  assert.equal(r.length, 0);
  assert.equal(r.error.move, 0);
  assert.match(r.error.code, /^[A-Z_]+$/);
  assert.throws(() => r.position(0), RangeError);
  assert.throws(() => lx.read('(;GM[1];B[aa])').tree(0).replay(), (e) => e.code === 'UNSUPPORTED_GAME' && /GM\[1\] \(Go\)/.test(e.message));
});

test('backgammon: gnubg IDs, and who plays must be said before the opening roll', () => {
  const c = lx.read(readFileSync(join(REPO, 'examples', 'backgammon-match.sgf')));
  assert.equal(c.charset, 'ISO-8859-1');
  assert.equal(c.tree(0).root.text('PW'), 'Jürgen');
  const r = c.tree(0).replay();
  assert.equal(r.error, null);
  assert.deepEqual(Object.keys(r.position(1).describe()), ['position_id', 'match_id']);
  const b = lx.newGame('backgammon');
  assert.equal(b.toPlay, null);
  assert.deepEqual(b.describe(), { position_id: '4HPwATDgc/ABMA', match_id: 'MAEAAAAAAAAE' });
  assert.equal(refusal(() => b.play('31hefe')), 'PLAYER_NEEDED');
  b.play('31hefe', 'W');
  assert.notEqual(b.describe().position_id, '4HPwATDgc/ABMA');
});

test('drawings: SVG and text', () => {
  const p = lx.newGame('hex', { size: 4 }).play('b2');
  const svg = p.svg();
  assert.match(svg, /^<\?xml[^>]*>\s*<svg /);
  assert.match(svg, /<\/svg>\s*$/);
  assert.notEqual(p.svg(), lx.newGame('hex', { size: 4 }).svg());
  assert.match(p.text(), /B/);
  for (const g of ['twixt', 'backgammon']) assert.match(lx.newGame(g, g === 'twixt' ? { size: 12 } : {}).svg(), /<svg /);
});

test('newGame refuses what is no game', () => {
  assert.throws(() => lx.newGame('go'), (e) => e.code === 'UNKNOWN_GAME');
  assert.throws(() => lx.newGame('hex', { size: -1 }), (e) => e.code === 'BAD_SIZE');
  assert.throws(() => lx.newGame('hex', { size: 0 }), (e) => e.code === 'BAD_SIZE');
});

test('a freed position refuses to be used', () => {
  const p = lx.newGame('hex', { size: 3 });
  p.free();
  assert.throws(() => p.play('a1'), /freed/);
});

test('JSON.stringify: plain data from every object (no circular tree inside a move)', () => {
  const c = lx.read('(;FF[4]GM[11]SZ[3];B[a1];W[b2])');
  const t = c.tree(0);
  const r = t.replay();
  assert.deepEqual(JSON.parse(JSON.stringify(r.move(2))), {
    number: 2, player: 'W', node: { index: 2, properties: { W: ['b2'] } }, values: ['b2'],
  });
  assert.deepEqual(JSON.parse(JSON.stringify(t.root.property('SZ'))), { id: 'SZ', values: ['3'] });
  assert.deepEqual(JSON.parse(JSON.stringify(t)), { index: 0, gm: 11, game: 'hex', nodeCount: 3 });
  assert.deepEqual(JSON.parse(JSON.stringify(c)), { length: 1, charset: 'UTF-8', diagnostics: [] });
  const p = r.position(2);
  assert.deepEqual(JSON.parse(JSON.stringify(p)), {
    game: 'hex', toPlay: 'B', result: { over: false, winner: null, re: null }, stones: { B: ['a1'], W: ['b2'] },
  });
  assert.deepEqual(JSON.parse(JSON.stringify(r)), {
    length: 2, started: true, error: null, result: { over: false, winner: null, re: null },
  });
  p.free();
  r.free();
  c.free();
});
