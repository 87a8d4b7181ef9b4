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
  variant_id: Schema.UUID,
  quantity: Schema.optionalWith(Quantity, { default: () => 1 }),
  customer_id: Schema.optional(Schema.UUID),
  /** Legacy: ignored when variant_id is present (it always is). */
  product_id: Schema.optional(Schema.UUID),
}).annotations({ identifier: "AddCartItemInput" });
export type AddCartItemInput = typeof AddCartItemInput.Type;

export const UpdateCartItemInput = Schema.Struct({
  quantity: Quantity,
  customer_id: Schema.optional(Schema.UUID),
}).annotations({ identifier: "UpdateCartItemInput" });
export type UpdateCartItemInput = typeof UpdateCartItemInput.Type;
