// `npm run bench:commit-pages`: which pages a write's commits put in SQLite's WAL, by table and
// index: counts, not times, so the same on a busy machine (docs/benchmarks.md, "Pages a write
// commits"). It seeds the bench catalog into a SQLite file, serves the real application in this
// process, prepares each write scenario as `npm run bench` does, sends its requests one at a time,
// and after each reads the frames the request added to the WAL (each frame one page, a commit
// ending with the frame that carries the database's size) and names each page's owner from
// SQLite's `dbstat` table. Checkpoints go on as in the server (a worker thread every 100 ms): a
// request whose WAL started over is read from the new WAL's start.
import { mkdtempSync, openSync, readSync, fstatSync, closeSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openBenchApplication } from "./bench-application.js";
import { seedBench } from "./bench-seed.js";
import { SCENARIOS, type PrepareContext } from "./scenarios.js";

const FRAME_HEADER = 24;
const WAL_HEADER = 32;

interface WalState {
  readonly salts: string;
  /** Frames of the current WAL, in order: their page numbers and whether each ends a commit. */
  readonly frames: ReadonlyArray<{ readonly page: number; readonly commit: boolean }>;
}

/** The frames of the WAL's current generation (those whose salts match its header's). */
const readWal = (path: string): WalState => {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    if (size < WAL_HEADER) return { salts: "", frames: [] };
    const header = Buffer.alloc(WAL_HEADER);
    readSync(fd, header, 0, WAL_HEADER, 0);
    const pageSize = header.readUInt32BE(8);
    const salts = header.subarray(16, 24).toString("hex");
    const frames: Array<{ page: number; commit: boolean }> = [];
    const frameHeader = Buffer.alloc(FRAME_HEADER);
    for (let at = WAL_HEADER; at + FRAME_HEADER + pageSize <= size; at += FRAME_HEADER + pageSize) {
      readSync(fd, frameHeader, 0, FRAME_HEADER, at);
      if (frameHeader.subarray(8, 16).toString("hex") !== salts) break;
      frames.push({ page: frameHeader.readUInt32BE(0), commit: frameHeader.readUInt32BE(4) !== 0 });
    }
    return { salts, frames };
  } finally {
    closeSync(fd);
  }
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      products: { type: "string", default: "10000" },
      requests: { type: "string", default: "20" },
      scenario: { type: "string", multiple: true, default: ["cart-add", "checkout", "checkout-realistic"] },
    },
  });
  const requests = Number(values.requests);
  const dir = mkdtempSync(join(tmpdir(), "storefront-commit-pages-"));
  const file = join(dir, "bench.sqlite");
  const databaseUrl = `sqlite:${file}`;
  const application = openBenchApplication(databaseUrl);
  try {
    await application.migrate();
    const products = Number(values.products);
    const seed = await seedBench(application, { products, variants: products * 3 });
    const server = createServer(application.httpApp().callback());
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const name of values.scenario) {
        const scenario = SCENARIOS.find((s) => s.name === name);
        if (scenario === undefined) throw new Error(`unknown scenario ${name}`);
        const context: PrepareContext = { baseUrl, seed, databaseUrl, requestBudget: requests + 10 };
        await scenario.prepare?.(context);
        const templates = scenario.requests(seed);
        if (templates.length === 0) throw new Error(`${name} has no requests`);
        const key = scenario.key === "secret" ? seed.secret_key : seed.publishable_key;
        const byOwner = new Map<string, number>();
        let commits = 0;
        let pages = 0;
        for (let i = 0; i < requests; i++) {
          const template = templates[i % templates.length]!;
          let request = template.setupRequest?.({ ...template }, {}) ?? template;
          // Cart adds: five to a cart, so one add in five creates its cart, as in the bench's run.
          if (name === "cart-add") request = { ...request, headers: { ...request.headers, "x-session-id": `commit-pages-cart-${Math.floor(i / 5)}` } };
          const before = readWal(`${file}-wal`);
          const answer = await fetch(`${baseUrl}${request.path}`, {
            method: request.method,
            headers: { ...(request.headers as Record<string, string>), authorization: `Bearer ${key}` },
            body: request.body as string | undefined,
          });
          await answer.arrayBuffer();
          if (answer.status >= 300) throw new Error(`${name}: ${request.method} ${request.path} answered ${answer.status}`);
          const after = readWal(`${file}-wal`);
          const added = after.salts === before.salts ? after.frames.slice(before.frames.length) : after.frames;
          const pageOwners = new Map(
            (await application.database.select<{ pageno: number; name: string }>("select pageno, name from dbstat", [])).map((r) => [Number(r.pageno), r.name]),
          );
          for (const frame of added) {
            pages++;
            if (frame.commit) commits++;
            const owner = frame.page === 1 ? "(page 1: the file's header)" : (pageOwners.get(frame.page) ?? "(free or new page)");
            byOwner.set(owner, (byOwner.get(owner) ?? 0) + 1);
          }
        }
        console.log(`\n${scenario.label}: ${requests} requests, ${(commits / requests).toFixed(2)} commits and ${(pages / requests).toFixed(2)} pages (WAL frames) a request`);
        for (const [owner, count] of [...byOwner].sort((a, b) => b[1] - a[1])) console.log(`  ${(count / requests).toFixed(2).padStart(6)}  ${owner}`);
        await scenario.finish?.(context);
      }
    } finally {
      server.close();
    }
  } finally {
    await application.close();
    rmSync(dir, { recursive: true, force: true });
  }
};

await main();
