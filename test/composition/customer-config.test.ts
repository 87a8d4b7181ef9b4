// Tests for the configuration of customer accounts: scrypt cost, the SMTP URL and sender, and
// the sign-in budgets, with their defaults and one-line errors naming the variable.
import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "../../composition/config.js";

const rejects = (env: Record<string, string>, variable: string): string => {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    assert.match(error.message, new RegExp(`\\b${variable}\\b`));
    assert.equal(error.message.split("\n").length, 1);
    return error.message;
  }
  assert.fail(`${JSON.stringify(env)} should be refused`);
};

describe("configuration of customer accounts", () => {
  it("defaults: scrypt N=16384 r=8 p=1, no SMTP (codes logged), 5 failures per email and 50 per address in 15 minutes", () => {
    const config = loadConfig({});
    assert.deepEqual(config.scrypt, { cost: 16_384, blockSize: 8, parallelization: 1 });
    assert.equal(config.smtpUrl, undefined);
    assert.equal(config.mailFrom, "Storefront <no-reply@localhost>");
    assert.deepEqual(config.auth, { failuresPerEmail: 5, failuresPerAddress: 50, failuresPerCaller: 2_000, codeRequestsPerEmail: 5, windowSeconds: 900 });
  });

  it("reads every variable", () => {
    const config = loadConfig({
      STOREFRONT_SCRYPT_COST: "131072",
      STOREFRONT_SCRYPT_BLOCK_SIZE: "16",
      STOREFRONT_SCRYPT_PARALLELIZATION: "2",
      STOREFRONT_SMTP_URL: "smtps://mailer:s3cret@smtp.example.com:465",
      STOREFRONT_MAIL_FROM: "Savanna Home <shop@savanna.example>",
      STOREFRONT_AUTH_FAILURES_PER_EMAIL: "10",
      STOREFRONT_AUTH_FAILURES_PER_ADDRESS: "200",
      STOREFRONT_AUTH_FAILURES_PER_CALLER: "20000",
      STOREFRONT_AUTH_CODE_REQUESTS_PER_EMAIL: "3",
      STOREFRONT_AUTH_WINDOW_SECONDS: "3600",
    });
    assert.deepEqual(config.scrypt, { cost: 131_072, blockSize: 16, parallelization: 2 });
    assert.equal(config.smtpUrl, "smtps://mailer:s3cret@smtp.example.com:465");
    assert.equal(config.mailFrom, "Savanna Home <shop@savanna.example>");
    assert.deepEqual(config.auth, { failuresPerEmail: 10, failuresPerAddress: 200, failuresPerCaller: 20_000, codeRequestsPerEmail: 3, windowSeconds: 3600 });
  });

  it("refuses a scrypt cost that is not a power of two from 1024 to 1048576", () => {
    for (const cost of ["1000", "512", "2097152", "16k", "-16384"]) {
      assert.match(rejects({ STOREFRONT_SCRYPT_COST: cost }, "STOREFRONT_SCRYPT_COST"), /power of two/);
    }
  });

  it("refuses an SMTP URL of another scheme, without printing its password", () => {
    const message = rejects({ STOREFRONT_SMTP_URL: "https://mailer:hunter2@smtp.example.com" }, "STOREFRONT_SMTP_URL");
    assert.ok(!message.includes("hunter2"), message);
  });

  it("refuses budgets of zero", () => {
    rejects({ STOREFRONT_AUTH_FAILURES_PER_EMAIL: "0" }, "STOREFRONT_AUTH_FAILURES_PER_EMAIL");
    rejects({ STOREFRONT_AUTH_WINDOW_SECONDS: "0" }, "STOREFRONT_AUTH_WINDOW_SECONDS");
  });
});
