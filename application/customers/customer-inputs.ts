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
  email: Email,
  password: Password,
  name: Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(200)),
  phone: Schema.optional(Phone),
  address: Schema.optional(Schema.Trim.pipe(Schema.maxLength(500))),
}).annotations({ identifier: "RegisterInput" });
export type RegisterInput = typeof RegisterInput.Type;

export const LoginInput = Schema.Struct({
  email: Email,
  password: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
}).annotations({ identifier: "LoginInput" });
export type LoginInput = typeof LoginInput.Type;

export const CodeRequestInput = Schema.Struct({ email: Email }).annotations({ identifier: "OneTimeCodeRequest" });
export type CodeRequestInput = typeof CodeRequestInput.Type;

export const CodeVerifyInput = Schema.Struct({
  email: Email,
  code: Schema.String.pipe(Schema.pattern(/^\d{6}$/)).annotations({
    message: () => ({ message: "must be the 6 digits of the code", override: true }),
  }),
}).annotations({ identifier: "OneTimeCodeVerification" });
export type CodeVerifyInput = typeof CodeVerifyInput.Type;

export const RefreshInput = Schema.Struct({
  refresh_token: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
}).annotations({ identifier: "RefreshInput" });
export type RefreshInput = typeof RefreshInput.Type;
