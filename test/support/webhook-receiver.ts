// Test support: a webhook receiver on 127.0.0.1 that records every request (headers, raw body,
// attempt), answers as a test tells it (a status, headers, a delay, or never), counts requests in
// flight, and verifies deliveries with the `standardwebhooks` package, as a merchant would.
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Receipt {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly id: string;
  readonly attempt: number;
}

export type Answer =
  | { readonly status: number; readonly headers?: Readonly<Record<string, string>>; readonly body?: string; readonly delayMs?: number }
  | "hang";

export type Responder = (receipt: Receipt, index: number) => Answer;

export class WebhookReceiver {
  readonly receipts: Receipt[] = [];
  inFlight = 0;
  maxInFlight = 0;
  private responder: Responder = () => ({ status: 200, body: "ok" });
  private readonly hanging = new Set<ServerResponse>();

  private constructor(private readonly server: Server) {}

  static async start(responder?: Responder): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    if (responder !== undefined) receiver.respond(responder);
    server.on("request", (req, res) => void receiver.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = "/hooks"): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  respond(responder: Responder): void {
    this.responder = responder;
  }

  of(path: string): Receipt[] {
    return this.receipts.filter((r) => r.path === path);
  }

  /** Waits until `predicate` holds over the receipts (polling), or fails after `timeoutMs`. */
  async waitFor(predicate: (receipts: readonly Receipt[]) => boolean, timeoutMs = 30_000, what = "the expected deliveries"): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!predicate(this.receipts)) {
      if (Date.now() > until) assert.fail(`timed out waiting for ${what}; got ${this.receipts.length} requests`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers[name] = value;
    const receipt: Receipt = {
      path: req.url ?? "/",
      headers,
      body: Buffer.concat(chunks).toString("utf8"),
      id: headers["webhook-id"] ?? "",
      attempt: Number(headers["storefront-webhook-attempt"] ?? "0"),
    };
    const index = this.receipts.push(receipt) - 1;
    const answer = this.responder(receipt, index);
    if (answer === "hang") {
      this.hanging.add(res);
      res.on("close", () => {
        this.hanging.delete(res);
        this.inFlight--;
      });
      return;
    }
    if (answer.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    res.writeHead(answer.status, { "content-type": "text/plain", ...(answer.headers ?? {}) });
    res.end(answer.body ?? "");
    this.inFlight--;
  }
}

/** Verifies a receipt with the standardwebhooks package and returns the parsed body. */
export const verifyReceipt = (secret: string, receipt: Receipt): any =>
  new Webhook(secret).verify(receipt.body, {
    "webhook-id": receipt.headers["webhook-id"] ?? "",
    "webhook-timestamp": receipt.headers["webhook-timestamp"] ?? "",
    "webhook-signature": receipt.headers["webhook-signature"] ?? "",
  });
