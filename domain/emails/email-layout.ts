// The MJML around every email's body (docs/emails.md, "Templates and placeholders"): the store's
// logo (with its name as alt text) when the store set one, its name, the body, and a footer line.
// The store's name is escaped here; the body is a template already rendered with escaped values.
import { escapeHtml } from "./placeholders.js";

export interface EmailBranding {
  readonly storeName: string;
  /** An http(s) URL, or null when the store set no logo. */
  readonly logoUrl: string | null;
}

/** http and https only: the logo is fetched by the reader's mail client. */
export const isLogoUrl = (text: string): boolean => {
  if (text.length > 2000) return false;
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && url.username === "" && url.password === "";
  } catch {
    return false;
  }
};

export const wrapInLayout = (branding: EmailBranding, body: string, footer: string): string => {
  const name = escapeHtml(branding.storeName);
  const logo =
    branding.logoUrl !== null && isLogoUrl(branding.logoUrl)
      ? `<mj-image src="${escapeHtml(branding.logoUrl)}" alt="${name}" width="160px" align="left" padding="0 25px" />\n`
      : "";
  return `<mjml>
  <mj-head>
    <mj-title>${name}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="22px" color="#222222" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f4f4">
    <mj-section background-color="#ffffff" padding="20px 0 0 0">
      <mj-column>
        ${logo}<mj-text font-size="20px" font-weight="bold">${name}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff">
      <mj-column>
${body}
      </mj-column>
    </mj-section>
    <mj-section>
      <mj-column>
        <mj-text font-size="12px" color="#777777">${escapeHtml(footer)}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
};
