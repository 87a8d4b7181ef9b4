// The offline embedder: a text's vector is the SIF-weighted mean of its words' GloVe vectors
// (weight a / (a + p(word)), p from the word's frequency rank), so rare, meaningful words count
// and "the" hardly does. Words outside the table (typos, brand names) are left to the lexical side.
import type { Embedder } from "../../application/ports/embedder.js";
import { shippedWordVectorTable, type WordVectorTable } from "./word-vector-table.js";

const SIF_A = 1e-3;
/** Harmonic number of the source vocabulary (~341k words): Zipf's p(rank) = 1 / ((rank + 1) * H). */
const HARMONIC = Math.log(341_479) + 0.5772;

const words = (text: string): string[] =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 1);

/** The word itself, else a singular form the table knows. */
const lookupForms = (word: string): string[] => {
  const forms = [word];
  if (word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("es")) forms.push(word.slice(0, -2));
  if (word.endsWith("s")) forms.push(word.slice(0, -1));
  if (word.includes("our")) forms.push(word.replace("our", "or")); // colour -> color
  if (word.endsWith("ise")) forms.push(`${word.slice(0, -3)}ize`);
  return forms;
};

export class WordVectorEmbedder implements Embedder {
  readonly model = "glove-6b-100d-sif-1";
  readonly local = true;

  constructor(private readonly table: () => WordVectorTable = shippedWordVectorTable) {}

  embed(texts: readonly string[]): Promise<Float32Array[]> {
    const table = this.table();
    return Promise.resolve(texts.map((text) => this.embedOne(table, text)));
  }

  private embedOne(table: WordVectorTable, text: string): Float32Array {
    const vector = new Float32Array(table.dimensions);
    for (const word of words(text)) {
      for (const form of lookupForms(word)) {
        const rank = table.rank(form);
        if (rank === undefined) continue;
        const p = 1 / ((rank + 1) * HARMONIC);
        table.addInto(form, SIF_A / (SIF_A + p), vector);
        break;
      }
    }
    let norm = 0;
    for (const x of vector) norm += x * x;
    norm = Math.sqrt(norm);
    if (norm > 0) for (let d = 0; d < vector.length; d++) vector[d]! /= norm;
    return vector;
  }
}
