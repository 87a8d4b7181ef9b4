// Sends the worker's emails over SMTP with nodemailer (docs/emails.md, "Retries and backoff"),
// one connection per email, with short timeouts so that a mail server that hangs costs a retry,
// not the worker's round. A 5xx answer to the recipient or to the message is a refusal for good
// (the address bounces); anything else (no connection, a 4xx, a timeout) can be tried again.
import nodemailer, { type Transporter } from "nodemailer";
import type { EmailTransport, OutgoingEmail, TransportResult } from "../../application/ports/email-transport.js";

interface SmtpError {
  readonly code?: string;
  readonly command?: string;
  readonly responseCode?: number;
  readonly response?: string;
  readonly message?: string;
}

/** The commands whose 5xx answer is about this recipient or this message, not the server. */
const PERMANENT_COMMANDS = /^(RCPT TO|DATA)/i;

export const classifySmtpError = (err: unknown): TransportResult => {
  const e = (err ?? {}) as SmtpError;
  const reason = (e.response ?? e.message ?? String(err)).slice(0, 300);
  const code = typeof e.responseCode === "number" ? e.responseCode : undefined;
  if (code !== undefined && code >= 500 && code < 600 && (e.command === undefined || PERMANENT_COMMANDS.test(e.command))) return { kind: "rejected", reason };
  return { kind: "unavailable", reason };
};

/** The URL's own timeouts win; nodemailer reads options from the query (connectionTimeout=...). */
const withTimeouts = (url: string): string => {
  const parsed = new URL(url);
  for (const [name, ms] of [["connectionTimeout", "10000"], ["greetingTimeout", "10000"], ["socketTimeout", "30000"]] as const) {
    if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, ms);
  }
  return parsed.toString();
};

export class SmtpEmailTransport implements EmailTransport {
  private readonly transport: Transporter;

  constructor(
    url: string,
    /** STOREFRONT_MAIL_FROM: its address is the sender's; the store's name is shown. */
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(withTimeouts(url));
  }

  async send(email: OutgoingEmail): Promise<TransportResult> {
    const address = /<([^>]+)>/.exec(this.from)?.[1] ?? this.from.trim();
    try {
      await this.transport.sendMail({
        from: { name: email.fromName, address },
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: (email.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
      });
      return { kind: "sent" };
    } catch (err: unknown) {
      return classifySmtpError(err);
    }
  }

  close(): void {
    this.transport.close();
  }
}
