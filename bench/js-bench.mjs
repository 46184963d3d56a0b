// js-bench.mjs - ludex's WebAssembly package and @sabaki/sgf (the version pinned
// in package.json) parsing the same SGF in the same node process.
//
//   node --expose-gc js-bench.mjs PKG_DIR RUNS DEPTH FILE...
//
// For each FILE (read from disk, not timed; both parsers warmed up on its
// first megabyte): ludex `read` of its bytes (every
// game tree into WebAssembly memory; trees and nodes counted after the clock
// stops), ludex `read` of the decoded string (the UTF-8 encoding into
// WebAssembly memory included), and @sabaki/sgf `parse` of the string; best
// wall time of RUNS each, and the memory each keeps for the parsed file:
// ludex's WebAssembly heap allocated by the read (malloc's count, the input's
// copy included), @sabaki/sgf's JavaScript heap held by the parsed trees
// (after a full GC, measured before they are dropped).  Then
// nested variations (;C[v](;C[v](...))): how deep @sabaki/sgf reads (doubling
// from 500 until it throws or DEPTH is reached), and ludex at DEPTH.
// Output, one line each, read by bench/run:
//   RESULT file=F parser=P bytes=N seconds=S cpu_seconds=C mbps=M trees=T nodes=K mem_mb=X
//   FAILED file=F parser=P error=...
//   DEEP parser=P depth=D ok=1|0 seconds=S [error=...]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sgf from '@sabaki/sgf';

const [pkg, runsArg, depthArg, ...files] = process.argv.slice(2);
if (!pkg || !files.length) {
  console.error('usage: node --expose-gc js-bench.mjs PKG_DIR RUNS DEPTH FILE...');
  process.exit(2);
}
const RUNS = Number(runsArg) || 1;
const DEPTH = Number(depthArg) || 100000;
const gc = globalThis.gc ?? (() => {});
const { init } = await import(pathToFileURL(join(resolve(pkg), 'ludex.js')).href);
const lx = await init();
const heapInUse = () => lx.heapInUse;

function timeIt(fn) {
  gc();
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const value = fn();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  return { value, seconds, cpu: (cpu.user + cpu.system) / 1e6 };
}

// Nodes of @sabaki/sgf's trees, counted without recursion.
function sabakiNodes(trees) {
  let nodes = 0;
  for (const todo = [...trees]; todo.length; nodes++) todo.push(...todo.pop().children);
  return nodes;
}

function report(file, parser, bytes, best, trees, nodes, memBytes) {
  console.log(
    `RESULT file=${file} parser=${parser} bytes=${bytes} seconds=${best.seconds.toFixed(4)} ` +
      `cpu_seconds=${best.cpu.toFixed(4)} mbps=${(bytes / 1e6 / best.seconds).toFixed(3)} ` +
      `trees=${trees} nodes=${nodes} mem_mb=${(memBytes / 1e6).toFixed(1)}`,
  );
}

function ludexRuns(file, label, input, bytes) {
  let best = null;
  let trees = 0;
  let nodes = 0;
  let mem = 0;
  for (let i = 0; i < RUNS; i++) {
    const before = heapInUse();
    const r = timeIt(() => lx.read(input));
    mem = Math.max(mem, heapInUse() - before);
    trees = r.value.length;
    nodes = r.value.nodeCount;
    r.value.free();
    if (!best || r.seconds < best.seconds) best = r;
  }
  report(file, label, bytes, best, trees, nodes, mem);
}

function sabakiRuns(file, text, bytes) {
  let best = null;
  let trees = 0;
  let nodes = 0;
  let mem = 0;
  for (let i = 0; i < RUNS; i++) {
    gc();
    const before = process.memoryUsage().heapUsed;
    let r;
    try {
      r = timeIt(() => sgf.parse(text));
    } catch (e) {
      console.log(`FAILED file=${file} parser=sabaki error=${e.name}: ${e.message}`);
      return;
    }
    gc();
    mem = Math.max(mem, process.memoryUsage().heapUsed - before);
    trees = r.value.length;
    nodes = sabakiNodes(r.value);
    r.value = null;
    if (!best || r.seconds < best.seconds) best = r;
  }
  report(file, 'sabaki', bytes, best, trees, nodes, mem);
}

// Warm-up, not timed: both parsers' code compiled and optimised on the file's
// first trees (about 1 MB), and ludex's WebAssembly memory grown once.
function warmUp(text) {
  const cut = text.indexOf('\n(;', 1000000);
  const head = cut > 0 ? text.slice(0, cut) : text;
  for (let i = 0; i < 3; i++) {
    lx.read(head).free();
    try {
      sgf.parse(head);
    } catch {
      // reported by the timed runs
    }
  }
  lx.read(text).free();
}

for (const path of files) {
  const bytes = readFileSync(path);
  const text = bytes.toString('utf8');
  const name = path.split('/').pop();
  warmUp(text);
  ludexRuns(name, 'ludex', bytes, bytes.length);
  ludexRuns(name, 'ludex-string', text, bytes.length);
  sabakiRuns(name, text, bytes.length);
}

const nested = (d) => '(;GM[11]FF[4]SZ[11]' + '(;C[v]'.repeat(d) + ')'.repeat(d) + ')';
let depth = 500;
for (;;) {
  const text = nested(depth);
  const t0 = process.hrtime.bigint();
  try {
    sgf.parse(text);
    console.log(`DEEP parser=sabaki depth=${depth} ok=1 seconds=${(Number(process.hrtime.bigint() - t0) / 1e9).toFixed(4)}`);
  } catch (e) {
    console.log(`DEEP parser=sabaki depth=${depth} ok=0 seconds=0 error=${e.name}: ${e.message}`);
    break;
  }
  if (depth >= DEPTH) break;
  depth = Math.min(depth * 2, DEPTH);
}
{
  const text = nested(DEPTH);
  const r = timeIt(() => lx.read(text));
  const ok = r.value.nodeCount === DEPTH + 1 && r.value.ok();
  console.log(`DEEP parser=ludex depth=${DEPTH} ok=${ok ? 1 : 0} seconds=${r.seconds.toFixed(4)} nodes=${r.value.nodeCount}`);
  r.value.free();
}
