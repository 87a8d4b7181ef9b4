// Metrics in the Prometheus text format (prom-client), for `GET /metrics`: requests by route and
// status with their latency, the database pool (in use, free, waiting, acquire waits and
// timeouts), units of work run again after a lost conflict, webhook deliveries by state (pending
// is the backlog), rate-limit rejections by budget, the answer cache's hits and misses, and
// Node's own (event-loop lag, heap, CPU, handles) from prom-client's default collectors.
//
// A request costs three map lookups and a few additions (RequestMetrics below); everything else is
// read when Prometheus scrapes.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry, type Counter as CounterType } from "prom-client";
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

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class PrometheusMetrics {
  readonly registry = new Registry();
  private readonly requests = new RequestMetrics();
  private readonly rejections: CounterType<"rule">;

  constructor(db: Database) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
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
        // A database that does not answer leaves the gauge empty rather than failing the scrape
        // (the pool's figures and the request counts say what is wrong).
        const rows = await db.select<{ state: string; n: number | string }>("select state, count(*) as n from webhook_deliveries group by state", []).catch(() => undefined);
        if (rows === undefined) return;
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
    this.requests.observe(line.method, line.route ?? "unmatched", line.status, (performance.now() - line.startedAt) / 1000);
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

  async text(): Promise<string> {
    return (await this.registry.metrics()) + this.requests.text();
  }
}

interface RequestSeries {
  /** `method="GET",route="/v1/products",status="200"` */
  readonly labels: string;
  /** Requests per bucket of LATENCY_BUCKETS (not cumulative), then those above the last. */
  readonly buckets: Float64Array;
  sum: number;
  count: number;
}

/** Prometheus label value escaping: backslash, double quote and newline. */
const labelValue = (value: string): string => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

/**
 * Requests by method, route and status, with a latency histogram, kept as plain numbers and
 * written in the text format at scrape time. prom-client's own histogram hashes its labels on
 * every observation (a few microseconds a request, 10-20 % of a cached answer's CPU); this is a
 * walk through three maps and a few additions.
 */
class RequestMetrics {
  private readonly series = new Map<string, Map<string, Map<number, RequestSeries>>>();

  observe(method: string, route: string, status: number, seconds: number): void {
    let byRoute = this.series.get(method);
    if (byRoute === undefined) this.series.set(method, (byRoute = new Map()));
    let byStatus = byRoute.get(route);
    if (byStatus === undefined) byRoute.set(route, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (series === undefined) {
      const labels = `method="${labelValue(method)}",route="${labelValue(route)}",status="${status}"`;
      byStatus.set(status, (series = { labels, buckets: new Float64Array(LATENCY_BUCKETS.length + 1), sum: 0, count: 0 }));
    }
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket++;
    series.buckets[bucket]!++;
    series.sum += seconds;
    series.count++;
  }

  text(): string {
    const all: RequestSeries[] = [];
    for (const byRoute of this.series.values()) for (const byStatus of byRoute.values()) for (const series of byStatus.values()) all.push(series);
    const lines = [
      "# HELP storefront_http_requests_total HTTP requests answered, by method, route template and status.",
      "# TYPE storefront_http_requests_total counter",
      ...all.map((s) => `storefront_http_requests_total{${s.labels}} ${s.count}`),
      "# HELP storefront_http_request_duration_seconds Time from a request's arrival to its answer, by method, route template and status.",
      "# TYPE storefront_http_request_duration_seconds histogram",
    ];
    for (const s of all) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((le, i) => {
        cumulative += s.buckets[i]!;
        lines.push(`storefront_http_request_duration_seconds_bucket{${s.labels},le="${le}"} ${cumulative}`);
      });
      lines.push(`storefront_http_request_duration_seconds_bucket{${s.labels},le="+Inf"} ${s.count}`);
      lines.push(`storefront_http_request_duration_seconds_sum{${s.labels}} ${s.sum}`);
      lines.push(`storefront_http_request_duration_seconds_count{${s.labels}} ${s.count}`);
    }
    return lines.join("\n") + "\n";
  }
}
