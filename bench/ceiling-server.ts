// The yardstick: a bare node:http server answering every request with one fixed JSON body of a
// given byte size and the headers our server sends, so the ratio to it shows our own cost.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";

/** A JSON object of exactly `bytes` bytes (at least 12): {"pad":"xxx..."}. */
export const jsonOfSize = (bytes: number): Buffer => {
  const overhead = '{"pad":""}'.length;
  return Buffer.from(`{"pad":"${"x".repeat(Math.max(0, bytes - overhead))}"}`);
};

const { values } = parseArgs({
  options: {
    bytes: { type: "string", default: "1024" },
    port: { type: "string", default: "0" },
    host: { type: "string", default: "127.0.0.1" },
  },
});

const body = jsonOfSize(Number(values.bytes));
// The same header set Koa answers with (Request-Id is a constant of the same length).
const headers = {
  "Content-Type": "application/json; charset=utf-8",
  "Content-Length": String(body.length),
  "Request-Id": `req_${"0".repeat(24)}`,
};

const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.headersTimeout = 20_000;
server.requestTimeout = 30_000;

server.listen(Number(values.port), values.host, () => {
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
