// Reads a request body as raw bytes (kept for signatures), JSON only, at most 1 MiB. Parsing
// the JSON waits until a route asks for it, so a signed route checks its signature on the raw
// bytes first. A route may name its own content types and limit instead (`rawBody` of its
// definition: the media upload takes images up to 10 MiB); every other route keeps JSON and 1 MiB.
import type { IncomingMessage } from "node:http";
import type { Context, Middleware } from "koa";
import getRawBody from "raw-body";
import { ParameterInvalid } from "../../../application/errors/request-errors.js";
import { InvalidJson, MalformedRequest, PayloadTooLarge, UnsupportedMediaType } from "../http-errors.js";
import type { RawBodyPolicy } from "../route-definition.js";
import type { StorefrontState } from "../state.js";

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * No request body of ours nests deeper than a few levels; a deeper one (1 MiB of `[` is 500,000
 * levels) would overflow the stack of the recursive schema decoding and its error messages.
 */
export const BODY_DEPTH_LIMIT = 32;

/** Whether `value` nests objects or arrays deeper than `limit`, walked without recursion. */
const nestsDeeperThan = (value: unknown, limit: number): boolean => {
  const pending: Array<readonly [unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
};

const hasBody = (ctx: Context): boolean => {
  const length = ctx.get("Content-Length");
  if (length !== "") return Number(length) > 0;
  return ctx.get("Transfer-Encoding") !== "";
};

/** The body rules of the route a request goes to, when it has its own (`rawBody`); undefined: JSON, 1 MiB. */
export type BodyPolicyOf = (method: string, path: string) => RawBodyPolicy | undefined;

export const bodyReader = (policyOf: BodyPolicyOf = () => undefined): Middleware<StorefrontState> => async (ctx, next) => {
  if (ctx.method === "GET" || ctx.method === "HEAD" || ctx.method === "OPTIONS" || !hasBody(ctx)) {
    return next();
  }
  const policy = policyOf(ctx.method, ctx.path);
  if (policy !== undefined) {
    if (ctx.request.is(...policy.contentTypes) === false) {
      throw new UnsupportedMediaType({ message: `This operation takes a body of ${policy.contentTypes.join(" or ")}.` });
    }
  } else if (ctx.request.is("application/json", "application/*+json") === false) {
    throw new UnsupportedMediaType({ message: "Request bodies must be JSON (Content-Type: application/json)." });
  }
  const length = ctx.get("Content-Length");
  try {
    ctx.state.rawBody = await getRawBody(ctx.req, {
      limit: policy?.maxBytes ?? BODY_LIMIT_BYTES,
      ...(length !== "" ? { length } : {}),
    });
  } catch (error) {
    if (typeof error === "object" && error !== null && "type" in error && error.type === "entity.too.large") {
      ctx.set("Connection", "close");
      lingerAfterAnswer(ctx.req);
      if (policy !== undefined) throw policy.tooLarge?.() ?? new PayloadTooLarge({ message: `The request body is larger than ${policy.maxBytes} bytes.` });
    }
    // The connection closed before the whole body came: the client went away, or a time limit cut
    // it off (composition/client-time-limits.ts). Not a bug to log with its stack: no one reads the answer.
    if (typeof error === "object" && error !== null && "type" in error && error.type === "request.aborted") {
      throw new MalformedRequest({ message: "The connection closed before the request body was complete." });
    }
    throw error;
  }
  return next();
};

/** How long a connection whose body was refused for its size goes on reading, and discarding, what the client sends. */
const LINGER_MS = 2_000;

/**
 * A body refused for its size is answered (413) before the client has sent all of it. Closing the
 * socket at once, with the client's bytes unread, makes the kernel reset the connection, and the
 * client may lose the 413 it had not read yet (1 run in 12 of the faults test on a loaded
 * machine). As HTTP/1.1 advises (RFC 9112, 9.6), the rest is read and thrown away, and the
 * socket, once the answer is written, closes when the client has closed its side or after
 * LINGER_MS, whichever comes first.
 */
const lingerAfterAnswer = (req: IncomingMessage): void => {
  req.resume();
  const socket = req.socket;
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    socket.once("end", () => socket.destroy());
    socket.resume();
  };
};

/**
 * What JSON.parse said and where, as line, column and offset (V8 names the offset, "at position
 * 15", or nothing when the text ended early: then the offset is the end).
 */
export const whereJsonBroke = (text: string, error: unknown): string => {
  const said = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(said);
  const ended = /Unexpected end of JSON input/.test(said);
  // V8's "Unexpected token 'o', "nope" is not valid JSON" quotes the body: the token alone is kept.
  const token = /^(Unexpected token '.+?')/.exec(said)?.[1];
  const what = ended ? "the body ends too early" : (token ?? said.replace(/\s*\(line \d+ column \d+\)/, "").replace(/\s*in JSON at position \d+/, ""));
  if (position === null && !ended) return what;
  const offset = position === null ? text.length : Math.min(Number(position[1]), text.length);
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `${what} at line ${line}, column ${column} (offset ${offset})`;
};

/** The request body parsed as JSON: `{}` when there was none, 400 invalid_json when it is not JSON. */
export const readJsonBody = (ctx: Context): unknown => {
  const state = ctx.state as StorefrontState;
  if (state.parsedBody !== undefined) return state.parsedBody.value;
  let value: unknown = {};
  if (state.rawBody !== undefined && state.rawBody.length > 0) {
    const text = state.rawBody.toString("utf8");
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new InvalidJson({ message: `The request body is not valid JSON: ${whereJsonBroke(text, error)}.` });
    }
    if (nestsDeeperThan(value, BODY_DEPTH_LIMIT)) {
      throw new ParameterInvalid({ param: "body", message: `The request body nests deeper than ${BODY_DEPTH_LIMIT} levels.` });
    }
  }
  state.parsedBody = { value };
  return value;
};
