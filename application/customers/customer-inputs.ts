// The payloads of registration, sign-in and token refresh as Schemas.
import { Schema } from "effect";

export const Email = Schema.Trim.pipe(Schema.maxLength(254), Schema.pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)).annotations({
  message: () => ({ message: "must be an email address", override: true }),
});

const Password = Schema.String.pipe(Schema.minLength(8), Schema.maxLength(200)).annotations({
  message: () => ({ message: "must be 8 to 200 characters", override: true }),
});

const Phone = Schema.Trim.pipe(Schema.pattern(/^\+?[0-9][0-9 ()-]{2,39}$/)).annotations({
  message: () => ({ message: "must be a phone number: digits, spaces, ( ) and -, optionally starting with +", override: true }),
});

export const RegisterInput = Schema.Struct({
  email: Schema.propertySignature(Email).annotations({ description: "The email address to sign in with; unique in the store." }),
  password: Schema.propertySignature(Password).annotations({ description: "The password (8 to 200 characters)." }),
  name: Schema.propertySignature(Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(200))).annotations({ description: "The customer's name." }),
  phone: Schema.optional(Phone).annotations({ description: "The customer's phone number." }),
  address: Schema.optional(Schema.Trim.pipe(Schema.maxLength(500))).annotations({ description: "The customer's address as one line." }),
}).annotations({ identifier: "RegisterInput" });
export type RegisterInput = typeof RegisterInput.Type;

/** A known device's token, as an earlier sign-in answered it (device-tokens.ts). */
const DeviceTokenField = Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(400))).annotations({
  description:
    "The `device_token` an earlier sign-in of this customer answered, kept by the shop's server for this shopper's device. A valid one lets the sign-in past the per-address limits; its own failures are limited.",
});

export const PasswordChangeInput = Schema.Struct({
  current_password: Schema.propertySignature(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200))).annotations({ description: "The password the customer signs in with now." }),
  new_password: Schema.propertySignature(Password).annotations({
    description: "The new password (8 to 200 characters); one that is easy to guess is a 400 `password_too_weak`.",
  }),
}).annotations({ identifier: "PasswordChangeInput" });
export type PasswordChangeInput = typeof PasswordChangeInput.Type;

export const LoginInput = Schema.Struct({
  email: Schema.propertySignature(Email).annotations({ description: "The email address signed up with." }),
  password: Schema.propertySignature(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200))).annotations({ description: "The password." }),
  device_token: DeviceTokenField,
}).annotations({ identifier: "LoginInput" });
export type LoginInput = typeof LoginInput.Type;

export const CodeRequestInput = Schema.Struct({
  email: Schema.propertySignature(Email).annotations({ description: "The email address to send a one-time code to." }),
}).annotations({ identifier: "OneTimeCodeRequest" });
export type CodeRequestInput = typeof CodeRequestInput.Type;

export const CodeVerifyInput = Schema.Struct({
  email: Schema.propertySignature(Email).annotations({ description: "The email address the code was sent to." }),
  code: Schema.propertySignature(Schema.String.pipe(Schema.pattern(/^\d{6}$/)).annotations({
    message: () => ({ message: "must be the 6 digits of the code", override: true }),
  })).annotations({ description: "The 6-digit one-time code." }),
  device_token: DeviceTokenField,
}).annotations({ identifier: "OneTimeCodeVerification" });
export type CodeVerifyInput = typeof CodeVerifyInput.Type;

export const RefreshInput = Schema.Struct({
  refresh_token: Schema.propertySignature(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200))).annotations({ description: "The refresh token of the session (each can be used once)." }),
}).annotations({ identifier: "RefreshInput" });
export type RefreshInput = typeof RefreshInput.Type;
