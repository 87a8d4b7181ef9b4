// The write floor: a bare node:http server that does a cart add's database work and nothing else,
// to show what the statements themselves cost the server's process. For `POST /v1/cart/items` it
// reads and parses the JSON body, then sends the unit of work's statements, with the same texts
// and in the same order as the real cart add on a cart the bench has seeded (BEGIN, the session
// cart and its lines locked, the cart row inserted when it is new, the variants' facts with the
// store's catalog version, the line inserted or raised and the cart's updated_at, COMMIT; the
// price rules come from a copy that version checks, docs/decisions/checkout.md, "checkout-31"), straight to
// the driver: better-sqlite3 with statements prepared once, or a mysql2 pool of 10 connections
// (the application's default pool) with `execute`. It answers a fixed body of the real answer's
// size with the ceiling's headers. No routing, authentication, validation, pricing, logging or
// answer building: whatever our server spends above this row is ours, and no implementation that
// sends these statements through these drivers spends less (docs/benchmarks.md, "The write floor").
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import { fixedHeaders, jsonOfSize, serveAsBenchChild } from "./fixed-body.js";

const { values } = parseArgs({
  options: {
    bytes: { type: "string", default: "1024" },
    port: { type: "string", default: "0" },
    host: { type: "string", default: "127.0.0.1" },
    "database-url": { type: "string" },
    "store-id": { type: "string" },
    batched: { type: "boolean", default: false },
  },
});
const databaseUrl = values["database-url"];
const storeId = values["store-id"];
if (databaseUrl === undefined || storeId === undefined) throw new Error("write-floor-server: --database-url and --store-id are required");

const body = jsonOfSize(Number(values.bytes));
const headers = fixedHeaders(body);

interface CartRow {
  readonly id: string;
  readonly updated_at: string;
  readonly line_id: string | null;
  readonly variant_id: string | null;
  readonly quantity: number | null;
}

interface FactsRow {
  readonly id: string;
  readonly product_id: string;
  readonly price: number | string;
  readonly is_active: number | boolean;
}

const FACTS =
  "select v.id, v.product_id, v.price, v.sale_price, v.stock, p.is_active, p.category_id, (select coalesce(sum(version), 0) from catalog_versions where store_id = ?) as catalog_version " +
  "from variants v join products p on p.id = v.product_id where +v.store_id = ? and v.id ";
const INSERT_LINE =
  "insert into cart_items (id, cart_id, store_id, variant_id, product_id, quantity, unit_price, position, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
/** --batched: the facts of the variants already in the cart, found through its lines. */
const LINE_FACTS =
  "select v.id, v.product_id, v.price, v.sale_price, v.stock, p.is_active, p.category_id, (select coalesce(sum(version), 0) from catalog_versions where store_id = ?) as catalog_version " +
  "from carts c join cart_items ci on ci.cart_id = c.id join variants v on v.id = ci.variant_id join products p on p.id = v.product_id";
const cartRead = (column: string, forUpdate: string): string =>
  "select c.id, c.customer_id, c.session_id, c.currency, c.livemode, c.created_at, c.updated_at, " +
  "ci.id as line_id, ci.variant_id, ci.product_id, ci.quantity, ci.unit_price " +
  `from carts c left join cart_items ci on ci.cart_id = c.id where c.store_id = ? and c.${column} = ? order by ci.position, ci.id${forUpdate}`;

/** One statement: its rows for a select, nothing otherwise. */
type Send = (sql: string, params: readonly unknown[]) => Promise<unknown[]>;

/** A cart add's statements on one connection (the caller has begun the transaction). */
const cartAdd = async (send: Send, dialect: "sqlite" | "mysql", session: string, variantId: string, quantity: number): Promise<boolean> => {
  const now = new Date().toISOString();
  const rows = (
    dialect === "mysql" ? await send(cartRead("owner_key", " for update"), [storeId, `s:${session}`]) : await send(cartRead("session_id", ""), [storeId, session])
  ) as CartRow[];
  let cartId = rows[0]?.id;
  const lines = rows.filter((r) => r.line_id !== null);
  if (cartId === undefined) {
    cartId = randomUUID();
    await send("insert into carts (id, store_id, session_id, currency, livemode, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)", [cartId, storeId, session, "KES", 0, now, now]);
  }
  const asked = [...new Set([variantId, ...lines.map((l) => l.variant_id as string)])];
  const facts = (await send(`${FACTS}${asked.length === 1 ? "= ?" : `in (${asked.map(() => "?").join(", ")})`}`, [storeId, storeId, ...asked])) as FactsRow[];
  const fact = facts.find((f) => f.id === variantId);
  if (fact === undefined || !(fact.is_active === true || fact.is_active === 1)) return false;
  const existing = lines.find((l) => l.variant_id === variantId);
  if (existing !== undefined) {
    const next = (existing.quantity ?? 0) + quantity;
    if (dialect === "mysql") {
      await send(
        "update cart_items ci join carts c on c.id = ci.cart_id set ci.quantity = ?, ci.unit_price = ?, ci.updated_at = ?, c.updated_at = ? where ci.id = ? and ci.cart_id = ? and c.store_id = ?",
        [next, Number(fact.price), now, now, existing.line_id, cartId, storeId],
      );
    } else {
      await send("update cart_items set quantity = ?, unit_price = ?, updated_at = ? where id = ? and cart_id = ?", [next, Number(fact.price), now, existing.line_id, cartId]);
      await send("update carts set updated_at = ? where id = ? and store_id = ?", [now, cartId, storeId]);
    }
    return true;
  }
  await send(INSERT_LINE, [randomUUID(), cartId, storeId, variantId, fact.product_id, quantity, Number(fact.price), lines.length, now, now]);
  if (rows[0] !== undefined) await send("update carts set updated_at = ? where id = ? and store_id = ?", [now, cartId, storeId]);
  return true;
};

const require = createRequire(import.meta.url);

/** A mysql2 pool of 10 connections (the application's default pool), READ COMMITTED as the application's. */
const mysqlPool = (multipleStatements: boolean): import("mysql2").Pool => {
  const mysql2 = require("mysql2") as typeof import("mysql2");
  const url = new URL(databaseUrl);
  const pool = mysql2.createPool({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: url.pathname.slice(1),
    charset: "utf8mb4",
    timezone: "Z",
    supportBigNumbers: true,
    decimalNumbers: true,
    connectionLimit: 10,
    multipleStatements,
  });
  // The application's connections run READ COMMITTED (docs/decisions/cluster.md, cluster-01).
  pool.on("connection", (connection) => connection.query("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED"));
  return pool;
};

/** Runs one cart add in a transaction of its own; resolves whether the variant was found. */
const openUnitOfWork = (): ((session: string, variantId: string, quantity: number) => Promise<boolean>) => {
  if (databaseUrl.startsWith("sqlite:")) {
    const Database = require("better-sqlite3") as new (file: string) => {
      pragma(source: string): unknown;
      prepare(sql: string): { reader: boolean; all(...params: unknown[]): unknown[]; run(...params: unknown[]): unknown };
      exec(sql: string): void;
    };
    const db = new Database(databaseUrl.slice("sqlite:".length));
    db.pragma("journal_mode = WAL");
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    db.pragma("synchronous = NORMAL");
    const prepared = new Map<string, ReturnType<typeof db.prepare>>();
    const send: Send = async (sql, params) => {
      let statement = prepared.get(sql);
      if (statement === undefined) {
        statement = db.prepare(sql);
        prepared.set(sql, statement);
      }
      if (statement.reader) return statement.all(...params);
      statement.run(...params);
      return [];
    };
    // One connection and one writer, as the application's SQLite pool: units of work take turns.
    let turn: Promise<unknown> = Promise.resolve();
    return (session, variantId, quantity) => {
      const run = turn.then(async () => {
        db.exec("BEGIN IMMEDIATE");
        try {
          const found = await cartAdd(send, "sqlite", session, variantId, quantity);
          db.exec("COMMIT");
          return found;
        } catch (error) {
          db.exec("ROLLBACK");
          throw error;
        }
      });
      turn = run.catch(() => undefined);
      return run;
    };
  }
  const pool = mysqlPool(false);
  return async (session, variantId, quantity) => {
    const connection = await new Promise<import("mysql2").PoolConnection>((done, fail) => pool.getConnection((error, c) => (error ? fail(error) : done(c))));
    const text = (sql: string): Promise<void> => new Promise((done, fail) => connection.query(sql, (error) => (error ? fail(error) : done())));
    const send: Send = (sql, params) =>
      new Promise((done, fail) => connection.execute(sql, params as import("mysql2").ExecuteValues, (error, rows) => (error ? fail(error) : done(Array.isArray(rows) ? (rows as unknown[]) : []))));
    try {
      await text("BEGIN");
      try {
        const found = await cartAdd(send, "mysql", session, variantId, quantity);
        await text("COMMIT");
        return found;
      } catch (error) {
        await text("ROLLBACK");
        throw error;
      }
    } finally {
      connection.release();
    }
  };
};

/**
 * MySQL, --batched: the same cart add in two round trips, each one text of several statements
 * (a connection opened with multipleStatements; values escaped by the driver). The first begins
 * the transaction, inserts the session's cart unless it exists (INSERT IGNORE on the unique owner
 * key), locks and reads it with its lines, and reads the facts of the added variant and (a second
 * select, through the cart's lines) of the variants already in the cart; the line and the answer are decided here, between the two; the second writes the
 * line (and the cart's updated_at when the cart was there before) and commits. A bench-only
 * measure of what sending a unit of work's statements together would save (docs/benchmarks.md,
 * "Round trips on MariaDB: the write floor batched"); the application sends one statement a round trip.
 */
const openBatchedUnitOfWork = (): ((session: string, variantId: string, quantity: number) => Promise<boolean>) => {
  const pool = mysqlPool(true);
  const owned = "c.store_id = ? and c.owner_key = ?";
  return async (session, variantId, quantity) => {
    const connection = await new Promise<import("mysql2").PoolConnection>((done, fail) => pool.getConnection((error, c) => (error ? fail(error) : done(c))));
    const batch = (sql: string, params: readonly unknown[]): Promise<unknown[]> =>
      new Promise((done, fail) => connection.query(sql, params as unknown[], (error, results) => (error ? fail(error) : done(results as unknown[]))));
    const now = new Date().toISOString();
    const owner = `s:${session}`;
    try {
      const first = await batch(
        "BEGIN; " +
          "insert ignore into carts (id, store_id, session_id, currency, livemode, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?); " +
          `${cartRead("owner_key", " for update")}; ` +
          `${FACTS}= ?; ` +
          `${LINE_FACTS} where ${owned}`,
        [randomUUID(), storeId, session, "KES", 0, now, now, storeId, owner, storeId, storeId, variantId, storeId, storeId, owner],
      );
      try {
        const created = (first[1] as { affectedRows: number }).affectedRows === 1;
        const rows = first[2] as CartRow[];
        const facts = [...(first[3] as FactsRow[]), ...(first[4] as FactsRow[])];
        const cartId = rows[0]!.id;
        const lines = rows.filter((r) => r.line_id !== null);
        const fact = facts.find((f) => f.id === variantId);
        if (fact === undefined || !(fact.is_active === true || fact.is_active === 1)) {
          await batch("ROLLBACK", []);
          return false;
        }
        const existing = lines.find((l) => l.variant_id === variantId);
        if (existing !== undefined) {
          await batch(
            "update cart_items ci join carts c on c.id = ci.cart_id set ci.quantity = ?, ci.unit_price = ?, ci.updated_at = ?, c.updated_at = ? where ci.id = ? and ci.cart_id = ? and c.store_id = ?; COMMIT",
            [(existing.quantity ?? 0) + quantity, Number(fact.price), now, now, existing.line_id, cartId, storeId],
          );
        } else {
          const line = [randomUUID(), cartId, storeId, variantId, fact.product_id, quantity, Number(fact.price), lines.length, now, now];
          if (created) await batch(`${INSERT_LINE}; COMMIT`, line);
          else await batch(`${INSERT_LINE}; update carts set updated_at = ? where id = ? and store_id = ?; COMMIT`, [...line, now, cartId, storeId]);
        }
        return true;
      } catch (error) {
        await batch("ROLLBACK", []);
        throw error;
      }
    } finally {
      connection.release();
    }
  };
};

const unitOfWork = values.batched && !databaseUrl.startsWith("sqlite:") ? openBatchedUnitOfWork() : openUnitOfWork();

const answer = (res: ServerResponse, status: number): void => {
  if (status === 200) {
    res.writeHead(200, headers);
    res.end(body);
    return;
  }
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  res.end(`{"error":{"status":${status}}}`);
};

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const session = req.headers["x-session-id"];
    let item: { variant_id?: unknown; quantity?: unknown };
    try {
      item = JSON.parse(Buffer.concat(chunks).toString("utf8")) as typeof item;
    } catch {
      return answer(res, 400);
    }
    if (req.method !== "POST" || req.url !== "/v1/cart/items" || typeof session !== "string" || typeof item.variant_id !== "string" || typeof item.quantity !== "number") {
      return answer(res, 400);
    }
    unitOfWork(session, item.variant_id, item.quantity).then(
      (found) => answer(res, found ? 200 : 404),
      (error: unknown) => {
        process.stderr.write(`write-floor-server: ${String(error)}\n`);
        answer(res, 500);
      },
    );
  });
});
serveAsBenchChild(server, Number(values.port), values.host);
