// The common part of the fake payment providers: a node:http server on 127.0.0.1 (port 0) that
// records every call, routes to handlers, and can be told to fail a route's next calls the way
// providers fail (an error answer, a malformed body, an answer slower than the client's limit).
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedCall {
  readonly route: string;
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface FakeAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export type Fault =
  | { readonly kind: "answer"; readonly status: number; readonly body: unknown }
  | { readonly kind: "malformed"; readonly status?: number }
  | { readonly kind: "slow"; readonly delayMs: number }
  | { readonly kind: "drop" };

export interface Route {
  /** A name such as `POST /v1/checkout/sessions`, used to count calls and inject faults. */
  readonly name: string;
  readonly method: string;
  readonly pattern: RegExp;
  readonly handle: (call: RecordedCall, params: readonly string[]) => FakeAnswer | Promise<FakeAnswer>;
}

export abstract class FakeProviderServer {
  readonly calls: RecordedCall[] = [];
  private readonly faults = new Map<string, Fault[]>();
  private server: Server | undefined;
  private baseUrl = "";

  protected abstract routes(): readonly Route[];

  get url(): string {
    if (this.baseUrl === "") throw new Error("the fake provider is not started");
    return this.baseUrl;
  }

  async start(): Promise<this> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        void this.dispatch(request.method ?? "GET", request.url ?? "/", request.headers, Buffer.concat(chunks).toString("utf8"))
          .then(async (outcome) => {
            if (outcome === "drop") {
              request.socket.destroy();
              return;
            }
            if ("delayMs" in outcome) await new Promise((resolve) => setTimeout(resolve, outcome.delayMs));
            if (response.destroyed) return;
            response.writeHead(outcome.status, { "content-type": "application/json", ...outcome.headers });
            response.end(outcome.raw);
          })
          .catch((error: unknown) => {
            response.writeHead(500, { "content-type": "text/plain" });
            response.end(String(error));
          });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.server = server;
    this.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server === undefined) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next `times` calls to a route fail with `fault`. */
  failNext(route: string, fault: Fault, times = 1): void {
    const queue = this.faults.get(route) ?? [];
    for (let i = 0; i < times; i += 1) queue.push(fault);
    this.faults.set(route, queue);
  }

  callsTo(route: string): RecordedCall[] {
    return this.calls.filter((call) => call.route === route);
  }

  private async dispatch(
    method: string,
    url: string,
    headers: IncomingHttpHeaders,
    body: string,
  ): Promise<"drop" | { status: number; raw: string; headers?: Readonly<Record<string, string>>; delayMs?: number }> {
    const path = url;
    const pathname = new URL(url, "http://fake").pathname;
    for (const route of this.routes()) {
      const match = route.method === method ? route.pattern.exec(pathname) : null;
      if (match === null) continue;
      const call: RecordedCall = { route: route.name, method, path, headers, body };
      this.calls.push(call);
      const fault = this.faults.get(route.name)?.shift();
      if (fault?.kind === "drop") return "drop";
      if (fault?.kind === "answer") return { status: fault.status, raw: JSON.stringify(fault.body) };
      if (fault?.kind === "malformed") return { status: fault.status ?? 200, raw: "<html>upstream hiccup" };
      const answer = await route.handle(call, match.slice(1).map((part) => decodeURIComponent(part)));
      return {
        status: answer.status,
        raw: JSON.stringify(answer.body),
        ...(answer.headers === undefined ? {} : { headers: answer.headers }),
        ...(fault?.kind === "slow" ? { delayMs: fault.delayMs } : {}),
      };
    }
    this.calls.push({ route: "unknown", method, path, headers, body });
    return { status: 404, raw: JSON.stringify({ message: `no route ${method} ${pathname}` }) };
  }
}

/** Posts a notification the way a provider does, answering the status and body text. */
export const postNotification = async (
  url: string,
  rawBody: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<{ status: number; body: string }> => {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: rawBody });
  return { status: response.status, body: await response.text() };
};

export const parseJsonBody = (call: RecordedCall): Record<string, unknown> | undefined => {
  try {
    const value = JSON.parse(call.body) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

export const isJson = (call: RecordedCall): boolean => (call.headers["content-type"] ?? "").startsWith("application/json");
