// The known-item search benchmark (`npm run bench:search -- --known-item ...`): on a catalog seeded
// by bench/bench-seed.ts (history included: renamed and deleted products), each query has one
// right answer known in advance: a product whose name no other searchable product has. For a
// sample of them spread over the whole catalog (old and new alike) it asks the exact name, the
// words reordered and lower-cased, one typo in the longest word, the name with one word left out,
// a prefix as typed and a SKU, and a description in other words (semantic search); it reports
// hits at 1, 3 and 5 (10 for meaning) and MRR per kind, and checks `totalResults` against a count
// of the matching documents made by the database (documents holding a query word, or a word it
// begins, in any field). Searches run in process through the
// application's own search index, as the server runs them (docs/decisions/search.md, search-15).
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { ProductSearchIndex } from "../application/ports/product-search-index.js";
import { queryTerms, words } from "../adapters/search/search-text.js";
import { ADJECTIVES, Rng, type SeedSummary } from "./bench-seed.js";
import { openBenchApplication } from "./bench-application.js";
import { gitState, log, ROOT, runBench } from "./harness.js";

const USAGE = `npm run bench:search -- --known-item --database-url <url> --seed <summary.json> [options]
  --database-url <url>  a database seeded by bench/bench-seed.ts (sqlite:<file> or mysql://...)
  --seed <file>         the summary bench-seed.ts wrote for it
  --queries <n>         products asked for, each in every kind of query (default 200)
  --totals <n>          exact-name queries whose totalResults are checked by a count in the database (default 20)
  --out <file>          where the JSON report goes (default bench/results/known-item-<dialect>-<products>.json)`;

export const KINDS = ["exact", "reordered", "typo", "word_left_out", "prefix", "sku", "meaning"] as const;
export type Kind = (typeof KINDS)[number];

interface Item {
  readonly productId: string;
  readonly docId: number;
  readonly name: string;
  readonly sku: string;
}

interface Asked {
  readonly kind: Kind;
  readonly query: string;
  readonly productId: string;
  /** For `word_left_out`: searchable products whose name holds every remaining word. */
  readonly namesHolding?: number;
}

/** Words of other meaning for the bench's adjectives, so a description can say the same in other words. */
const OTHER_WORDS: Readonly<Record<string, string>> = {
  classic: "timeless", essential: "basic", premium: "luxury", everyday: "daily", lightweight: "light",
  heritage: "traditional", modern: "contemporary", compact: "small", deluxe: "luxurious", eco: "sustainable",
  urban: "city", vintage: "retro", signature: "iconic", ultra: "extreme", "soft-touch": "soft", rugged: "tough",
  minimalist: "simple", handcrafted: "handmade", travel: "portable", pro: "professional",
};

/** One slip in a word: a letter changed, dropped, doubled or two letters swapped. */
export const typo = (rng: Rng, word: string): string => {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  for (;;) {
    const at = rng.int(0, word.length - 1);
    const kind = rng.int(0, 3);
    let out: string;
    if (kind === 0) out = word.slice(0, at) + rng.pick([...letters]) + word.slice(at + 1);
    else if (kind === 1) out = word.slice(0, at) + word.slice(at + 1);
    else if (kind === 2) out = word.slice(0, at) + rng.pick([...letters]) + word.slice(at);
    else {
      if (at + 1 >= word.length) continue;
      out = word.slice(0, at) + word[at + 1]! + word[at]! + word.slice(at + 2);
    }
    if (out !== word && out.length >= 3) return out;
  }
};

/**
 * The name as typed up to the middle of its last word ("mlima coastal marb" of "Mlima Coastal
 * Marble"): 60 % of that word's characters, at least one. The last word is where this catalog's
 * names that differ by one word differ ("Ultra Strategy Game 2.0" beside "Ultra Strategy Game
 * XL"), so a prefix that stops before it names no one product.
 */
export const typedPrefix = (name: string): string | undefined => {
  const lower = name.toLowerCase();
  const cut = lower.lastIndexOf(" ") + 1;
  const last = lower.slice(cut);
  const keep = Math.max(1, Math.ceil(last.length * 0.6));
  if (cut === 0 || keep >= last.length || words(last.slice(0, keep)).length === 0) return undefined;
  return lower.slice(0, cut + keep);
};

/** Edits between two words, a swap of two neighbouring letters counting as one (as text search counts them). */
const editDistance = (a: string, b: string): number => {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
};

/** Products of sorted id lists holding every list (intersection of ascending arrays). */
const intersect = (lists: ReadonlyArray<readonly number[]>): number => {
  if (lists.length === 0) return 0;
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let current = sorted[0]!;
  for (const other of sorted.slice(1)) {
    const set = new Set(other);
    current = current.filter((x) => set.has(x));
  }
  return current.length;
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      "known-item": { type: "boolean", default: true },
      "database-url": { type: "string" },
      seed: { type: "string" },
      queries: { type: "string", default: "200" },
      totals: { type: "string", default: "20" },
      out: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help || values["database-url"] === undefined || values.seed === undefined) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const databaseUrl = values["database-url"];
  const dialect = databaseUrl.startsWith("sqlite:") ? "sqlite" : "mysql";
  const seed = JSON.parse(readFileSync(values.seed, "utf8")) as SeedSummary;
  const wanted = Number(values.queries);
  const out = values.out ?? join(ROOT, `bench/results/known-item-${dialect}-${seed.products}.json`);
  const app = openBenchApplication(databaseUrl);
  const started = new Date();
  try {
    const t0 = performance.now();
    await app.migrate();
    const migrateMs = Math.round(performance.now() - t0);
    log(`migrate (and any search backfill) took ${migrateMs} ms`);
    const db = app.database;
    const storeId = seed.store_id;

    // The ground truth: every searchable product's name, and which names are unique.
    const rows = await db.select<{ doc_id: number; product_id: string; name: string }>(
      "select d.doc_id, d.product_id, p.name from search_documents d join products p on p.id = d.product_id where d.store_id = ? and d.searchable = 1 order by d.doc_id",
      [storeId],
    );
    log(`${rows.length} searchable products`);
    const folded = rows.map((r) => words(r.name).join(" "));
    const sameName = new Map<string, number>();
    for (const f of folded) sameName.set(f, (sameName.get(f) ?? 0) + 1);
    // Which products hold each name word (ascending positions), for the left-out word's count.
    const holding = new Map<string, number[]>();
    folded.forEach((f, i) => {
      for (const w of new Set(f.split(" "))) {
        const list = holding.get(w);
        if (list === undefined) holding.set(w, [i]);
        else list.push(i);
      }
    });
    const unique = rows.map((_, i) => i).filter((i) => sameName.get(folded[i]!) === 1);
    const rng = new Rng(seed.seed ^ 0x6b1);
    const picked = rng.sample(unique, Math.min(wanted, unique.length)).sort((a, b) => a - b);
    const skus = new Map<string, string>();
    const ids = picked.map((i) => rows[i]!.product_id);
    for (let i = 0; i < ids.length; i += 200) {
      const chunk = ids.slice(i, i + 200);
      const found = await db.select<{ product_id: string; sku: string }>(
        `select product_id, sku from variants where store_id = ? and product_id in (${chunk.map(() => "?").join(", ")}) order by product_id, position`,
        [storeId, ...chunk],
      );
      for (const v of found) if (!skus.has(v.product_id)) skus.set(v.product_id, v.sku);
    }
    const items: Item[] = picked.map((i) => ({ productId: rows[i]!.product_id, docId: Number(rows[i]!.doc_id), name: rows[i]!.name, sku: skus.get(rows[i]!.product_id)! }));
    const olderHalf = picked.filter((i) => i < rows.length / 2).length;
    log(`${unique.length} unique names; asking for ${items.length} (${olderHalf} from the older half of the catalog)`);

    const asked: Asked[] = [];
    for (const item of items) {
      const nameWords = item.name.split(" ");
      asked.push({ kind: "exact", query: item.name, productId: item.productId });
      let reordered = rng.shuffle([...nameWords]);
      for (let tries = 0; tries < 5 && reordered.join(" ") === item.name && nameWords.length > 1; tries++) reordered = rng.shuffle([...nameWords]);
      asked.push({ kind: "reordered", query: reordered.join(" ").toLowerCase(), productId: item.productId });
      const longest = [...nameWords].sort((a, b) => words(b).join("").length - words(a).join("").length)[0]!;
      const longestLetters = words(longest)[0] ?? longest;
      asked.push({ kind: "typo", query: item.name.replace(longest, longest.replace(longestLetters, typo(rng, longestLetters.toLowerCase()))), productId: item.productId });
      const terms = queryTerms(item.name);
      if (terms.length >= 3) {
        const left = rng.int(0, terms.length - 1);
        const rest = terms.filter((_, k) => k !== left);
        const namesHolding = intersect(rest.map((w) => holding.get(w) ?? []));
        asked.push({ kind: "word_left_out", query: rest.join(" "), productId: item.productId, namesHolding });
      }
      const prefix = typedPrefix(item.name);
      if (prefix !== undefined) asked.push({ kind: "prefix", query: prefix, productId: item.productId });
      asked.push({ kind: "sku", query: item.sku, productId: item.productId });
      const meaning = words(item.name)
        .map((w) => OTHER_WORDS[w] ?? w)
        .filter((w) => !ADJECTIVES.some((a) => a.toLowerCase() === w));
      asked.push({ kind: "meaning", query: `a ${meaning.join(" ")}`, productId: item.productId });
    }

    const index = app.container.get(ProductSearchIndex);
    const perKind = new Map<string, { n: number; at1: number; at3: number; at5: number; at10: number; rr: number; ms: number[]; misses: string[] }>();
    const tally = (key: string) => {
      let t = perKind.get(key);
      if (t === undefined) perKind.set(key, (t = { n: 0, at1: 0, at3: 0, at5: 0, at10: 0, rr: 0, ms: [], misses: [] }));
      return t;
    };
    // One warm search (the vocabulary is read on first use).
    await index.text(storeId, "warm up", { limit: 20 });
    const totals: Array<{ query: string; total: number; estimated: boolean }> = [];
    for (const a of asked) {
      const t = performance.now();
      const found = a.kind === "meaning" ? await index.semantic(storeId, a.query, { limit: 20 }) : await index.text(storeId, a.query, { limit: 20 });
      const ms = performance.now() - t;
      const rank = found.hits.findIndex((h) => h.productId === a.productId) + 1;
      const keys = a.kind === "word_left_out" ? [a.kind, ...(a.namesHolding! <= 5 ? ["word_left_out_at_most_5"] : [])] : [a.kind];
      for (const key of keys) {
        const t2 = tally(key);
        t2.n++;
        t2.ms.push(ms);
        if (rank === 1) t2.at1++;
        if (rank >= 1 && rank <= 3) t2.at3++;
        if (rank >= 1 && rank <= 5) t2.at5++;
        if (rank >= 1 && rank <= 10) t2.at10++;
        if (rank >= 1) t2.rr += 1 / rank;
        if (rank !== 1 && t2.misses.length < 10) t2.misses.push(`${a.query} (${rank === 0 ? "not in the top 20" : `at ${rank}`})`);
      }
      if (a.kind === "exact" && totals.length < Number(values.totals)) totals.push({ query: a.query, total: found.total, estimated: found.estimated === true });
    }

    // totalResults against a count by the database: documents holding a query word, a word it
    // begins, or a correction of it (a word of the store's vocabulary within the edit distance
    // text search allows, worked out here on its own), in any field: what "matching" means to
    // text search (docs/search.md), by a scan of the store's documents.
    const fields = ["name", "sku", "brand", "tags", "category", "attributes", "description"];
    const vocabulary = (
      await db.select<{ term: string }>("select term from search_terms where store_id = ? and docs > 0 and (docs >= 2 or in_sku = 0)", [storeId])
    ).map((r) => String(r.term));
    const checked: Array<{ query: string; answered: number; estimated: boolean; counted: number; error: number }> = [];
    for (const t of totals) {
      const spelled = queryTerms(t.query);
      const corrections = spelled.flatMap((w) => {
        const allowed = w.length >= 4 ? Math.round(w.length * 0.2) : 0;
        return allowed === 0 ? [] : vocabulary.filter((v) => v !== w && !v.startsWith(w) && Math.abs(v.length - w.length) <= allowed && editDistance(v, w) <= allowed);
      });
      const terms = [...spelled, ...corrections.map((c) => `${c} `)];
      // Fields as stored (MySQL pads words of one or two letters with `_`, which a word's
      // beginning still finds); a one-letter word is found whole, as the search takes it.
      const haystack = dialect === "sqlite" ? `' ' || ${fields.join(" || ' ' || ")} || ' '` : `concat(' ', ${fields.join(", ' ', ")}, ' ')`;
      // (A correction, written with its trailing space, is found whole.)
      const needle = (w: string): string => (w.length >= 2 ? ` ${w}` : dialect === "mysql" ? ` ${w}__ ` : ` ${w} `);
      const [row] = await db.select<{ n: number }>(
        `select count(*) as n from search_documents where store_id = ? and searchable = 1 and (${terms.map(() => `instr(${haystack}, ?) > 0`).join(" or ")})`,
        [storeId, ...terms.map(needle)],
      );
      const counted = Number(row?.n ?? 0);
      checked.push({ query: t.query, answered: t.total, estimated: t.estimated, counted, error: counted === 0 ? 0 : Math.abs(t.total - counted) / counted });
    }

    const pct = (x: number, n: number): number => (n === 0 ? 0 : Math.round((1000 * x) / n) / 10);
    const quantile = (xs: number[], q: number): number => {
      const s = [...xs].sort((a, b) => a - b);
      return s.length === 0 ? 0 : Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 10) / 10;
    };
    const table = [...KINDS.slice(0, 4), "word_left_out_at_most_5", ...KINDS.slice(4)].flatMap((kind) => {
      const t = perKind.get(kind);
      if (t === undefined) return [];
      return [{
        kind,
        queries: t.n,
        hit_at_1: pct(t.at1, t.n),
        hit_at_3: pct(t.at3, t.n),
        hit_at_5: pct(t.at5, t.n),
        hit_at_10: pct(t.at10, t.n),
        mrr: Math.round((1000 * t.rr) / Math.max(1, t.n)) / 1000,
        p50_ms: quantile(t.ms, 0.5),
        p99_ms: quantile(t.ms, 0.99),
        /** Up to ten queries whose product was not first, with where it was. */
    not_first: t.misses,
      }];
    });
    const lines = [
      `| ${dialect}, ${rows.length.toLocaleString("en")} searchable products | queries | @1 | @3 | @5 | @10 | MRR | p50 / p99 ms |`,
      "|---|--:|--:|--:|--:|--:|--:|--:|",
      ...table.map((r) => `| ${r.kind} | ${r.queries} | ${r.hit_at_1} % | ${r.hit_at_3} % | ${r.hit_at_5} % | ${r.hit_at_10} % | ${r.mrr} | ${r.p50_ms} / ${r.p99_ms} |`),
    ];
    console.log(lines.join("\n"));
    const worst = checked.reduce((m, c) => Math.max(m, c.estimated ? 0 : c.error), 0);
    const errors = checked.map((c) => c.error).sort((a, b) => a - b);
    log(
      `totalResults: ${checked.length} checked, ${checked.filter((c) => c.estimated).length} labelled estimates, worst error of the unlabelled ${(100 * worst).toFixed(1)} %, ` +
        `median error ${(100 * (errors[Math.floor(errors.length / 2)] ?? 0)).toFixed(1)} %, largest ${(100 * (errors[errors.length - 1] ?? 0)).toFixed(1)} %`,
    );
    await mkdir(dirname(out), { recursive: true });
    await writeFile(
      out,
      `${JSON.stringify(
        {
          generated_at: started.toISOString(),
          git: gitState(),
          dialect,
          products_seeded: seed.products,
          searchable_products: rows.length,
          renamed_products: seed.renamed_products,
          deleted_products: seed.deleted_products,
          unique_names: unique.length,
          asked_products: items.length,
          asked_from_older_half: olderHalf,
          migrate_ms: migrateMs,
          kinds: table,
          totals: checked,
        },
        null,
        2,
      )}\n`,
    );
    log(`results written to ${out}`);
  } finally {
    await app.close();
  }
};

runBench(main);
