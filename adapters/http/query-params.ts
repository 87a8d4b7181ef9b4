// Schemas for query-string values, each with the message a client sees when it is wrong:
// bounded integers, booleans, uuids, cursors. Values are never clamped silently.
import { Schema } from "effect";

const withMessage = <S extends Schema.Schema.Any>(schema: S, message: string): S =>
  schema.annotations({ message: () => ({ message, override: true }) }) as S;

/**
 * A bounded integer. Without `max` only the lower bound is declared (and checked): the value has at
 * most 15 digits, so it is exact as a number, and the OpenAPI document states no made-up maximum.
 */
export const integerParam = (min: number, max?: number) =>
  withMessage(
    Schema.String.pipe(
      Schema.pattern(max === undefined ? /^-?\d{1,15}$/ : /^-?\d{1,16}$/),
      Schema.compose(Schema.NumberFromString),
      Schema.int(),
      max === undefined ? Schema.greaterThanOrEqualTo(min) : Schema.between(min, max),
    ),
    max === undefined ? `must be an integer of ${min} or more, of at most 15 digits` : `must be an integer from ${min} to ${max}`,
  );

export const numberParam = (min: number, max: number) =>
  withMessage(
    Schema.String.pipe(
      Schema.pattern(/^-?\d{1,16}(\.\d{1,16})?$/),
      Schema.compose(Schema.NumberFromString),
      Schema.between(min, max),
    ),
    `must be a number from ${min} to ${max}`,
  );

export const booleanParam = withMessage(
  Schema.transform(Schema.Literal("true", "false"), Schema.Boolean, {
    strict: true,
    decode: (text) => text === "true",
    encode: (flag) => (flag ? "true" : "false"),
  }),
  "must be true or false",
);

export const uuidParam = withMessage(Schema.UUID, "must be a UUID");

export const cursorParam = withMessage(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(1024)), "must be a cursor from a previous page");

export const textParam = (maxLength: number) =>
  withMessage(Schema.String.pipe(Schema.maxLength(maxLength)), `must be a string of at most ${maxLength} characters`);

/** `fields` is handled by the route itself, against the operation's allowed names. */
export const fieldsParam = Schema.String.annotations({
  description: "Comma-separated response fields to keep; dot notation selects nested fields.",
});
