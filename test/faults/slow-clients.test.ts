// Slow and partial requests against the real server (composition/server.ts `listen`) with short,
// configured time limits: headers sent byte by byte (slowloris) or a line at a time are cut off by
// the headers timeout, a body that stalls or trickles below the minimum pace by the body timeout
// (on Koa's routes and on the direct reads before Koa), each with a 408 when no answer has started,
// then a closed connection (also for a client that keeps its side open) and a log line with the
// client's address; a slow but steady upload is not cut off; a body over 1 MiB is a 413, an idle
// keep-alive connection is closed; afterwards the server holds no connection and memory has not grown.
import assert from "node:assert/strict";
import { connect as tcpConnect, type Socket } from "node:net";
import { Writable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import pino from "pino";
import { ConfigError, loadConfig } from "../../composition/config.js";
import { DEFAULT_SERVER_TIMEOUTS, listen, type RunningServer, type ServerTimeouts } from "../../composition/server.js";
import { startTestApplication, type TestApplication } from "../support/test-application.js";

/** The request timeout is a last bound here, far above the body timeout: the body's pace is what cuts. */
const TIMEOUTS: ServerTimeouts = {
  headersTimeoutMs: 500,
  requestTimeoutMs: 20_000,
  bodyTimeoutMs: 1_000,
  bodyMinBytesPerSecond: 1_024,
  keepAliveTimeoutMs: 500,
  shutdownGraceMs: 5_000,
};
/** node checks the limits on an interval, and 2 cores are shared: a generous margin. */
const MARGIN_MS = 2_500;

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Ending {
  /** What the server sent before the connection ended. */
  readonly received: string;
  readonly ms: number;
  /** The client's port, as the server's log names it. */
  readonly localPort: number | undefined;
}

/**
 * Opens a raw connection, runs `feed` on it, and resolves when the connection is closed (or
 * rejects after `limitMs`). A `halfOpen` client, as a hostile one, keeps its side open after the
 * server's FIN and goes on sending: only a connection the server really closes ends it.
 */
const rawClient = (port: number, feed: (socket: Socket, ended: () => boolean) => Promise<void>, limitMs = 15_000, halfOpen = false): Promise<Ending> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = tcpConnect({ host: "127.0.0.1", port, allowHalfOpen: halfOpen });
    let localPort: number | undefined;
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
      resolve({ received, ms: performance.now() - started, localPort });
    });
    socket.once("connect", () => {
      localPort = socket.localPort;
      void feed(socket, () => ended).catch(() => undefined);
    });
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

/** A request line, then a header line every `everyMs`, never finished; it goes on after the server's answer. */
const headerLines =
  (everyMs: number) =>
  async (socket: Socket, ended: () => boolean): Promise<void> => {
    writeSafely(socket, "GET /v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    for (let i = 1; !ended(); i++) {
      await sleep(everyMs);
      writeSafely(socket, `X-Line-${i}: ${i}\r\n`);
    }
  };

/** `head` (with whatever part of the body it holds), then one body byte every `everyMs`, going on after the server's answer. */
const trickledBody =
  (head: string | Buffer, everyMs: number) =>
  async (socket: Socket, ended: () => boolean): Promise<void> => {
    writeSafely(socket, head);
    while (!ended()) {
      await sleep(everyMs);
      writeSafely(socket, " ");
    }
  };

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

/** Every status line the server sent (a second one after a complete answer would break HTTP). */
const statusesOf = (received: string): number[] => [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));

const connectionCount = (running: RunningServer): Promise<number> =>
  new Promise((resolve, reject) => running.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

describe("faults: slow and partial requests", function () {
  this.timeout(120_000);
  let t: TestApplication | undefined;
  let running: RunningServer | undefined;
  let key: string;
  /** The lines the server logged about clients it cut off. */
  const cutOffLines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, done) {
        for (const text of String(chunk).split("\n")) {
          if (text.trim() === "") continue;
          const line = JSON.parse(text) as Record<string, unknown>;
          if (line.msg === "slow client cut off") cutOffLines.push(line);
        }
        done();
      },
    }),
  );
  const loggedFor = (ending: Ending): Record<string, unknown> | undefined => cutOffLines.find((line) => line.port === ending.localPort);
  /** What the application logged at error level (a body cut off is no unexpected error). */
  const appErrors: string[] = [];
  const appLogger = pino(
    { level: "error" },
    new Writable({
      write(chunk, _encoding, done) {
        appErrors.push(String(chunk).slice(0, 300));
        done();
      },
    }),
  );

  before(async () => {
    t = await startTestApplication({ env: { STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "1000000000" }, logger: appLogger });
    running = await listen(t.application.httpApp(), 0, "127.0.0.1", TIMEOUTS, logger);
    key = t.store.keys.publishableTest;
  });

  after(async () => {
    await running?.close();
    await t?.close();
  });

  it("reads the time limits from the environment, with the server's defaults", () => {
    assert.deepEqual(loadConfig({}).http, DEFAULT_SERVER_TIMEOUTS);
    const configured = loadConfig({
      STOREFRONT_HEADERS_TIMEOUT_MS: "500",
      STOREFRONT_REQUEST_TIMEOUT_MS: "20000",
      STOREFRONT_BODY_TIMEOUT_MS: "1000",
      STOREFRONT_BODY_MIN_BYTES_PER_SECOND: "1024",
      STOREFRONT_KEEP_ALIVE_TIMEOUT_MS: "500",
    });
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

  it("cuts off a client that sends a header line every 150 ms and keeps its side open: 408, closed, logged", async () => {
    const ending = await rawClient(running!.port, headerLines(150), 8_000, true);
    assert.deepEqual(statusesOf(ending.received), [408], `answered: ${ending.received.slice(0, 100)}`);
    assert.ok(ending.ms >= TIMEOUTS.headersTimeoutMs * 0.9, `not before the limit (${Math.round(ending.ms)} ms)`);
    assert.ok(ending.ms < TIMEOUTS.headersTimeoutMs + MARGIN_MS, `closed after ${Math.round(ending.ms)} ms`);
    const line = loggedFor(ending);
    assert.ok(line !== undefined, `no log line for the client at port ${ending.localPort}: ${JSON.stringify(cutOffLines)}`);
    assert.equal(line.address, "127.0.0.1");
    assert.equal(line.limit, "headers");
    assert.equal(line.status, 408);
  });

  it("cuts off a client whose body stalls (body timeout, 408)", async () => {
    const ending = await rawClient(running!.port, stalledBody(key));
    assert.ok(ending.ms >= TIMEOUTS.bodyTimeoutMs * 0.9, `not before the limit (${Math.round(ending.ms)} ms)`);
    assert.ok(ending.ms < TIMEOUTS.bodyTimeoutMs + MARGIN_MS, `cut off after ${Math.round(ending.ms)} ms`);
    assert.equal(statusOf(ending.received), 408, `answered: ${ending.received.slice(0, 100)}`);
  });

  it("cuts off a body that trickles below the minimum pace on a Koa route (POST /v1/cart/items): 408, closed, logged", async () => {
    // 10 bytes a second, never silent for long: only the pace gives it away.
    const head =
      `POST /v1/cart/items HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nX-Session-Id: sess_trickled_body_client\r\n` +
      'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"variant_id":';
    const ending = await rawClient(running!.port, trickledBody(head, 100), 8_000, true);
    assert.deepEqual(statusesOf(ending.received), [408], `answered: ${ending.received.slice(0, 100)}`);
    assert.ok(ending.ms >= TIMEOUTS.bodyTimeoutMs * 0.9, `not before the limit (${Math.round(ending.ms)} ms)`);
    assert.ok(ending.ms < TIMEOUTS.bodyTimeoutMs + MARGIN_MS, `closed after ${Math.round(ending.ms)} ms`);
    const line = loggedFor(ending);
    assert.ok(line !== undefined, `no log line for the client at port ${ending.localPort}`);
    assert.deepEqual([line.address, line.limit, line.method, line.path, line.status], ["127.0.0.1", "body", "POST", "/v1/cart/items", 408]);
    await sleep(100);
    assert.deepEqual(appErrors, [], "the body read cut short is not logged as an unexpected error");
  });

  it("cuts off a large body that slows to a trickle (POST /v1/products, 256 KiB of 900 KiB sent): 408, closed", async () => {
    const head = Buffer.concat([
      Buffer.from(
        `POST /v1/products HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t!.store.keys.secretTest}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${900 * 1024}\r\n\r\n{"name":"Large", "description":"`,
      ),
      Buffer.alloc(256 * 1024, "d"),
    ]);
    const ending = await rawClient(running!.port, trickledBody(head, 100), 8_000, true);
    assert.deepEqual(statusesOf(ending.received), [408], `answered: ${ending.received.slice(0, 100)}`);
    assert.ok(ending.ms < 2 * TIMEOUTS.bodyTimeoutMs + MARGIN_MS, `closed after ${Math.round(ending.ms)} ms`);
    assert.equal(loggedFor(ending)?.limit, "body");
  });

  it("cuts off a trickled body on a read answered before Koa (direct read, GET /v1/products): its answer, then closed", async () => {
    const head = `GET /v1/products?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Length: 1000\r\n\r\n`;
    const ending = await rawClient(running!.port, trickledBody(head, 100), 8_000, true);
    // Answered at once; no second answer (a 408) may follow a complete one.
    assert.deepEqual(statusesOf(ending.received), [200], `answered: ${ending.received.slice(0, 100)}`);
    assert.ok(ending.ms < TIMEOUTS.bodyTimeoutMs + MARGIN_MS, `closed after ${Math.round(ending.ms)} ms`);
    const line = loggedFor(ending);
    assert.deepEqual([line?.address, line?.limit, line?.method, line?.status], ["127.0.0.1", "body", "GET", null]);
  });

  it("does not cut off a slow but steady upload that lasts longer than the old request timeout (30 s), with the default limits", async function () {
    // The shipped defaults, less a short headers timeout (node then checks its limits every 500 ms):
    // the old 30 s request timeout cut this upload off, the pace of 2.5 KiB/s keeps above 1 KiB/s.
    const defaults = loadConfig({ STOREFRONT_HEADERS_TIMEOUT_MS: "2000" }).http;
    const server = await listen(t!.application.httpApp(), 0, "127.0.0.1", defaults, logger);
    try {
      const product = Buffer.from('{"name":"Steady upload","variants":[{"sku":"SKU-STEADY-UPLOAD","price":1250,"stock":3}]}');
      const body = Buffer.concat([product, Buffer.alloc(80 * 1024 - product.length, " ")]);
      const piece = 640;
      const ending = await rawClient(
        server.port,
        async (socket, ended) => {
          writeSafely(
            socket,
            `POST /v1/products HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${t!.store.keys.secretTest}\r\n` +
              `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
          );
          for (let at = 0; at < body.length && !ended(); at += piece) {
            writeSafely(socket, body.subarray(at, at + piece));
            await sleep(250);
          }
        },
        60_000,
      );
      assert.deepEqual(statusesOf(ending.received), [201], `answered: ${ending.received.slice(0, 300)}`);
      assert.ok(ending.ms > 31_000, `the upload took ${Math.round(ending.ms)} ms`);
    } finally {
      await server.close();
    }
  });

  it("answers 413 payload_too_large to a body over 1 MiB, announced or chunked", async () => {
    // A server of its own with a long headers timeout: on a loaded machine the 500 ms one of the
    // others could end a request (408) before the size limit is reached. The body's pace is
    // checked as on the others (every second): the 413's lingering close is not disturbed by it.
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
