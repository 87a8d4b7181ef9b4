// Slow and partial requests against the real server (composition/server.ts `listen`) with short,
// configured time limits: headers sent byte by byte (slowloris) are cut off by the headers timeout,
// a body that stalls by the request timeout, a body over 1 MiB is a 413, an idle keep-alive
// connection is closed; afterwards the server holds no connection and memory has not grown.
import assert from "node:assert/strict";
import { connect as tcpConnect, type Socket } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { ConfigError, loadConfig } from "../../composition/config.js";
import { DEFAULT_SERVER_TIMEOUTS, listen, type RunningServer } from "../../composition/server.js";
import { startTestApplication, type TestApplication } from "../support/test-application.js";

const TIMEOUTS = { headersTimeoutMs: 500, requestTimeoutMs: 1_000, keepAliveTimeoutMs: 500, shutdownGraceMs: 5_000 };
/** node checks the limits on an interval, and 2 cores are shared: a generous margin. */
const MARGIN_MS = 2_500;

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Ending {
  /** What the server sent before the connection ended. */
  readonly received: string;
  readonly ms: number;
}

/** Opens a raw connection, runs `feed` on it, and resolves when the server ends it (or after `limitMs`). */
const rawClient = (port: number, feed: (socket: Socket, ended: () => boolean) => Promise<void>, limitMs = 15_000): Promise<Ending> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = tcpConnect({ host: "127.0.0.1", port });
    let received = "";
    let ended = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${limitMs} ms; it sent: ${received.slice(0, 200)}`));
    }, limitMs);
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      ended = true;
      clearTimeout(timer);
      resolve({ received, ms: performance.now() - started });
    });
    socket.once("connect", () => void feed(socket, () => ended).catch(() => undefined));
  });

const writeSafely = (socket: Socket, text: string | Buffer): void => {
  if (!socket.destroyed) socket.write(text);
};

/** Headers one byte every 100 ms, never finished. */
const slowloris = (socket: Socket, ended: () => boolean): Promise<void> =>
  (async () => {
    const head = "GET /v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow-client\r\nAccept: application/json\r\nX-Padding: " + "x".repeat(500);
    for (const byte of head) {
      if (ended()) return;
      writeSafely(socket, byte);
      await sleep(100);
    }
  })();

/** Full headers announcing a 100-byte body, 10 bytes of it, then silence. */
const stalledBody = (key: string) => async (socket: Socket): Promise<void> => {
  writeSafely(
    socket,
    `POST /v1/cart/items HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nX-Session-Id: sess_stalled_body_client\r\n` +
      "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n" +
      '{"variant_',
  );
};

const statusOf = (received: string): number | undefined => {
  const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
  return match === null ? undefined : Number(match[1]);
};

const connectionCount = (running: RunningServer): Promise<number> =>
  new Promise((resolve, reject) => running.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

describe("faults: slow and partial requests", function () {
  this.timeout(120_000);
  let t: TestApplication | undefined;
  let running: RunningServer | undefined;
  let key: string;

  before(async () => {
    t = await startTestApplication({ env: { STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "1000000000" } });
    running = await listen(t.application.httpApp(), 0, "127.0.0.1", TIMEOUTS);
    key = t.store.keys.publishableTest;
  });

  after(async () => {
    await running?.close();
    await t?.close();
  });

  it("reads the time limits from the environment, with the defaults of before", () => {
    assert.deepEqual(loadConfig({}).http, DEFAULT_SERVER_TIMEOUTS);
    const configured = loadConfig({ STOREFRONT_HEADERS_TIMEOUT_MS: "500", STOREFRONT_REQUEST_TIMEOUT_MS: "1000", STOREFRONT_KEEP_ALIVE_TIMEOUT_MS: "500" });
    assert.deepEqual(configured.http, { ...TIMEOUTS, shutdownGraceMs: DEFAULT_SERVER_TIMEOUTS.shutdownGraceMs });
    assert.throws(() => loadConfig({ STOREFRONT_HEADERS_TIMEOUT_MS: "5000", STOREFRONT_REQUEST_TIMEOUT_MS: "1000" }), ConfigError);
    assert.throws(() => loadConfig({ STOREFRONT_REQUEST_TIMEOUT_MS: "soon" }), /STOREFRONT_REQUEST_TIMEOUT_MS must be an integer/);
  });

  it("cuts off a client that sends its headers byte by byte (headers timeout, 408)", async () => {
    const ending = await rawClient(running!.port, slowloris);
    assert.equal(statusOf(ending.received), 408, `answered: ${ending.received.slice(0, 100)}`);
    assert.ok(ending.ms >= TIMEOUTS.headersTimeoutMs * 0.9, `not before the limit (${Math.round(ending.ms)} ms)`);
    assert.ok(ending.ms < TIMEOUTS.headersTimeoutMs + MARGIN_MS, `cut off after ${Math.round(ending.ms)} ms`);
  });

  it("cuts off a client whose body stalls (request timeout)", async () => {
    const ending = await rawClient(running!.port, stalledBody(key));
    assert.ok(ending.ms >= TIMEOUTS.requestTimeoutMs * 0.9, `not before the limit (${Math.round(ending.ms)} ms)`);
    assert.ok(ending.ms < TIMEOUTS.requestTimeoutMs + MARGIN_MS, `cut off after ${Math.round(ending.ms)} ms`);
    assert.ok([undefined, 408].includes(statusOf(ending.received)), `answered: ${ending.received.slice(0, 100)}`);
  });

  it("answers 413 payload_too_large to a body over 1 MiB, announced or chunked", async () => {
    // A server of its own with a long request timeout: on a loaded machine the 1 s one of the
    // others could end a 2 MiB upload (408) before the size limit is reached.
    const roomy = await listen(t!.application.httpApp(), 0, "127.0.0.1", { ...TIMEOUTS, headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 });
    try {
      await tooLarge(roomy.port);
    } finally {
      await roomy.close();
    }
  });

  const tooLarge = async (port: number): Promise<void> => {
    const announced = await rawClient(port, async (socket) => {
      writeSafely(
        socket,
        `POST /v1/cart/items HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${2 * 1024 * 1024}\r\nConnection: close\r\n\r\n{"a":"`,
      );
    });
    assert.equal(statusOf(announced.received), 413, announced.received.slice(0, 200));
    assert.match(announced.received, /"code":"payload_too_large"/);

    const chunked = await rawClient(port, async (socket, ended) => {
      writeSafely(
        socket,
        `POST /v1/cart/items HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
          "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n",
      );
      const chunk = Buffer.alloc(64 * 1024, "a");
      for (let i = 0; i < 40 && !ended(); i++) {
        writeSafely(socket, `${chunk.length.toString(16)}\r\n`);
        writeSafely(socket, chunk);
        writeSafely(socket, "\r\n");
        await sleep(5);
      }
    });
    assert.equal(statusOf(chunked.received), 413, chunked.received.slice(0, 200));
  };

  it("closes an idle keep-alive connection after the keep-alive timeout", async () => {
    const ending = await rawClient(running!.port, async (socket) => {
      writeSafely(socket, "GET /v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    });
    assert.equal(statusOf(ending.received), 200);
    assert.ok(ending.ms < TIMEOUTS.keepAliveTimeoutMs + MARGIN_MS, `closed after ${Math.round(ending.ms)} ms`);
  });

  it("holds no connection and has not grown after many slow clients", async () => {
    const round = () =>
      Promise.all([
        ...Array.from({ length: 25 }, () => rawClient(running!.port, slowloris)),
        ...Array.from({ length: 25 }, () => rawClient(running!.port, stalledBody(key))),
      ]);
    await round();
    gc();
    const heapAfterFirst = process.memoryUsage().heapUsed;
    for (let i = 0; i < 3; i++) await round();
    const deadline = Date.now() + 5_000;
    while ((await connectionCount(running!)) > 0 && Date.now() < deadline) await sleep(50);
    assert.equal(await connectionCount(running!), 0, "every connection closed");
    gc();
    const growth = process.memoryUsage().heapUsed - heapAfterFirst;
    console.log(`      200 slow clients cut off; heap ${growth >= 0 ? "+" : ""}${(growth / 1_048_576).toFixed(1)} MiB after the first 50`);
    assert.ok(growth < 8 * 1_048_576, `heap grew by ${(growth / 1_048_576).toFixed(1)} MiB`);
    // And the server still answers.
    const fine = await fetch(`http://127.0.0.1:${running!.port}/v1/openapi.json`);
    assert.equal(fine.status, 200);
    await fine.arrayBuffer();
  });
});
