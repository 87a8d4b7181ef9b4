// Housekeeping the worker does on a schedule: dropping records whose time has passed.
import type { ServiceIdentifier } from "inversify";

export interface MaintenanceRepository {
  /** Deletes idempotency records that expired before `now`; answers how many went. */
  purgeExpiredIdempotencyRecords(now: Date): Promise<number>;
  /** Deletes rate-limit counters whose window ended before `now`. */
  purgeExpiredRateLimits(now: Date): Promise<number>;
}
export const MaintenanceRepository: ServiceIdentifier<MaintenanceRepository> = Symbol.for(
  "storefront.MaintenanceRepository",
);
