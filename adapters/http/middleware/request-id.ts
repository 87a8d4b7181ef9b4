// Gives every request an id, answered in the `Request-Id` header and in every error body.
import { randomFillSync } from "node:crypto";
import type { Middleware } from "koa";
import type { StorefrontState } from "../state.js";

const ID_BYTES = 12;
const IDS_PER_FILL = 256;
// Random bytes fetched for 256 ids at once: one call into the system's generator instead of one per request.
const pool = Buffer.alloc(ID_BYTES * IDS_PER_FILL);
let nextId = IDS_PER_FILL;

/** A new request id: `req_` and 24 random hex digits. */
export const newRequestId = (): string => {
  if (nextId === IDS_PER_FILL) {
    randomFillSync(pool);
    nextId = 0;
  }
  const start = nextId++ * ID_BYTES;
  return `req_${pool.toString("hex", start, start + ID_BYTES)}`;
};

export const requestId = (): Middleware<StorefrontState> => async (ctx, next) => {
  const id = newRequestId();
  ctx.state.requestId = id;
  ctx.set("Request-Id", id);
  await next();
};
