// Scheduled clean-up of records whose time has passed.
import { inject, injectable } from "inversify";
import type { MaintenanceRepository } from "../../../application/ports/maintenance-repository.js";
import { Database } from "../database.js";

@injectable()
export class KnexMaintenanceRepository implements MaintenanceRepository {
  constructor(@inject(Database) private readonly db: Database) {}

  purgeExpiredIdempotencyRecords(now: Date): Promise<number> {
    return this.db.run((q) => q("idempotency_records").where("expires_at", "<", now.toISOString()).delete());
  }

  purgeExpiredRateLimits(now: Date): Promise<number> {
    return this.db.run((q) => q("rate_limits").where("expire", "<", now.getTime()).delete());
  }
}
