// The unit-of-work port on knex: one database transaction around the work.
import { inject, injectable } from "inversify";
import type { UnitOfWork } from "../../../application/ports/unit-of-work.js";
import { Database } from "../database.js";

@injectable()
export class KnexUnitOfWork implements UnitOfWork {
  constructor(@inject(Database) private readonly db: Database) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
