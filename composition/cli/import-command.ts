// The `storefront import <file>` command: reads a JSON lines or CSV catalog (docs/catalog-import.md)
// and imports it into a store, idempotent by SKU. Exit code 0 when every row was imported, 2 when
// some were rejected, 1 when nothing could be (unreadable file, unknown store, bad settings).
// `--dry-run` reports the same without writing anything; `--allow-renames` lets a row rename the
// product its SKU matches (refused otherwise).
import { extname } from "node:path";
import { InvalidArgumentError, Option, type Command } from "commander";
import pino from "pino";
import type { Principal } from "../../application/access/principal.js";
import { DEFAULT_IMPORT_BATCH_SIZE, ImportCatalog, type ImportSummary } from "../../application/catalog/import-catalog.js";
import { StoreRepository } from "../../application/ports/store-repository.js";
import { CatalogFileError } from "../../adapters/catalog-import/catalog-file-error.js";
import type { CatalogFile } from "../../adapters/catalog-import/catalog-file.js";
import { openCsvCatalog } from "../../adapters/catalog-import/csv-catalog-reader.js";
import { openJsonLinesCatalog } from "../../adapters/catalog-import/jsonl-catalog-reader.js";
import { ConfigError, loadConfig } from "../config.js";
import { createApplication, type Application } from "../container.js";
import { ProgressBar } from "./progress-bar.js";

type Format = "jsonl" | "csv";

interface ImportCommandOptions {
  readonly store?: string;
  readonly format?: Format;
  readonly batchSize: number;
  readonly json: boolean;
  readonly restart: boolean;
  readonly dryRun: boolean;
  readonly allowRenames: boolean;
}

/** A reason to stop before importing anything; printed as one line, exit code 1. */
export class ImportStopped extends Error {}

const READERS: Readonly<Record<Format, (path: string) => Promise<CatalogFile>>> = {
  jsonl: openJsonLinesCatalog,
  csv: openCsvCatalog,
};

const EXTENSIONS: Readonly<Record<string, Format>> = { ".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv" };

const batchSize = (text: string): number => {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 10_000) throw new InvalidArgumentError("must be a whole number from 1 to 10000");
  return value;
};

const formatOf = (file: string, given: Format | undefined): Format => {
  const format = given ?? EXTENSIONS[extname(file).toLowerCase()];
  if (format === undefined) throw new ImportStopped(`cannot tell the format of ${file} from its extension; give --format jsonl or --format csv`);
  return format;
};

/** The store named by --store, or the only one when the database holds exactly one (also for `storefront staff create`). */
export const chooseStore = async (application: Application, given: string | undefined): Promise<string> => {
  if (given !== undefined) {
    if ((await application.container.get(StoreRepository).findById(given)) === undefined) throw new ImportStopped(`no store has the id ${given}`);
    return given;
  }
  const stores: Array<{ id: string }> = await application.database.knex("stores").select("id").orderBy("id").limit(2);
  if (stores.length === 0) throw new ImportStopped("the database holds no store yet; create one with `storefront seed`");
  if (stores.length > 1) throw new ImportStopped("the database holds several stores; name one with --store <store_id>");
  return stores[0]!.id;
};

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

const renameText = (r: NonNullable<ImportSummary["renamed"]>[number]): string =>
  [
    `  line ${r.line}: product ${r.productId} (SKU ${r.sku})`,
    ...(r.fromName !== r.toName ? [`name "${r.fromName}" -> "${r.toName}"`] : []),
    ...(r.fromSlug !== r.toSlug ? [`slug "${r.fromSlug}" -> "${r.toSlug}"`] : []),
  ].join(" ");

const summaryText = (file: string, storeId: string, summary: ImportSummary): string => {
  const renamed = summary.renamed ?? [];
  const counts = `${summary.created} created, ${summary.updated} updated${renamed.length > 0 ? ` (${renamed.length} renamed)` : ""}, ${plural(summary.rejected.length, "row")} rejected`;
  return [
    ...(summary.resumedAfter === undefined ? [] : [`Resumed an interrupted import of ${file} after its first ${plural(summary.resumedAfter, "product")}.`]),
    summary.dryRun === true
      ? `Dry run of ${file} into store ${storeId}: would be ${counts}. Nothing was written.`
      : `Imported ${file} into store ${storeId}: ${counts}.`,
    ...(renamed.length === 0 ? [] : [summary.dryRun === true ? "Renames:" : "Renamed:", ...renamed.map(renameText)]),
    ...(summary.rejected.length === 0 ? [] : [summary.dryRun === true ? "Rows that would be rejected:" : "Rejected rows:", ...summary.rejected.map((r) => `  line ${r.line}: ${r.reason}`)]),
    "",
  ].join("\n");
};

const runImport = async (file: string, options: ImportCommandOptions): Promise<number> => {
  let application: Application | undefined;
  const bar = process.stderr.isTTY ? new ProgressBar(process.stderr, "products") : undefined;
  try {
    const format = formatOf(file, options.format);
    const config = loadConfig();
    const catalog = await READERS[format](file);
    application = createApplication(config, { logger: pino({ level: config.logLevel }, pino.destination(2)) });
    await application.migrate();
    const storeId = await chooseStore(application, options.store);
    // The catalog is one for both modes; events of an import are live ones, as for the merchant's own edits.
    const principal: Principal = { storeId, keyId: "cli-import", keyType: "secret", mode: "live" };
    const summary = await application.container.get(ImportCatalog).execute(principal, catalog.groups(), {
      batchSize: options.batchSize,
      total: catalog.products,
      fingerprint: catalog.fingerprint,
      restart: options.restart,
      dryRun: options.dryRun,
      allowRenames: options.allowRenames,
      ...(bar !== undefined ? { onProgress: bar.update } : {}),
    });
    bar?.finish();
    const { resumedAfter, dryRun, renamed, ...counts } = summary;
    const json = {
      store_id: storeId,
      ...(dryRun === true ? { dry_run: true } : {}),
      ...counts,
      ...(renamed === undefined
        ? {}
        : {
            renamed: renamed.map((r) => ({ line: r.line, product_id: r.productId, sku: r.sku, from: { name: r.fromName, slug: r.fromSlug }, to: { name: r.toName, slug: r.toSlug } })),
          }),
      ...(resumedAfter === undefined ? {} : { resumed_after: resumedAfter }),
    };
    process.stdout.write(options.json ? `${JSON.stringify(json)}\n` : summaryText(file, storeId, summary));
    return summary.rejected.length > 0 ? 2 : 0;
  } catch (error) {
    bar?.finish();
    if (error instanceof ImportStopped || error instanceof CatalogFileError || error instanceof ConfigError) {
      process.stderr.write(`storefront import: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await application?.close();
  }
};

export const registerImportCommand = (program: Command): void => {
  program
    .command("import")
    .description("import a JSON lines or CSV catalog into a store; idempotent by SKU (see docs/catalog-import.md)")
    .argument("<file>", "the catalog: .jsonl (one product per line) or .csv (one variant per row)")
    .option("--store <store_id>", "the store to import into (default: the only store of the database)")
    .addOption(new Option("--format <format>", "the file's format (default: from its extension)").choices(["jsonl", "csv"]))
    .option("--batch-size <n>", "products written per transaction", batchSize, DEFAULT_IMPORT_BATCH_SIZE)
    .option("--json", "print the summary as one JSON object", false)
    .option("--restart", "start over instead of resuming an interrupted import of the same file", false)
    .option("--dry-run", "report what would be created, updated, renamed and rejected; write nothing (no checkpoint either)", false)
    .option("--allow-renames", "let a row rename (name or slug) the product its SKU matches; refused otherwise", false)
    .action(async (file: string, options: ImportCommandOptions) => {
      process.exitCode = await runImport(file, options);
    });
};
