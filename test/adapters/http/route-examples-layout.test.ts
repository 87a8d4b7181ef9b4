// Each route module keeps its operations' examples in one file beside it (docs/decisions/api.md,
// "api-32"): `X-routes.ts` in adapters/http/routes/ or adapters/http/admin/ has `X-examples.ts` in
// the same folder, whose one `...Examples` map holds exactly the examples of the module's
// operations, keyed by operationId, and each operation takes its example from there. The modules
// and their routes are read from the application's container, the objects the OpenAPI documents
// are built from; adapters/http/examples/ keeps only the shared placeholder ids (example-ids.ts).
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import pino from "pino";
import type { AnyRoute } from "../../../adapters/http/route-definition.js";
import type { Application } from "../../../composition/container.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const HTTP = join(ROOT, "adapters", "http");
const MODULE_DIRECTORIES = [join(HTTP, "routes"), join(HTTP, "admin")];
/** The shared placeholders every examples file may use; nothing else lives in this folder. */
const SHARED = join(HTTP, "examples");
const SHARED_FILES = ["example-ids.ts"];
/** `*-routes.ts` files that define no operation of their own, and why. */
const NOT_MODULES: Readonly<Record<string, string>> = {
  "adapters/http/admin/mirrored-routes.ts": "answers /v1 operations again under /admin/v1, with the /v1 examples less their key",
};

const name = (path: string): string => relative(ROOT, path);
/**
 * Every module is loaded by import(), the application's too: mocha may load this file's static
 * imports through another loader, whose copies of the classes and examples would not be the ones
 * compared here.
 */
const load = async (path: string): Promise<Record<string, unknown>> => (await import(pathToFileURL(path).href)) as Record<string, unknown>;
const filesOf = (directory: string, suffix: string): string[] =>
  readdirSync(directory)
    .filter((file) => file.endsWith(suffix))
    .sort()
    .map((file) => join(directory, file));

interface ModuleFile {
  readonly path: string;
  readonly routes: readonly AnyRoute[];
}

describe("route examples: one examples file beside each route module", () => {
  let application: Application;
  let instances: Array<{ readonly constructor: unknown; routes(): readonly AnyRoute[] }>;
  /** Each `*-routes.ts` that exports a route module the application composes, with that module's routes. */
  const modules: ModuleFile[] = [];
  /** `*-routes.ts` files that export none. */
  const notModules: string[] = [];

  before(async () => {
    const { createApplication } = (await load(join(ROOT, "composition", "container.ts"))) as typeof import("../../../composition/container.js");
    const { testConfig } = (await load(join(ROOT, "test", "support", "test-application.ts"))) as typeof import("../../support/test-application.js");
    const { AdminRouteModule, RouteModule } = (await load(join(HTTP, "route-module.ts"))) as typeof import("../../../adapters/http/route-module.js");
    application = createApplication(testConfig(), { logger: pino({ level: "silent" }) });
    const container = application.container;
    instances = [...container.getAll(RouteModule), ...container.getAll(AdminRouteModule)];
    for (const path of MODULE_DIRECTORIES.flatMap((directory) => filesOf(directory, "-routes.ts"))) {
      const exported = Object.values(await load(path));
      const own = instances.filter((instance) => exported.includes(instance.constructor));
      if (own.length === 0) notModules.push(name(path));
      else modules.push({ path, routes: own.flatMap((instance) => instance.routes()) });
    }
  });

  after(async () => {
    await application?.close();
  });

  it("finds every route module the application composes in a *-routes.ts of adapters/http/routes or admin", () => {
    assert.ok(modules.length > 30, `found ${modules.length} route modules`);
    const found = new Set(modules.flatMap((module) => module.routes.map((route) => route.operationId)));
    const composed = instances.flatMap((instance) => instance.routes().map((route) => route.operationId));
    assert.deepEqual(composed.filter((operationId) => !found.has(operationId)), []);
    assert.deepEqual(notModules.filter((path) => NOT_MODULES[path] === undefined), [], "a *-routes.ts that exports no route module the application composes");
  });

  it("defines no operation in mirrored-routes.ts: each mirrored admin operation is a /v1 one with its example less the key", () => {
    const own = new Set(modules.flatMap((module) => module.routes.map((route) => route.operationId)));
    const v1 = new Map(application.routes.map((route) => [`${route.method} ${route.path}`, route]));
    const mirrored = application.adminRoutes.filter((route) => !own.has(route.operationId));
    assert.ok(mirrored.length > 10, `found ${mirrored.length} mirrored operations`);
    const problems = mirrored.flatMap((route) => {
      const original = v1.get(`${route.method} ${route.path.replace(/^\/admin\/v1\//, "/v1/")}`);
      if (original === undefined) return [`${route.operationId}: no /v1 operation at its path`];
      const { key: _key, ...example } = original.example;
      return isDeepStrictEqual(route.example, example) ? [] : [`${route.operationId}: its example is not ${original.operationId}'s`];
    });
    assert.deepEqual(problems, []);
  });

  it("gives every route module an examples file beside it holding exactly its operations' examples, keyed by operationId", async () => {
    const problems: string[] = [];
    for (const module of modules) {
      const examplesPath = module.path.replace(/-routes\.ts$/, "-examples.ts");
      if (!existsSync(examplesPath)) {
        problems.push(`${name(module.path)}: no ${name(examplesPath)} beside it`);
        continue;
      }
      const maps = Object.entries(await load(examplesPath)).filter(([exported]) => exported.endsWith("Examples"));
      if (maps.length !== 1) {
        problems.push(`${name(examplesPath)}: exports ${maps.length} maps named ...Examples, not one`);
        continue;
      }
      const [mapName, map] = maps[0] as [string, Record<string, unknown>];
      const operations = new Map(module.routes.map((route) => [route.operationId, route]));
      for (const key of Object.keys(map)) {
        if (!operations.has(key)) problems.push(`${name(examplesPath)}: ${mapName}.${key} is not an operationId of ${name(module.path)}`);
      }
      for (const [operationId, route] of operations) {
        if (route.example !== map[operationId]) problems.push(`${name(module.path)}: ${operationId} does not take its example from ${mapName}.${operationId} (${name(examplesPath)})`);
      }
    }
    assert.deepEqual(problems, []);
  });

  it("has a route module beside every examples file, and no examples elsewhere", () => {
    const modulePaths = new Set(modules.map((module) => module.path));
    const orphans = MODULE_DIRECTORIES.flatMap((directory) => filesOf(directory, "-examples.ts"))
      .filter((path) => !modulePaths.has(path.replace(/-examples\.ts$/, "-routes.ts")))
      .map((path) => `${name(path)}: no route module beside it`);
    const shared = readdirSync(SHARED)
      .filter((file) => !SHARED_FILES.includes(file))
      .map((file) => `${name(join(SHARED, file))}: examples belong beside their route module`);
    assert.deepEqual([...orphans, ...shared], []);
  });
});
