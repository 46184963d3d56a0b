// tests/js/package.test.mjs - the package as a user gets it (issue 35, item 8): `npm pack` of
// the built package, `npm install` of the tarball into a fresh project with no registry
// (--offline: it must need nothing else, no dependency at all), then used from there by an
// ES module (import), by CommonJS (require: node 20.19 or later loads the ES module), and as
// the README's browser snippet does (init with locateFile: the .wasm fetched over HTTP).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';

import { PKG, REPO } from './helpers.mjs';

let dir, project, installed;
const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_cache: join(dir, 'cache'), npm_config_update_notifier: 'false' } });

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'ludex-npm-'));
  const tgz = run('npm', ['pack', '--silent', '--pack-destination', dir, PKG], dir).trim().split('\n').pop();
  project = join(dir, 'project');
  run('mkdir', [project], dir);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fresh', version: '1.0.0', private: true }));
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', join(dir, tgz)], project);
  installed = join(project, 'node_modules', 'ludex');
});

after(() => rmSync(dir, { recursive: true, force: true }));

const HEX = '(;FF[4]GM[11]SZ[5];B[c3];W[d4])';

test('package: the tarball holds the package files and declares no dependency', () => {
  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  assert.equal(pkg.dependencies, undefined);
  assert.equal(pkg.engines.node, '>=20.19');
  const files = run('ls', [installed], dir).trim().split('\n').sort();
  assert.deepEqual(files, ['README.md', 'ludex-wasm.js', 'ludex-wasm.wasm', 'ludex-xword-data.js', 'ludex.d.ts', 'ludex.js', 'package.json']);
});

test('package: an ES module of the fresh project imports it by name', () => {
  writeFileSync(join(project, 'esm.mjs'), `import { init, LudexError } from 'ludex';
const lx = await init();
const r = lx.check(${JSON.stringify(HEX)});
console.log(JSON.stringify([lx.version, r.moves, typeof LudexError]));`);
  const [version, moves, ctor] = JSON.parse(run('node', ['esm.mjs'], project));
  assert.deepEqual([moves, ctor], [2, 'function']);
  assert.match(version, /^\d+\.\d+\.\d+/);
});

test('package: CommonJS requires it (node 20.19 or later)', () => {
  writeFileSync(join(project, 'cjs.cjs'), `const { init, LudexError } = require('ludex');
init().then((lx) => {
  try { lx.newGame('hex', { size: 5 }).play('c3').play('c3'); } catch (e) {
    console.log(JSON.stringify([e instanceof LudexError, e.code, lx.read(${JSON.stringify(HEX)}).tree(0).replay().length]));
  }
});`);
  const out = run('node', ['cjs.cjs'], project);
  assert.deepEqual(JSON.parse(out), [true, 'HEX_CELL_OCCUPIED', 2]);
});

test("package: the README's browser snippet: init with locateFile fetches the .wasm over HTTP", async () => {
  const served = [];
  const server = createServer((req, res) => {
    served.push(req.url);
    try {
      const body = readFileSync(join(installed, req.url.replace(/^\/static\/ludex\//, '')));
      res.writeHead(200, { 'Content-Type': req.url.endsWith('.wasm') ? 'application/wasm' : 'text/javascript' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${server.address().port}/static/ludex/`;
  try {
    // As the snippet: import the module (here from the installed copy), then init with locateFile.
    const { init } = await import(pathToFileURL(join(installed, 'ludex.js')).href);
    const lx = await init({ locateFile: (file) => base + file });
    const replay = lx.read(HEX).tree(0).replay();
    assert.match(replay.position(replay.length).svg(), /^<svg|^<\?xml/);
    assert.deepEqual(served, ['/static/ludex/ludex-wasm.wasm']);
  } finally {
    server.close();
  }
});

test('package: the README shows the browser snippet this test runs', () => {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  assert.match(readme, /import \{ init \} from '\/static\/ludex\/ludex\.js';/);
  assert.match(readme, /init\(\{ locateFile: \(file\) => '\/static\/ludex\/' \+ file \}\)/);
});
