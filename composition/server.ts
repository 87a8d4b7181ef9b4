// Serves the HTTP app on node:http with time limits on slow clients (client-time-limits.ts), and
// shuts down gracefully: stop accepting, let requests under way finish (cut off after a grace
// period), then close the database.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type Koa from "koa";
import type { Logger } from "pino";
import { answerClientError } from "../adapters/http/request-size.js";
import { ClientTimeLimits, closeLingering } from "./client-time-limits.js";

export interface RunningServer {
  readonly server: Server;
  readonly port: number;
  close(): Promise<void>;
}

export interface ServerTimeouts {
  /** How long a client may take to send the request line and headers, from the request's first byte (slowloris). */
  readonly headersTimeoutMs: number;
  /** A last bound on the time a client may take to send the whole request, body included. */
  readonly requestTimeoutMs: number;
  /** A body must bring `bodyMinBytesPerSecond` over every stretch of this length (and at least a byte). */
  readonly bodyTimeoutMs: number;
  /** The slowest pace a body may keep, averaged over `bodyTimeoutMs` (0: only a silence that long is cut off). */
  readonly bodyMinBytesPerSecond: number;
  /** How long an idle keep-alive connection is kept open. */
  readonly keepAliveTimeoutMs: number;
  /** How long a graceful close waits for requests under way before it cuts their connections. */
  readonly shutdownGraceMs: number;
}

export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  headersTimeoutMs: 10_000,
  // The largest body (1 MiB) at the slowest pace allowed (1 KiB/s) takes 1,024 s: within this bound.
  requestTimeoutMs: 1_200_000,
  bodyTimeoutMs: 10_000,
  bodyMinBytesPerSecond: 1_024,
  keepAliveTimeoutMs: 65_000,
  shutdownGraceMs: 25_000,
};

/** `logger` gets a line for each client cut off by a time limit (none when absent). */
export const listen = async (
  app: Koa<any>,
  port: number,
  host: string,
  timeouts: ServerTimeouts = DEFAULT_SERVER_TIMEOUTS,
  logger?: Logger,
): Promise<RunningServer> => {
  const limits = new ClientTimeLimits(timeouts, logger);
  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      // node checks both time limits on this interval (30 s by default), so a short limit needs a short check.
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(timeouts.headersTimeoutMs / 4))),
    },
    app.callback(),
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  // node's time limits: a bare 408 and a closed connection. Headers over node's limit and
  // unreadable requests get the API's JSON error body, not a bare status line. node leaves the
  // close to this listener, and its connections are half-open: `end()` alone keeps them open.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
      limits.onNodeTimeout(socket);
      return;
    }
    answerClientError(error, socket);
    closeLingering(socket);
  });

  // During a drain, an answer tells its client to close the connection: node keeps a keep-alive
  // connection whose request was under way at close() open until keepAliveTimeout otherwise.
  const underWay = new Set<ServerResponse>();
  let draining = false;
  server.prependListener("request", (request, response) => {
    limits.onRequest(request, response);
    if (draining) response.shouldKeepAlive = false;
    underWay.add(response);
    response.once("close", () => underWay.delete(response));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        draining = true;
        // `GET /readyz` answers 503 from now on, so a load balancer stops sending new requests.
        app.emit("draining");
        const cutOff = setTimeout(() => server.closeAllConnections(), timeouts.shutdownGraceMs);
        server.close(() => {
          clearTimeout(cutOff);
          resolve();
        });
        server.closeIdleConnections();
        for (const response of underWay) {
          if (!response.headersSent) response.shouldKeepAlive = false;
          else response.once("finish", () => server.closeIdleConnections());
        }
      }),
  };
};
