// The real application as the bench opens it: the ordinary config from the environment, a
// given database URL and a silent logger, so logging costs nothing during a run. The global
// per-key limit stays on (its cost is measured) but with a budget no run exhausts, since every
// bench connection shares one key.
import pino from "pino";
import { loadConfig } from "../composition/config.js";
import { createApplication, type Application } from "../composition/container.js";

export const openBenchApplication = (
  databaseUrl: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Application =>
  createApplication(loadConfig({ STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "100000000", ...env, STOREFRONT_DATABASE_URL: databaseUrl, STOREFRONT_LOG_LEVEL: "silent" }), {
    logger: pino({ level: "silent" }),
  });
