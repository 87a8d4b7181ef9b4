// What composition/server.ts adds to node's own time limits on slow clients. node cuts a request
// whose headers are not complete within the headers timeout (and one not complete within the
// request timeout, a last bound), but it leaves to the `clientError` listener the closing of the
// connection, and it has no rule for a body that arrives a byte at a time. Here:
// - a request body must keep a minimum pace: over every stretch of `bodyTimeoutMs` while it is
//   being read, at least `bodyMinBytesPerSecond` bytes a second (and at least one byte) arrive;
// - a client cut off by any of these limits gets a bare 408 when no answer to its request has
//   started (HTTP allows none after one), the connection is then closed, not half-closed (node
//   serves with `allowHalfOpen`, so `socket.end()` alone keeps it open for as long as the client
//   keeps its side open), and the cut is logged with the client's address.
// Both the answers written before Koa (fast-answers.ts, direct-reads.ts) and Koa's chain are held
// to this: it watches the connection, whoever answers the request.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "pino";

export interface BodyPace {
  /** The stretch over which a body's pace is measured; a body silent this long is cut off whatever the rate. */
  readonly bodyTimeoutMs: number;
  /** The least a body must bring per second, averaged over `bodyTimeoutMs` (0: only the silence counts). */
  readonly bodyMinBytesPerSecond: number;
}

/** The answer node itself sends a client cut off by a time limit. */
const TIMEOUT_ANSWER = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n";

/** The longest a closing connection stays open: a client that does not read its answer, or keeps its side open. */
const CLOSE_WAIT_MS = 2_000;

/** The request a connection is on, and its answer. */
interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly startedAt: number;
}

interface Sample {
  readonly at: number;
  readonly bytes: number;
}

interface WatchedBody extends Exchange {
  /** `bytesRead` of the connection at times of checks; the first is where the current stretch starts. */
  samples: Sample[];
}

/** The path of a request without its query (which may carry what a log should not). */
const pathOf = (url: string | undefined): string | undefined => url?.split("?")[0];

const hasBody = (request: IncomingMessage): boolean => {
  const length = request.headers["content-length"];
  return length !== undefined ? length !== "0" : request.headers["transfer-encoding"] !== undefined;
};

export class ClientTimeLimits {
  private readonly current = new WeakMap<Duplex, Exchange>();
  private readonly watched = new Set<WatchedBody>();
  private timer: NodeJS.Timeout | undefined;
  private readonly checkEveryMs: number;

  constructor(
    private readonly pace: BodyPace,
    private readonly logger: Logger | undefined,
  ) {
    this.checkEveryMs = Math.max(25, Math.min(2_500, Math.floor(pace.bodyTimeoutMs / 4)));
  }

  /** Called for each request as it arrives (its headers complete), before anyone answers it. */
  onRequest(request: IncomingMessage, response: ServerResponse): void {
    const exchange: Exchange = { request, response, startedAt: performance.now() };
    const socket = request.socket;
    this.current.set(socket, exchange);
    // Answered and read whole: an idle keep-alive connection keeps neither.
    response.once("close", () => {
      if (request.complete && this.current.get(socket) === exchange) this.current.delete(socket);
    });
    if (!hasBody(request) || request.complete) return;
    this.watched.add({ ...exchange, samples: [{ at: exchange.startedAt, bytes: socket.bytesRead }] });
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.check(), this.checkEveryMs);
      this.timer.unref();
    }
  }

  /** node's `clientError` for its own time limits (ERR_HTTP_REQUEST_TIMEOUT): the headers, or the whole request. */
  onNodeTimeout(socket: Duplex): void {
    const exchange = this.current.get(socket);
    if (exchange !== undefined && !exchange.request.complete) {
      // The request under way took longer than the request timeout (its body is still coming).
      this.cut(socket, "request", exchange, !exchange.response.headersSent);
      return;
    }
    // A request whose headers did not come in time; an answer to the one before may still be under way.
    this.cut(socket, "headers", undefined, exchange === undefined || exchange.response.writableFinished);
  }

  /** Stops the checks while no body is watched (the timer starts again with the next body). */
  private stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private check(): void {
    const now = performance.now();
    const { bodyTimeoutMs, bodyMinBytesPerSecond } = this.pace;
    for (const body of this.watched) {
      const { request } = body;
      const socket = request.socket;
      if (request.complete || socket.destroyed) {
        this.watched.delete(body);
        continue;
      }
      const bytes = socket.bytesRead;
      // A full buffer: the server is not reading (node stops reading the connection), so the
      // client is not the one who is slow; its stretch starts again.
      if (request.readableLength >= request.readableHighWaterMark) {
        body.samples = [{ at: now, bytes }];
        continue;
      }
      const samples = body.samples;
      samples.push({ at: now, bytes });
      while (samples.length > 1 && samples[1]!.at <= now - bodyTimeoutMs) samples.shift();
      const start = samples[0]!;
      const stretch = now - start.at;
      if (stretch < bodyTimeoutMs) continue;
      const needed = Math.max(1, Math.ceil((bodyMinBytesPerSecond * stretch) / 1000));
      const got = bytes - start.bytes;
      if (got >= needed) continue;
      this.watched.delete(body);
      this.cut(socket, "body", body, !body.response.headersSent, { got, needed, stretchMs: Math.round(stretch) });
    }
    if (this.watched.size === 0) this.stop();
  }

  /** Answers 408 when allowed, closes the connection and logs it. */
  private cut(socket: Duplex, limit: "headers" | "body" | "request", exchange: Exchange | undefined, answer: boolean, detail: object = {}): void {
    if (socket.destroyed) return;
    const net = socket as Duplex & { remoteAddress?: string; remotePort?: number };
    this.logger?.info(
      {
        limit,
        address: net.remoteAddress ?? null,
        port: net.remotePort ?? null,
        method: exchange?.request.method ?? null,
        path: pathOf(exchange?.request.url) ?? null,
        status: answer && socket.writable ? 408 : null,
        ...(exchange === undefined ? {} : { ms: Math.round(performance.now() - exchange.startedAt) }),
        ...detail,
      },
      "slow client cut off",
    );
    if (!answer || !socket.writable) {
      socket.destroy();
      return;
    }
    closeAfter(socket, TIMEOUT_ANSWER);
  }
}

/**
 * Writes `answer` (when the connection can still take it) and closes the connection once it is
 * written, or after CLOSE_WAIT_MS (a client that does not read). A slow client has sent nothing
 * unread, so the close is clean and the client reads the answer before the end of the connection;
 * nothing that arrives later is read (it would be taken as the next request).
 */
const closeAfter = (socket: Duplex, answer?: string): void => {
  if (socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), CLOSE_WAIT_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  if (socket.writable) socket.end(answer);
  if (socket.writableFinished) socket.destroy();
  else socket.once("finish", () => socket.destroy());
};

/**
 * Closes a connection whose error answer `answerClientError` has written and ended: when the
 * client has closed its side (it has read the answer), or after CLOSE_WAIT_MS. Without it the
 * half-closed connection stays open for as long as the client keeps its side open. A fast client
 * may still be sending what was refused (headers over 16 KiB): closing at once, with its bytes
 * unread, would reset the connection and could lose the answer.
 */
export const closeLingering = (socket: Duplex): void => {
  if (socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), CLOSE_WAIT_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  socket.once("end", () => socket.destroy());
};
