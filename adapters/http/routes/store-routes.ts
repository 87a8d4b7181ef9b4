// The store's own settings over HTTP (secret key): read and change its location, tax rate and time zone,
// and rotate the HMAC secret of signed requests.
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { ManageStoreSettings, StoreSettingsPatch } from "../../../application/stores/manage-store-settings.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { contentExamples } from "../examples/content-examples.js";

const TAG = "Store";

const StoreRecord = Schema.Struct({
  id: Schema.String.annotations({ description: "The store's id." }),
  name: Schema.String.annotations({ description: "The store's name." }),
  base_currency: Schema.String.annotations({ description: "The store's base currency (ISO 4217): catalog, cart, order and shipping money is in it unless a currency field says otherwise." }),
  latitude: Schema.NullOr(Schema.Number).annotations({ description: "Latitude of the store's location (shipping distances are measured from it), or null." }),
  longitude: Schema.NullOr(Schema.Number).annotations({ description: "Longitude of the store's location, or null." }),
  tax_rate_percent: Schema.Number.annotations({ description: "Tax rate applied at checkout, in percent (0-100)." }),
  time_zone: Schema.String.annotations({ description: "The store's IANA time zone (UTC unless set): the admin dashboard counts its days and the back office shows dates in it." }),
  created_at: Schema.String.annotations({ description: "When the store was created (ISO 8601, UTC)." }),
}).annotations({ identifier: "Store" });

const RotatedSecret = Schema.Struct({
  hmac_secret: Schema.String.annotations({ description: "The new HMAC secret for signing requests; shown only here." }),
  previous_secret_expires_at: Schema.String.annotations({ description: "When the old secret stops verifying (ISO 8601, UTC): 24 hours from now." }),
});

@injectable()
export class StoreRoutes implements RouteModule {
  constructor(@inject(ManageStoreSettings) private readonly settings: ManageStoreSettings) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "getStore",
        method: "GET",
        path: "/v1/store",
        summary: "The key's store and its settings",
        description: "Secret key. The key's store: name, base currency, location (the origin of delivery distances), tax rate and time zone.",
        tag: TAG,
        example: contentExamples.getStore,
        access: "secret",
        success: { status: 200, description: "The store.", schema: StoreRecord },
        handle: ({ principal }) => this.settings.get(principal),
      }),
      defineRoute({
        operationId: "updateStore",
        method: "PATCH",
        path: "/v1/store",
        summary: "Change the store's name, location (origin of delivery distances), tax rate or time zone",
        description:
          "Secret key. Changes the store's name, location, `tax_rate_percent` (0-100, applied at checkout) or `time_zone` (an IANA name such as Africa/Nairobi, kept as sent; the admin dashboard counts the store's days in it). The location (`latitude`, `longitude`) is the origin of delivery distances; null clears it, and a store without one prices deliveries by zones only. The base currency does not change.",
        tag: TAG,
        example: contentExamples.updateStore,
        access: "secret",
        body: StoreSettingsPatch,
        success: { status: 200, description: "The store.", schema: StoreRecord },
        handle: ({ principal, body }) => this.settings.update(principal, body),
      }),
      defineRoute({
        operationId: "rotateHmacSecret",
        method: "POST",
        path: "/v1/store/hmac-secret/rotate",
        summary: "Replace the HMAC secret of signed requests; the old one still verifies for 24 hours",
        description:
          "Secret key. A new HMAC secret for signed requests (order updates, payment initialisation), shown only in this answer; the previous one still verifies for 24 hours, so servers can switch without failed requests.",
        tag: TAG,
        example: contentExamples.rotateHmacSecret,
        access: "secret",
        success: {
          status: 200,
          description: "The new secret (shown only here) and when the old one stops verifying.",
          schema: RotatedSecret,
        },
        handle: ({ principal }) => this.settings.rotateHmacSecret(principal),
      }),
    ];
  }
}
