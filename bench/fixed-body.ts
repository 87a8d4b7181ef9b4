// What the yardsticks share (ceiling-server.ts, write-floor-server.ts): the answer, a JSON object
// of exactly `bytes` bytes, the header set our server answers with (Request-Id a constant of the
// same length), and serving as a bench child (harness.ts, startChild).
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A JSON object of exactly `bytes` bytes (at least 12): {"pad":"xxx..."}. */
export const jsonOfSize = (bytes: number): Buffer => {
  const overhead = '{"pad":""}'.length;
  return Buffer.from(`{"pad":"${"x".repeat(Math.max(0, bytes - overhead))}"}`);
};

/** The headers Koa answers a JSON body of `body.length` bytes with. */
export const fixedHeaders = (body: Buffer): Record<string, string> => ({
  "Content-Type": "application/json; charset=utf-8",
  "Content-Length": String(body.length),
  "Request-Id": `req_${"0".repeat(24)}`,
});

/**
 * Listens as startChild expects of a bench child: node's time limits as our server's, a JSON line
 * `{ready, port, pid}` on stdout, and a clean close on SIGTERM, SIGINT or the end of stdin.
 */
export const serveAsBenchChild = (server: Server, port: number, host: string): void => {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  server.listen(port, host, () => {
    const stop = () => {
      server.close(() => process.exit(0));
      server.closeAllConnections();
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
    process.stdin.on("end", stop);
    process.stdin.resume();
    process.stdout.write(`${JSON.stringify({ ready: true, port: (server.address() as AddressInfo).port, pid: process.pid })}\n`);
  });
};
