// Idempotency-Key handling (docs/api/idempotency.md): the first request with a key claims it and
// its answer (status, headers, body, errors included) is stored in the same transaction as its
// changes; a repeat with the same body replays that answer with `Idempotent-Replayed: true`, a
// repeat with another body is a 422, a repeat while the first runs a 409. A 5xx or a 429 (the
// request did not run) releases the key so that a retry runs again.
import { createHash } from "node:crypto";
import type { Context } from "koa";
import { ParameterInvalid } from "../../application/errors/request-errors.js";
import { IdempotencyInProgress, IdempotencyKeyReused } from "../../application/errors/resource-errors.js";
import type { Clock } from "../../application/ports/clock.js";
import type { IdempotencyKeyRef, IdempotencyRecords, StoredResponse } from "../../application/ports/idempotency-records.js";
import type { UnitOfWork } from "../../application/ports/unit-of-work.js";
import { toErrorResponse } from "./error-response.js";
import type { StorefrontState } from "./state.js";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const CLAIM_LOCK_MS = 60_000;
const RECORD_TTL_MS = 24 * 60 * 60 * 1000;
/** Headers an answer carries that a replay must carry too. */
const KEPT_HEADERS = ["deprecation", "warning", "location"];

export interface IdempotencyGuards {
  readonly records: IdempotencyRecords;
  readonly uow: UnitOfWork;
  readonly clock: Clock;
}

export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

export const validIdempotencyKey = (key: string): string => {
  if (!/^[\x20-\x7e]{1,255}$/.test(key)) {
    throw new ParameterInvalid({ param: IDEMPOTENCY_HEADER, message: "Idempotency-Key must be 1 to 255 printable ASCII characters" });
  }
  return key;
};

const fingerprint = (ctx: Context & { state: StorefrontState }): string =>
  createHash("sha256")
    .update(`${ctx.method} ${ctx.path}\n`)
    .update(ctx.state.rawBody ?? Buffer.alloc(0))
    .digest("hex");

const stored = (answer: Answer): StoredResponse => ({
  status: answer.status,
  headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => KEPT_HEADERS.includes(name.toLowerCase()))),
  body: answer.body === undefined ? "" : JSON.stringify(answer.body),
});

/** Replays keep the original answer but name this request in an error body. */
const replayBody = (response: StoredResponse, requestId: string): unknown => {
  if (response.body === "") return undefined;
  const body = JSON.parse(response.body) as { error?: Record<string, unknown> };
  return body.error !== undefined ? { error: { ...body.error, request_id: requestId } } : body;
};

export const runIdempotently = async (
  ctx: Context & { state: StorefrontState },
  ref: IdempotencyKeyRef,
  guards: IdempotencyGuards,
  execute: () => Promise<Answer>,
  /** transactional false: the operation commits its own units of work (it calls a provider); its answer is stored after it. */
  options: { readonly transactional: boolean } = { transactional: true },
): Promise<Answer> => {
  const claim = await guards.records.claim(ref, fingerprint(ctx), guards.clock.now(), CLAIM_LOCK_MS, RECORD_TTL_MS);
  switch (claim.kind) {
    case "replay":
      return {
        status: claim.response.status,
        headers: { ...claim.response.headers, "Idempotent-Replayed": "true" },
        body: replayBody(claim.response, ctx.state.requestId),
      };
    case "reused":
      throw new IdempotencyKeyReused({ message: "This Idempotency-Key was used with a different request; use a new key." });
    case "in_progress":
      throw new IdempotencyInProgress({ message: "A request with this Idempotency-Key is still being processed; retry shortly." });
    case "claimed":
      break;
  }
  try {
    if (!options.transactional) {
      const answer = await execute();
      await guards.records.complete(ref, stored(answer));
      return answer;
    }
    return await guards.uow.run(async () => {
      const answer = await execute();
      await guards.records.complete(ref, stored(answer));
      return answer;
    });
  } catch (error) {
    const response = toErrorResponse(error, ctx.state.requestId);
    if (response.status < 500 && response.status !== 429) await guards.records.complete(ref, stored(response));
    else await guards.records.release(ref).catch(() => undefined);
    throw error;
  }
};
