// OWASP API10 (Unsafe Consumption of APIs): what a payment provider answers is decoded with a
// Schema, time-limited and size-limited (1 MiB); a malformed, oversized, wrongly shaped, slow or redirecting answer is a provider
// failure (never a 5xx of ours, never trusted). Provider answers that lie about an amount failing
// the payment is specified with the payments (test/adapters/http/payment-routes.test.ts).
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Schema } from "effect";
import { after, before, describe, it } from "mocha";
import pino from "pino";
import { ProviderHttpClient } from "../../adapters/payments/provider-http.js";
import { ProviderRejected, ProviderUnavailable } from "../../application/ports/payment-gateway.js";

const Answer = Schema.Struct({ id: Schema.String, amount: Schema.Int });

describe("API10 unsafe consumption of provider answers", function () {
  // Applications start here on MariaDB and on a Galera cluster too (npm run test:security-on-mysql),
  // where migrating a fresh database takes seconds: 20 s was passed under load.
  this.timeout(120_000);
  let server: Server;
  let base: string;
  before(async function () {
    server = createServer((request, response) => {
      const send = (status: number, body: string, headers: Record<string, string> = {}) => {
        response.writeHead(status, { "content-type": "application/json", ...headers });
        response.end(body);
      };
      switch (request.url) {
        case "/ok": return send(200, JSON.stringify({ id: "p1", amount: 100 }));
        case "/malformed": return send(200, "{\"id\": \"p1\", \"amount\": ");
        case "/html": return send(200, "<html>login</html>", { "content-type": "text/html" });
        case "/wrong-shape": return send(200, JSON.stringify({ id: 5, amount: "100" }));
        case "/not-a-number": return send(200, JSON.stringify({ id: "p1", amount: 1e400 }));
        case "/redirect": return send(302, "", { location: "http://169.254.169.254/latest/meta-data/" });
        case "/slow": setTimeout(() => send(200, JSON.stringify({ id: "p1", amount: 100 })), 2_000); return;
        case "/rejected": return send(400, JSON.stringify({ message: "Invalid amount" }));
        case "/oversized": return send(200, JSON.stringify({ id: "p1", amount: 100, padding: "x".repeat(2 * 1024 * 1024) }));
        case "/oversized-chunked": {
          // No Content-Length: the size shows only while reading, and reading stops at the cap.
          response.writeHead(200, { "content-type": "application/json" });
          const chunk = "x".repeat(64 * 1024);
          let sent = 0;
          const more = (): void => {
            while (sent < 64 && !response.destroyed) {
              sent += 1;
              if (!response.write(chunk)) return void response.once("drain", more);
            }
            response.end();
          };
          return more();
        }
        default: return send(500, "{}");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));

  const client = () =>
    new ProviderHttpClient({ provider: "card_popup", baseUrl: base, timeoutMs: 300, attempts: 1, errorMessage: (b: any) => b?.message, logger: pino({ level: "silent" }) });
  const call = (path: string) => client().request({ method: "GET", path, answer: Answer, retrySafe: false });

  it("a well-formed answer is decoded", async function () {
    assert.deepEqual(await call("/ok"), { id: "p1", amount: 100 });
  });

  for (const path of ["/malformed", "/html", "/wrong-shape", "/not-a-number", "/redirect", "/slow", "/server-error", "/oversized", "/oversized-chunked"]) {
    it(`${path.slice(1)} is a provider failure, not trusted`, async function () {
      const started = Date.now();
      await assert.rejects(call(path), (error: unknown) => error instanceof ProviderUnavailable);
      assert.ok(Date.now() - started < 1_500, `bounded by the time limit: ${Date.now() - started} ms`);
    });
  }

  it("a provider's refusal is a rejection carrying its message, not our failure", async function () {
    await assert.rejects(call("/rejected"), (error: unknown) => error instanceof ProviderRejected);
  });
});
