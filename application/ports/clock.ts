// The current time, as a port so that use cases and tests agree on "now".
import type { ServiceIdentifier } from "inversify";

export interface Clock {
  now(): Date;
}
export const Clock: ServiceIdentifier<Clock> = Symbol.for("storefront.Clock");
