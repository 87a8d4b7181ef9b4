// Dialect differences in errors, in one place: which driver errors mean "the database is not
// there right now" (503), "a unique key already holds this value" (409), and "a foreign key
// refused the write" (409 ReferenceGone).
import { ServiceUnavailable } from "../../application/errors/infrastructure-errors.js";
import { ReferenceGone } from "../../application/errors/resource-errors.js";

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "ER_CON_COUNT_ERROR",
  "ER_SERVER_SHUTDOWN",
  "ER_CONNECTION_KILLED",
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
  // Galera: a node that is not synced or not in the primary component refuses statements.
  "ER_UNKNOWN_COM_ERROR",
  // A multi-host URL: a host that answered but is not Synced or not in the primary component, and
  // no host usable at all (host-choice.ts, connection.ts).
  "STOREFRONT_HOST_NOT_USABLE",
  "STOREFRONT_NO_USABLE_HOST",
]);

const FOREIGN_KEY_CODES = new Set([
  "ER_ROW_IS_REFERENCED_2",
  "ER_ROW_IS_REFERENCED",
  "ER_NO_REFERENCED_ROW_2",
  "ER_NO_REFERENCED_ROW",
  "SQLITE_CONSTRAINT_FOREIGNKEY",
]);

const errorCode = (error: unknown): string | undefined =>
  typeof error === "object" && error !== null && "code" in error && typeof error.code === "string"
    ? error.code
    : undefined;

export const isUnavailableError = (error: unknown): boolean => {
  if (error instanceof Error && error.name === "KnexTimeoutError") return true;
  const code = errorCode(error);
  if (code !== undefined && UNAVAILABLE_CODES.has(code)) return true;
  // mysql2 marks errors that end the connection as fatal.
  return typeof error === "object" && error !== null && "fatal" in error && error.fatal === true;
};

export const isUniqueViolation = (error: unknown): boolean => {
  const code = errorCode(error);
  return code === "ER_DUP_ENTRY" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
};

/**
 * Driver errors that mean "try again later" become ServiceUnavailable (the database away, or a
 * conflict that was still lost after the unit of work's last attempt), and a foreign key's refusal
 * a ReferenceGone (409, docs/decisions/carts.md, "carts-11"); others pass through.
 * Inside a unit of work a lost conflict is left as it is (`keepConflicts`), for the unit of
 * work to run again.
 */
export const translateDatabaseError = (error: unknown, keepConflicts = false): unknown =>
  isRetryableConflict(error) && keepConflicts
    ? error
    : isRetryableConflict(error)
    ? new ServiceUnavailable({
        message: "The database was busy with conflicting writes. Try again shortly.",
        retryAfterSeconds: 1,
        cause: error,
      })
    : isUnavailableError(error)
      ? new ServiceUnavailable({
          message: "The database is unavailable. Try again shortly.",
          retryAfterSeconds: 1,
          cause: error,
        })
      : isForeignKeyViolation(error) && !(error instanceof ReferenceGone)
        ? new ReferenceGone({
            message: "A record this request refers to was deleted meanwhile, or is still referred to by others. Read it again, then retry.",
            cause: error,
          })
        : error;

/**
 * A foreign key refused the statement: a parent still referred to (a delete), or a parent missing
 * (an insert or update naming a row that is gone). Also true of the ReferenceGone made of one.
 */
export const isForeignKeyViolation = (error: unknown): boolean => {
  if (error instanceof ReferenceGone) return isForeignKeyViolation(error.cause);
  const code = errorCode(error);
  if (FOREIGN_KEY_CODES.has(code ?? "")) return true;
  // SQLite reports an ON DELETE RESTRICT reference as a trigger constraint, not a foreign key one.
  return code === "SQLITE_CONSTRAINT_TRIGGER" && error instanceof Error && error.message.includes("FOREIGN KEY constraint failed");
};

/**
 * An insert or update named a parent row that is not there (MySQL 1452; SQLite does not tell a
 * missing parent from a referenced one, so any foreign-key error of an insert). Also true of the
 * ReferenceGone made of one.
 */
export const isMissingParent = (error: unknown): boolean => {
  if (error instanceof ReferenceGone) return isMissingParent(error.cause);
  const code = errorCode(error);
  return code === "ER_NO_REFERENCED_ROW_2" || code === "ER_NO_REFERENCED_ROW" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
};

/**
 * The transaction lost a conflict and may simply be run again: MySQL chose it as a deadlock
 * victim (Galera reports a certification failure, a write conflict with another node, the same
 * way: 1213), it waited too long for a lock (1205), or a SQLite file stayed busy past the busy
 * timeout, or changed under a read transaction that then wanted to write.
 */
export const isRetryableConflict = (error: unknown): boolean => {
  const code = errorCode(error);
  return code === "ER_LOCK_DEADLOCK" || code === "ER_LOCK_WAIT_TIMEOUT" || code === "SQLITE_BUSY" || code === "SQLITE_BUSY_SNAPSHOT" || code === LOST_INSERT_RACE || code === COMMIT_GROUP_LOST;
};

const LOST_INSERT_RACE = "STOREFRONT_LOST_INSERT_RACE";

const COMMIT_GROUP_LOST = "STOREFRONT_COMMIT_GROUP_LOST";

/**
 * SQLite: a unit of work's writes were lost with its commit group's transaction, which another
 * member's failure ended (docs/decisions/checkout.md, "checkout-35"): nothing of it was committed,
 * so, like a deadlock victim, it is run again.
 */
export class CommitGroupLost extends Error {
  readonly code = COMMIT_GROUP_LOST;
  constructor(cause: unknown) {
    super("another unit of work in the same SQLite transaction failed and took it with it", { cause });
    this.name = "CommitGroupLost";
  }
}

/**
 * A row this transaction found missing was created by another one before this one could insert
 * it (a lost race, not bad input): like a deadlock victim, the unit of work is run again.
 */
export class LostInsertRace extends Error {
  readonly code = LOST_INSERT_RACE;
  constructor(what: string, options?: ErrorOptions) {
    super(`another transaction created ${what} first`, options);
    this.name = "LostInsertRace";
  }
}
