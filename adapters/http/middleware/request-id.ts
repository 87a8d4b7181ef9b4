// Gives every request an id, answered in the `Request-Id` header and in every error body.
import { randomFillSync } from "node:crypto";
import type { Middleware } from "koa";
import type { StorefrontState } from "../state.js";

const ID_BYTES = 12;
const IDS_PER_FILL = 1024;
// Random bytes fetched for 1024 ids at once and turned into hex in one go: one call into the
// system's generator and one conversion instead of one of each per request.
const pool = Buffer.alloc(ID_BYTES * IDS_PER_FILL);
let hex = "";
let nextId = IDS_PER_FILL;

/** A new request id: `req_` and 24 random hex digits. */
export const newRequestId = (): string => {
  if (nextId === IDS_PER_FILL) {
    randomFillSync(pool);
    hex = pool.toString("hex");
    nextId = 0;
  }
  const start = nextId++ * ID_BYTES * 2;
  return "req_" + hex.slice(start, start + ID_BYTES * 2);
};

export const requestId = (): Middleware<StorefrontState> => async (ctx, next) => {
  const id = newRequestId();
  ctx.state.requestId = id;
  ctx.set("Request-Id", id);
  await next();
};
