// Child-process entry of the bench: the real server (createApplication + listen) on a given
// database, logging silenced. Prints one JSON line {"ready":true,"port":N,"pid":P} when ready.
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

process.stdout.write(`${JSON.stringify({ ready: true, port: running.port, pid: process.pid })}\n`);
