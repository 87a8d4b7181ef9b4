// Specifies configuration from the environment: the defaults, the MySQL settings, and that each
// bad value stops start-up with a ConfigError of one line naming the variable.
import assert from "node:assert/strict";
import { ConfigError, DEFAULT_SQLITE_FILE, loadConfig } from "../../composition/config.js";

const assertConfigError = (env: Record<string, string>, variable: string): ConfigError => {
  let caught: unknown;
  try {
    loadConfig(env);
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof ConfigError, `expected a ConfigError for ${JSON.stringify(env)}, got ${String(caught)}`);
  assert.ok(!caught.message.includes("\n"), `the message should be one line: ${JSON.stringify(caught.message)}`);
  assert.ok(caught.message.trim().length > 0);
  assert.ok(caught.message.includes(variable), `the message should name ${variable}: ${caught.message}`);
  return caught;
};

describe("loadConfig", () => {
  it("defaults: port 3000 on 0.0.0.0, SQLite at data/storefront.sqlite, info logs", () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, "0.0.0.0");
    assert.equal(DEFAULT_SQLITE_FILE, "data/storefront.sqlite");
    assert.deepEqual(config.database, { dialect: "sqlite", filename: "data/storefront.sqlite" });
    assert.equal(config.logLevel, "info");
    assert.equal(config.production, false);
    assert.equal(config.trustProxy, false);
  });

  it("ignores variables it does not know and treats empty values as unset", () => {
    const config = loadConfig({ PATH: "/bin", PORT: "", STOREFRONT_DATABASE_URL: "", SOMETHING_ELSE: "x" });
    assert.equal(config.port, 3000);
    assert.deepEqual(config.database, { dialect: "sqlite", filename: DEFAULT_SQLITE_FILE });
  });

  it("reads the values it is given", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      STOREFRONT_DATABASE_URL: "sqlite:/tmp/shop.sqlite",
      STOREFRONT_LOG_LEVEL: "silent",
      STOREFRONT_TRUST_PROXY: "1",
    });
    assert.equal(config.port, 8080);
    assert.equal(config.host, "127.0.0.1");
    assert.equal(config.production, true);
    assert.deepEqual(config.database, { dialect: "sqlite", filename: "/tmp/shop.sqlite" });
    assert.equal(config.logLevel, "silent");
    assert.equal(config.trustProxy, true);
  });

  it("a mysql URL gives the MySQL settings with the pool defaults", () => {
    const url = "mysql://shop:s3cret@db.internal:3307/storefront";
    assert.deepEqual(loadConfig({ STOREFRONT_DATABASE_URL: url }).database, {
      dialect: "mysql",
      url,
      poolMin: 0,
      poolMax: 10,
      acquireTimeoutMs: 2000,
    });
  });

  it("a mysql URL takes the pool settings from the environment", () => {
    const config = loadConfig({
      STOREFRONT_DATABASE_URL: "mysql://root@localhost/shop",
      STOREFRONT_DB_POOL_MIN: "2",
      STOREFRONT_DB_POOL_MAX: "20",
      STOREFRONT_DB_ACQUIRE_TIMEOUT_MS: "500",
    });
    assert.deepEqual(config.database, { dialect: "mysql", url: "mysql://root@localhost/shop", poolMin: 2, poolMax: 20, acquireTimeoutMs: 500 });
  });

  it("time limits on slow clients: headers within 10 s, a body at 1 KiB/s over 10 s, 20 min for a whole request", () => {
    assert.deepEqual(loadConfig({}).http, {
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 1_200_000,
      bodyTimeoutMs: 10_000,
      bodyMinBytesPerSecond: 1_024,
      keepAliveTimeoutMs: 65_000,
      shutdownGraceMs: 25_000,
    });
    const configured = loadConfig({
      STOREFRONT_HEADERS_TIMEOUT_MS: "5000",
      STOREFRONT_REQUEST_TIMEOUT_MS: "60000",
      STOREFRONT_BODY_TIMEOUT_MS: "20000",
      STOREFRONT_BODY_MIN_BYTES_PER_SECOND: "500",
    }).http;
    assert.deepEqual([configured.headersTimeoutMs, configured.requestTimeoutMs, configured.bodyTimeoutMs, configured.bodyMinBytesPerSecond], [5_000, 60_000, 20_000, 500]);
    // 0 bytes a second: only a body silent for the whole body timeout is cut off.
    assert.equal(loadConfig({ STOREFRONT_BODY_MIN_BYTES_PER_SECOND: "0" }).http.bodyMinBytesPerSecond, 0);
    const error = assertConfigError({ STOREFRONT_HEADERS_TIMEOUT_MS: "30000", STOREFRONT_REQUEST_TIMEOUT_MS: "20000" }, "STOREFRONT_HEADERS_TIMEOUT_MS");
    assert.match(error.message, /STOREFRONT_REQUEST_TIMEOUT_MS/);
  });

  const BAD: ReadonlyArray<readonly [string, string]> = [
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "80.5"],
    ["STOREFRONT_DB_POOL_MAX", "0"],
    ["STOREFRONT_DB_POOL_MIN", "x"],
    ["STOREFRONT_DATABASE_URL", "postgres://x"],
    ["STOREFRONT_DATABASE_URL", "sqlite:"],
    ["STOREFRONT_DATABASE_URL", "mysql://host-without-database"],
    ["STOREFRONT_DATABASE_URL", "mysql://root@node1:3306,,node3:3306/shop"],
    ["STOREFRONT_DATABASE_URL", "mysql://root@node1:3306,node2:70000/shop"],
    ["STOREFRONT_LOG_LEVEL", "loud"],
    ["STOREFRONT_TRUST_PROXY", "maybe"],
    ["STOREFRONT_API_KEY_CACHE_MS", "soon"],
    ["STOREFRONT_BODY_TIMEOUT_MS", "50"],
    ["STOREFRONT_BODY_TIMEOUT_MS", "1.5"],
    ["STOREFRONT_BODY_MIN_BYTES_PER_SECOND", "-1"],
    ["STOREFRONT_BODY_MIN_BYTES_PER_SECOND", "fast"],
    ["STOREFRONT_BODY_MIN_BYTES_PER_SECOND", "2000000"],
  ];
  for (const [variable, value] of BAD) {
    it(`${variable}=${value} throws a one-line ConfigError naming ${variable}`, () => {
      const error = assertConfigError({ [variable]: value }, variable);
      assert.ok(error.message.includes(value), `the message should quote the bad value: ${error.message}`);
    });
  }

  it("several hosts of a cluster are accepted; a bad host list says which host is wrong, never the password", () => {
    const url = "mysql://shop:secret@node1:3306,node2:3306,node3:3306/storefront";
    assert.deepEqual(loadConfig({ STOREFRONT_DATABASE_URL: url }).database, { dialect: "mysql", url, poolMin: 0, poolMax: 10, acquireTimeoutMs: 2_000 });
    const error = assertConfigError({ STOREFRONT_DATABASE_URL: "mysql://shop:secret@node1:3306,node2:port/storefront" }, "STOREFRONT_DATABASE_URL");
    assert.match(error.message, /host 2 \("node2:port"\) whose port is not a number/);
    assert.doesNotMatch(error.message, /secret/);
    const twice = assertConfigError({ STOREFRONT_DATABASE_URL: "mysql://root@node1,node1:3306/storefront" }, "STOREFRONT_DATABASE_URL");
    assert.match(twice.message, /lists node1:3306 twice/);
  });

  it("a pool minimum above the maximum names both variables", () => {
    const error = assertConfigError({ STOREFRONT_DB_POOL_MIN: "5", STOREFRONT_DB_POOL_MAX: "2" }, "STOREFRONT_DB_POOL_MIN");
    assert.match(error.message, /STOREFRONT_DB_POOL_MAX/);
  });

  it("the message names the bad variable, not a good one beside it", () => {
    const error = assertConfigError({ PORT: "8080", STOREFRONT_LOG_LEVEL: "loud" }, "STOREFRONT_LOG_LEVEL");
    assert.doesNotMatch(error.message, /PORT/);
  });

  it("does not echo a database password in the message", () => {
    let message = "";
    try {
      loadConfig({ STOREFRONT_DATABASE_URL: "postgres://user:hunter2@db/shop" });
    } catch (error) {
      message = (error as Error).message;
    }
    assert.match(message, /STOREFRONT_DATABASE_URL/);
    assert.doesNotMatch(message, /hunter2/, `a bad URL's password leaks into logs and terminals: ${message}`);
    assert.match(message, /postgres:\/\/user:\*\*\*@db\/shop/, "the rest of the value is still shown");
    try {
      loadConfig({ STOREFRONT_DATABASE_URL: "mysql://root:p@ss:w0rd@db:3306/" });
    } catch (error) {
      message = (error as Error).message;
    }
    assert.match(message, /STOREFRONT_DATABASE_URL/);
    assert.doesNotMatch(message, /w0rd/);
    try {
      loadConfig({ STOREFRONT_DATABASE_URL: "mysql://root:a/b@db/" });
    } catch (error) {
      message = (error as Error).message;
    }
    assert.match(message, /mysql:\/\/root:\*\*\*@db\//);
  });
});
