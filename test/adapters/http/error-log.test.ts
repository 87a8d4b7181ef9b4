// The log line of an error answer (error-response.ts `logErrorAnswer`): a 503 names the driver
// error behind it at warn, never the statement knex wrote into the driver's message with its
// values; an unexpected error is logged at error with its stack; other answers write nothing.
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { describe, it } from "mocha";
import pino from "pino";
import { ServiceUnavailable } from "../../../application/errors/infrastructure-errors.js";
import { logErrorAnswer, toErrorResponse } from "../../../adapters/http/error-response.js";
import { RouteNotFound } from "../../../adapters/http/http-errors.js";
import { translateDatabaseError } from "../../../adapters/persistence/database-errors.js";

const collect = () => {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, done) {
        for (const text of String(chunk).split("\n")) if (text.trim() !== "") lines.push(JSON.parse(text));
        done();
      },
    }),
  );
  return { lines, logger };
};

const log = (error: unknown) => {
  const { lines, logger } = collect();
  logErrorAnswer(logger, error, toErrorResponse(error, "req_0123"), { requestId: "req_0123", method: "POST", path: "/v1/orders" });
  return lines;
};

const driverError = (code: string, message: string): Error => Object.assign(new Error(message), { code });

describe("error answers in the log", () => {
  it("a 503 from a pool wait names KnexTimeoutError at warn, with the request id and path", () => {
    const timeout = Object.assign(new Error("Knex: Timeout acquiring a connection. The pool is probably full."), { name: "KnexTimeoutError" });
    const lines = log(translateDatabaseError(timeout));
    assert.equal(lines.length, 1);
    assert.equal(lines[0]!.level, 40);
    assert.equal(lines[0]!.msg, "service unavailable");
    assert.equal(lines[0]!.requestId, "req_0123");
    assert.equal(lines[0]!.path, "/v1/orders");
    assert.equal(lines[0]!.cause, "KnexTimeoutError: Knex: Timeout acquiring a connection. The pool is probably full.");
  });

  it("a 503 from a lost connection keeps the driver's words and drops the statement with its values", () => {
    const secret = "$argon2id$v=19$m=65536$c2VjcmV0";
    const reset = driverError("ECONNRESET", `insert into \`customers\` (\`email\`, \`password_hash\`) values ('ann@example.com', '${secret}') - read ECONNRESET`);
    const lines = log(translateDatabaseError(reset));
    assert.equal(lines.length, 1);
    assert.equal(lines[0]!.cause, "Error: ECONNRESET: read ECONNRESET");
    const text = JSON.stringify(lines);
    assert.ok(!text.includes(secret) && !text.includes("ann@example.com"), text);
    // A statement alone, without the driver's words after it, leaves the name and code.
    const bare = log(translateDatabaseError(driverError("ECONNRESET", "delete from `carts` where `id` = 'c1'")));
    assert.equal(bare[0]!.cause, "Error: ECONNRESET");
  });

  it("a 503 without a cause gives the answer's message; 4xx answers write nothing; a bug is logged at error", () => {
    const plain = log(new ServiceUnavailable({ message: "The database is unavailable. Try again shortly.", retryAfterSeconds: 1 }));
    assert.equal(plain[0]!.cause, "The database is unavailable. Try again shortly.");
    const busy = log(translateDatabaseError(driverError("ER_LOCK_DEADLOCK", "Deadlock found when trying to get lock")));
    assert.equal(busy[0]!.cause, "Error: ER_LOCK_DEADLOCK: Deadlock found when trying to get lock");
    assert.deepEqual(log(new RouteNotFound({ message: "No route GET /v1/nothing." })), []);
    const bug = log(new TypeError("x is undefined"));
    assert.equal(bug.length, 1);
    assert.equal(bug[0]!.level, 50);
    assert.equal(bug[0]!.msg, "unexpected error");
  });

  it("a foreign key's refusal that reaches the client is a 409 reference_conflict, never a 500, and is logged at error as a defect, without the statement", () => {
    for (const [code, words] of [
      ["ER_NO_REFERENCED_ROW_2", "Cannot add or update a child row: a foreign key constraint fails"],
      ["ER_ROW_IS_REFERENCED_2", "Cannot delete or update a parent row: a foreign key constraint fails"],
      ["SQLITE_CONSTRAINT_FOREIGNKEY", "FOREIGN KEY constraint failed"],
    ] as const) {
      const error = translateDatabaseError(driverError(code, `insert into cart_items (id) values ('ann@example.com') - ${words}`));
      const response = toErrorResponse(error, "req_0123");
      assert.equal(response.status, 409, code);
      assert.deepEqual([response.body.error.type, response.body.error.code], ["conflict_error", "reference_conflict"]);
      assert.match(response.body.error.message, /deleted meanwhile/);
      const lines = log(error);
      assert.equal(lines.length, 1);
      assert.deepEqual([lines[0]!.level, lines[0]!.defect, lines[0]!.msg], [50, true, "a write referred to a record that is gone"]);
      assert.ok(!JSON.stringify(lines).includes("ann@example.com"));
    }
  });
});
