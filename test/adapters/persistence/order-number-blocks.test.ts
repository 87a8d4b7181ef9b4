// Order numbers from reserved blocks (adapters/persistence/order-number-blocks.ts): two processes
// on one database (two connections to one SQLite file, or two pools on MariaDB) numbering orders
// at once, some of them in transactions that roll back, never hand out a number twice; a quiet
// store is numbered one at a time (consecutive, no gaps), a busy one in larger blocks; a block is
// never reserved inside a unit of work (its rollback would free numbers already handed out).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../adapters/persistence/connection.js";
import type { Database } from "../../../adapters/persistence/database.js";
import { migrateToLatest } from "../../../adapters/persistence/migrations/migration-source.js";
import { OrderNumberBlocks } from "../../../adapters/persistence/order-number-blocks.js";
import { KnexOrderRepository } from "../../../adapters/persistence/repositories/knex-order-repository.js";
import { KnexStoreRepository } from "../../../adapters/persistence/repositories/knex-store-repository.js";
import { UuidV7IdGenerator } from "../../../adapters/system/uuid-v7-id-generator.js";
import type { Store } from "../../../domain/stores/store.js";
import { describeMysql } from "../../support/mysql-database.js";

const ids = new UuidV7IdGenerator();

const counter = async (db: Database, storeId: string): Promise<number> =>
  Number((await db.select<{ last_number: number }>("select last_number from order_sequences where store_id = ?", [storeId]))[0]!.last_number);

const blocksSuite = (title: string, open: () => Promise<{ a: Database; b: Database; close(): Promise<void> }>): void =>
  void describe(title, function () {
    this.timeout(120_000);
    let a: Database;
    let b: Database;
    let close: () => Promise<void>;

    before(async () => {
      const opened = await open();
      ({ a, b, close } = opened);
      await migrateToLatest(a.knex);
    });
    after(() => close?.());

    const newStore = async (): Promise<string> => {
      const store = { id: ids.newId(), name: "Numbered store", baseCurrency: "KES", hmacSecret: "h".repeat(48), createdAt: new Date().toISOString() } as Store;
      await new KnexStoreRepository(a).create(store);
      return store.id;
    };

    /**
     * One checkout as Checkout runs it: a number claimed outside the unit of work (else numbered
     * inside it), which may fail; a refused checkout gives its claimed number back.
     */
    const checkout = async (db: Database, repository: KnexOrderRepository, storeId: string, fails: boolean): Promise<number | undefined> => {
      const claimed = await repository.claimSequence(storeId);
      try {
        return await db.transaction(async () => {
          const number = claimed ?? (await repository.nextSequence(storeId));
          if (fails) throw new Error("the checkout failed after taking its number");
          return number;
        });
      } catch (error) {
        if ((error as Error).message.startsWith("the checkout failed")) {
          if (claimed !== undefined) repository.releaseSequence(storeId, claimed);
          return undefined;
        }
        throw error;
      }
    };

    it("numbers a quiet store one at a time: consecutive, and the counter is never ahead", async () => {
      const storeId = await newStore();
      const orders = new KnexOrderRepository(a);
      const numbers: number[] = [];
      for (let i = 0; i < 3; i++) {
        numbers.push((await checkout(a, orders, storeId, false))!);
        // The first takes have no recent rate: one number reserved at a time.
      }
      assert.deepEqual(numbers.slice(0, 2), [1, 2]);
      assert.ok(numbers[2]! === 3, `third ${numbers[2]}`);
      assert.ok((await counter(a, storeId)) - numbers[2]! <= 2, "at most the current block ahead");
    });

    it("never hands a number out twice when two processes number orders at once and some checkouts roll back", async () => {
      const storeId = await newStore();
      // Each process its own blocks, as two server processes.
      const repositories = [a, b].map((db) => {
        const repository = new KnexOrderRepository(db);
        return { db, repository };
      });
      const taken: number[] = [];
      await Promise.all(
        repositories.map(async ({ db, repository }, p) => {
          for (let i = 0; i < 60; i++) {
            const number = await checkout(db, repository, storeId, (i + p) % 7 === 0);
            if (number !== undefined) taken.push(number);
          }
        }),
      );
      assert.equal(new Set(taken).size, taken.length, "every number once");
      assert.ok(Math.max(...taken) <= (await counter(a, storeId)), "no number beyond the committed counter");
    });

    it("reserves larger blocks as checkouts come faster, and reserves nothing inside a unit of work", async () => {
      const storeId = await newStore();
      const blocks = new OrderNumberBlocks(a);
      const before = await counter(a, storeId);
      assert.equal(await a.transaction(() => blocks.claim(storeId)), undefined, "no number claimed inside a unit of work");
      assert.equal(await counter(a, storeId), before, "no reservation inside a unit of work");
      assert.equal(blocks.take(storeId), undefined, "and so no number ready");

      // 31 takes in the window with the claim below: the block it reserves holds 31 or so.
      for (let i = 0; i < 29; i++) blocks.take(storeId);
      const first = await blocks.claim(storeId);
      const reserved = (await counter(a, storeId)) - before;
      assert.ok(reserved >= 20 && reserved <= 50, `block of ${reserved}`);
      assert.equal(first, before + 1);
      for (let i = 1; i < reserved; i++) assert.equal(blocks.take(storeId), before + 1 + i);
      assert.equal(blocks.take(storeId), undefined, "the block used up");
    });

    it("sizes a block by the claims waiting for it: 50 checkouts at once all get a number outside their transactions, each once", async () => {
      const storeId = await newStore();
      const blocks = new OrderNumberBlocks(a);
      const before = await counter(a, storeId);
      const claimed = await Promise.all(Array.from({ length: 50 }, () => blocks.claim(storeId)));
      assert.ok(claimed.every((n) => n !== undefined), `unclaimed: ${claimed.filter((n) => n === undefined).length}`);
      assert.equal(new Set(claimed).size, 50, "every number once");
      const after = await counter(a, storeId);
      assert.ok(after - before >= 50 && after - before <= 100, `reserved ${after - before} for 50 claims`);
      assert.ok(claimed.every((n) => n! > before && n! <= after), "all from reserved blocks");
    });

    it("hands a number given back by a refused checkout out next, so refusals leave no gap", async () => {
      const storeId = await newStore();
      const orders = new KnexOrderRepository(a);
      const first = (await checkout(a, orders, storeId, false))!;
      assert.equal(await checkout(a, orders, storeId, true), undefined);
      assert.equal(await checkout(a, orders, storeId, true), undefined);
      const next = (await checkout(a, orders, storeId, false))!;
      assert.equal(next, first + 1, "the refused checkouts' number is the next order's");
    });
  });

blocksSuite("order number blocks on one SQLite file shared by two processes", async () => {
  const dir = mkdtempSync(join(tmpdir(), "storefront-order-numbers-"));
  const filename = join(dir, "store.sqlite");
  const a = openDatabase({ dialect: "sqlite", filename });
  const b = openDatabase({ dialect: "sqlite", filename });
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describeMysql("order number blocks on MariaDB", (getDb) =>
  blocksSuite("two pools", async () => {
    const settings = { dialect: "mysql" as const, url: getDb().url, poolMin: 0, poolMax: 5, acquireTimeoutMs: 10_000 };
    const a = openDatabase(settings);
    const b = openDatabase(settings);
    return { a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
  }),
);
