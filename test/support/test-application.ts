// Builds the real application (container, adapters, Koa app) on a fresh database for a test:
// an in-memory SQLite by default, or a MySQL URL. Seeds one store and returns its keys.
import pino from "pino";
import { CreateStore, type CreatedStore } from "../../application/stores/create-store.js";
import { loadConfig, type Config } from "../../composition/config.js";
import { createApplication, type Application, type ApplicationOverrides } from "../../composition/container.js";
import { serve, type TestClient } from "./http-client.js";

export interface TestApplication {
  readonly application: Application;
  readonly client: TestClient;
  readonly store: CreatedStore;
  /** Another store, to prove one store never sees another's records. */
  readonly otherStore: CreatedStore;
  close(): Promise<void>;
}

export interface TestApplicationOptions extends ApplicationOverrides {
  /** `mysql://...` to run on MySQL/MariaDB; an in-memory SQLite otherwise. */
  readonly databaseUrl?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Adjusts the decoded configuration (settings with no environment variable, e.g. rate windows). */
  readonly configure?: (config: Config) => Config;
}

export const testConfig = (options: TestApplicationOptions = {}): Config => {
  const config = loadConfig({
    STOREFRONT_DATABASE_URL: options.databaseUrl ?? "sqlite::memory:",
    STOREFRONT_LOG_LEVEL: "silent",
    // Suites send far more than 1,000 requests a minute per key and from one address; the
    // default budgets are specified in test/adapters/http/rate-limits.test.ts.
    STOREFRONT_RATE_LIMIT_PER_KEY_PER_MINUTE: "1000000000",
    STOREFRONT_RATE_LIMIT_AUTH_PER_ADDRESS_PER_MINUTE: "1000000000",
    ...options.env,
  });
  return options.configure === undefined ? config : options.configure(config);
};

export const startTestApplication = async (options: TestApplicationOptions = {}): Promise<TestApplication> => {
  const application = createApplication(testConfig(options), {
    logger: options.logger ?? pino({ level: "silent" }),
    ...(options.clock !== undefined ? { clock: options.clock } : {}),
    ...(options.paymentGateways !== undefined ? { paymentGateways: options.paymentGateways } : {}),
  });
  await application.migrate();
  const create = application.container.get(CreateStore);
  const store = await create.execute({ name: "Test Store", baseCurrency: "KES" });
  const otherStore = await create.execute({ name: "Other Store", baseCurrency: "USD" });
  const client = await serve(application.httpApp());
  return {
    application,
    client,
    store,
    otherStore,
    close: async () => {
      await client.close();
      await application.close();
    },
  };
};
