// Invoice and credit note numbers (docs/invoices.md, "Numbers"): each store has four gapless
// sequences, invoices and credit notes, live and test, each counted from 1 and never reset. The
// prefix tells them apart, so a number alone names its sequence.
export const DOCUMENT_KINDS = ["invoice", "credit_note"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The counter row a number comes from: its kind and whether it counts live or test documents. */
export interface DocumentSeries {
  readonly kind: DocumentKind;
  readonly livemode: boolean;
}

const PREFIXES: Readonly<Record<DocumentKind, string>> = { invoice: "INV", credit_note: "CN" };

/** The counter row's key: `invoice`, `invoice_test`, `credit_note`, `credit_note_test`. */
export const seriesKey = (series: DocumentSeries): string => (series.livemode ? series.kind : `${series.kind}_test`);

/** `INV-000042`; a test-mode document `INV-TEST-000042`; credit notes `CN-...`. Six digits at least. */
export const formatDocumentNumber = (series: DocumentSeries, sequence: number): string =>
  `${PREFIXES[series.kind]}-${series.livemode ? "" : "TEST-"}${String(sequence).padStart(6, "0")}`;

/** The shape of any document number, for path parameters. */
export const DOCUMENT_NUMBER_PATTERN = /^(INV|CN)-(TEST-)?\d{6,}$/;
