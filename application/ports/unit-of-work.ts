// Runs several repository calls as one transaction: all of them happen or none does.
// Repositories called inside `run` join the transaction without being handed it.
import type { ServiceIdentifier } from "inversify";

export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
}
export const UnitOfWork: ServiceIdentifier<UnitOfWork> = Symbol.for("storefront.UnitOfWork");
