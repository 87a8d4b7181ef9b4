// Probes for load balancers and Kubernetes, outside /v1, without an API key and without rate
// limits: `GET /healthz` says the process answers (no database touched), `GET /readyz` says it
// should get traffic: the database answered within a short time, its migrations are the ones this
// build knows, and the server is not draining. Both answer small JSON; readiness failing is a 503.
import type Router from "@koa/router";

export interface ReadinessChecks {
  /** Resolves when the database answers; rejects (or times out) when it does not. */
  database(): Promise<void>;
  /** Whether every migration this build knows has run, and no unknown one has. */
  migrationsCurrent(): Promise<boolean>;
}

/** How long readiness waits for the database before calling it unavailable. */
export const READINESS_TIMEOUT_MS = 1_000;

export const HEALTH_PATHS = ["/healthz", "/readyz"] as const;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

/**
 * Mounts `/healthz`, and `/readyz` when there is something to check. `isDraining` says whether the
 * server is shutting down (composition/server.ts emits `draining` on the app when its close begins).
 */
export const mountHealthProbes = (router: Router<any>, checks: ReadinessChecks | undefined, isDraining: () => boolean): void => {
  router.get("/healthz", (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = { status: "ok" };
  });
  if (checks === undefined) return;
  router.get("/readyz", async (ctx) => {
    const database = await withTimeout(checks.database(), READINESS_TIMEOUT_MS).then(
      () => "ok" as const,
      () => "unavailable" as const,
    );
    const migrations =
      database === "ok"
        ? await withTimeout(checks.migrationsCurrent(), READINESS_TIMEOUT_MS).then(
            (current) => (current ? ("current" as const) : ("pending" as const)),
            () => "unknown" as const,
          )
        : ("unknown" as const);
    const draining = isDraining();
    const ready = database === "ok" && migrations === "current" && !draining;
    ctx.set("Cache-Control", "no-store");
    if (!ready) ctx.set("Retry-After", "1");
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? "ready" : "not_ready", checks: { database, migrations, draining } };
  });
};
