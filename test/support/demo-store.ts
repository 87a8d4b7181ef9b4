// Test support: the real application on an in-memory SQLite with the demo store seeded, served
// over HTTP, for the tests that check the demo data (docs/api/demo-store.md, "What the demo store
// holds").
import pino from "pino";
import { createApplication, type Application } from "../../composition/container.js";
import { seedDemoStore, type DemoStoreSummary } from "../../composition/demo/seed-demo-store.js";
import { serve, type TestClient } from "./http-client.js";
import { testConfig } from "./test-application.js";

export interface DemoStore {
  readonly application: Application;
  readonly client: TestClient;
  readonly summary: DemoStoreSummary;
  close(): Promise<void>;
}

export const openDemoStore = async (): Promise<DemoStore> => {
  const application = createApplication(testConfig(), { logger: pino({ level: "silent" }) });
  await application.migrate();
  const summary = await seedDemoStore(application.container);
  const client = await serve(application.httpApp());
  return {
    application,
    client,
    summary,
    close: async () => {
      await client.close();
      await application.close();
    },
  };
};
