// MJML (mjml 5) compiles emails to table-based HTML with inlined styles, which the common mail
// clients render alike (docs/emails.md, "Templates and placeholders"). Validation is strict: a
// template with an unknown element or attribute is reported, not silently dropped. A template is
// the store's text: `<mj-include>` never reads a file of the server.
import type { EmailRenderer, RenderedHtml } from "../../application/ports/email-renderer.js";
import { onFirstUse } from "../system/on-first-use.js";

/** MJML and its inliner load on the first email, not at start-up (operations-23). */
const mjmlPackage = onFirstUse(() => import("mjml"));

export class MjmlEmailRenderer implements EmailRenderer {
  async toHtml(mjml: string): Promise<RenderedHtml> {
    try {
      const { default: mjml2html } = await mjmlPackage();
      const result = await mjml2html(mjml, { validationLevel: "soft", keepComments: false, ignoreIncludes: true });
      return { html: result.html, problems: result.errors.map((e) => `line ${e.line}: ${e.message}`) };
    } catch (err: unknown) {
      // a document that does not parse at all (an unclosed tag)
      return { html: "", problems: [err instanceof Error ? err.message : String(err)] };
    }
  }
}
