// An invoice or credit note as one printable HTML page (docs/invoices.md, "Downloads"), as the
// packing slip is drawn (admin/packing-slip-html.ts): every value HTML-escaped (names and
// addresses are what shoppers typed), no script, no outside resource, only its own inline style,
// which the Content-Security-Policy allows and nothing else.
import { escapeHtml, PACKING_SLIP_CONTENT_SECURITY_POLICY } from "../admin/packing-slip-html.js";
import type { DocumentView } from "./document-view.js";

export const DOCUMENT_CONTENT_SECURITY_POLICY = PACKING_SLIP_CONTENT_SECURITY_POLICY;

const block = (lines: readonly string[]): string => lines.map(escapeHtml).join("<br>");

const table = (columns: readonly string[], rows: readonly (readonly string[])[], firstNumeric: number, className: string): string => {
  const cell = (tag: "th" | "td", text: string, index: number) => `<${tag}${index >= firstNumeric ? ' class="n"' : ""}>${escapeHtml(text)}</${tag}>`;
  return `<table class="${className}">
<thead><tr>${columns.map((c, i) => cell("th", c, i)).join("")}</tr></thead>
<tbody>
${rows.map((row) => `<tr>${row.map((c, i) => cell("td", c, i)).join("")}</tr>`).join("\n")}
</tbody>
</table>`;
};

export const documentHtml = (view: DocumentView): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(`${view.title} ${view.number}`)}</title>
<style>
body { font: 11pt/1.4 system-ui, sans-serif; margin: 2em; color: #000; }
header { display: flex; justify-content: space-between; border-bottom: 2px solid #000; padding-bottom: 0.5em; }
h1 { font-size: 18pt; margin: 0 0 0.3em; }
dl { display: grid; grid-template-columns: auto auto; gap: 0 1em; margin: 0; }
dt { font-weight: bold; }
dd { margin: 0; }
.parties { display: flex; gap: 4em; margin: 1.5em 0; }
table { width: 100%; border-collapse: collapse; margin-bottom: 1.5em; }
th, td { text-align: left; padding: 0.3em 0.5em; border-bottom: 1px solid #999; vertical-align: top; }
.n { text-align: right; white-space: nowrap; }
table.totals { width: auto; margin-left: auto; }
table.totals tr.total td { font-weight: bold; }
footer { font-size: 9pt; color: #333; }
@media print { body { margin: 0; } }
</style>
</head>
<body>
<header>
<div><strong>${escapeHtml(view.seller.heading)}</strong><br>${block(view.seller.lines)}</div>
<div><h1>${escapeHtml(view.title)}</h1><dl>
${view.facts.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join("\n")}
</dl></div>
</header>
<div class="parties">
${view.parties.map((party) => `<div><strong>${escapeHtml(party.heading)}</strong><br>${block(party.lines)}</div>`).join("\n")}
</div>
${table(view.columns, view.rows, view.firstNumericColumn, "lines")}
<table class="totals">
<tbody>
${view.totals.map(([label, value], i) => `<tr${i === view.totalRow ? ' class="total"' : ""}><td>${escapeHtml(label)}</td><td class="n">${escapeHtml(value)}</td></tr>`).join("\n")}
</tbody>
</table>
<h2>Totals by tax rate</h2>
${table(view.rateColumns, view.rateRows, 1, "rates")}
<footer>${view.notes.map((note) => `<p>${escapeHtml(note)}</p>`).join("")}</footer>
</body>
</html>
`;
