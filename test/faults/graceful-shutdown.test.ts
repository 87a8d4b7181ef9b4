// Graceful shutdown of `storefront serve` (one process, and `--workers 2`): on SIGTERM a request
// under way — a checkout whose body is still arriving — completes with its normal answer (and
// `Connection: close`), new connections are refused, and every process exits 0 within a bound.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { request, type IncomingMessage } from "node:http";
import { connect as tcpConnect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect } from "../support/http-client.js";
import { faultCheckoutBody, sleep } from "../support/fault-load.js";
import { createProduct, fillSessionCart, setUpDelivery } from "../support/order-fixtures.js";
import { ServerProcess, seedStore, type SeededStore } from "../support/server-process.js";

const EXIT_WITHIN_MS = 10_000;

interface SlowPost {
  /** Sends the rest of the body. */
  finish(): void;
  readonly response: Promise<{ status: number; connection: string | undefined; body: any }>;
}

/** A POST whose body is sent in two halves: the first now, the second when `finish` is called. */
const slowPost = (port: number, path: string, key: string, body: unknown): SlowPost => {
  const bytes = Buffer.from(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  const req = request({
    host: "127.0.0.1",
    port,
    path,
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": bytes.length },
  });
  const response = new Promise<{ status: number; connection: string | undefined; body: any }>((resolve, reject) => {
    req.on("error", reject);
    req.on("response", (res: IncomingMessage) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(text) }));
    });
  });
  req.write(bytes.subarray(0, half));
  return { finish: () => req.end(bytes.subarray(half)), response };
};

/** Resolves with the connection error code, or "connected". */
const tryConnect = (port: number): Promise<string> =>
  new Promise((resolve) => {
    const socket = tcpConnect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const waitFor = async (condition: () => boolean, withinMs: number): Promise<boolean> => {
  const deadline = Date.now() + withinMs;
  while (!condition() && Date.now() < deadline) await sleep(50);
  return condition();
};

describe("faults: graceful shutdown on SIGTERM", function () {
  this.timeout(180_000);
  let dir: string;
  let url: string;
  let seeded: SeededStore;
  let variantId: string;
  const started: ServerProcess[] = [];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "sf-shutdown-"));
    url = `sqlite:${join(dir, "storefront.sqlite")}`;
    seeded = await seedStore(url);
    const setup = await ServerProcess.start(url);
    started.push(setup);
    const client = connect(setup.url);
    await setUpDelivery(client, seeded.secret_key);
    variantId = (await createProduct(client, seeded.secret_key, "Drained", { price: 2_000, stock: 50 })).variantId;
    await setup.stop();
  });

  after(async () => {
    for (const server of started) await server.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Starts a checkout whose body is half sent, SIGTERMs, and checks the drain. */
  const drainCheckout = async (server: ServerProcess, port: number): Promise<void> => {
    const session = await fillSessionCart(connect(`http://127.0.0.1:${port}`), seeded.publishable_key, [{ variantId, quantity: 1 }]);
    const post = slowPost(port, "/v1/orders", seeded.secret_key, faultCheckoutBody(session, undefined));
    await sleep(300);
    const signalled = performance.now();
    server.kill("SIGTERM");
    await sleep(500);
    assert.equal(await tryConnect(port), "ECONNREFUSED", "new connections are refused while draining");
    post.finish();
    const answer = await post.response;
    assert.equal(answer.status, 201, JSON.stringify(answer.body));
    assert.equal(answer.body.notes, session, "the checkout under way is the one answered");
    assert.equal(answer.connection, "close", "the drained answer closes its connection");
    const exit = await Promise.race([server.exit(), sleep(EXIT_WITHIN_MS).then(() => undefined)]);
    assert.ok(exit !== undefined, `exited within ${EXIT_WITHIN_MS} ms of SIGTERM:\n${server.log.slice(-2000)}`);
    assert.deepEqual(exit, { code: 0, signal: null }, "a clean exit");
    console.log(`      drained and exited ${Math.round(performance.now() - signalled)} ms after SIGTERM`);
  };

  it("one process: finishes the checkout under way, refuses new connections, exits 0", async () => {
    const server = await ServerProcess.start(url, { STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "1000000000" });
    started.push(server);
    await drainCheckout(server, server.port);
  });

  it("--workers 2: the primary passes SIGTERM on, the checkout under way finishes, all processes exit 0", async () => {
    const server = await ServerProcess.start(url, { STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "1000000000" }, ["--workers", "2"]);
    started.push(server);
    // The primary may log "cluster listening" just before a worker's own line reaches the pipe.
    const listening = () => [...server.log.matchAll(/"msg":"storefront listening"/g)].length;
    assert.ok(await waitFor(() => server.log.includes("storefront cluster listening") && listening() >= 2, 60_000), `cluster up:\n${server.log.slice(-2000)}`);
    const workers = listening();
    assert.equal(workers, 2, "two HTTP workers");
    const pids = server.log
      .split("\n")
      .flatMap((line) => (line.includes('"storefront listening"') ? [Number(JSON.parse(line).pid)] : []))
      .filter((pid) => pid !== server.pid);
    assert.equal(pids.length, 2, `worker pids: ${pids.join(", ")}`);
    await drainCheckout(server, server.port);
    assert.ok(await waitFor(() => pids.every((pid) => !alive(pid)), 5_000), "no worker outlives the primary");
  });
});
