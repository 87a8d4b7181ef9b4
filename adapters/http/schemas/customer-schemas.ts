// Users, customers and sessions as Schemas (spec 2.2), for the OpenAPI document and for tests
// that check answers against it; and the `fields` the customer detail allows (spec 4.1).
import { Schema } from "effect";
import { CustomerStatus } from "../../../domain/customers/customer.js";
import { PurchaseStanding } from "../../../domain/customers/store-metrics.js";
import { leaves, type AllowedFields } from "../fields-projection.js";

const NullableString = Schema.NullOr(Schema.String);

export const User = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  email_confirmed: Schema.Boolean,
  created_at: Schema.String,
}).annotations({ identifier: "User" });

export const StoreMetrics = Schema.Struct({
  total_purchases: Schema.Number,
  total_spent: Schema.Number.annotations({ description: "Decimal amount in major units of the store's currency." }),
  first_purchase_date: NullableString,
  last_purchase_date: NullableString,
  status: PurchaseStanding.annotations({ description: "new: no purchase yet; active: last purchase within 365 days; lapsed: older." }),
  preferred_store: Schema.String,
}).annotations({ identifier: "StoreMetrics" });

export const Customer = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  email: Schema.String,
  phone: NullableString,
  address: NullableString,
  status: CustomerStatus,
  join_date: Schema.String,
  total_purchases: Schema.Number,
  last_purchase: NullableString,
  created_at: Schema.String,
  updated_at: Schema.String,
  store_metrics: StoreMetrics,
}).annotations({ identifier: "Customer" });

export const Session = Schema.Struct({
  access_token: Schema.String,
  refresh_token: Schema.String,
  expires_in: Schema.Number.annotations({ description: "Seconds the access token lives (3600)." }),
  expires_at: Schema.Number.annotations({ description: "Unix seconds at which the access token expires." }),
}).annotations({ identifier: "Session" });

export const SignIn = Schema.Struct({
  message: Schema.String,
  user: User,
  customer: Customer,
  session: Session,
}).annotations({ identifier: "SignIn" });

export const Me = Schema.Struct({ user: User, customer: Customer }).annotations({ identifier: "Me" });

export const Acknowledgement = Schema.Struct({ message: Schema.String }).annotations({ identifier: "Acknowledgement" });

const { store_metrics: _metrics, ...customerLeaves } = Customer.fields;
export const CUSTOMER_FIELDS: AllowedFields = {
  ...leaves(...Object.keys(customerLeaves)),
  store_metrics: leaves(...Object.keys(StoreMetrics.fields)),
};
