// sabaki-bench.mjs - time @sabaki/sgf (the version pinned in package.json) on one file.
//
//   node sabaki-bench.mjs FILE
//
// Reads FILE as UTF-8 (not timed), then times one call of sgf.parse(contents)
// - tokenizing and building every node object, which is the work ludex's
// `sgfbench parse` does - and prints one line that bench/run reads:
//   RESULT parser=sabaki bytes=N seconds=S cpu_seconds=C mbps=M trees=T nodes=K
// (seconds: wall time; cpu_seconds: CPU time of the whole process over the
// same span, V8's helper threads for garbage collection included.)
// MB are 10^6 bytes.  A failure (a thrown error, such as a stack overflow on
// deeply nested variations) is printed as
//   FAILED <ErrorName>: <message>
// with exit status 1, so that the caller can report exactly what happened.
// Running out of heap kills node itself; the caller sees that from the exit
// status and node's own message.
import { readFileSync } from 'node:fs';
import sgf from '@sabaki/sgf';

const file = process.argv[2];
if (!file) {
  console.error('usage: node sabaki-bench.mjs FILE');
  process.exit(2);
}

const bytes = readFileSync(file);
const contents = bytes.toString('utf8');

let trees;
const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
try {
  trees = sgf.parse(contents);
} catch (e) {
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(`FAILED ${e.name}: ${e.message} (after ${seconds.toFixed(3)} s)`);
  process.exit(1);
}
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
const cpu = process.cpuUsage(cpu0);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;

// Count nodes without recursion (not timed).
let nodes = 0;
const stack = [...trees];
while (stack.length) {
  const n = stack.pop();
  nodes++;
  for (const c of n.children) stack.push(c);
}

const mbps = bytes.length / 1e6 / seconds;
console.log(
  `RESULT parser=sabaki bytes=${bytes.length} seconds=${seconds.toFixed(4)} ` +
    `cpu_seconds=${cpuSeconds.toFixed(4)} ` +
    `mbps=${mbps.toFixed(3)} trees=${trees.length} nodes=${nodes}`
);
