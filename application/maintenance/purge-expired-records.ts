// The worker's housekeeping: drops idempotency records and rate-limit counters whose time is up.
import { inject, injectable } from "inversify";
import { Clock } from "../ports/clock.js";
import { MaintenanceRepository } from "../ports/maintenance-repository.js";

export interface PurgeReport {
  readonly idempotencyRecords: number;
  readonly rateLimits: number;
}

@injectable()
export class PurgeExpiredRecords {
  constructor(
    @inject(MaintenanceRepository) private readonly maintenance: MaintenanceRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<PurgeReport> {
    const now = this.clock.now();
    return {
      idempotencyRecords: await this.maintenance.purgeExpiredIdempotencyRecords(now),
      rateLimits: await this.maintenance.purgeExpiredRateLimits(now),
    };
  }
}
