// An invoice or credit note as a PDF (docs/invoices.md, "Downloads"), drawn with pdfkit from the
// same view as the HTML page: A4, the standard Helvetica fonts (nothing embedded, nothing fetched),
// the document's number in its title. Uncompressed (`compress: false`) so its text stays readable
// to search and tests; a page of an invoice is a few kilobytes either way.
import { onFirstUse } from "../../system/on-first-use.js";
import type { DocumentView } from "./document-view.js";

/** pdfkit loads on the first PDF, not at start-up (operations-23). */
const pdfkitPackage = onFirstUse(() => import("pdfkit"));

const MARGIN = 50;
const FONT_SIZE = 9;

/** Column widths over the page's width: the first column (the item) takes three shares, the second (SKU) two, the rest one. */
const widthsOf = (count: number, total: number): number[] => {
  const shares = Array.from({ length: count }, (_, i) => (i === 0 ? 3 : i === 1 ? 2 : 1));
  const sum = shares.reduce((a, b) => a + b, 0);
  return shares.map((share) => (share / sum) * total);
};

export const documentPdf = async (view: DocumentView, issuedAt: string): Promise<Buffer> => {
  const { default: PDFDocument } = await pdfkitPackage();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: MARGIN,
      compress: false,
      info: { Title: `${view.title} ${view.number}`, Author: view.seller.lines[0] ?? "", Subject: view.number, CreationDate: new Date(issuedAt) },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    const width = doc.page.width - 2 * MARGIN;
    const bottom = () => doc.page.height - MARGIN;
    const top = doc.y;

    // The seller on the left, the title and facts on the right.
    doc.font("Helvetica-Bold").fontSize(FONT_SIZE).text(view.seller.heading, MARGIN, top, { width: width / 2 });
    doc.font("Helvetica").text(view.seller.lines.join("\n"), { width: width / 2 });
    const sellerEnd = doc.y;
    doc.font("Helvetica-Bold").fontSize(16).text(view.title, MARGIN + width / 2, top, { width: width / 2, align: "right" });
    doc.fontSize(FONT_SIZE);
    for (const [label, value] of view.facts) {
      doc.font("Helvetica-Bold").text(`${label}: `, MARGIN + width / 2, doc.y, { width: width / 2, align: "right", continued: true });
      doc.font("Helvetica").text(value);
    }
    let y = Math.max(sellerEnd, doc.y) + 14;
    doc.moveTo(MARGIN, y - 6).lineTo(MARGIN + width, y - 6).stroke();

    // The parties, side by side.
    const partyWidth = width / Math.max(view.parties.length, 1);
    let partiesEnd = y;
    view.parties.forEach((party, i) => {
      doc.font("Helvetica-Bold").text(party.heading, MARGIN + i * partyWidth, y, { width: partyWidth - 10 });
      doc.font("Helvetica").text(party.lines.join("\n"), { width: partyWidth - 10 });
      partiesEnd = Math.max(partiesEnd, doc.y);
    });
    y = partiesEnd + 16;

    const table = (columns: readonly string[], rows: readonly (readonly string[])[], firstNumeric: number, tableWidth: number, left: number, boldRow = -1) => {
      const widths = widthsOf(columns.length, tableWidth);
      const drawRow = (cells: readonly string[], bold: boolean) => {
        doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(FONT_SIZE);
        const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell === "" ? " " : cell, { width: widths[i]! - 6 }))) + 6;
        if (y + height > bottom()) {
          doc.addPage();
          y = MARGIN;
        }
        let x = left;
        cells.forEach((cell, i) => {
          doc.text(cell, x + 3, y + 3, { width: widths[i]! - 6, align: i >= firstNumeric ? "right" : "left", lineBreak: true });
          x += widths[i]!;
        });
        y += height;
        doc.moveTo(left, y).lineTo(left + tableWidth, y).lineWidth(0.5).stroke();
      };
      if (columns.some((column) => column !== "")) drawRow(columns, true);
      rows.forEach((row, i) => drawRow(row, i === boldRow));
      y += 12;
    };

    table(view.columns, view.rows, view.firstNumericColumn, width, MARGIN);
    // The totals, right-aligned under the lines.
    table(["", ""], view.totals, 1, width / 2, MARGIN + width / 2, view.totalRow);
    doc.font("Helvetica-Bold").fontSize(11).text("Totals by tax rate", MARGIN, y, { width });
    y = doc.y + 4;
    table(view.rateColumns, view.rateRows, 1, (width * 2) / 3, MARGIN);
    doc.font("Helvetica").fontSize(8).text(view.notes.join("\n"), MARGIN, y, { width });
    doc.end();
  });
};
