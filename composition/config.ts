// Configuration from the environment, decoded with a Schema. A bad value stops start-up with
// one line naming the variable.
import { Either, ParseResult, Schema } from "effect";
import type { DatabaseSettings } from "../adapters/persistence/database-settings.js";
import { formatMysqlHost, parseMysqlUrl } from "../adapters/persistence/mysql-url.js";
import type { ScryptParameters } from "../adapters/system/scrypt-password-hasher.js";
import type { AuthSettings } from "../application/customers/auth-settings.js";
import type { GiftCardCheckSettings } from "../application/gift-cards/gift-card-check-settings.js";
import type { ServerTimeouts } from "./server.js";
import type { PaymentProviderSettings } from "../adapters/payments/provider-gateways.js";
import { PAYMENT_ENVIRONMENT, paymentProviderSettings } from "./payment-config.js";
import { SEARCH_ENVIRONMENT, searchSettings, type SearchSettings } from "./search-config.js";
import { WEBHOOK_ENVIRONMENT, webhookSettings } from "./webhook-config.js";
import { MEDIA_ENVIRONMENT, mediaStorageSettings, type MediaStorageSettings } from "./media-config.js";
import type { WebhookSettings } from "../application/webhooks/webhook-settings.js";

const intVar = (min: number, max: number, fallback: number) =>
  Schema.optionalWith(
    Schema.String.pipe(Schema.pattern(/^\d+$/), Schema.compose(Schema.NumberFromString), Schema.int(), Schema.between(min, max)).annotations({
      message: () => ({ message: `must be an integer from ${min} to ${max}`, override: true }),
    }),
    { default: () => fallback },
  );

const boolVar = (fallback: boolean) =>
  Schema.optionalWith(
    Schema.transform(Schema.Literal("1", "0", "true", "false"), Schema.Boolean, {
      strict: true,
      decode: (text) => text === "1" || text === "true",
      encode: (flag) => (flag ? "true" : "false"),
    }).annotations({ message: () => ({ message: "must be true, false, 1 or 0", override: true }) }),
    { default: () => fallback },
  );

/** A duration such as `24h`, `30m`, `90s`, `7d`, or plain seconds; decoded to milliseconds. */
const durationVar = (fallbackMs: number) =>
  Schema.optionalWith(
    Schema.transform(
      Schema.String.pipe(Schema.pattern(/^\d{1,9}(ms|s|m|h|d)?$/)),
      Schema.Number,
      {
        strict: true,
        decode: (text) => {
          const [, amount = "0", unit = "s"] = /^(\d+)(ms|s|m|h|d)?$/.exec(text) ?? [];
          const scale = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit as "ms" | "s" | "m" | "h" | "d"];
          return Number(amount) * scale;
        },
        encode: (ms) => `${ms}ms`,
      },
    ).annotations({ message: () => ({ message: "must be a duration such as 90s, 30m, 24h or 7d", override: true }) }),
    { default: () => fallbackMs },
  );

const DatabaseUrl = Schema.String.pipe(
  Schema.filter((url) => /^sqlite:.+/.test(url) || /^mysql:\/\/[^/]+\/[A-Za-z0-9_$-]+$/.test(url), {
    message: () => "must be sqlite:<path> or mysql://user:password@host:port/database (several hosts of a cluster: mysql://user:password@host1:3306,host2:3306/database)",
  }),
);

const powerOfTwoVar = (min: number, max: number, fallback: number) =>
  Schema.optionalWith(
    Schema.String.pipe(
      Schema.pattern(/^\d+$/),
      Schema.compose(Schema.NumberFromString),
      Schema.int(),
      Schema.between(min, max),
      Schema.filter((n) => (n & (n - 1)) === 0),
    ).annotations({ message: () => ({ message: `must be a power of two from ${min} to ${max}`, override: true }) }),
    { default: () => fallback },
  );

const SmtpUrl = Schema.String.pipe(
  Schema.filter((url) => /^smtps?:\/\/[^\s/]+/.test(url), { message: () => "must be smtp://user:password@host:port or smtps://..." }),
);

const RedisUrl = Schema.String.pipe(
  Schema.filter((url) => /^rediss?:\/\/[^\s/]*(\/\d+)?$/.test(url), { message: () => "must be redis://[user:password@]host:port[/db] or rediss://..." }),
);

/** `*`, or origins separated by commas (`https://shop.example,https://admin.example`). */
const CorsOriginsVar = Schema.transform(
  Schema.String.pipe(
    Schema.filter((text) => text.trim() === "*" || text.split(",").every((origin) => /^https?:\/\/[^\s/,]+$/.test(origin.trim())), {
      message: () => "must be * or a comma-separated list of origins such as https://shop.example",
    }),
  ),
  Schema.Union(Schema.Literal("*"), Schema.Array(Schema.String)),
  {
    strict: true,
    decode: (text) => (text.trim() === "*" ? ("*" as const) : text.split(",").map((origin) => origin.trim())),
    encode: (origins) => (origins === "*" ? "*" : origins.join(",")),
  },
);

const Environment = Schema.Struct({
  PORT: intVar(0, 65535, 3000),
  HOST: Schema.optionalWith(Schema.String.pipe(Schema.minLength(1)), { default: () => "0.0.0.0" }),
  NODE_ENV: Schema.optionalWith(Schema.String, { default: () => "development" }),
  STOREFRONT_DATABASE_URL: Schema.optional(DatabaseUrl),
  STOREFRONT_DB_POOL_MIN: intVar(0, 1000, 0),
  STOREFRONT_DB_POOL_MAX: intVar(1, 1000, 10),
  STOREFRONT_DB_ACQUIRE_TIMEOUT_MS: intVar(100, 60_000, 2_000),
  STOREFRONT_LOG_LEVEL: Schema.optionalWith(
    Schema.Literal("fatal", "error", "warn", "info", "debug", "trace", "silent").annotations({
      message: () => ({ message: "must be one of fatal, error, warn, info, debug, trace, silent", override: true }),
    }),
    { default: () => "info" as const },
  ),
  STOREFRONT_API_KEY_CACHE_MS: intVar(0, 3_600_000, 30_000),
  STOREFRONT_TRUST_PROXY: boolVar(false),
  STOREFRONT_WORKER_INTERVAL_MS: intVar(50, 3_600_000, 1_000),
  STOREFRONT_CART_ABANDON_AFTER: durationVar(24 * 3_600_000),
  STOREFRONT_CART_PURGE_AFTER: durationVar(30 * 86_400_000),
  STOREFRONT_SCRYPT_COST: powerOfTwoVar(1024, 1_048_576, 16_384),
  STOREFRONT_SCRYPT_BLOCK_SIZE: intVar(1, 64, 8),
  STOREFRONT_SCRYPT_PARALLELIZATION: intVar(1, 16, 1),
  STOREFRONT_SMTP_URL: Schema.optional(SmtpUrl),
  STOREFRONT_ADMIN_URL: Schema.optional(Schema.String.pipe(Schema.pattern(/^https?:\/\/\S+$/)).annotations({ message: () => ({ message: "must be an http(s) address such as https://shop.example.com/admin", override: true }) })),
  STOREFRONT_MAIL_FROM: Schema.optionalWith(Schema.String.pipe(Schema.minLength(3)), { default: () => "Storefront <no-reply@localhost>" }),
  STOREFRONT_AUTH_FAILURES_PER_EMAIL: intVar(1, 100_000, 5),
  STOREFRONT_AUTH_FAILURES_PER_ADDRESS: intVar(1, 1_000_000, 50),
  STOREFRONT_AUTH_FAILURES_PER_CALLER: intVar(1, 10_000_000, 2_000),
  STOREFRONT_AUTH_CODE_REQUESTS_PER_EMAIL: intVar(1, 100_000, 5),
  STOREFRONT_AUTH_WINDOW_SECONDS: intVar(1, 86_400, 900),
  STOREFRONT_GIFT_CARD_CHECK_MISSES_PER_ADDRESS: intVar(1, 1_000_000, 20),
  STOREFRONT_GIFT_CARD_CHECK_MISSES_PER_KEY: intVar(1, 1_000_000, 200),
  STOREFRONT_GIFT_CARD_CHECK_WINDOW_SECONDS: intVar(1, 86_400, 900),
  STOREFRONT_PAYMENT_INITS_PER_HOUR: intVar(1, 1_000_000, 100),
  STOREFRONT_HEADERS_TIMEOUT_MS: intVar(100, 600_000, 10_000),
  STOREFRONT_REQUEST_TIMEOUT_MS: intVar(100, 3_600_000, 1_200_000),
  STOREFRONT_BODY_TIMEOUT_MS: intVar(100, 600_000, 10_000),
  STOREFRONT_BODY_MIN_BYTES_PER_SECOND: intVar(0, 1_048_576, 1_024),
  STOREFRONT_KEEP_ALIVE_TIMEOUT_MS: intVar(100, 3_600_000, 65_000),
  STOREFRONT_SHUTDOWN_GRACE_MS: intVar(100, 3_600_000, 25_000),
  STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: intVar(1, 1_000_000_000, 1_000),
  STOREFRONT_RATE_LIMIT_AUTH_PER_ADDRESS_PER_MINUTE: intVar(1, 1_000_000_000, 100),
  STOREFRONT_RATE_LIMIT_BATCH: intVar(1, 1_000, 20),
  STOREFRONT_REDIS_URL: Schema.optional(RedisUrl),
  STOREFRONT_REDIS_KEY_PREFIX: Schema.optionalWith(Schema.String.pipe(Schema.pattern(/^[\w:.-]{1,64}$/)), { default: () => "storefront:" }),
  STOREFRONT_CORS_ORIGINS: Schema.optionalWith(CorsOriginsVar, { default: () => "*" as const }),
  STOREFRONT_ANSWER_CACHE_MB: intVar(0, 65_536, 64),
  STOREFRONT_PRODUCT_COPIES: intVar(0, 1_000_000, 20_000),
  STOREFRONT_REQUEST_LOG_PERCENT: intVar(0, 100, 100),
  STOREFRONT_METRICS_TOKEN: Schema.optional(
    Schema.String.pipe(Schema.minLength(16), Schema.pattern(/^\S+$/)).annotations({
      message: () => ({ message: "must be at least 16 characters without spaces (a scraper sends it as a bearer token)", override: true }),
    }),
  ),
  STOREFRONT_CATALOG_POLL_MS: intVar(100, 60_000, 1_000),
  // Payment providers' credentials and URLs (composition/payment-config.ts).
  ...PAYMENT_ENVIRONMENT,
  // Search: the embeddings model server and the refresh interval (composition/search-config.ts).
  ...SEARCH_ENVIRONMENT,
  // Webhook delivery: private targets, timeout, batch, per-endpoint concurrency (composition/webhook-config.ts).
  ...WEBHOOK_ENVIRONMENT,
  // Media files: a local folder or an S3-compatible bucket (composition/media-config.ts).
  ...MEDIA_ENVIRONMENT,
});

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly production: boolean;
  readonly database: DatabaseSettings;
  readonly logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  readonly apiKeyCacheMs: number;
  readonly trustProxy: boolean;
  readonly workerIntervalMs: number;
  /** How long a customer's cart sits untouched before `cart.abandoned`. */
  readonly cartAbandonAfterMs: number;
  /** How long an anonymous cart is kept untouched before it is purged. */
  readonly cartPurgeAfterMs: number;
  /** Password hashing cost for new passwords. */
  readonly scrypt: ScryptParameters;
  /** Where one-time codes are emailed; unset: they are logged (never in production). */
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** Where the back office is served, for staff sign-in links (default http://localhost:<port>/admin). */
  readonly adminUrl: string;
  /** Sign-in and code-request budgets per email and client address. */
  readonly auth: AuthSettings;
  /** Checks of unknown gift card codes per client address and per API key. */
  readonly giftCardChecks: GiftCardCheckSettings;
  /**
   * Payment initialisations a store may start per hour (100; docs/api/limits.md, "Rate limits").
   */
  readonly paymentInitialisationsPerHour: number;
  /** Time limits on slow clients and on the drain of a graceful shutdown. */
  readonly http: ServerTimeouts;
  /** The global request budgets (docs/api/limits.md, "Rate limits"). */
  readonly rateLimits: RateLimitSettings;
  /** Counters in Redis instead of the database when set. */
  readonly redis: { readonly url: string; readonly keyPrefix: string } | undefined;
  /** Origins browsers may call the API from: "*" or a list. */
  readonly corsOrigins: "*" | readonly string[];
  /** Serialized catalog and price answers kept in memory (0 bytes: off), and how often other processes' catalog writes are looked for. */
  readonly answerCache: { readonly maxBytes: number; readonly pollMs: number };
  /** Products (with their variants) each process keeps copies of for catalog reads and cart adds (recent-products.ts); 0: none. */
  readonly productCopies: number;
  /** Share of successful requests logged, in percent (every 4xx and 5xx is logged); 0 turns the request log off. */
  readonly requestLogPercent: number;
  /** The bearer token of `GET /metrics` (Prometheus); no metrics are served without one. */
  readonly metricsToken: string | undefined;
  /** The real payment providers configured per mode, the public URL and the provider time limit. */
  readonly payments: PaymentProviderSettings;
  /** Search: which embedder, and how fresh the index is kept. */
  readonly search: SearchSettings;
  /** Webhook delivery: private targets allowed, timeout, batch size, concurrency, claim lease. */
  readonly webhooks: WebhookSettings;
  /** Where uploaded media files are kept: a local folder, or an S3-compatible bucket. */
  readonly media: MediaStorageSettings;
}

export interface RateLimitSettings {
  /** Requests per API key per window. */
  readonly perKey: number;
  /** Requests to /v1/auth/* per client address per window. */
  readonly authPerAddress: number;
  /** The window of both budgets: 60 s (tests shorten it). */
  readonly windowSeconds: number;
  /** Points a process takes from the shared counter at once for the hot per-key budget. */
  readonly maxBatch: number;
}

export class ConfigError extends Error {}

export const DEFAULT_SQLITE_FILE = "data/storefront.sqlite";

/** A URL's password never reaches the terminal or the logs: `//user:pass@` becomes `//user:***@`. */
const withoutPassword = (value: unknown): unknown =>
  typeof value === "string" ? value.replace(/\/\/([^:/@]*):.*@/, "//$1:***@") : value;

/** Levenshtein distance, for suggesting the setting a mistyped name meant. */
const editDistance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
};

/**
 * `STOREFRONT_*` variables set in the environment that no setting reads (a typo such as
 * `STOREFRONT_DATABSE_URL` would otherwise be ignored in silence), each with the nearest known name.
 */
export const unknownSettings = (env: Readonly<Record<string, string | undefined>> = process.env): { readonly name: string; readonly nearest: string }[] => {
  const known = Object.keys(Environment.fields).filter((name) => name.startsWith("STOREFRONT_"));
  return Object.keys(env)
    .filter((name) => name.startsWith("STOREFRONT_") && !known.includes(name) && !TEST_ONLY_VARIABLES.has(name))
    .sort()
    .map((name) => ({ name, nearest: known.reduce((best, candidate) => (editDistance(name, candidate) < editDistance(name, best) ? candidate : best)) }));
};

/** Variables the test suite and the bench read themselves, not settings of the service. */
const TEST_ONLY_VARIABLES = new Set(["STOREFRONT_TEST_MYSQL_URL", "STOREFRONT_TEST_REDIS_URL", "STOREFRONT_TEST_SECURITY_DATABASE", "STOREFRONT_BENCH_MYSQL_URL", "STOREFRONT_FUZZ_SEED"]);

/** Where the service keeps its data, for start-up lines: the SQLite file, or the MySQL host and database (never the user or password). */
export const describeDatabase = (database: DatabaseSettings): string => {
  if (database.dialect === "sqlite") return `SQLite file ${database.filename === ":memory:" ? "(in memory)" : database.filename}`;
  const url = parseMysqlUrl(database.url);
  if (Either.isLeft(url)) return "MySQL/MariaDB (unreadable URL)";
  const hosts = url.right.hosts.map(formatMysqlHost);
  return `MySQL/MariaDB at ${hosts.length > 1 ? `the first usable of ${hosts.join(", ")}` : hosts[0]}, database ${url.right.database || "(none)"}`;
};

export const loadConfig = (env: Readonly<Record<string, string | undefined>> = process.env): Config => {
  const known = Object.fromEntries(
    Object.keys(Environment.fields).flatMap((name) => (env[name] === undefined || env[name] === "" ? [] : [[name, env[name]]])),
  );
  const decoded = Schema.decodeUnknownEither(Environment)(known);
  if (Either.isLeft(decoded)) {
    const issue = ParseResult.ArrayFormatter.formatErrorSync(decoded.left)[0];
    const name = String(issue?.path[0] ?? "environment");
    // Provider keys, secrets and tokens are never echoed, even malformed.
    const shown = /_(KEY|SECRET|TOKEN|PASSKEY)$/.test(name) ? '"***"' : JSON.stringify(withoutPassword(known[name]));
    throw new ConfigError(`Configuration error: ${name} ${issue?.message ?? "is invalid"} (got ${shown})`);
  }
  const e = decoded.right;
  const url = e.STOREFRONT_DATABASE_URL ?? `sqlite:${DEFAULT_SQLITE_FILE}`;
  if (url.startsWith("mysql:")) {
    const parsed = parseMysqlUrl(url);
    if (Either.isLeft(parsed)) {
      throw new ConfigError(`Configuration error: STOREFRONT_DATABASE_URL ${parsed.left} (got ${JSON.stringify(withoutPassword(url))})`);
    }
  }
  if (e.STOREFRONT_HEADERS_TIMEOUT_MS > e.STOREFRONT_REQUEST_TIMEOUT_MS) {
    throw new ConfigError("Configuration error: STOREFRONT_HEADERS_TIMEOUT_MS must not exceed STOREFRONT_REQUEST_TIMEOUT_MS");
  }
  if (e.STOREFRONT_DB_POOL_MIN > e.STOREFRONT_DB_POOL_MAX) {
    throw new ConfigError("Configuration error: STOREFRONT_DB_POOL_MIN must not exceed STOREFRONT_DB_POOL_MAX");
  }
  const database: DatabaseSettings = url.startsWith("sqlite:")
    ? { dialect: "sqlite", filename: url.slice("sqlite:".length) }
    : {
        dialect: "mysql",
        url,
        poolMin: e.STOREFRONT_DB_POOL_MIN,
        poolMax: e.STOREFRONT_DB_POOL_MAX,
        acquireTimeoutMs: e.STOREFRONT_DB_ACQUIRE_TIMEOUT_MS,
      };
  return {
    port: e.PORT,
    host: e.HOST,
    production: e.NODE_ENV === "production",
    database,
    logLevel: e.STOREFRONT_LOG_LEVEL,
    apiKeyCacheMs: e.STOREFRONT_API_KEY_CACHE_MS,
    trustProxy: e.STOREFRONT_TRUST_PROXY,
    workerIntervalMs: e.STOREFRONT_WORKER_INTERVAL_MS,
    cartAbandonAfterMs: e.STOREFRONT_CART_ABANDON_AFTER,
    cartPurgeAfterMs: e.STOREFRONT_CART_PURGE_AFTER,
    scrypt: {
      cost: e.STOREFRONT_SCRYPT_COST,
      blockSize: e.STOREFRONT_SCRYPT_BLOCK_SIZE,
      parallelization: e.STOREFRONT_SCRYPT_PARALLELIZATION,
    },
    smtpUrl: e.STOREFRONT_SMTP_URL,
    mailFrom: e.STOREFRONT_MAIL_FROM,
    adminUrl: e.STOREFRONT_ADMIN_URL ?? `http://localhost:${e.PORT}/admin`,
    auth: {
      failuresPerEmail: e.STOREFRONT_AUTH_FAILURES_PER_EMAIL,
      failuresPerAddress: e.STOREFRONT_AUTH_FAILURES_PER_ADDRESS,
      failuresPerCaller: e.STOREFRONT_AUTH_FAILURES_PER_CALLER,
      codeRequestsPerEmail: e.STOREFRONT_AUTH_CODE_REQUESTS_PER_EMAIL,
      windowSeconds: e.STOREFRONT_AUTH_WINDOW_SECONDS,
    },
    giftCardChecks: {
      missesPerAddress: e.STOREFRONT_GIFT_CARD_CHECK_MISSES_PER_ADDRESS,
      missesPerKey: e.STOREFRONT_GIFT_CARD_CHECK_MISSES_PER_KEY,
      windowSeconds: e.STOREFRONT_GIFT_CARD_CHECK_WINDOW_SECONDS,
    },
    paymentInitialisationsPerHour: e.STOREFRONT_PAYMENT_INITS_PER_HOUR,
    http: {
      headersTimeoutMs: e.STOREFRONT_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.STOREFRONT_REQUEST_TIMEOUT_MS,
      bodyTimeoutMs: e.STOREFRONT_BODY_TIMEOUT_MS,
      bodyMinBytesPerSecond: e.STOREFRONT_BODY_MIN_BYTES_PER_SECOND,
      keepAliveTimeoutMs: e.STOREFRONT_KEEP_ALIVE_TIMEOUT_MS,
      shutdownGraceMs: e.STOREFRONT_SHUTDOWN_GRACE_MS,
    },
    rateLimits: {
      perKey: e.STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE,
      authPerAddress: e.STOREFRONT_RATE_LIMIT_AUTH_PER_ADDRESS_PER_MINUTE,
      windowSeconds: 60,
      maxBatch: e.STOREFRONT_RATE_LIMIT_BATCH,
    },
    redis: e.STOREFRONT_REDIS_URL === undefined ? undefined : { url: e.STOREFRONT_REDIS_URL, keyPrefix: e.STOREFRONT_REDIS_KEY_PREFIX },
    corsOrigins: e.STOREFRONT_CORS_ORIGINS,
    answerCache: { maxBytes: e.STOREFRONT_ANSWER_CACHE_MB * 1024 * 1024, pollMs: e.STOREFRONT_CATALOG_POLL_MS },
    productCopies: e.STOREFRONT_PRODUCT_COPIES,
    requestLogPercent: e.STOREFRONT_REQUEST_LOG_PERCENT,
    metricsToken: e.STOREFRONT_METRICS_TOKEN,
    payments: paymentProviderSettings(e, (message) => {
      throw new ConfigError(message);
    }),
    search: searchSettings(e, (message) => {
      throw new ConfigError(message);
    }),
    webhooks: webhookSettings(e, (message) => {
      throw new ConfigError(message);
    }),
    media: mediaStorageSettings(e, database, (message) => {
      throw new ConfigError(message);
    }),
  };
};
