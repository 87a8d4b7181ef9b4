// Users, customers and sessions as Schemas (docs/api/customers.md), for the OpenAPI document and
// for tests that check answers against it; and the `fields` the customer detail allows.
import { Schema } from "effect";
import { CustomerStatus } from "../../../domain/customers/customer.js";
import { PurchaseStanding } from "../../../domain/customers/store-metrics.js";
import { leaves, type AllowedFields } from "../fields-projection.js";

const NullableString = Schema.NullOr(Schema.String);

export const User = Schema.Struct({
  id: Schema.String.annotations({ description: "The user's id (equal to the customer's id)." }),
  email: Schema.String.annotations({ description: "The sign-in email address." }),
  email_confirmed: Schema.Boolean.annotations({ description: "True once a one-time code sent to the email was verified." }),
  created_at: Schema.String.annotations({ description: "When the account was created (ISO 8601, UTC)." }),
}).annotations({ identifier: "User" });

export const StoreMetrics = Schema.Struct({
  total_purchases: Schema.Number.annotations({ description: "Number of orders the customer has placed." }),
  total_spent: Schema.Number.annotations({ description: "What the customer has spent, in decimal major units of the store's base currency." }),
  first_purchase_date: NullableString.annotations({ description: "When the customer first ordered (ISO 8601), or null." }),
  last_purchase_date: NullableString.annotations({ description: "When the customer last ordered (ISO 8601), or null." }),
  status: PurchaseStanding.annotations({ description: "new: no purchase yet; active: last purchase within 365 days; lapsed: older." }),
  preferred_store: Schema.String.annotations({ description: "The store's name." }),
}).annotations({ identifier: "StoreMetrics" });

export const Customer = Schema.Struct({
  id: Schema.String.annotations({ description: "The customer's id." }),
  name: Schema.String.annotations({ description: "The customer's name." }),
  email: Schema.String.annotations({ description: "The customer's email address." }),
  phone: NullableString.annotations({ description: "The customer's phone number, or null." }),
  address: NullableString.annotations({ description: "The customer's address as one line, or null." }),
  status: CustomerStatus.annotations({ description: "active or inactive." }),
  join_date: Schema.String.annotations({ description: "When the customer registered (ISO 8601, UTC)." }),
  total_purchases: Schema.Number.annotations({ description: "Number of orders the customer has placed." }),
  last_purchase: NullableString.annotations({ description: "When the customer last ordered (ISO 8601), or null." }),
  created_at: Schema.String.annotations({ description: "When it was created (ISO 8601, UTC)." }),
  updated_at: Schema.String.annotations({ description: "When it was last changed (ISO 8601, UTC)." }),
  store_metrics: Schema.propertySignature(StoreMetrics).annotations({ description: "The customer's purchases in this store." }),
}).annotations({ identifier: "Customer" });

export const Session = Schema.Struct({
  access_token: Schema.String.annotations({ description: "Opaque access token, sent as x-auth-token; lives 1 hour." }),
  refresh_token: Schema.String.annotations({ description: "Opaque refresh token for POST /v1/auth/refresh; lives 30 days and is replaced at each use." }),
  expires_in: Schema.Number.annotations({ description: "Seconds the access token lives (3600)." }),
  expires_at: Schema.Number.annotations({ description: "Unix seconds at which the access token expires." }),
}).annotations({ identifier: "Session", description: "A signed-in session: the access token and the refresh token that renews it." });

export const SignIn = Schema.Struct({
  message: Schema.String.annotations({ description: "What happened, in words." }),
  user: Schema.propertySignature(User).annotations({ description: "The signed-in user." }),
  customer: Schema.propertySignature(Customer).annotations({ description: "The user's customer record." }),
  session: Schema.propertySignature(Session).annotations({ description: "The new session's tokens." }),
  device_token: Schema.String.annotations({
    description:
      "A known-device token for this customer (valid 180 days). The shop's server keeps it for the shopper's browser or app (a cookie of its own, say) and sends it as `device_token` with that shopper's later sign-ins: it lets them past per-address limits that others have spent.",
  }),
  device_token_expires_at: Schema.String.annotations({ description: "When the device token stops being honoured (ISO 8601, UTC)." }),
}).annotations({ identifier: "SignIn" });

export const PasswordChanged = Schema.Struct({
  message: Schema.String.annotations({ description: "What happened, in words." }),
  other_sessions_ended: Schema.Number.annotations({ description: "How many other sessions of the customer (sign-ins on other devices) were ended." }),
}).annotations({ identifier: "PasswordChanged" });

export const Me = Schema.Struct({
  user: Schema.propertySignature(User).annotations({ description: "The signed-in user." }),
  customer: Schema.propertySignature(Customer).annotations({ description: "The user's customer record." }),
}).annotations({ identifier: "Me" });

export const Acknowledgement = Schema.Struct({ message: Schema.String.annotations({ description: "What happened, in words." }) }).annotations({ identifier: "Acknowledgement" });

const { store_metrics: _metrics, ...customerLeaves } = Customer.fields;
export const CUSTOMER_FIELDS: AllowedFields = {
  ...leaves(...Object.keys(customerLeaves)),
  store_metrics: leaves(...Object.keys(StoreMetrics.fields)),
};
