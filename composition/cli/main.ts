// The `storefront` command: serve, migrate, seed, demo-info, worker, import, staff create. Configuration comes from the
// environment (see README); a bad value stops with one line naming the variable.
import cluster from "node:cluster";
import { Command, InvalidArgumentError } from "commander";
import pino from "pino";
import { ConfigError, describeDatabase, loadConfig, unknownSettings, type Config } from "../config.js";
import { createApplication, type Application } from "../container.js";
import { demoInfoLines, demoInfoOfSummary, findDemoStores, readDemoInfo } from "../demo/demo-info.js";
import { seedDemoStore, type DemoStoreSummary } from "../demo/seed-demo-store.js";
import { listen } from "../server.js";
import { Worker } from "../worker.js";
import { registerImportCommand } from "./import-command.js";
import { registerStaffCommand } from "./staff-command.js";

const positiveInt = (text: string): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new InvalidArgumentError("must be an integer from 0 to 65535");
  return value;
};

const configOrExit = (): Config => {
  try {
    for (const { name, nearest } of unknownSettings()) {
      process.stderr.write(`warning: ${name} is not a Storefront setting and is ignored; did you mean ${nearest}?\n`);
    }
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
};

/** Logs of one-shot commands go to stderr so that stdout carries only their answer. */
const oneShot = (config: Config): Application =>
  createApplication(config, { logger: pino({ level: config.logLevel }, pino.destination(2)) });

const printKeys = (summary: DemoStoreSummary, port: number): void => {
  const base = `http://localhost:${port}`;
  process.stdout.write(
    [
      "",
      "Demo store seeded. Its keys (shown once; only hashes are stored):",
      `  store_id             ${summary.store_id}`,
      `  secret key (test)    ${summary.secret_key}`,
      `  publishable (test)   ${summary.publishable_key}`,
      `  hmac secret          ${summary.hmac_secret}`,
      "",
      ...(summary.staff_owner === undefined
        ? []
        : [
            "Back office owner (the admin API and /admin; shown once, only a hash is kept):",
            `  email                ${summary.staff_owner.email}`,
            `  password             ${summary.staff_owner.password}`,
            "",
          ]),
      ...demoInfoLines(demoInfoOfSummary(summary)),
      "(`storefront demo-info` prints the customers and gift cards again; the keys are not kept.)",
      "",
      "Try:",
      `  curl -s '${base}/v1/openapi.json' -o /dev/null -w '%{http_code}\\n'`,
      `  curl -s -H 'Authorization: Bearer ${summary.secret_key}' '${base}/v1/products?limit=2'`,
      "",
    ].join("\n"),
  );
};

const program = new Command()
  .name("storefront")
  .description("Storefront: the back end of an online store.")
  .showHelpAfterError();

program
  .command("serve")
  .description("migrate, seed a demo store on an empty database, and serve the /v1 API")
  .option("-p, --port <port>", "port to listen on (overrides PORT)", positiveInt)
  .option("-w, --workers <count>", "HTTP worker processes sharing the port (node:cluster); 0 or 1 serves in this process", positiveInt)
  .option("--no-worker", "do not run the background worker in this process")
  .option("--no-demo", "do not seed a demo store on an empty database")
  .action(async (options: { port?: number; workers?: number; worker: boolean; demo: boolean }) => {
    const config = configOrExit();
    const port = options.port ?? config.port;
    const processes = options.workers ?? 0;
    if (processes > 1 && cluster.isPrimary) {
      await serveCluster(config, port, processes, options);
      return;
    }
    const clustered = cluster.isWorker;
    const application = createApplication(config);
    // In a cluster the primary has migrated and seeded, and runs the background worker.
    const summary = clustered ? undefined : await prepare(application, options.demo);
    const server = await listen(application.httpApp(), port, config.host, config.http, application.logger);
    const worker = new Worker(options.worker && !clustered ? application.jobs : [], application.logger);
    worker.start();
    application.logger.info({ port: server.port, database: describeDatabase(config.database), pid: process.pid }, "storefront listening");
    if (summary !== undefined) printPrepared(summary, server.port);

    let stopping = false;
    const shutdown = async (signal: string): Promise<void> => {
      if (stopping) return;
      stopping = true;
      application.logger.info({ signal }, "shutting down: draining requests");
      await server.close();
      await worker.stop();
      await application.close();
      process.exit(0);
    };
    process.on("SIGTERM", () => void shutdown("SIGTERM"));
    process.on("SIGINT", () => void shutdown("SIGINT"));
  });

/** What `serve` found or did before listening: a demo store it seeded, or the one seeded by an earlier start. */
type Prepared = { readonly seeded: DemoStoreSummary } | { readonly existingDemo: string };

/**
 * Migrates, and seeds the demo store when the database holds no store yet; on a database that
 * holds the demo store already, names it (its keys were shown once, when it was seeded).
 */
async function prepare(application: Application, demo: boolean): Promise<Prepared | undefined> {
  await application.migrate();
  if (!demo) return undefined;
  const stores = (await application.database.knex("stores").count({ n: "*" }).first())?.n;
  if (Number(stores) === 0) return { seeded: await seedDemoStore(application.container) };
  const existing = (await findDemoStores(application.database)).at(-1);
  return existing === undefined ? undefined : { existingDemo: existing };
}

const printPrepared = (prepared: Prepared, port: number): void => {
  if ("seeded" in prepared) {
    printKeys(prepared.seeded, port);
    return;
  }
  process.stdout.write(
    [
      "",
      `The demo store ${prepared.existingDemo} was seeded by an earlier start; its keys were shown then (only hashes are stored).`,
      "Its customers' passwords and gift card codes: `npx storefront demo-info` (with the same STOREFRONT_DATABASE_URL).",
      "",
    ].join("\n"),
  );
};

/**
 * `serve --workers N`: the primary migrates, seeds and runs the background worker; N forked
 * processes serve HTTP on the shared port. A process that dies is replaced; SIGTERM drains all.
 */
async function serveCluster(config: Config, port: number, count: number, options: { worker: boolean; demo: boolean }): Promise<void> {
  const application = createApplication(config);
  const summary = await prepare(application, options.demo);
  const worker = new Worker(options.worker ? application.jobs : [], application.logger);
  worker.start();
  let stopping = false;
  let listening = 0;
  const fork = (): void => {
    cluster.fork({ ...process.env, PORT: String(port) }).once("listening", () => {
      listening += 1;
      if (listening === count) {
        application.logger.info({ port, workers: count, database: describeDatabase(config.database) }, "storefront cluster listening");
        if (summary !== undefined) printPrepared(summary, port);
      }
    });
  };
  cluster.on("exit", (dead, code, signal) => {
    if (stopping) return;
    application.logger.warn({ pid: dead.process.pid, code, signal }, "HTTP worker died; starting another");
    fork();
  });
  for (let i = 0; i < count; i += 1) fork();

  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    application.logger.info({ signal }, "shutting down the cluster: draining requests");
    const exits = Object.values(cluster.workers ?? {}).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child === undefined || child.isDead()) return resolve();
          child.once("exit", () => resolve());
          child.process.kill("SIGTERM");
        }),
    );
    await Promise.all(exits);
    await worker.stop();
    await application.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

program
  .command("migrate")
  .description("bring the database schema up to date")
  .action(async () => {
    const config = configOrExit();
    const application = oneShot(config);
    await application.migrate();
    await application.close();
    process.stdout.write(`migrations applied to the ${describeDatabase(config.database)}\n`);
  });

program
  .command("seed")
  .description("create a store with API keys (with --demo: the demo store and its data)")
  .option("--demo", "seed the demo store with its catalog, customers and orders", false)
  .option("--json", "print one JSON object instead of text", false)
  .option("--name <name>", "store name (without --demo)", "My Store")
  .option("--currency <code>", "base currency (without --demo)", "KES")
  .action(async (options: { demo: boolean; json: boolean; name: string; currency: string }) => {
    const application = oneShot(configOrExit());
    await application.migrate();
    let summary: DemoStoreSummary;
    if (options.demo) {
      summary = await seedDemoStore(application.container);
    } else {
      const { CreateStore } = await import("../../application/stores/create-store.js");
      const created = await application.container.get(CreateStore).execute({ name: options.name, baseCurrency: options.currency });
      summary = {
        store_id: created.store.id,
        secret_key: created.keys.secretTest,
        publishable_key: created.keys.publishableTest,
        secret_key_live: created.keys.secretLive,
        publishable_key_live: created.keys.publishableLive,
        hmac_secret: created.store.hmacSecret,
        customers: [],
        gift_cards: {},
      };
    }
    await application.close();
    process.stdout.write(options.json ? `${JSON.stringify(summary)}\n` : `${JSON.stringify(summary, null, 2)}\n`);
  });

program
  .command("demo-info")
  .description("print the demo store's customers (emails, passwords) and gift card codes by state again; seeds nothing")
  .option("--store <store_id>", "the demo store (default: every demo store of the database)")
  .option("--json", "print one JSON object (an array under stores) instead of text", false)
  .action(async (options: { store?: string; json: boolean }) => {
    const application = oneShot(configOrExit());
    try {
      await application.migrate();
      const demoStores = await findDemoStores(application.database);
      const chosen = options.store === undefined ? demoStores : demoStores.filter((id) => id === options.store);
      if (chosen.length === 0) {
        process.stderr.write(
          options.store === undefined
            ? "storefront demo-info: the database holds no demo store; `npm start` on an empty database (or `storefront seed --demo`) seeds one\n"
            : `storefront demo-info: ${options.store} is not a demo store of this database\n`,
        );
        process.exitCode = 1;
        return;
      }
      const infos = [];
      for (const id of chosen) infos.push(await readDemoInfo(application.container, application.database, id));
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ stores: infos })}\n`);
        return;
      }
      const text = infos.flatMap((info) => [
        `Demo store ${info.store_id} (${info.store_name})`,
        ...demoInfoLines(info),
        "",
      ]);
      text.push("API keys are shown only when a store is seeded (only their hashes are stored).", "");
      process.stdout.write(text.join("\n"));
    } finally {
      await application.close();
    }
  });

program
  .command("worker")
  .description("run the background worker (webhook delivery, scheduled jobs) until stopped")
  .action(async () => {
    const config = configOrExit();
    const application = createApplication(config);
    await application.migrate();
    const worker = new Worker(application.jobs, application.logger);
    worker.start();
    application.logger.info({ jobs: application.jobs.map((j) => j.name) }, "worker started");
    const stop = async (): Promise<void> => {
      await worker.stop();
      await application.close();
      process.exit(0);
    };
    process.on("SIGTERM", () => void stop());
    process.on("SIGINT", () => void stop());
    // Keep the process alive while the (unref'd) job timers run.
    setInterval(() => undefined, 1 << 30);
  });

registerImportCommand(program);
registerStaffCommand(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`storefront: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
