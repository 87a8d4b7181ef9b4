// A packing slip as a printable HTML page (docs/staff.md, "Orders and fulfilment"): the store,
// the order number, where it goes, and each line's SKU, name, units ordered and units in the
// parcel. Every value is HTML-escaped (names and addresses are what shoppers typed); the page
// has no script, and its Content-Security-Policy allows only its own inline style.
import type { PackingSlip } from "../../../application/orders/admin-order-reads.js";
import type { Address } from "../../../domain/orders/order.js";

export const PACKING_SLIP_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const addressLines = (address: Address): string[] =>
  [
    address.name,
    address.line1,
    address.line2,
    [address.city, address.region, address.postal_code].filter((p) => p !== undefined && p !== "").join(", "),
    address.country,
    address.phone,
  ].filter((line): line is string => line !== undefined && line !== "");

const block = (lines: readonly string[]): string => lines.map(escapeHtml).join("<br>");

export const packingSlipHtml = (slip: PackingSlip): string => {
  const title = `Packing slip ${slip.orderNumber}${slip.parcel === null ? "" : ` (parcel ${slip.parcel.id.slice(0, 8)})`}`;
  const rows = slip.lines
    .map((l) => `<tr><td>${escapeHtml(l.sku)}</td><td>${escapeHtml(l.name)}</td><td class="n">${l.ordered}</td><td class="n">${l.inParcel}</td></tr>`)
    .join("\n");
  const parcel =
    slip.parcel === null
      ? ""
      : `<p>Parcel recorded ${escapeHtml(slip.parcel.createdAt.slice(0, 10))}${slip.parcel.carrier === null ? "" : ` · ${escapeHtml(slip.parcel.carrier)}`}${
          slip.parcel.trackingNumber === null ? "" : ` · tracking ${escapeHtml(slip.parcel.trackingNumber)}`
        }</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font: 12pt/1.4 system-ui, sans-serif; margin: 2em; color: #000; }
header { display: flex; justify-content: space-between; border-bottom: 2px solid #000; padding-bottom: 0.5em; }
h1 { font-size: 16pt; margin: 0; }
.addresses { display: flex; gap: 4em; margin: 1.5em 0; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 0.3em 0.5em; border-bottom: 1px solid #999; }
.n { text-align: right; }
@media print { body { margin: 0; } }
</style>
</head>
<body>
<header>
<div><h1>${escapeHtml(slip.storeName)}</h1>${slip.storeAddress === null ? "" : `<div>${block(addressLines(slip.storeAddress))}</div>`}</div>
<div><strong>Order ${escapeHtml(slip.orderNumber)}</strong><br>Placed ${escapeHtml(slip.orderedAt.slice(0, 10))}</div>
</header>
<div class="addresses">
<div><strong>Ship to</strong><br>${block(addressLines(slip.shipTo))}</div>
<div><strong>Customer</strong><br>${block([slip.customerName, slip.customerEmail, ...(slip.customerPhone === null ? [] : [slip.customerPhone])])}</div>
</div>
${parcel}
<table>
<thead><tr><th>SKU</th><th>Item</th><th class="n">Ordered</th><th class="n">${slip.parcel === null ? "Shipped" : "In this parcel"}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
};
