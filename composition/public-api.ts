// The public entry point of the whole service (`storefront`): build the application from a
// configuration, migrate, and serve or mount its Koa app.
export { createApplication, type Application, type ApplicationOverrides } from "./container.js";
export { loadConfig, ConfigError, type Config } from "./config.js";
export { listen, type RunningServer } from "./server.js";
export { Worker, type ScheduledJob } from "./worker.js";
export { seedDemoStore, type DemoStoreSummary } from "./demo/seed-demo-store.js";
// The use case an embedder needs first: open a store and receive its API keys.
export { CreateStore, type CreatedStore, type CreateStoreInput } from "../application/stores/create-store.js";
