// Migration 0032 (docs/staff.md, "Customers and the inbox") on a database that already has
// customers and threads, on both dialects: the customers get their search keys (lower-cased in
// JavaScript, as the repository writes them) and no block, the threads their unread flag from
// their unread count and no assignee, and the messages of the threads are all kept.
import "reflect-metadata";
import assert from "node:assert/strict";
import { describeMigration, migrateBefore, migrationSource } from "../../support/migration-steps.js";

const STORE = "01900000-0000-7000-8000-0000000000b1";
const AT = "2030-01-01T00:00:00.000Z";

describeMigration("0032", (database) => {
  it("fills the keys and the unread flags of the rows already there, and keeps every message", async () => {
    const db = database();
    const knex = db.knex;
    await migrateBefore(knex, "0032-customer-blocks-inbox");
    await knex("stores").insert({ id: STORE, name: "Old", base_currency: "KES", hmac_secret: "x".repeat(48), created_at: AT, updated_at: AT });
    const customer = (n: number, name: string, phone: string | null) => ({
      id: `01900000-0000-7000-8100-00000000000${n}`,
      store_id: STORE,
      email: `c${n}@example.com`,
      name,
      phone,
      status: "active",
      join_date: "2030-01-01",
      created_at: AT,
      updated_at: AT,
    });
    await knex("customers").insert([customer(1, "Émile  Zola", "+33 (1) 23-45"), customer(2, "Njeri", null)]);
    const thread = (n: number, unread: number) => ({
      id: `01900000-0000-7000-8200-00000000000${n}`,
      store_id: STORE,
      customer_id: "01900000-0000-7000-8100-000000000001",
      subject: "Old thread",
      thread_type: "general",
      status: "active",
      priority: "normal",
      last_message_at: AT,
      last_message_by: "customer",
      unread_count_store: unread,
      created_at: AT,
      updated_at: AT,
    });
    await knex("message_threads").insert([thread(1, 2), thread(2, 0)]);
    await knex("messages").insert({
      id: "01900000-0000-7000-8300-000000000001",
      store_id: STORE,
      thread_id: "01900000-0000-7000-8200-000000000001",
      message_content: "Bonjour",
      message_type: "text",
      sender_type: "customer",
      sender_name: "Émile Zola",
      attachments: "[]",
      metadata: "{}",
      message_status: "sent",
      created_at: AT,
      updated_at: AT,
    });

    await knex.migrate.latest({ migrationSource });

    const customers = await knex("customers").orderBy("id").select("name_key", "last_name_key", "phone_key", "blocked_at", "block_reason");
    assert.deepEqual(customers, [
      { name_key: "émile zola", last_name_key: "zola", phone_key: "3312345", blocked_at: null, block_reason: null },
      { name_key: "njeri", last_name_key: null, phone_key: null, blocked_at: null, block_reason: null },
    ]);
    const threads = await knex("message_threads").orderBy("id").select("store_unread", "assignee_id");
    assert.deepEqual(
      threads.map((t: { store_unread: unknown; assignee_id: unknown }) => [Number(t.store_unread), t.assignee_id]),
      [
        [1, null],
        [0, null],
      ],
    );
    assert.equal((await knex("messages").count({ n: "*" }))[0]!.n, 1);
  });
});
