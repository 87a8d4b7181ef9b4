// Customers' email opt-outs and the mark on their address, on knex (docs/emails.md, "Opting out"
// and "Bounces and malformed addresses"): one row per customer and turned-off email; the mark is
// three columns of the customer's row.
import { inject, injectable } from "inversify";
import type { CustomerEmailPreferences, CustomerEmailState, EmailAddressStatus } from "../../../application/ports/customer-email-preferences.js";
import type { TemplateKey } from "../../../domain/emails/email-catalogue.js";
import { Database } from "../database.js";

@injectable()
export class KnexCustomerEmailPreferences implements CustomerEmailPreferences {
  constructor(@inject(Database) private readonly db: Database) {}

  async find(storeId: string, customerId: string): Promise<CustomerEmailState | undefined> {
    const customer: { email_status: string; email_status_reason: string | null; email_status_at: string | null } | undefined = await this.db.run((q) =>
      q("customers").where({ id: customerId, store_id: storeId }).first("email_status", "email_status_reason", "email_status_at"),
    );
    if (customer === undefined) return undefined;
    const rows: Array<{ template: string }> = await this.db.run((q) => q("customer_email_opt_outs").where({ customer_id: customerId, store_id: storeId }).orderBy("template").select("template"));
    return {
      optOuts: rows.map((r) => r.template as TemplateKey),
      emailStatus: customer.email_status as EmailAddressStatus,
      emailStatusReason: customer.email_status_reason,
      emailStatusAt: customer.email_status_at,
    };
  }

  async save(storeId: string, customerId: string, optOuts: readonly TemplateKey[], now: string): Promise<void> {
    await this.db.transaction(async () => {
      const q = this.db.executor;
      await q("customer_email_opt_outs").where({ customer_id: customerId, store_id: storeId }).delete();
      if (optOuts.length > 0) await q("customer_email_opt_outs").insert([...new Set(optOuts)].map((template) => ({ customer_id: customerId, template, store_id: storeId, created_at: now })));
      await q("customers").where({ id: customerId, store_id: storeId }).update({ email_status: "ok", email_status_reason: null, email_status_at: null });
    });
  }
}
