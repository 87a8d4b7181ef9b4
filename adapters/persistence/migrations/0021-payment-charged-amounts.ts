// A payment records what the provider was asked to take beside the amount it pays for: mobile
// money takes whole units, so an amount due of KES 883.92 is charged 884 (issue 19). Payments
// from before get the figure the one rounding rule gives them.
import type { Knex } from "knex";
import { isCurrencyCode } from "../../../domain/money/currency.js";
import type { PaymentProvider } from "../../../domain/payments/payment-provider.js";
import { chargedAmountMinor } from "../../../domain/payments/payment-request.js";

export const name = "0021-payment-charged-amounts";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("payments", (t) => {
    // Nullable only so that the column can be added to a table with rows; every row is filled below.
    t.bigInteger("charged_amount").nullable();
  });
  // One statement per provider and currency: the rounding unit is what the one rule charges for
  // a single minor unit (1 for cards, 100 for whole KES, 1 for UGX, which has no minor units).
  const groups: Array<{ provider: string; currency: string }> = await knex("payments").distinct("provider", "currency");
  for (const { provider, currency } of groups) {
    const unit = isCurrencyCode(currency) ? chargedAmountMinor(provider as PaymentProvider, 1, currency) : 1;
    await knex("payments")
      .where({ provider, currency })
      .update({ charged_amount: knex.raw("case when amount % ? = 0 then amount else amount - amount % ? + ? end", [unit, unit, unit]) });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("payments", (t) => {
    t.dropColumn("charged_amount");
  });
}
