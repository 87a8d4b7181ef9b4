// The yardstick: a bare node:http server answering every request with one fixed JSON body of a
// given byte size and the headers our server sends, so the ratio to it shows our own cost.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { fixedHeaders, jsonOfSize } from "./fixed-body.js";

const { values } = parseArgs({
  options: {
    bytes: { type: "string", default: "1024" },
    port: { type: "string", default: "0" },
    host: { type: "string", default: "127.0.0.1" },
  },
});

const body = jsonOfSize(Number(values.bytes));
const headers = fixedHeaders(body);

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
