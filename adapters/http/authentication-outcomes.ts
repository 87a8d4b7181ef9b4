// The key lookup the fast path (fast-answers.ts) already made for a request, handed on to the API
// key middleware when the request goes on to Koa, so one request never looks its key up twice:
// an unknown key is one query, not two, and with the pool exhausted a request waits for one
// acquire timeout before its 503, not two.
import type { IncomingMessage } from "node:http";
import type { Principal } from "../../application/access/principal.js";

const outcomes = new WeakMap<IncomingMessage, Promise<Principal>>();

/** Remembers the lookup of `request`'s key (made from its Authorization header as it is). */
export const rememberAuthentication = (request: IncomingMessage, outcome: Promise<Principal>): void => {
  outcomes.set(request, outcome);
};

/** The lookup the fast path made for `request`, once; undefined when it made none. */
export const takeAuthentication = (request: IncomingMessage): Promise<Principal> | undefined => {
  const outcome = outcomes.get(request);
  if (outcome !== undefined) outcomes.delete(request);
  return outcome;
};
