// The one way payment adapters talk HTTP to a provider: a time limit per attempt, no redirects,
// answers decoded with a Schema, provider errors mapped to ProviderRejected / ProviderUnavailable,
// and retries with a short backoff only for calls the caller marks as safe to repeat.
import { Either, ParseResult, Schema } from "effect";
import type { Logger } from "pino";
import { ProviderRejected, ProviderUnavailable } from "../../application/ports/payment-gateway.js";
import type { PaymentProvider } from "../../domain/payments/payment-provider.js";

export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

export interface ProviderHttpSettings {
  readonly provider: PaymentProvider;
  /** Without a trailing slash, e.g. `https://api.stripe.com`. */
  readonly baseUrl: string;
  /** The time limit of one attempt, answer body included. */
  readonly timeoutMs?: number;
  /** How many times a safe call is tried in all (default 3). */
  readonly attempts?: number;
  /** The first pause between attempts; doubled each time (default 200 ms). */
  readonly backoffMs?: number;
  /** Reads the provider's own message out of an error answer's body. */
  readonly errorMessage: (body: unknown) => string | undefined;
  readonly logger: Logger;
}

export type ProviderRequestBody =
  | { readonly json: unknown }
  | { readonly form: URLSearchParams };

export interface ProviderRequest<A> {
  readonly method: "GET" | "POST";
  /** Path and query after the base URL; never carries a secret (it is logged). */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: ProviderRequestBody;
  readonly answer: Schema.Schema<A, any, never>;
  /**
   * True only when repeating the call cannot do anything twice: a read, a token fetch, or a
   * POST the provider de-duplicates (an idempotency key, an id chosen by us).
   */
  readonly retrySafe: boolean;
  /**
   * Some providers answer an ordinary state with an error status (Daraja's "still processing"
   * is a 500). Returning a value here turns such an answer into a result.
   */
  readonly interpretError?: (status: number, body: unknown) => A | undefined;
  /** Called for every 401, so a cached token can be dropped. */
  readonly onUnauthorized?: () => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A transient failure that a safe call may try again. */
class Transient extends Error {}

/** No provider answer we read is near this size; a larger one is refused, not buffered (OWASP API10). */
export const MAX_ANSWER_BYTES = 1024 * 1024;

class AnswerTooLarge extends Error {}

/** The answer's text, read chunk by chunk and abandoned past `limit` bytes. */
const readCapped = async (response: Response, limit: number): Promise<string> => {
  if (Number(response.headers.get("content-length") ?? 0) > limit) {
    await response.body?.cancel();
    throw new AnswerTooLarge();
  }
  if (response.body === null) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new AnswerTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
};

export class ProviderHttpClient {
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private readonly backoffMs: number;

  constructor(private readonly settings: ProviderHttpSettings) {
    this.timeoutMs = settings.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
    this.attempts = Math.max(1, settings.attempts ?? 3);
    this.backoffMs = settings.backoffMs ?? 200;
  }

  async request<A>(request: ProviderRequest<A>): Promise<A> {
    const attempts = request.retrySafe ? this.attempts : 1;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.once(request, attempt);
      } catch (error) {
        if (!(error instanceof Transient)) throw error;
        if (attempt >= attempts) throw this.unavailable(error.message);
        await sleep(this.backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  private async once<A>(request: ProviderRequest<A>, attempt: number): Promise<A> {
    const { provider, logger } = this.settings;
    const started = Date.now();
    const headers: Record<string, string> = { accept: "application/json", ...request.headers };
    let body: string | undefined;
    if (request.body !== undefined && "json" in request.body) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(request.body.json);
    } else if (request.body !== undefined) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = request.body.form.toString();
    }
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.settings.baseUrl}${request.path}`, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      text = await readCapped(response, MAX_ANSWER_BYTES);
    } catch (error) {
      if (error instanceof AnswerTooLarge) {
        logger.warn({ provider, method: request.method, path: request.path, attempt }, "payment provider answer too large");
        throw this.unavailable(`answered more than ${MAX_ANSWER_BYTES} bytes`);
      }
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const message = timedOut ? `no answer within ${this.timeoutMs} ms` : `could not be reached (${describe(error)})`;
      logger.warn({ provider, method: request.method, path: request.path, attempt, ms: Date.now() - started }, `payment provider ${message}`);
      throw new Transient(message);
    }
    logger.debug({ provider, method: request.method, path: request.path, attempt, status, ms: Date.now() - started }, "payment provider answered");

    const parsed = parseJson(text);
    if (status >= 200 && status < 300) return this.decode(request.answer, parsed);
    const interpreted = request.interpretError?.(status, parsed);
    if (interpreted !== undefined) return interpreted;
    if (status === 401) request.onUnauthorized?.();
    const message = this.settings.errorMessage(parsed) ?? `HTTP ${status}`;
    if (status >= 300 && status < 400) throw this.unavailable(`answered a redirect (HTTP ${status})`);
    // 408 and 429 say "not now", not "never": they are treated like a 5xx.
    if (status === 408 || status === 429 || status >= 500) {
      logger.warn({ provider, method: request.method, path: request.path, attempt, status }, "payment provider failed");
      throw new Transient(`${message} (HTTP ${status})`);
    }
    throw new ProviderRejected({ provider, status, message });
  }

  private decode<A>(schema: Schema.Schema<A, any, never>, value: unknown): A {
    const decoded = Schema.decodeUnknownEither(schema)(value);
    if (Either.isRight(decoded)) return decoded.right;
    const issue = ParseResult.ArrayFormatter.formatErrorSync(decoded.left)[0];
    const where = issue === undefined ? "" : ` at ${issue.path.join(".") || "(root)"}: ${issue.message}`;
    this.settings.logger.warn({ provider: this.settings.provider }, `payment provider answer not understood${where}`);
    throw this.unavailable(`answered something unexpected${where}`);
  }

  private unavailable(message: string): ProviderUnavailable {
    return new ProviderUnavailable({ provider: this.settings.provider, message });
  }
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const describe = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const code = typeof cause === "object" && cause !== null && "code" in cause ? String(cause.code) : undefined;
  return code ?? error.message;
};

/** Reads `record.a.b` when every step is an object; for error bodies of unknown shape. */
export const pick = (value: unknown, ...path: readonly string[]): unknown => {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
};

export const pickString = (value: unknown, ...path: readonly string[]): string | undefined => {
  const found = pick(value, ...path);
  return typeof found === "string" && found !== "" ? found : undefined;
};

/** `https://x/` and `https://x` name the same base. */
export const trimBaseUrl = (url: string): string => url.replace(/\/+$/, "");
