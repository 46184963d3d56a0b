// js/xword-data.mjs - writes ludex-xword-data.js (make js): the repository's crossword letter
// distributions and board layouts (data/xword/distributions/*.txt, boards/*.txt) as an ES
// module of strings, which ludex.js hands to the WebAssembly build (it has no file system).
//   node js/xword-data.mjs data/xword > build/js/ludex/ludex-xword-data.js
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const top = process.argv[2];
const table = (sub) =>
  Object.fromEntries(
    readdirSync(join(top, sub))
      .filter((f) => f.endsWith('.txt'))
      .sort()
      .map((f) => [basename(f, '.txt'), readFileSync(join(top, sub, f), 'utf8')]),
  );
process.stdout.write(
  '// ludex-xword-data.js - made by js/xword-data.mjs from the ludex repository\'s data/xword.\n' +
    `export const distributions = ${JSON.stringify(table('distributions'), null, 1)};\n` +
    `export const boards = ${JSON.stringify(table('boards'), null, 1)};\n`,
);
