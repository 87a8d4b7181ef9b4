// How an invoice or credit note is answered (docs/api/orders.md, "Invoices and credit notes"):
// JSON by default, the printable HTML page or the PDF with `format=html|pdf` or an Accept header
// that prefers them. `fields` shapes the JSON only.
import { Schema } from "effect";
import { ParameterInvalid } from "../../../application/errors/request-errors.js";
import { reply, type RouteContext, type RouteReply } from "../route-definition.js";
import { documentHtml, DOCUMENT_CONTENT_SECURITY_POLICY } from "./document-html.js";
import { documentPdf } from "./document-pdf.js";
import type { DocumentView } from "./document-view.js";

export const DOCUMENT_FORMATS = ["json", "html", "pdf"] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

export const DocumentQuery = Schema.Struct({
  format: Schema.optional(Schema.Literal(...DOCUMENT_FORMATS)).annotations({
    description: "json, html (a printable page) or pdf; absent: what the Accept header prefers of application/json, text/html and application/pdf (JSON when it names none).",
  }),
});

export const DOCUMENT_MEDIA_TYPES = ["text/html; charset=utf-8", "application/pdf"] as const;

const BY_MEDIA_TYPE: Readonly<Record<string, DocumentFormat>> = { "application/json": "json", "text/html": "html", "application/pdf": "pdf" };

export const documentFormat = (ctx: RouteContext, format: DocumentFormat | undefined): DocumentFormat => {
  const chosen = format ?? BY_MEDIA_TYPE[String(ctx.accepts("application/json", "text/html", "application/pdf"))] ?? "json";
  if (chosen !== "json" && ctx.query.fields !== undefined) {
    throw new ParameterInvalid({ param: "fields", message: "fields shapes the JSON answer only; leave it out with format=html or pdf." });
  }
  return chosen;
};

/** The HTML page (shown in the browser, printable) or the PDF (downloaded), named by the document's number. */
export const documentReply = async (view: DocumentView, issuedAt: string, format: "html" | "pdf"): Promise<RouteReply<never>> => {
  if (format === "html") {
    return reply(200, documentHtml(view) as never, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": DOCUMENT_CONTENT_SECURITY_POLICY,
      "Content-Disposition": `inline; filename="${view.number}.html"`,
    });
  }
  return reply(200, (await documentPdf(view, issuedAt)) as never, {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${view.number}.pdf"`,
  });
};
