// Every store has its order number counter from the start (the store's creation writes it), so
// no two first orders race to create it; stores from before get theirs here.
import type { Knex } from "knex";

export const name = "0020-order-counters";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "insert into order_sequences (store_id, last_number) select s.id, 0 from stores s where not exists (select 1 from order_sequences o where o.store_id = s.id)",
  );
}

export async function down(): Promise<void> {
  // The counters stay: a counter at 0 means the same as none.
}
