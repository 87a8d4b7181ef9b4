// How many gift card checks of an unknown code a client address and an API key get per window,
// from configuration. Only misses count: a check of a real code gives its attempt back.
import type { ServiceIdentifier } from "inversify";

export interface GiftCardCheckSettings {
  readonly missesPerAddress: number;
  readonly missesPerKey: number;
  readonly windowSeconds: number;
}
export const GiftCardCheckSettings: ServiceIdentifier<GiftCardCheckSettings> = Symbol.for("storefront.GiftCardCheckSettings");
