// The payloads and headers of the cart operations as Schemas.
import { Schema } from "effect";

/** A client-made id for an anonymous cart: long enough not to be guessed. */
export const SessionId = Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9._-]{16,128}$/)).annotations({
  message: () => ({ message: "must be 16 to 128 letters, digits, dots, hyphens or underscores", override: true }),
});

const Quantity = Schema.Number.pipe(Schema.int(), Schema.between(1, 10_000)).annotations({
  message: () => ({ message: "must be an integer from 1 to 10000", override: true }),
});

export const AddCartItemInput = Schema.Struct({
  variant_id: Schema.propertySignature(Schema.UUID).annotations({ description: "The variant to add." }),
  quantity: Schema.optionalWith(Quantity, { default: () => 1 }).annotations({ description: "Units to add to the line of this variant (a line of the same variant grows by this much)." }),
  customer_id: Schema.optional(Schema.UUID).annotations({ description: "The customer whose cart to add to; needs the customer's x-auth-token." }),
  /** Legacy: ignored when variant_id is present (it always is). */
  product_id: Schema.optional(Schema.UUID).annotations({ description: "Legacy, ignored: the variant names its product." }),
}).annotations({ identifier: "AddCartItemInput" });
export type AddCartItemInput = typeof AddCartItemInput.Type;

export const UpdateCartItemInput = Schema.Struct({
  quantity: Schema.propertySignature(Quantity).annotations({ description: "The line's new quantity (replaces the old one)." }),
  customer_id: Schema.optional(Schema.UUID).annotations({ description: "The customer whose cart holds the line; needs the customer's x-auth-token." }),
}).annotations({ identifier: "UpdateCartItemInput" });
export type UpdateCartItemInput = typeof UpdateCartItemInput.Type;
