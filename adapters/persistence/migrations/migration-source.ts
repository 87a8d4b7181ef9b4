// The list of migrations, in order, as modules rather than files found on disk, so they run the
// same from TypeScript sources, compiled JavaScript or a bundled package.
import type { Knex } from "knex";
import { withMigrationLock } from "../migration-lock.js";
import * as foundation from "./0001-foundation.js";
import * as catalog from "./0002-catalog.js";
import * as customers from "./0003-customers.js";
import * as pricing from "./0004-pricing.js";
import * as carts from "./0005-carts.js";
import * as storeSettings from "./0006-store-settings.js";
import * as orders from "./0007-orders.js";
import * as promotionsGiftCardsShipping from "./0008-promotions-gift-cards-shipping.js";
import * as payments from "./0009-payments.js";
import * as webhooks from "./0010-webhooks.js";
import * as content from "./0011-content.js";
import * as search from "./0012-search.js";
import * as catalogVersions from "./0013-catalog-versions.js";
import * as giftCardConversions from "./0014-gift-card-conversions.js";
import * as listIndexes from "./0015-list-indexes.js";
import * as searchDocuments from "./0016-search-documents.js";
import * as searchPostings from "./0017-search-postings.js";
import * as searchCounts from "./0018-search-counts.js";
import * as catalogImports from "./0019-catalog-imports.js";
import * as orderCounters from "./0020-order-counters.js";
import * as paymentChargedAmounts from "./0021-payment-charged-amounts.js";
import * as substringSearch from "./0022-substring-search.js";
import * as ownerKeys from "./0023-owner-keys.js";
import * as catalogItemVersions from "./0024-catalog-item-versions.js";
import * as searchNonAscii from "./0025-search-non-ascii.js";
import * as listNameIndex from "./0026-list-name-index.js";
import * as searchBitmaps from "./0027-search-bitmaps.js";
import * as staff from "./0028-staff.js";
import * as fulfilments from "./0029-fulfilments.js";
import * as refunds from "./0030-refunds.js";
import * as returns from "./0031-returns.js";
import * as customerBlocksInbox from "./0032-customer-blocks-inbox.js";
import * as media from "./0033-media.js";
import * as stockLedgerDashboard from "./0034-stock-ledger-dashboard.js";
import * as staffSecondFactor from "./0035-staff-second-factor.js";
import * as orderAmountIndex from "./0036-order-amount-index.js";
import * as storeTimeZone from "./0037-store-time-zone.js";
import * as taxSettings from "./0038-tax-settings.js";
import * as invoices from "./0039-invoices.js";
import * as emails from "./0040-emails.js";
import * as storeTaxNumber from "./0041-store-tax-number.js";
import * as promotionUseCounts from "./0042-promotion-use-counts.js";

interface Migration {
  readonly name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

const MIGRATIONS: readonly Migration[] = [foundation, catalog, customers, pricing, carts, storeSettings, orders, promotionsGiftCardsShipping, payments, webhooks, content, search, catalogVersions, giftCardConversions, listIndexes, searchDocuments, searchPostings, searchCounts, catalogImports, orderCounters, paymentChargedAmounts, substringSearch, ownerKeys, catalogItemVersions, searchNonAscii, listNameIndex, searchBitmaps, staff, fulfilments, refunds, returns, customerBlocksInbox, media, stockLedgerDashboard, staffSecondFactor, orderAmountIndex, storeTimeZone, taxSettings, invoices, emails, storeTaxNumber, promotionUseCounts];

export class StorefrontMigrationSource implements Knex.MigrationSource<Migration> {
  getMigrations(): Promise<Migration[]> {
    return Promise.resolve([...MIGRATIONS]);
  }
  getMigrationName(migration: Migration): string {
    return migration.name;
  }
  getMigration(migration: Migration): Promise<Knex.Migration> {
    return Promise.resolve(migration);
  }
}

/**
 * Runs the pending migrations, once however many processes start together (also through
 * different nodes of a Galera cluster): the others wait for the first and find nothing to do.
 */
export const migrateToLatest = async (knex: Knex): Promise<void> => {
  await withMigrationLock(
    knex,
    () => migrationsCurrent(knex),
    async () => {
      await knex.migrate.latest({ migrationSource: new StorefrontMigrationSource() });
    },
  );
};

/** Whether the database has run exactly the migrations this build knows (none pending, none unknown). */
export const migrationsCurrent = async (knex: Knex): Promise<boolean> => {
  const hasTable = await knex.schema.hasTable("knex_migrations");
  if (!hasTable) return false;
  const done = new Set((await knex("knex_migrations").select("name")).map((row: { name: string }) => row.name));
  return done.size === MIGRATIONS.length && MIGRATIONS.every((migration) => done.has(migration.name));
};

