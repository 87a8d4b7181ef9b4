// The yardstick: a bare node:http server answering every request with one fixed JSON body of a
// given byte size and the headers our server sends, so the ratio to it shows our own cost.
import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { fixedHeaders, jsonOfSize, serveAsBenchChild } from "./fixed-body.js";

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
serveAsBenchChild(server, Number(values.port), values.host);
