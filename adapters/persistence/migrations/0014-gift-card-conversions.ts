// A redemption of a gift card in another currency than its order's records the exchange rate used
// and the amount it paid in the order's currency, beside the amount taken off the card (in the
// card's currency): a cancellation gives back exactly what was taken, whatever the rate is then.
import type { Knex } from "knex";

export const name = "0014-gift-card-conversions";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("gift_card_ledger", (t) => {
    t.double("exchange_rate").nullable();
    t.bigInteger("order_amount").nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("gift_card_ledger", (t) => {
    t.dropColumn("order_amount");
    t.dropColumn("exchange_rate");
  });
}
