// The bench's shared machinery: its servers compiled and started as child processes, their
// memory and CPU read from /proc, load sent with autocannon and summarised, cleanups that also
// run on Ctrl-C. Used by `npm run bench` (bench/run.ts) and the large-catalog scenario (bench/large.ts).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

// ---------------------------------------------------------------------------------------------
// Cleanup that also runs on Ctrl-C: children stopped, throwaway databases dropped.

export const cleanups: Array<() => Promise<void>> = [];
/** Runs a bench's main: on a failure, prints it, runs the cleanups and exits with 1. */
export const runBench = (main: () => Promise<void>): void => {
  main().catch(async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    await runCleanups();
    process.exit(1);
  });
};

/** Where and when a run was made, for the head of a results file: the clock, the commit, the machine and its load. */
export const runContext = (started: Date, loadStart: readonly number[], git: unknown): Record<string, unknown> => ({
  generated_at: started.toISOString(),
  finished_at: new Date().toISOString(),
  git,
  node: process.version,
  cpus: cpus().length,
  cpu_model: cpus()[0]?.model ?? "unknown",
  load_average_at_start: loadStart.map((n) => Math.round(n * 100) / 100),
  load_average_at_end: loadavg().map((n) => Math.round(n * 100) / 100),
});

export const runCleanups = async (): Promise<void> => {
  while (cleanups.length > 0) {
    const cleanup = cleanups.pop()!;
    await cleanup().catch((error: unknown) => console.error(`cleanup failed: ${String(error)}`));
  }
};
process.once("SIGINT", () => {
  console.error("\ninterrupted: cleaning up");
  void runCleanups().finally(() => process.exit(130));
});

export const log = (message: string): void => {
  process.stderr.write(`${message}\n`);
};


// ---------------------------------------------------------------------------------------------
// Child processes: the bench server and the yardstick, each on its own core.

export interface Child {
  readonly pid: number;
  readonly port: number;
  stop(): Promise<void>;
  /**
   * Sends a command on the bench server's bench-only channel (its stdin; see bench/bench-server.ts)
   * and answers its reply's value.
   */
  ask(command: string): Promise<unknown>;
}

/**
 * Compiles the servers the bench starts (the rings and bench/bench-server.ts, bench/ceiling-server.ts)
 * to dist-bench/, so that both run as compiled JavaScript, as the installed package runs: under
 * tsx a server holds about 80 MB more (its loader, the transformed sources and their source maps).
 */
export const buildServers = (): void => {
  log("compiling the bench servers (tsconfig.bench.json -> dist-bench/)");
  execFileSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(ROOT, "tsconfig.bench.json")], { cwd: ROOT, stdio: "inherit" });
};

/** `entry`: a bench/*.ts server, started from its compiled form in dist-bench/. */
export const startChild = async (
  entry: string,
  args: readonly string[],
  nodeArgs: readonly string[] = [],
  env: Readonly<Record<string, string>> = {},
): Promise<Child> => {
  const compiled = join(ROOT, "dist-bench", entry.replace(/\.ts$/, ".js"));
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, compiled, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const replies = new Map<number, { done: (value: unknown) => void; fail: (error: Error) => void }>();
  let asked = 0;
  const ask = (command: string): Promise<unknown> =>
    new Promise((done, fail) => {
      const id = ++asked;
      replies.set(id, { done, fail });
      child.stdin!.write(`${id} ${command}\n`);
    });
  const ready = await new Promise<{ port: number; pid: number }>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${entry} not ready within 60 s`)), 60_000);
    const lines = createInterface({ input: child.stdout! });
    lines.on("line", (line) => {
      try {
        const message = JSON.parse(line) as { ready?: boolean; port?: number; pid?: number; bench_reply?: number; value?: unknown; error?: string };
        if (typeof message.bench_reply === "number") {
          const waiting = replies.get(message.bench_reply);
          replies.delete(message.bench_reply);
          if (message.error !== undefined) waiting?.fail(new Error(message.error));
          else waiting?.done(message.value);
          return;
        }
        if (message.ready === true && typeof message.port === "number") {
          clearTimeout(timer);
          done({ port: message.port, pid: message.pid ?? child.pid! });
        }
      } catch {
        // not our line
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`${entry} exited before it was ready (code ${code}, signal ${signal})`));
    });
  });
  return { pid: ready.pid, port: ready.port, stop, ask };
};

/** VmRSS and VmHWM (peak) of a process, in MB. */
export const memoryOf = (pid: number): { rss: number; peak: number } => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
};


export type ConnectionHeaders = ((index: number) => Record<string, string>) | undefined;

/**
 * Requests a load lists for autocannon to build up front (the sampled reads: 2,000; built once,
 * they cost the generator nothing a request); a longer list is walked, each request built as it
 * is sent (see `load`).
 */
const LISTED_UP_TO = 5_000;

export const load = async (
  url: string,
  requests: readonly autocannon.Request[],
  headers: Record<string, string>,
  connections: number,
  duration: number,
  connectionHeaders?: ConnectionHeaders,
): Promise<autocannon.Result> => {
  let clientIndex = 0;
  const n = requests.length;
  // A long list (a new query every request) is walked one request built at a time: autocannon
  // builds every listed request for every connection before the first is sent (twice with the
  // rotated copy below), and 50 connections x 20,000 queries took 12 s, in which the first
  // connections' 10 s timeouts ran out (the `search-uncached` row's "timeouts").
  const walked = n > LISTED_UP_TO;
  const walk = (offset: number, own: Record<string, string> | undefined): autocannon.Request => {
    let next = offset;
    return {
      setupRequest: (request: autocannon.Request) => {
        const chosen = requests[next++ % n]!;
        return { ...request, ...chosen, headers: { ...headers, ...chosen.headers, ...own } };
      },
    } as autocannon.Request;
  };
  const instance = autocannon({
    url,
    connections,
    duration,
    headers,
    timeout: 10,
    requests: walked ? [walk(0, undefined)] : requests.map((r) => ({ ...r })),
    // Each connection starts at its own offset, so they do not ask for the same record at once.
    setupClient: (client) => {
      const index = clientIndex++;
      const own = connectionHeaders?.(index);
      if (n <= 1 && own === undefined) return;
      const offset = n <= 1 ? 0 : Math.floor((index * n) / connections) % n;
      if (walked) {
        client.setRequests([walk(offset, own)]);
        return;
      }
      // Per-connection headers go into each request: autocannon rebuilds requests from their own headers.
      client.setRequests(
        [...requests.slice(offset), ...requests.slice(0, offset)].map((r) => ({ ...r, headers: { ...headers, ...r.headers, ...own } })),
      );
    },
  });
  return await instance;
};

export interface Measured {
  readonly requests_per_sec: number;
  readonly latency_p50_ms: number;
  readonly latency_p99_ms: number;
  readonly latency_avg_ms: number;
  readonly total_requests: number;
  /** non-2xx answers + socket errors (autocannon's `errors`, which already includes timeouts). */
  readonly errors: number;
  /** Answers by HTTP status, so errors say what they were. */
  readonly status_codes: Record<string, number>;
  readonly non2xx: number;
  readonly socket_errors: number;
  readonly timeouts: number;
  /**
   * Server CPU time (user + system, from /proc) per answered request: unlike req/s it hardly moves
   * when other processes compete for the cores.
   */
  readonly server_cpu_us_per_request: number;
  /**
   * The part of it spent in the kernel (system time): system calls, and on loopback TCP the
   * receiving side's network stack, which runs in the sender's system call.
   */
  readonly server_system_cpu_us_per_request: number;
  /** Server CPU time over wall time: near 100 % the server is the bottleneck; far below, it was starved. */
  readonly server_cpu_percent: number;
  /** The load generator's (this process's) CPU over wall time: near 100 % it may be the bottleneck. */
  readonly generator_cpu_percent: number;
}

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User and system (kernel) CPU time of a process so far, in ms. */
export const cpuSplitOf = (pid: number): { readonly user: number; readonly system: number } => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { user: (Number(fields[11]) * 1000) / CLOCK_TICKS_PER_SECOND, system: (Number(fields[12]) * 1000) / CLOCK_TICKS_PER_SECOND };
};

/** User + system CPU time of a process so far, in ms. */
export const cpuMsOf = (pid: number): number => {
  const { user, system } = cpuSplitOf(pid);
  return user + system;
};

interface Run {
  readonly result: autocannon.Result;
  readonly serverCpuMs: number;
  /** Of serverCpuMs, the system time. */
  readonly serverSystemMs?: number;
  readonly generatorCpuMs: number;
  readonly wallMs: number;
}

export const measured = ({ result, serverCpuMs, serverSystemMs = 0, generatorCpuMs, wallMs }: Run): Measured => ({
  requests_per_sec: Math.round(result.requests.average),
  latency_p50_ms: result.latency.p50,
  latency_p99_ms: result.latency.p99,
  latency_avg_ms: Math.round(result.latency.average * 100) / 100,
  total_requests: result.requests.total,
  errors: result.non2xx + result.errors,
  status_codes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count])),
  non2xx: result.non2xx,
  socket_errors: result.errors,
  timeouts: result.timeouts,
  server_cpu_us_per_request: result.requests.total === 0 ? 0 : Math.round((serverCpuMs * 1000) / result.requests.total),
  server_system_cpu_us_per_request: result.requests.total === 0 ? 0 : Math.round((serverSystemMs * 1000) / result.requests.total),
  server_cpu_percent: Math.round((serverCpuMs / wallMs) * 1000) / 10,
  generator_cpu_percent: Math.round((generatorCpuMs / wallMs) * 1000) / 10,
});

/** How long and how wide a measured run is. */
export interface LoadShape {
  readonly warmup: number;
  readonly connections: number;
  readonly duration: number;
}

/** Work done right before and right after the measured run (not the warm-up): reading counters, a profile. */
export interface MeasuredRunHooks {
  before(): Promise<void>;
  after(): Promise<void>;
}

export const warmThenMeasure = async (
  url: string,
  serverPid: number,
  requests: readonly autocannon.Request[],
  headers: Record<string, string>,
  options: LoadShape,
  connectionHeaders?: ConnectionHeaders,
  around?: MeasuredRunHooks,
): Promise<Measured> => {
  if (options.warmup > 0) await load(url, requests, headers, options.connections, options.warmup, connectionHeaders);
  await around?.before();
  const serverCpu = cpuSplitOf(serverPid);
  const generatorCpu = process.cpuUsage();
  const started = performance.now();
  const result = await load(url, requests, headers, options.connections, options.duration, connectionHeaders);
  const wallMs = performance.now() - started;
  const generator = process.cpuUsage(generatorCpu);
  const serverCpuAfter = cpuSplitOf(serverPid);
  await around?.after();
  return measured({
    result,
    serverCpuMs: serverCpuAfter.user + serverCpuAfter.system - serverCpu.user - serverCpu.system,
    serverSystemMs: serverCpuAfter.system - serverCpu.system,
    generatorCpuMs: (generator.user + generator.system) / 1000,
    wallMs,
  });
};


/** The commit measured, and whether the working tree differed from it. */
export const gitState = (): { commit: string | null; dirty: boolean | null } => {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const changes = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: ROOT, encoding: "utf8" }).trim();
    return { commit, dirty: changes !== "" };
  } catch {
    return { commit: null, dirty: null };
  }
};
