// Child-process entry of the bench: the real server (createApplication + listen) on a given
// database, logging silenced. Prints one JSON line {"ready":true,"port":N,"pid":P} when ready.
//
// A bench-only channel (issue 36, item 1), off unless asked for by the environment: with
// STOREFRONT_BENCH_COUNT_STATEMENTS=1 the drivers' statements are counted (bench/statement-counter.ts),
// with STOREFRONT_BENCH_PROFILE=1 the parent may start and stop a CPU profile around a measured run.
// The parent sends lines "<id> counts", "<id> texts-on", "<id> texts-off" (statements recorded by
// their text too, or not), "<id> timing-on", "<id> timing-off" (SQLite's calls timed, or only
// counted: the measured run is not), "<id> profile-start", "<id> profile-stop <file>" on stdin;
// each is answered by one JSON line {"bench_reply":<id>,"value":...} on stdout.
import { writeFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { listen } from "../composition/server.js";
import { openBenchApplication } from "./bench-application.js";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    port: { type: "string", default: "0" },
    host: { type: "string", default: "127.0.0.1" },
  },
});
const databaseUrl = values["database-url"];
if (databaseUrl === undefined) throw new Error("bench-server: --database-url is required");

const countStatements = process.env.STOREFRONT_BENCH_COUNT_STATEMENTS === "1";
const profiling = process.env.STOREFRONT_BENCH_PROFILE === "1";
// Installed before the application opens its first connection.
const counters = countStatements ? (await import("./statement-counter.js")).installStatementCounters() : undefined;
const readCounts = counters?.read;
if (counters !== undefined) {
  // Responses finished, so the parent can divide statements by the requests the server served in
  // a window (autocannon's count leaves out those still in flight at its start and end).
  const { ServerResponse } = await import("node:http");
  const end = ServerResponse.prototype.end as (...args: unknown[]) => unknown;
  const counted = new WeakSet<object>();
  ServerResponse.prototype.end = function countedEnd(this: object, ...args: unknown[]) {
    if (!counted.has(this)) {
      counted.add(this);
      counters.countResponse();
    }
    return end.apply(this, args);
  } as typeof ServerResponse.prototype.end;
}

const application = openBenchApplication(databaseUrl);
const running = await listen(application.httpApp(), Number(values.port), values.host);

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await running.close();
  await application.close();
  // A normal exit, so `--cpu-prof` writes its profile.
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
// The parent going away closes stdin: never outlive it.
process.stdin.on("end", () => void stop());
process.stdin.resume();

if (readCounts !== undefined || profiling) {
  type Post = (method: string, params?: object) => Promise<unknown>;
  let post: Post | undefined;
  const inspectorPost = async (): Promise<Post> => {
    if (post !== undefined) return post;
    const { Session } = await import("node:inspector");
    const session = new Session();
    session.connect();
    post = (method, params) =>
      new Promise((done, fail) => session.post(method, params ?? {}, (error, result) => (error === null ? done(result) : fail(error))));
    return post;
  };
  const answer = async (command: string, argument: string | undefined): Promise<unknown> => {
    if (command === "counts" && readCounts !== undefined) return readCounts();
    if ((command === "texts-on" || command === "texts-off") && counters !== undefined) {
      counters.recordTexts(command === "texts-on");
      return true;
    }
    if ((command === "timing-on" || command === "timing-off") && counters !== undefined) {
      counters.timeEngine(command === "timing-on");
      return true;
    }
    if (command === "profile-start" && profiling) {
      const p = await inspectorPost();
      await p("Profiler.enable");
      await p("Profiler.setSamplingInterval", { interval: 250 });
      await p("Profiler.start");
      return true;
    }
    if (command === "profile-stop" && profiling && argument !== undefined) {
      const p = await inspectorPost();
      const { profile } = (await p("Profiler.stop")) as { profile: unknown };
      await writeFile(argument, JSON.stringify(profile));
      return argument;
    }
    throw new Error(`unknown or disabled bench command: ${command}`);
  };
  createInterface({ input: process.stdin }).on("line", (line) => {
    const [id, command, ...rest] = line.trim().split(" ");
    if (id === undefined || command === undefined) return;
    answer(command, rest.length > 0 ? rest.join(" ") : undefined).then(
      (value) => process.stdout.write(`${JSON.stringify({ bench_reply: Number(id), value })}\n`),
      (error: unknown) => process.stdout.write(`${JSON.stringify({ bench_reply: Number(id), error: String(error) })}\n`),
    );
  });
}

process.stdout.write(`${JSON.stringify({ ready: true, port: running.port, pid: process.pid })}\n`);
