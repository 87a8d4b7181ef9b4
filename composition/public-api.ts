// The public entry point of the whole service (`storefront`): build the application from a
// configuration, migrate, and serve or mount its Koa app.
export { createApplication, type Application, type ApplicationOverrides } from "./container.js";
export { loadConfig, ConfigError, type Config } from "./config.js";
export { listen, type RunningServer } from "./server.js";
export { Worker, type ScheduledJob } from "./worker.js";
