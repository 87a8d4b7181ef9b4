// Sending one signed webhook request, and checking where an endpoint URL points. The adapter
// resolves the host, refuses private targets (unless allowed) and connects to the address it
// checked, so a DNS answer that changes between check and connect cannot slip through.
import type { ServiceIdentifier } from "inversify";

export interface WebhookRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
  readonly allowPrivate: boolean;
}

export type WebhookResponse =
  | {
      readonly kind: "answered";
      readonly statusCode: number;
      /** The first KiB of the body, as text. */
      readonly bodyExcerpt: string;
      readonly retryAfter: string | undefined;
      readonly latencyMs: number;
    }
  /** No HTTP answer: timeout, connection error, or an address the rules forbid. */
  | { readonly kind: "no-answer"; readonly error: string; readonly latencyMs: number };

export interface WebhookTransport {
  send(request: WebhookRequest): Promise<WebhookResponse>;
}
export const WebhookTransport: ServiceIdentifier<WebhookTransport> = Symbol.for("storefront.WebhookTransport");

export interface WebhookTargetGuard {
  /**
   * Why the URL's host may not receive webhooks (it resolves to a private, loopback, link-local
   * or otherwise non-public address), or undefined when it may or does not resolve yet.
   */
  refusal(url: URL): Promise<string | undefined>;
}
export const WebhookTargetGuard: ServiceIdentifier<WebhookTargetGuard> = Symbol.for("storefront.WebhookTargetGuard");

export interface WebhookSigner {
  /** Base64 HMAC-SHA256 of `content`, keyed with the base64-decoded part of a `whsec_` secret. */
  sign(secret: string, content: string): string;
}
export const WebhookSigner: ServiceIdentifier<WebhookSigner> = Symbol.for("storefront.WebhookSigner");
