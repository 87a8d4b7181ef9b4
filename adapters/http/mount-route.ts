// Mounts a route definition on the Koa router: key permission, path/query/body decoding,
// the handler, then the `fields` projection of the answer. The part that needs no Koa (decoding,
// the handler, the projection, the answer cache) is made once per route and shared with the
// direct path of cacheable reads (direct-reads.ts), which mountRoute returns for those routes.
import type { Router, RouterMiddleware } from "@koa/router";
import { Either, ParseResult, Schema } from "effect";
import type { Principal } from "../../application/access/principal.js";
import type { VerifyRequestSignature } from "../../application/access/verify-request-signature.js";
import { SecretKeyRequired } from "../../application/errors/access-errors.js";
import { ParameterInvalid, ParameterMissing, ParameterUnknown } from "../../application/errors/request-errors.js";
import { ResourceMissing } from "../../application/errors/resource-errors.js";
import { keyPermits } from "../../domain/access/api-key.js";
import { roleMay } from "../../domain/staff/permissions.js";
import { PermissionDenied } from "../../application/errors/staff-errors.js";
import type { AuditTrail } from "../../application/staff/audit-trail.js";
import { withRequestId } from "../system/async-request-context.js";
import type { GenericAudit } from "./admin/mirrored-routes.js";
import { JSON_CONTENT_TYPE, matchesEtag, type AnswerCache, type AnswerScope, type AnswerStart, type CachedAnswer } from "./answer-cache.js";
import { answerJson } from "./answer-json.js";
import { parseFields, project, type Projection } from "./fields-projection.js";
import { IDEMPOTENCY_HEADER, runIdempotently, validIdempotencyKey, type Answer, type IdempotencyGuards } from "./idempotent-execution.js";
import { decodeInput } from "./input-decoding.js";
import { readJsonBody } from "./middleware/body-reader.js";
import { NO_KOA_CONTEXT, RouteReply, type AnyRoute, type FieldsAllowance, type RouteContext } from "./route-definition.js";
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
  /** The audit log, and how each write recorded generically is audited (admin/mirrored-routes.ts). */
  readonly auditTrail?: AuditTrail;
  readonly audits?: ReadonlyMap<AnyRoute, GenericAudit>;
}

const asRecord = (body: unknown): Record<string, unknown> | null =>
  typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;

/** The record's values before a write, read by its GET outside the write's transaction; null when it has none or it cannot be read. */
const readBefore = async (get: AnyRoute, params: Readonly<Record<string, string>>, principal: Principal): Promise<Record<string, unknown> | null> => {
  try {
    const names = [...get.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const own = Object.fromEntries(names.map((name) => [name, params[name]]));
    const decodedParams = get.params === undefined ? {} : Schema.decodeUnknownSync(get.params)(own);
    const query = get.query === undefined ? {} : decodeInput(get.query, {}, "query");
    const result = await get.handle({ params: decodedParams, query, body: undefined, principal, ctx: NO_KOA_CONTEXT });
    return asRecord(result instanceof RouteReply ? result.body : result);
  } catch {
    return null;
  }
};

/** Runs a write audited generically: values before, then the write and its audit record in one transaction. */
const auditedRun = (audit: GenericAudit, guards: RouteGuards, params: Readonly<Record<string, string>>, principal: Principal, method: string, run: () => Promise<Answer>) => async (): Promise<Answer> => {
  const trail = guards.auditTrail;
  if (trail === undefined) return run();
  const before = audit.before === undefined ? null : await readBefore(audit.before, params, principal);
  return guards.uow.run(async () => {
    const answer = await run();
    if (answer.status < 300) {
      const after = method === "DELETE" ? null : asRecord(answer.body);
      const id = audit.resourceType === "store" ? principal.storeId : audit.idParam !== undefined ? (params[audit.idParam] ?? null) : typeof after?.id === "string" ? after.id : null;
      await trail.record(principal, principal.storeId, { operation: audit.operation, resourceType: audit.resourceType, resourceId: id, before, after: after ?? (method === "DELETE" ? null : before) });
    }
    return answer;
  });
};

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

/** The decoded request a route's handler runs on, from the path's values and the query as Koa parses them. */
interface RawRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string | string[] | undefined>>;
  readonly principal: Principal | undefined;
  readonly ctx: RouteContext;
  /** The JSON body, read only when the route takes one. */
  readonly body?: () => unknown;
}

/** What a route computed, and what its answer shows when it is a cacheable read (`scope`). */
interface Executed {
  readonly answer: Answer;
  readonly scope: AnswerScope | undefined;
}

/** Path, query and body decoding, the handler, then the `fields` projection: the part of a route that needs no Koa. */
const routeExecution = (route: AnyRoute): ((request: RawRequest, keepScope: boolean) => Promise<Executed>) => {
  const paramsDecoder = route.params === undefined ? undefined : Schema.decodeUnknownEither(route.params);
  const decodeQuery = (raw: Record<string, string>): unknown => {
    if (route.query !== undefined) return decodeInput(route.query, raw, "query");
    const first = Object.keys(raw)[0];
    if (first !== undefined) throw new ParameterUnknown({ param: first, message: `${first} is not a parameter of this operation` });
    return {};
  };
  return async (request, keepScope) => {
    let params: unknown = {};
    if (paramsDecoder !== undefined) {
      const decoded = paramsDecoder(request.params);
      if (Either.isLeft(decoded)) {
        if (route.invalidPath === "bad-request") {
          params = decodeInput(route.params!, request.params, "query"); // throws the 400 naming the parameter
        } else {
          // Still the 404 of docs/api/errors.md, "Malformed ids and slugs", but naming the path
          // parameter that is not an id.
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

    const rawQuery = singleValues(request.query);
    let projection: Projection | undefined;
    if (route.fields !== undefined) {
      projection = parseFields(rawQuery.fields, route.fields.allowed);
      delete rawQuery.fields;
    }
    const query = decodeQuery(rawQuery);
    const body = route.body === undefined ? undefined : decodeInput(route.body, request.body?.(), "body");

    const result = await route.handle({ params, query, body, principal: request.principal, ctx: request.ctx });
    const reply = result instanceof RouteReply ? result : new RouteReply(route.success.status, result);
    const scope = keepScope && reply.status === 200 && route.answerCache?.scope !== undefined ? route.answerCache.scope(reply.body, query) : undefined;
    return {
      scope,
      answer: {
        status: reply.status,
        headers: reply.headers ?? {},
        body:
          reply.status === 204
            ? undefined
            : projection !== undefined && route.fields !== undefined
              ? applyProjection(reply.body, route.fields, projection)
              : reply.body,
      },
    };
  };
};

/** A cacheable read's answer: the answer cache's entry (found current, or made now), or without a cache the answer and its JSON. */
export type ReadOutcome =
  | { readonly entry: CachedAnswer }
  | { readonly entry?: undefined; readonly answer: Answer; readonly json: string | undefined };

/**
 * A cacheable read (a GET with an `answerCache` policy): from the answer cache when it holds a
 * current answer; else computed under the stamps taken now, and kept. Koa's route and the direct
 * path (direct-reads.ts) both answer through it.
 */
const cachedRead = (route: AnyRoute, execute: ReturnType<typeof routeExecution>, answers: AnswerCache | undefined) => {
  // A catalog read (it names what its answer shows) answers records that are never changed once
  // made, so their JSON is kept beside them (answer-json.ts): the list's, or the whole answer's.
  const sharedRecords = route.answerCache?.scope !== undefined;
  const listKey = route.fields?.target !== undefined && "list" in route.fields.target ? route.fields.target.list : undefined;
  const confirmed = route.answerCache?.confirmed === true;
  return async (request: RawRequest & { readonly principal: Principal }, url: string): Promise<ReadOutcome> => {
    const principal = request.principal;
    const cacheKey = answers?.keyFor(principal, url, route.answerCache);
    let start: AnswerStart | undefined;
    if (cacheKey !== undefined) {
      const hit = confirmed ? await answers!.lookupConfirmed(cacheKey, principal.storeId) : answers!.lookup(cacheKey, principal.storeId);
      if (hit !== undefined) return { entry: hit };
      start = answers!.begin(principal.storeId);
    }
    const { answer, scope } = await execute(request, start !== undefined);
    const json = answer.status === 200 && answer.body !== undefined && sharedRecords ? answerJson(answer.body, listKey) : undefined;
    if (cacheKey !== undefined && answer.status === 200 && answer.body !== undefined) {
      return { entry: answers!.store(cacheKey, principal.storeId, start, answer.body, answer.headers, route.path, confirmed, scope, json) };
    }
    return { answer, json };
  };
};

/**
 * A route the direct path may answer without Koa (direct-reads.ts): a cacheable GET that names
 * what its answer shows, for keys (not public), with nothing to check before its handler.
 */
export interface DirectRoute {
  readonly route: AnyRoute;
  /** The answer, given the path's values and the query (as Koa would parse them). */
  read(request: RawRequest & { readonly principal: Principal }, url: string): Promise<ReadOutcome>;
}

/** Whether a route's reads can go by the direct path: see DirectRoute. */
export const goesDirect = (route: AnyRoute): boolean =>
  route.method === "GET" &&
  route.access !== "public" &&
  route.answerCache?.scope !== undefined &&
  route.signed !== true &&
  route.idempotency === undefined &&
  route.beforeExecution === undefined &&
  route.body === undefined;

/** Mounts the route on Koa's router; for a route that may go direct, returns how the direct path reads it. */
export const mountRoute = (router: Router<StorefrontState>, route: AnyRoute, guards: RouteGuards, answers?: AnswerCache): DirectRoute | undefined => {
  if (route.access === "public" && (route.signed === true || route.idempotency !== undefined)) {
    throw new Error(`route ${route.operationId}: a public route has no key, so it can be neither signed nor idempotent`);
  }
  if (route.path.startsWith("/admin/") && route.access !== "public" && route.permission === undefined) {
    throw new Error(`admin route ${route.operationId} names no permission (docs/staff.md: every admin operation checks one)`);
  }
  const execute = routeExecution(route);
  const audit = guards.audits?.get(route);
  const read = route.method === "GET" && route.answerCache !== undefined ? cachedRead(route, execute, answers) : undefined;

  const handler: RouterMiddleware<StorefrontState> = async (ctx) => {
    ctx.state.route = route.path;
    const principal = route.access === "public" ? undefined : ctx.state.principal;
    if (principal === undefined && route.access !== "public") throw new Error(`route ${route.operationId} reached without a principal`);
    if (principal !== undefined && !keyPermits(principal.keyType, route.access)) {
      throw new SecretKeyRequired({ message: "This operation needs a secret key; a publishable key may not call it." });
    }
    if (principal?.staff !== undefined && route.permission !== undefined && !roleMay(principal.staff.role, route.permission)) {
      throw new PermissionDenied({ permission: route.permission, message: `Your role (${principal.staff.role}) does not hold the permission ${route.permission}, which this operation needs.` });
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

    const request: RawRequest = { params: ctx.params, query: ctx.query, principal, ctx, body: () => readJsonBody(ctx) };
    let answer: Answer;
    let json: string | undefined;
    if (read !== undefined && principal !== undefined) {
      const outcome = await read({ ...request, principal }, ctx.url);
      if (outcome.entry !== undefined) return sendCached(ctx, outcome.entry, answers!);
      ({ answer, json } = outcome);
    } else {
      const plain = async (): Promise<Answer> => (await execute(request, false)).answer;
      const run = audit !== undefined && principal !== undefined && principal.keyType === "secret" ? auditedRun(audit, guards, ctx.params, principal, route.method, plain) : plain;
      const key = ctx.get(IDEMPOTENCY_HEADER);
      if (principal !== undefined && route.idempotency !== undefined && key !== "") {
        const ref = { storeId: principal.storeId, operation: route.operationId, key: validIdempotencyKey(key) };
        answer = await runIdempotently(ctx, ref, guards, run, { transactional: route.ownUnitsOfWork !== true });
      } else if (route.idempotency === "required") {
        throw new ParameterMissing({ param: IDEMPOTENCY_HEADER, message: "This operation needs an Idempotency-Key header" });
      } else {
        answer = await run();
      }
    }
    ctx.set({ ...answer.headers });
    ctx.status = answer.status;
    if (json !== undefined) {
      ctx.type = JSON_CONTENT_TYPE;
      ctx.body = json;
    } else if (answer.body !== undefined) ctx.body = answer.body;
  };

  // A write's audit records (audit-trail.ts) name the request they came in.
  const mounted: RouterMiddleware<StorefrontState> = route.method === "GET" ? handler : (ctx, next) => withRequestId(ctx.state.requestId, () => Promise.resolve(handler(ctx, next)));
  router.register(toKoaPath(route.path), [route.method], mounted, { name: route.operationId });
  return read !== undefined && goesDirect(route) ? { route, read } : undefined;
};
