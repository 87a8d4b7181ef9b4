// The catalog import of the admin API (docs/catalog-import.md, "From the admin API and the back
// office"): the body is a CSV or JSON lines catalog, imported (or, with `dry_run`, checked and
// rolled back) while the request waits, and the answer is the import's report: rows read, created,
// updated, rejected.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { ImportCatalog } from "../../../application/catalog/import-catalog.js";
import type { ImportGroup } from "../../../application/catalog/imported-product.js";
import { ParameterInvalid } from "../../../application/errors/request-errors.js";
import { CatalogFileError } from "../../catalog-import/catalog-file-error.js";
import type { CatalogFile } from "../../catalog-import/catalog-file.js";
import { openCsvCatalog } from "../../catalog-import/csv-catalog-reader.js";
import { openJsonLinesCatalog } from "../../catalog-import/jsonl-catalog-reader.js";
import { adminCatalogImportExamples } from "./catalog-import-examples.js";
import { PayloadTooLarge } from "../http-errors.js";
import { defineRoute, type AnyRoute, type RouteContext } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";

const TAG = "Catalog import";

/** The largest file taken: 10 MiB, as the media upload (some 30,000 CSV rows, written in well under a minute). */
export const CATALOG_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const CSV_TYPES = ["text/csv", "application/csv"];
const JSONL_TYPES = ["application/jsonl", "application/x-ndjson", "application/x-jsonlines"];

const FlagParam = Schema.Literal("true", "false").annotations({ description: "`true` or `false`." });

const RejectedRow = Schema.Struct({
  line: Schema.Number.annotations({ description: "The row's line in the file, as an editor numbers it (the CSV header is line 1)." }),
  reason: Schema.String.annotations({ description: "Why the row is not imported, naming the column or field to fix." }),
}).annotations({ identifier: "CatalogImportRejectedRow" });

const Renamed = Schema.Struct({
  line: Schema.Number.annotations({ description: "The line giving the new name or slug." }),
  product_id: Schema.String.annotations({ description: "The product renamed." }),
  sku: Schema.String.annotations({ description: "The SKU that matched it." }),
  from: Schema.Struct({ name: Schema.String, slug: Schema.String }).annotations({ description: "Its name and slug before." }),
  to: Schema.Struct({ name: Schema.String, slug: Schema.String }).annotations({ description: "Its name and slug after." }),
}).annotations({ identifier: "CatalogImportRename" });

export const CatalogImportReport = Schema.Struct({
  dry_run: Schema.Boolean.annotations({ description: "True when nothing was written: the counts say what a run would do." }),
  format: Schema.Literal("csv", "jsonl").annotations({ description: "How the file was read (from its Content-Type)." }),
  rows_read: Schema.Number.annotations({ description: "Rows of the file read: CSV data rows (one per variant) or JSON lines that are not blank." }),
  products: Schema.Number.annotations({ description: "Products in the file (CSV product handles, or JSON lines)." }),
  created: Schema.Number.annotations({ description: "Products created (on a dry run: that would be created)." }),
  updated: Schema.Number.annotations({ description: "Products updated, matched by SKU (renamed ones included)." }),
  renamed: Schema.Array(Renamed).annotations({ description: "Renames applied (only with `allow_renames=true`; refused renames are among `rejected`)." }),
  rejected: Schema.Array(RejectedRow).annotations({ description: "Every rejected row, by line. A product is written whole or not at all, so the other rows of a product with a bad row are listed too." }),
}).annotations({ identifier: "CatalogImportReport" });

/** The file's format, from the declared Content-Type. */
const formatOf = (ctx: RouteContext): "csv" | "jsonl" => (ctx.request.is(CSV_TYPES) !== false ? "csv" : "jsonl");

/** The reader's message about the temporary copy, said of the uploaded file instead. */
const fileProblem = (error: CatalogFileError, path: string): ParameterInvalid =>
  new ParameterInvalid({ param: "file", message: `The file cannot be imported: ${error.message.split(path).join("the file")}. Nothing was written.` });

/** Counts the rows handed to the import as it reads them. */
async function* counted(groups: AsyncIterable<ImportGroup>, seen: { rows: number }): AsyncGenerator<ImportGroup> {
  for await (const group of groups) {
    seen.rows += group.length;
    yield group;
  }
}

@injectable()
export class CatalogImportRoutes implements RouteModule {
  constructor(@inject(ImportCatalog) private readonly importCatalog: ImportCatalog) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminImportCatalog",
        method: "POST",
        path: "/admin/v1/catalog/imports",
        summary: "Import a CSV or JSON lines catalog, or check it with a dry run: answers the import's report",
        description:
          "Permission `catalog.write`. The body is the catalog file itself (docs/catalog-import.md): `text/csv` (one row per variant, rows grouped by `product_handle`) or `application/jsonl` / `application/x-ndjson` (one product per line, as the product write API takes it). At most 10 MiB (413 `payload_too_large`). Products are matched by SKU: a product none of whose SKUs the store holds is created, any other updated; nothing is deleted. With `dry_run=true` every batch is written in a transaction that is rolled back: the report says what a run would create, update and reject, and nothing is written. A bad row is rejected with its line and reason and never half-writes its product; other products are imported. A file that cannot be imported at all (not CSV, an unknown CSV column, no header, no product) is a 400 `parameter_invalid` naming the problem, and nothing is written. The import runs while the request waits (about 1,000 products a second), and the answer is its whole report. A renamed product (its SKU matched, another name) is rejected unless `allow_renames=true`. Every product written is a `product.created` event, as through the product API.",
        tag: TAG,
        example: adminCatalogImportExamples.adminImportCatalog,
        access: "secret",
        permission: "catalog.write",
        query: Schema.Struct({
          dry_run: Schema.optionalWith(FlagParam, { default: () => "false" as const }).annotations({ description: "`true`: check the whole file and report, writing nothing." }),
          allow_renames: Schema.optionalWith(FlagParam, { default: () => "false" as const }).annotations({
            description: "`true`: let a row rename (name or slug) the product its SKU matches; refused otherwise.",
          }),
        }),
        rawBody: {
          contentTypes: [...CSV_TYPES, ...JSONL_TYPES],
          maxBytes: CATALOG_IMPORT_MAX_BYTES,
          tooLarge: () => new PayloadTooLarge({ message: `The file is larger than ${CATALOG_IMPORT_MAX_BYTES} bytes (10 MiB): split it, or import it with \`storefront import\`.` }),
          description: "The catalog file's bytes: CSV (`text/csv`) or JSON lines (`application/jsonl`), UTF-8.",
        },
        errors: [400, 404, 413, 415],
        success: { status: 200, description: "The import's report.", schema: CatalogImportReport },
        handle: async ({ principal, query, ctx }) => {
          const bytes = ctx.state.rawBody ?? Buffer.alloc(0);
          const format = formatOf(ctx);
          if (bytes.length === 0) throw new ParameterInvalid({ param: "file", message: "The file is empty: send a CSV with a header row, or JSON lines. Nothing was written." });
          // The readers stream from a file (so that the CLI never holds a large catalog whole); the upload is copied to one.
          const dir = await mkdtemp(join(tmpdir(), "storefront-import-"));
          const path = join(dir, `${randomUUID()}.${format}`);
          try {
            await writeFile(path, bytes);
            let catalog: CatalogFile;
            try {
              catalog = await (format === "csv" ? openCsvCatalog(path) : openJsonLinesCatalog(path));
            } catch (error) {
              throw error instanceof CatalogFileError ? fileProblem(error, path) : error;
            }
            if (catalog.products === 0) throw new ParameterInvalid({ param: "file", message: "The file holds no product: add rows under the header (CSV) or one product per line (JSON lines). Nothing was written." });
            const seen = { rows: 0 };
            let summary;
            try {
              summary = await this.importCatalog.execute(principal, counted(catalog.groups(), seen), {
                total: catalog.products,
                dryRun: query.dry_run === "true",
                allowRenames: query.allow_renames === "true",
              });
            } catch (error) {
              throw error instanceof CatalogFileError ? fileProblem(error, path) : error;
            }
            return {
              dry_run: summary.dryRun === true,
              format,
              rows_read: seen.rows,
              products: catalog.products,
              created: summary.created,
              updated: summary.updated,
              renamed: (summary.renamed ?? []).map((r) => ({ line: r.line, product_id: r.productId, sku: r.sku, from: { name: r.fromName, slug: r.fromSlug }, to: { name: r.toName, slug: r.toSlug } })),
              rejected: summary.rejected.map((r) => ({ line: r.line, reason: r.reason.replace(" (a rename is applied only with --allow-renames)", " (a rename is applied only with allow_renames=true)") })),
            };
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
        },
      }),
    ];
  }
}
