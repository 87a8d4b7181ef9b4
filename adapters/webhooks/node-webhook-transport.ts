// Sends a webhook with node:http(s): one POST, no redirects followed, a deadline over the whole
// exchange, the first KiB of the answer kept. The host is resolved and judged first, and the
// connection goes to exactly that address (a pinned `lookup`), so DNS rebinding cannot redirect it.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { performance } from "node:perf_hooks";
import { injectable } from "inversify";
import type { WebhookRequest, WebhookResponse, WebhookTransport } from "../../application/ports/webhook-transport.js";
import { bareHostname } from "./address-policy.js";
import { resolveTarget, systemResolver, type HostResolver, type ResolvedAddress } from "./target-resolution.js";

export const RESPONSE_EXCERPT_BYTES = 1024;

const pinnedLookup = (target: ResolvedAddress): LookupFunction =>
  ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all === true) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;

@injectable()
export class NodeWebhookTransport implements WebhookTransport {
  constructor(private readonly resolver: HostResolver = systemResolver) {}

  async send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = (): number => performance.now() - started;
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return { kind: "no-answer", error: "invalid url", latencyMs: elapsed() };
    }
    if (url.protocol !== "https:" && !(request.allowPrivate && url.protocol === "http:")) {
      return { kind: "no-answer", error: "url must use https (STOREFRONT_WEBHOOKS_ALLOW_PRIVATE=1 allows http for local development)", latencyMs: elapsed() };
    }
    const resolution = await resolveTarget(url, this.resolver, request.allowPrivate);
    if (resolution.kind !== "address") return { kind: "no-answer", error: resolution.reason, latencyMs: elapsed() };

    const body = Buffer.from(request.body, "utf8");
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    return new Promise<WebhookResponse>((resolve) => {
      let settled = false;
      const finish = (response: WebhookResponse): void => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve(response);
      };
      const req = send({
        method: "POST",
        protocol: url.protocol,
        hostname: bareHostname(url),
        port: url.port === "" ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        headers: { ...request.headers, "content-length": String(body.length) },
        lookup: pinnedLookup(resolution.address),
        agent: false,
      });
      const deadline = setTimeout(() => {
        finish({ kind: "no-answer", error: `timeout after ${request.timeoutMs} ms`, latencyMs: elapsed() });
        req.destroy();
      }, request.timeoutMs);
      req.on("error", (error: NodeJS.ErrnoException) => {
        finish({ kind: "no-answer", error: `connection failed: ${error.code ?? error.message}`, latencyMs: elapsed() });
      });
      req.on("response", (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const answer = (): void => {
          const retryAfter = res.headers["retry-after"];
          finish({
            kind: "answered",
            statusCode: res.statusCode ?? 0,
            bodyExcerpt: new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks)),
            retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
            latencyMs: elapsed(),
          });
        };
        res.on("data", (chunk: Buffer) => {
          if (kept < RESPONSE_EXCERPT_BYTES) {
            const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept);
            chunks.push(part);
            kept += part.length;
          }
          // The rest of a long answer is not needed: stop reading it.
          if (kept >= RESPONSE_EXCERPT_BYTES) {
            answer();
            res.destroy();
          }
        });
        res.on("end", answer);
        res.on("error", answer);
        res.on("close", answer);
      });
      req.end(body);
    });
  }
}
