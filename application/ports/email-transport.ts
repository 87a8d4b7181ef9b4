// Hands one email to the mail server (docs/emails.md, "Retries and backoff" and "Bounces and
// malformed addresses"): the answer says whether it was taken, refused for good (a 5xx for the
// recipient or the message), or could not be sent now (no connection, a 4xx, a timeout).
import type { ServiceIdentifier } from "inversify";
import type { EmailAttachment } from "./email-attachments.js";

export interface OutgoingEmail {
  readonly to: string;
  /** The display name of the sender (the store's name); the address is the configured one. */
  readonly fromName: string;
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly attachments?: readonly EmailAttachment[];
}

export type TransportResult =
  | { readonly kind: "sent" }
  | { readonly kind: "rejected"; readonly reason: string }
  | { readonly kind: "unavailable"; readonly reason: string };

export interface EmailTransport {
  send(email: OutgoingEmail): Promise<TransportResult>;
}
export const EmailTransport: ServiceIdentifier<EmailTransport> = Symbol.for("storefront.EmailTransport");
