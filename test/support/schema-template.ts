// Test support: a fresh MariaDB database with the whole schema in a fifth of a second instead of
// running the 38 migrations (1.7 s on a quiet machine, 3.5 s in a loaded run; on Galera every DDL
// statement is a cluster-wide total-order operation). The migrations run once into a template
// database, and each test database gets the template's tables (SHOW CREATE TABLE, foreign key
// checks off) and its rows (the migration bookkeeping), so the application finds its schema
// current and migrates nothing. docs/decisions/operations.md operations-21.
//
// The template on a server is named after a hash of the migrations' source files, so a changed
// migration gets a new template; on the shared MariaDB the current one stays between runs (and is
// reused by the next run). Each process reads the template once, its rows too, and copies from
// memory after that, so a template another checkout's run drops does not break this run; and a
// template is dropped only a day after it was built, never one that another checkout's run, with
// other migrations, may be reading at the same moment. Tests of the migrations themselves ask for
// an empty database instead.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createConnection, type Connection } from "mysql2/promise";
import { openDatabase } from "../../adapters/persistence/connection.js";
import { migrateToLatest } from "../../adapters/persistence/migrations/migration-source.js";

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "../../adapters/persistence/migrations");

let migrationsHash: string | undefined;

/** A hash of every migration's source, which names the template built from them. */
const hashOfMigrations = (): string => {
  if (migrationsHash !== undefined) return migrationsHash;
  const hash = createHash("sha256");
  // The way the template is built is part of its name too: bump it when that changes.
  hash.update("template-2");
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file);
    hash.update(readFileSync(join(MIGRATIONS_DIR, file)));
  }
  migrationsHash = hash.digest("hex").slice(0, 12);
  return migrationsHash;
};

export const TEMPLATE_PREFIX = "sf_template_";

const templateName = (): string => `${TEMPLATE_PREFIX}${hashOfMigrations()}`;

interface TemplateSchema {
  /** CREATE TABLE statements, in no particular order (foreign key checks are off while they run). */
  readonly tables: readonly string[];
  /** The template's rows (the migrations' bookkeeping), as INSERT statements and their values. */
  readonly rows: readonly { readonly sql: string; readonly values: unknown[] }[];
}

/** Templates of other migrations are dropped once this old: no run lasts a day. */
const STALE_AFTER_HOURS = 24;

/** Per server URL: the template's schema, read once per process. */
const schemas = new Map<string, Promise<TemplateSchema>>();

const quote = (name: string): string => {
  if (!/^[A-Za-z0-9_]{1,64}$/.test(name)) throw new Error(`unsafe identifier: ${name}`);
  return `\`${name}\``;
};

const templateReady = async (conn: Connection, name: string): Promise<boolean> => {
  const [rows] = (await conn.query("SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ? AND table_name = 'sf_template_ready'", [name])) as [Array<{ n: number | string }>, unknown];
  return Number(rows[0]?.n ?? 0) > 0;
};

/** Builds the template on the server (once, under a server-wide lock), then reads its schema. */
const buildAndRead = async (serverUrl: string): Promise<TemplateSchema> => {
  const name = templateName();
  const conn = await createConnection({ uri: serverUrl, connectTimeout: 5000 });
  try {
    // Every process of the run (mocha's workers, the servers they start) may ask at once.
    const [locked] = (await conn.query("SELECT GET_LOCK('sf_test_schema_template', 300) AS ok")) as [Array<{ ok: number }>, unknown];
    if (Number(locked[0]?.ok) !== 1) throw new Error("the schema template's lock was not granted in 300 s");
    try {
      if (!(await templateReady(conn, name))) {
        // Other checkouts' runs may be reading theirs now: only day-old templates go.
        const [stale] = (await conn.query(
          "SELECT table_schema AS s FROM information_schema.tables WHERE table_schema LIKE ? AND table_name = 'sf_template_ready' AND create_time < NOW() - INTERVAL ? HOUR",
          [`${TEMPLATE_PREFIX}%`, STALE_AFTER_HOURS],
        )) as [Array<{ s: string }>, unknown];
        for (const { s } of stale) if (s !== name) await conn.query(`DROP DATABASE IF EXISTS ${quote(s)}`);
        await conn.query(`CREATE DATABASE ${quote(name)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        // Through the application's own connection settings: its charset decides the tables' collation.
        const database = openDatabase({ dialect: "mysql", url: url.toString(), poolMin: 0, poolMax: 1, acquireTimeoutMs: 10_000 });
        try {
          await migrateToLatest(database.knex);
        } finally {
          await database.close();
        }
        // Written last: a template a crashed run left half-migrated is never used.
        await conn.query(`CREATE TABLE ${quote(name)}.sf_template_ready (id INT PRIMARY KEY)`);
      }
    } finally {
      await conn.query("SELECT RELEASE_LOCK('sf_test_schema_template')");
    }
    const [tableRows] = (await conn.query("SELECT table_name AS t FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE' AND table_name <> 'sf_template_ready' ORDER BY table_name", [name])) as [Array<{ t: string }>, unknown];
    const tables: string[] = [];
    const rows: { sql: string; values: unknown[] }[] = [];
    for (const { t } of tableRows) {
      const [created] = (await conn.query(`SHOW CREATE TABLE ${quote(name)}.${quote(t)}`)) as [Array<Record<string, string>>, unknown];
      const ddl = created[0]?.["Create Table"];
      if (ddl === undefined) throw new Error(`SHOW CREATE TABLE gave nothing for ${t}`);
      tables.push(ddl);
      const [held, fields] = (await conn.query({ sql: `SELECT * FROM ${quote(name)}.${quote(t)}`, rowsAsArray: true })) as [unknown[][], Array<{ name: string }>];
      if (held.length === 0) continue;
      const columns = fields.map((field) => quote(field.name)).join(", ");
      const tuple = `(${fields.map(() => "?").join(", ")})`;
      rows.push({ sql: `INSERT INTO ${quote(t)} (${columns}) VALUES ${held.map(() => tuple).join(", ")}`, values: held.flat() });
    }
    return { tables, rows };
  } finally {
    await conn.end().catch(() => conn.destroy());
  }
};

/**
 * Gives the empty database `database` on the server at `serverUrl` (no database in its path) the
 * migrated schema and the migrations' bookkeeping, as if the migrations had run in it.
 */
export const copyMigratedSchema = async (serverUrl: string, database: string): Promise<void> => {
  let schema = schemas.get(serverUrl);
  if (schema === undefined) {
    schema = buildAndRead(serverUrl);
    schemas.set(serverUrl, schema);
    schema.catch(() => schemas.delete(serverUrl));
  }
  const { tables, rows } = await schema;
  const target = quote(database);
  const conn = await createConnection({ uri: serverUrl, connectTimeout: 5000, multipleStatements: true });
  try {
    // One round trip for the tables and one for the rows; the session's settings end with it.
    await conn.query(`USE ${target}; SET SESSION foreign_key_checks = 0; ${tables.join(";\n")}`);
    for (const { sql, values } of rows) await conn.query(sql, values as never);
  } finally {
    await conn.end().catch(() => conn.destroy());
  }
};
