// tests/js/helpers.mjs - what the JavaScript binding's tests share: the
// package under test (LUDEX_JS_PKG, default build/js/ludex), the ludex tool
// it is compared with (LUDEX, default build/ludex), and the SGF corpora
// (tests/corpus: the repository's copy of real records, tests/corpus/README.md).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PKG = resolve(process.env.LUDEX_JS_PKG ?? join(REPO, 'build', 'js', 'ludex'));
export const TOOL = resolve(process.env.LUDEX ?? join(REPO, 'build', 'ludex'));

const { init, LudexError } = await import(pathToFileURL(join(PKG, 'ludex.js')).href);
export const lx = await init();
export { LudexError };

// Every file below dir whose name ends in one of exts, sorted, without recursion.
export function filesUnder(dir, exts) {
  const out = [];
  const todo = [dir];
  while (todo.length) {
    const d = todo.pop();
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) todo.push(p);
      else if (exts.some((x) => e.endsWith(x))) out.push(p);
    }
  }
  return out.sort();
}

// Every *.sgf and *.tsgf (Twixt) below dir.
const sgfFiles = (dir) => filesUnder(dir, ['.sgf', '.tsgf']);

// The corpora's SGF files: the repository's real records and its examples (nothing from
// outside the repository, so every clone tests the same files).
export function corpusFiles() {
  const dirs = [join(REPO, 'tests', 'corpus'), join(REPO, 'examples')];
  return dirs.filter((d) => existsSync(d)).flatMap(sgfFiles);
}

// The ludex tool's standard output (its exit status 1 only says "problems found").
export function tool(...args) {
  try {
    return execFileSync(TOOL, args, { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (e) {
    if (e.status === 1) return e.stdout;
    throw e;
  }
}

// `depth` variations, each nested in the one before: (;GM[11]SZ[11](;C[1](;C[2]...))).
export function nestedVariations(depth) {
  return '(;GM[11]FF[4]SZ[11]' + '(;C[v]'.repeat(depth) + ')'.repeat(depth) + ')';
}
