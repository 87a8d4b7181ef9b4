// Metrics in the Prometheus text format (prom-client), for `GET /metrics`: requests by route and
// status with their latency, the database pool (in use, free, waiting, acquire waits and
// timeouts), units of work run again after a lost conflict, webhook deliveries by state (pending
// is the backlog), rate-limit rejections by budget, the answer cache's hits and misses, and
// Node's own (event-loop lag, heap, CPU, handles) from prom-client's default collectors.
//
// A request costs two map lookups and two increments (children are made once per method, route
// and status); everything else is read when Prometheus scrapes.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry, type Counter as CounterType, type Histogram as HistogramType } from "prom-client";
import type { RateLimiter, RateLimitRule, RateLimitStatus } from "../../application/ports/rate-limiter.js";
import { RateLimited } from "../../application/errors/limit-errors.js";
import type { AnswerCache } from "../http/answer-cache.js";
import type { RequestLine } from "../http/request-log.js";
import type { Database } from "../persistence/database.js";

/** What a tarn pool (knex's) tells; knex does not type it. */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
  on(event: "acquireRequest", listener: (eventId: number) => void): void;
  on(event: "acquireSuccess" | "acquireFail", listener: (eventId: number) => void): void;
}

type RequestLabels = "method" | "route" | "status";

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class PrometheusMetrics {
  readonly registry = new Registry();
  private readonly requests: CounterType<RequestLabels>;
  private readonly latency: HistogramType<RequestLabels>;
  private readonly children = new Map<string, { count: { inc(): void }; latency: { observe(value: number): void } }>();
  private readonly rejections: CounterType<"rule">;

  constructor(db: Database) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({ name: "storefront_http_requests_total", help: "HTTP requests answered, by method, route template and status.", labelNames: ["method", "route", "status"], registers });
    this.latency = new Histogram({
      name: "storefront_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer, by method, route template and status.",
      labelNames: ["method", "route", "status"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.rejections = new Counter({ name: "storefront_rate_limit_rejections_total", help: "Requests refused because a rate-limit budget was spent, by budget.", labelNames: ["rule"], registers });

    const pool = (db.knex.client as { pool?: TarnPool }).pool;
    new Gauge({
      name: "storefront_db_pool_connections",
      help: "Database pool connections: in use, free, acquires waiting for one, being opened.",
      labelNames: ["state"],
      registers,
      collect() {
        const current = (db.knex.client as { pool?: TarnPool }).pool;
        if (current === undefined) return;
        this.set({ state: "used" }, current.numUsed());
        this.set({ state: "free" }, current.numFree());
        this.set({ state: "waiting" }, current.numPendingAcquires());
        this.set({ state: "opening" }, current.numPendingCreates());
      },
    });
    const waits = new Histogram({
      name: "storefront_db_pool_acquire_seconds",
      help: "Time a query or unit of work waited for a pooled connection.",
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5],
      registers,
    });
    const timeouts = new Counter({ name: "storefront_db_pool_acquire_failures_total", help: "Waits for a pooled connection that failed (the acquire timeout: a 503).", registers });
    if (pool !== undefined) {
      const started = new Map<number, number>();
      pool.on("acquireRequest", (eventId) => started.set(eventId, performance.now()));
      pool.on("acquireSuccess", (eventId) => {
        const at = started.get(eventId);
        started.delete(eventId);
        if (at !== undefined) waits.observe((performance.now() - at) / 1000);
      });
      pool.on("acquireFail", (eventId) => {
        started.delete(eventId);
        timeouts.inc();
      });
    }
    const retries = new Counter({
      name: "storefront_unit_of_work_retries_total",
      help: "Units of work run again after losing a conflict (deadlock, lock wait timeout, Galera certification failure, busy SQLite file), by error code.",
      labelNames: ["code"],
      registers,
    });
    db.onConflictRetry((_attempt, error) => retries.inc({ code: String((error as { code?: unknown })?.code ?? "unknown") }));
    new Gauge({
      name: "storefront_webhook_deliveries",
      help: "Webhook deliveries by state: pending is the backlog still to deliver (or retry), succeeded and failed are settled.",
      labelNames: ["state"],
      registers,
      async collect() {
        this.reset();
        const rows = await db.select<{ state: string; n: number | string }>("select state, count(*) as n from webhook_deliveries group by state", []);
        for (const state of ["pending", "succeeded", "failed"]) this.set({ state }, 0);
        for (const row of rows) this.set({ state: String(row.state) }, Number(row.n));
      },
    });
  }

  /** Reports the answer cache's lookups and size (the cache is made after the metrics). */
  watchAnswerCache(answers: AnswerCache): void {
    const registers = [this.registry];
    new Gauge({
      name: "storefront_answer_cache_lookups",
      help: "Answer cache lookups since start, by outcome (hit or miss): the hit ratio is hit / (hit + miss).",
      labelNames: ["outcome"],
      registers,
      collect() {
        this.set({ outcome: "hit" }, answers.hits);
        this.set({ outcome: "miss" }, answers.misses);
      },
    });
    new Gauge({
      name: "storefront_answer_cache_bytes",
      help: "Bytes of answers the answer cache holds.",
      registers,
      collect() {
        this.set(answers.bytes);
      },
    });
  }

  /** Counts one answered request (fed by the request log's hook, from Koa and the fast path alike). */
  observe(line: RequestLine): void {
    const route = line.route ?? "unmatched";
    const key = `${line.method} ${line.status} ${route}`;
    let child = this.children.get(key);
    if (child === undefined) {
      const labels = { method: line.method, route, status: String(line.status) };
      child = { count: this.requests.labels(labels), latency: this.latency.labels(labels) };
      // Unmatched paths are one route label: the map cannot grow with what clients send.
      this.children.set(key, child);
    }
    child.count.inc();
    child.latency.observe((performance.now() - line.startedAt) / 1000);
  }

  /** The limiter, counting each refusal by its budget's name. */
  countingRejections(limiter: RateLimiter): RateLimiter {
    const rejections = this.rejections;
    const counted: RateLimiter = {
      consume: async (rule: RateLimitRule, key: string, points?: number): Promise<RateLimitStatus> => {
        try {
          return await limiter.consume(rule, key, points);
        } catch (error) {
          if (error instanceof RateLimited) rejections.inc({ rule: rule.name });
          throw error;
        }
      },
      refund: (rule, key, points) => limiter.refund(rule, key, points),
    };
    if (limiter.consumeNow !== undefined) {
      const now = limiter.consumeNow.bind(limiter);
      (counted as { consumeNow?: RateLimiter["consumeNow"] }).consumeNow = (rule, key) => now(rule, key);
    }
    return counted;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
