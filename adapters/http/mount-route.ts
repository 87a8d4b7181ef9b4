// Mounts a route definition on the Koa router: key permission, path/query/body decoding,
// the handler, then the `fields` projection of the answer.
import type { Router, RouterMiddleware } from "@koa/router";
import { Either, ParseResult, Schema } from "effect";
import type { VerifyRequestSignature } from "../../application/access/verify-request-signature.js";
import { SecretKeyRequired } from "../../application/errors/access-errors.js";
import { ParameterInvalid, ParameterMissing, ParameterUnknown } from "../../application/errors/request-errors.js";
import { ResourceMissing } from "../../application/errors/resource-errors.js";
import { keyPermits } from "../../domain/access/api-key.js";
import { JSON_CONTENT_TYPE, matchesEtag, type AnswerCache, type AnswerScope, type AnswerStart, type CachedAnswer } from "./answer-cache.js";
import { answerJson } from "./answer-json.js";
import { parseFields, project, type Projection } from "./fields-projection.js";
import { IDEMPOTENCY_HEADER, runIdempotently, validIdempotencyKey, type Answer, type IdempotencyGuards } from "./idempotent-execution.js";
import { decodeInput } from "./input-decoding.js";
import { readJsonBody } from "./middleware/body-reader.js";
import { RouteReply, type AnyRoute, type FieldsAllowance } from "./route-definition.js";
import type { StorefrontState } from "./state.js";

export const toKoaPath = (path: string): string => path.replace(/\{(\w+)\}/g, ":$1");

const singleValues = (query: Record<string, string | string[] | undefined>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const name in query) {
    const value = query[name];
    if (Array.isArray(value)) throw new ParameterInvalid({ param: name, message: `${name} must be given once` });
    if (value !== undefined) out[name] = value;
  }
  return out;
};

const applyProjection = (body: unknown, allowance: FieldsAllowance, projection: Projection): unknown => {
  if (typeof body !== "object" || body === null) return body;
  const record = body as Record<string, unknown>;
  const target = allowance.target;
  if (target === undefined) return project(record, projection);
  if ("list" in target) {
    const list = record[target.list];
    return Array.isArray(list)
      ? { ...record, [target.list]: list.map((item: Record<string, unknown>) => project(item, projection)) }
      : record;
  }
  const inner = record[target.key];
  return typeof inner === "object" && inner !== null
    ? { ...record, [target.key]: project(inner as Record<string, unknown>, projection) }
    : record;
};

/** What signed and idempotent routes need besides their handler. */
export interface RouteGuards extends IdempotencyGuards {
  readonly verifySignature: VerifyRequestSignature;
}

/** A route path as a pattern over request paths (`{name}` is one segment), to tell public routes before routing. */
export const pathPattern = (path: string): RegExp =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}$`);

/** Sends a serialized answer with its ETag, or 304 when the client holds it already. */
const sendCached = (ctx: Parameters<RouterMiddleware<StorefrontState>>[0], entry: CachedAnswer, answers: AnswerCache): void => {
  ctx.set({ ...entry.headers });
  ctx.set("ETag", entry.etag);
  if (matchesEtag(ctx.get("If-None-Match"), entry.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.status = 200;
  ctx.type = JSON_CONTENT_TYPE;
  ctx.body = entry.body;
  answers.noteServed(entry, ctx.req, ctx.res, !ctx.secure);
};

export const mountRoute = (router: Router<StorefrontState>, route: AnyRoute, guards: RouteGuards, answers?: AnswerCache): void => {
  if (route.access === "public" && (route.signed === true || route.idempotency !== undefined)) {
    throw new Error(`route ${route.operationId}: a public route has no key, so it can be neither signed nor idempotent`);
  }
  const paramsDecoder = route.params === undefined ? undefined : Schema.decodeUnknownEither(route.params);
  // A catalog read (it names what its answer shows) answers records that are never changed once
  // made, so their JSON is kept beside them (answer-json.ts): the list's, or the whole answer's.
  const sharedRecords = route.answerCache?.scope !== undefined;
  const listKey = route.fields?.target !== undefined && "list" in route.fields.target ? route.fields.target.list : undefined;
  const decodeQuery = (raw: Record<string, string>): unknown => {
    if (route.query !== undefined) return decodeInput(route.query, raw, "query");
    const first = Object.keys(raw)[0];
    if (first !== undefined) throw new ParameterUnknown({ param: first, message: `${first} is not a parameter of this operation` });
    return {};
  };

  const handler: RouterMiddleware<StorefrontState> = async (ctx) => {
    ctx.state.route = route.path;
    const principal = route.access === "public" ? undefined : ctx.state.principal;
    if (principal === undefined && route.access !== "public") throw new Error(`route ${route.operationId} reached without a principal`);
    if (principal !== undefined && !keyPermits(principal.keyType, route.access)) {
      throw new SecretKeyRequired({ message: "This operation needs a secret key; a publishable key may not call it." });
    }

    if (principal !== undefined && route.signed === true) {
      const header = (name: string): string | undefined => (ctx.get(name) === "" ? undefined : ctx.get(name));
      await guards.verifySignature.execute(principal, {
        timestamp: header("X-Timestamp"),
        signature: header("X-Signature"),
        rawBody: ctx.state.rawBody?.toString("utf8") ?? "",
      });
    }

    if (principal !== undefined && route.beforeExecution !== undefined) await route.beforeExecution({ principal, ctx });

    // A cacheable read: answered from the cache when current; else computed under the stamp taken now.
    const cacheKey =
      answers !== undefined && route.answerCache !== undefined && principal !== undefined && ctx.method === "GET"
        ? answers.keyFor(principal, ctx.url, route.answerCache)
        : undefined;
    let start: AnswerStart | undefined;
    /** What the answer shows (before projection), when the route says. */
    let scope: AnswerScope | undefined;
    if (cacheKey !== undefined) {
      const hit =
        route.answerCache?.confirmed === true
          ? await answers!.lookupConfirmed(cacheKey, principal!.storeId)
          : answers!.lookup(cacheKey, principal!.storeId);
      if (hit !== undefined) return sendCached(ctx, hit, answers!);
      start = answers!.begin(principal!.storeId);
    }

    const execute = async (): Promise<Answer> => {
      let params: unknown = {};
      if (paramsDecoder !== undefined) {
        const decoded = paramsDecoder(ctx.params);
        if (Either.isLeft(decoded)) {
          if (route.invalidPath === "bad-request") {
            params = decodeInput(route.params!, ctx.params, "query"); // throws the 400 naming the parameter
          } else {
            // Still the 404 CONTRACT section 2 fixes, but naming the path parameter that is not an id.
            const issue = ParseResult.ArrayFormatter.formatErrorSync(decoded.left)[0];
            const param = issue?.path.map(String).join(".") ?? "";
            throw new ResourceMissing(
              param === ""
                ? { resource: route.tag, message: `No such ${route.tag.toLowerCase()}.` }
                : { resource: route.tag, param, message: `No such ${route.tag.toLowerCase()}: the path parameter ${param} is not a valid id.` },
            );
          }
        } else {
          params = decoded.right;
        }
      }

      const rawQuery = singleValues(ctx.query);
      let projection: Projection | undefined;
      if (route.fields !== undefined) {
        projection = parseFields(rawQuery.fields, route.fields.allowed);
        delete rawQuery.fields;
      }
      const query = decodeQuery(rawQuery);
      const body = route.body === undefined ? undefined : decodeInput(route.body, readJsonBody(ctx), "body");

      const result = await route.handle({ params, query, body, principal, ctx });
      const reply = result instanceof RouteReply ? result : new RouteReply(route.success.status, result);
      if (start !== undefined && reply.status === 200 && route.answerCache?.scope !== undefined) scope = route.answerCache.scope(reply.body, query);
      return {
        status: reply.status,
        headers: reply.headers ?? {},
        body:
          reply.status === 204
            ? undefined
            : projection !== undefined && route.fields !== undefined
              ? applyProjection(reply.body, route.fields, projection)
              : reply.body,
      };
    };

    let answer: Answer;
    const key = ctx.get(IDEMPOTENCY_HEADER);
    if (principal !== undefined && route.idempotency !== undefined && key !== "") {
      const ref = { storeId: principal.storeId, operation: route.operationId, key: validIdempotencyKey(key) };
      answer = await runIdempotently(ctx, ref, guards, execute, { transactional: route.ownUnitsOfWork !== true });
    } else if (route.idempotency === "required") {
      throw new ParameterMissing({ param: IDEMPOTENCY_HEADER, message: "This operation needs an Idempotency-Key header" });
    } else {
      answer = await execute();
    }
    if (cacheKey !== undefined && answer.status === 200 && answer.body !== undefined) {
      const json = sharedRecords ? answerJson(answer.body, listKey) : undefined;
      return sendCached(ctx, answers!.store(cacheKey, principal!.storeId, start, answer.body, answer.headers, route.path, route.answerCache?.confirmed === true, scope, json), answers!);
    }
    ctx.set({ ...answer.headers });
    ctx.status = answer.status;
    if (answer.body !== undefined && sharedRecords && answer.status === 200) {
      ctx.type = JSON_CONTENT_TYPE;
      ctx.body = answerJson(answer.body, listKey);
    } else if (answer.body !== undefined) ctx.body = answer.body;
  };

  router.register(toKoaPath(route.path), [route.method], handler, { name: route.operationId });
};
