// The catalog import page (catalog.write): choose a CSV or JSON lines file, check it with a dry run
// (rows, what would be created and updated, each bad row's line and reason), then import it and
// read the final report. The import runs while the request waits, so the bar says it is busy
// rather than pretending to know how far it is (docs/back-office.md, "What it does", Import).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { answer, api, explain, type ApiError } from "../api.js";
import { Notice } from "../feedback.js";
import { ScrollArea } from "../scroll-area.js";

type Report = { dry_run: boolean; format: "csv" | "jsonl"; rows_read: number; products: number; created: number; updated: number; renamed: ReadonlyArray<{ line: number; from: { name: string }; to: { name: string } }>; rejected: ReadonlyArray<{ line: number; reason: string }> };

/** The largest file the API takes (10 MiB), checked here first so a person is told before the upload. */
const MAX_BYTES = 10 * 1024 * 1024;

/** The Content-Type to send: by the file's extension, which is what a spreadsheet or an editor gives reliably. */
const contentTypeOf = (file: File): string | undefined => {
  const name = file.name.toLowerCase();
  if (name.endsWith(".csv") || file.type === "text/csv") return "text/csv";
  if (name.endsWith(".jsonl") || name.endsWith(".ndjson") || file.type === "application/x-ndjson" || file.type === "application/jsonl") return "application/jsonl";
  return undefined;
};

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The report in one sentence: what was (or would be) done. */
const summaryOf = (report: Report, fileName: string): string => {
  const read = `${plural(report.rows_read, "row")} read, ${plural(report.products, "product")}`;
  const rejected = plural(report.rejected.length, "row");
  return report.dry_run
    ? `Dry run of ${fileName}: ${read}. ${report.created} would be created, ${report.updated} would be updated, ${rejected} would be rejected. Nothing was written.`
    : `Imported ${fileName}: ${read}. ${report.created} created, ${report.updated} updated, ${rejected} rejected.`;
};

const ReportView = ({ report, fileName, id }: { report: Report; fileName: string; id: string }) => (
  <section className="panel" aria-labelledby={id}>
    <h2 id={id}>{report.dry_run ? "Dry run report" : "Import report"}</h2>
    <dl className="facts">
      <dt>File</dt>
      <dd>{fileName}</dd>
      <dt>Rows read</dt>
      <dd>{report.rows_read}</dd>
      <dt>Products in the file</dt>
      <dd>{report.products}</dd>
      <dt>{report.dry_run ? "Would be created" : "Created"}</dt>
      <dd>{report.created}</dd>
      <dt>{report.dry_run ? "Would be updated" : "Updated"}</dt>
      <dd>{report.updated}</dd>
      <dt>{report.dry_run ? "Would be rejected" : "Rejected"}</dt>
      <dd>{plural(report.rejected.length, "row")}</dd>
    </dl>
    {report.rejected.length === 0 ? (
      <p>No row {report.dry_run ? "would be" : "was"} rejected.</p>
    ) : (
      <ScrollArea label={report.dry_run ? "Rows that would be rejected" : "Rejected rows"}>
        <table>
          <caption>{report.dry_run ? "Rows that would be rejected: correct them in the file, or import without them." : "Rejected rows: correct them in the file and import it again (products are matched by SKU, so nothing is doubled)."}</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {report.rejected.map((row, i) => (
              <tr key={`${row.line}-${i}`}>
                <td>{row.line}</td>
                <td>{row.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    )}
  </section>
);

export const CatalogImportPage = () => {
  const client = useQueryClient();
  const [file, setFile] = useState<File>();
  const [dryRun, setDryRun] = useState<Report>();
  const [final, setFinal] = useState<Report>();
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: async ({ chosen, dry }: { chosen: File; dry: boolean }): Promise<Report> =>
      answer(
        await api.POST("/admin/v1/catalog/imports", {
          params: { query: { dry_run: dry ? "true" : "false" } },
          // The file's own bytes, as they are.
          body: chosen as unknown as string,
          bodySerializer: (body: unknown) => body as string,
          headers: { "Content-Type": contentTypeOf(chosen) ?? "text/csv" },
        }),
      ) as Report,
  });
  const choose = (chosen: File | undefined) => {
    setFile(chosen);
    setDryRun(undefined);
    setFinal(undefined);
    setError(undefined);
  };
  const problemOf = (chosen: File | undefined): string | undefined => {
    if (chosen === undefined) return "Choose a file first: a CSV (.csv) or JSON lines (.jsonl) catalog.";
    if (contentTypeOf(chosen) === undefined) return `${chosen.name} is neither a .csv nor a .jsonl file: save the catalog as CSV or JSON lines and choose it again.`;
    if (chosen.size > MAX_BYTES) return `${chosen.name} is larger than 10 MB: split it into smaller files, or import it with the storefront import command.`;
    return undefined;
  };
  const check = async (event: FormEvent) => {
    event.preventDefault();
    const problem = problemOf(file);
    if (problem !== undefined || file === undefined) return setError(problem);
    setError(undefined);
    setFinal(undefined);
    try {
      setDryRun(await send.mutateAsync({ chosen: file, dry: true }));
    } catch (failure) {
      setDryRun(undefined);
      setError(explain(failure as ApiError | Error));
    }
  };
  const run = async () => {
    if (file === undefined || dryRun === undefined) return;
    setError(undefined);
    try {
      setFinal(await send.mutateAsync({ chosen: file, dry: false }));
      await client.invalidateQueries({ queryKey: ["products"] });
    } catch (failure) {
      setError(explain(failure as ApiError | Error));
    }
  };
  const importing = send.isPending && send.variables?.dry === false;
  const checking = send.isPending && send.variables?.dry === true;
  return (
    <>
      <h1>Import products</h1>
      <p>
        Add or update many products at once from a CSV file (one row per variant, rows grouped by <code>product_handle</code>) or a JSON lines file (one product per line). Products are matched by
        SKU: a known SKU updates its product, a new one creates a product; nothing is deleted. Prices are in minor units (1250 is 12.50). At most 10 MB.
      </p>
      <form className="panel" onSubmit={check} aria-labelledby="import-file-title">
        <h2 id="import-file-title">1. Choose the file and check it</h2>
        <label>
          Catalog file (.csv or .jsonl)
          <input type="file" name="catalog" accept=".csv,.jsonl,.ndjson,text/csv,application/x-ndjson" onChange={(e) => choose(e.target.files?.[0])} />
        </label>
        <div className="actions">
          <button type="submit" disabled={send.isPending}>
            Check the file (dry run)
          </button>
        </div>
        {checking ? <p role="status">Checking {file?.name}: every row is tried and rolled back…</p> : null}
      </form>
      <Notice kind="error">{error}</Notice>
      {dryRun !== undefined && file !== undefined ? (
        <>
          <Notice kind="success">{summaryOf(dryRun, file.name)}</Notice>
          <ReportView report={dryRun} fileName={file.name} id="dry-run-title" />
          <section className="panel" aria-labelledby="import-run-title">
            <h2 id="import-run-title">2. Import it</h2>
            {final === undefined ? (
              <>
                <p>
                  {dryRun.rejected.length > 0
                    ? `The ${plural(dryRun.rejected.length, "rejected row")} and the rest of their products will be skipped; the other products are imported. To import them too, correct the file and choose it again.`
                    : "Every row passed the check."}
                </p>
                {dryRun.created + dryRun.updated === 0 ? (
                  <p>Nothing in this file can be imported: correct the rows above and choose the file again.</p>
                ) : (
                  <div className="actions">
                    <button type="button" onClick={() => void run()} disabled={send.isPending}>
                      Import {plural(dryRun.created + dryRun.updated, "product")}
                    </button>
                  </div>
                )}
              </>
            ) : null}
            {importing ? (
              <div role="status">
                <progress aria-label={`Importing ${file.name}`} />
                <p>
                  Importing {plural(dryRun.products, "product")} from {file.name}. The server writes them in batches (about 1,000 a second) and answers when all are written; keep this page open.
                </p>
              </div>
            ) : null}
          </section>
        </>
      ) : null}
      {final !== undefined && file !== undefined ? (
        <>
          <Notice kind="success">{summaryOf(final, file.name)}</Notice>
          <ReportView report={final} fileName={file.name} id="import-report-title" />
          <p>
            <a href="/admin/products">See the products</a>
          </p>
        </>
      ) : null}
    </>
  );
};
