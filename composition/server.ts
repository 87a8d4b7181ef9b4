// Serves the HTTP app on node:http with time limits on slow clients, and shuts down gracefully:
// stop accepting, let requests under way finish (cut off after a grace period), then close the database.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type Koa from "koa";
import { answerClientError } from "../adapters/http/request-size.js";

export interface RunningServer {
  readonly server: Server;
  readonly port: number;
  close(): Promise<void>;
}

export interface ServerTimeouts {
  /** How long a client may take to send the request line and headers (slowloris). */
  readonly headersTimeoutMs: number;
  /** How long a client may take to send the whole request, body included. */
  readonly requestTimeoutMs: number;
  /** How long an idle keep-alive connection is kept open. */
  readonly keepAliveTimeoutMs: number;
  /** How long a graceful close waits for requests under way before it cuts their connections. */
  readonly shutdownGraceMs: number;
}

export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 65_000,
  shutdownGraceMs: 25_000,
};

export const listen = async (app: Koa<any>, port: number, host: string, timeouts: ServerTimeouts = DEFAULT_SERVER_TIMEOUTS): Promise<RunningServer> => {
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
  // Headers over node's limit and unreadable requests get the API's JSON error body, not a bare status line.
  server.on("clientError", answerClientError);

  // During a drain, an answer tells its client to close the connection: node keeps a keep-alive
  // connection whose request was under way at close() open until keepAliveTimeout otherwise.
  const underWay = new Set<ServerResponse>();
  let draining = false;
  server.prependListener("request", (_request, response) => {
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
