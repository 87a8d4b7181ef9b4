// The yardsticks' answer: a JSON object of exactly `bytes` bytes and the header set our server
// answers with (Request-Id a constant of the same length), shared by ceiling-server.ts and
// write-floor-server.ts.

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
