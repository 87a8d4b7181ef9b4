// Customer accounts over HTTP (docs/api/customers.md): registration, sign-in with a
// password or a one-time code, refresh, sign-out and "me". Everything under /v1/auth/ needs a
// secret key (docs/api/keys-and-auth.md, "What each key may call").
import { GetMe } from "../../../application/customers/get-me.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import { AuthenticateCustomer } from "../../../application/access/authenticate-customer.js";
import {
  CodeRequestInput,
  CodeVerifyInput,
  LoginInput,
  PasswordChangeInput,
  RefreshInput,
  RegisterInput,
} from "../../../application/customers/customer-inputs.js";
import { ChangePassword } from "../../../application/customers/change-password.js";
import { LogIn } from "../../../application/customers/log-in.js";
import { LogOut } from "../../../application/customers/log-out.js";
import { RefreshSession } from "../../../application/customers/refresh-session.js";
import { RegisterCustomer } from "../../../application/customers/register-customer.js";
import { RequestOneTimeCode } from "../../../application/customers/request-one-time-code.js";
import { VerifyOneTimeCode } from "../../../application/customers/verify-one-time-code.js";
import { customerToken, customerTokenHeader } from "../customer-token.js";
import { CUSTOMER_IP_HEADER } from "../middleware/client-address.js";
import { signInSourceOf } from "../sign-in-source.js";
import { sessionIdOf } from "./cart-routes.js";
import { defineRoute, type AnyRoute } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { Acknowledgement, Me, PasswordChanged, Session, SignIn } from "../schemas/customer-schemas.js";
import { authExamples } from "./auth-examples.js";

const CART_SESSION_HEADER = {
  name: "X-Session-Id",
  required: false,
  description: "A guest cart's session: its cart is merged into the customer's cart (quantities add up, capped at stock).",
};

/** The shopper's address, named by the shop's server (middleware/client-address.ts). */
const CUSTOMER_IP = {
  name: CUSTOMER_IP_HEADER,
  required: false,
  description:
    "The shopper's IP address, as the shop's server saw it. The per-address sign-in limits count this address instead of the server's; the server's own address has a larger budget per key. Send it with every sign-in, code request and code verification.",
};

const TAG = "Customer accounts";

@injectable()
export class AuthRoutes implements RouteModule {
  constructor(
    @inject(RegisterCustomer) private readonly register: RegisterCustomer,
    @inject(LogIn) private readonly logIn: LogIn,
    @inject(RequestOneTimeCode) private readonly requestCode: RequestOneTimeCode,
    @inject(VerifyOneTimeCode) private readonly verifyCode: VerifyOneTimeCode,
    @inject(RefreshSession) private readonly refresh: RefreshSession,
    @inject(LogOut) private readonly logOut: LogOut,
    @inject(GetMe) private readonly getMe: GetMe,
    @inject(AuthenticateCustomer) private readonly authenticate: AuthenticateCustomer,
    @inject(ChangePassword) private readonly changePassword: ChangePassword,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "registerCustomer",
        method: "POST",
        path: "/v1/auth/register",
        summary: "Register a customer with a password and sign them in",
        description:
          "Secret key. Registers a customer with a password and signs them in: an access token (1 hour), a refresh token (30 days) and a `device_token`. A password that is easy to guess (common, breached, or made of the account's own words) is a 400 `password_too_weak` saying why. The email stays unconfirmed until a one-time code is verified. A guest cart named by `X-Session-Id` is merged into the customer's. A taken email is a 409 `email_taken`. Records `customer.created`.",
        tag: TAG,
        example: authExamples.registerCustomer,
        access: "secret",
        body: RegisterInput,
        errors: [409],
        success: { status: 201, description: "The new customer, signed in.", schema: SignIn },
        headers: [CART_SESSION_HEADER, CUSTOMER_IP],
        handle: ({ principal, body, ctx }) => this.register.execute(principal, body, sessionIdOf(ctx)),
      }),
      defineRoute({
        operationId: "logIn",
        method: "POST",
        path: "/v1/auth/login",
        summary: "Sign a customer in with email and password",
        description:
          "Secret key. Signs a customer in with email and password: an access token (1 hour, for `x-auth-token`) and a refresh token (30 days), and a `device_token` for the shop's server to keep for this shopper's device and send back with later sign-ins. A wrong email or password is a 401 `invalid_credentials`; an inactive customer a 403, a customer the store blocked a 403 `customer_blocked`. Failed attempts are limited per email, per shopper address (`Storefront-Customer-IP`) and per server address (429 with Retry-After); a valid `device_token` of the customer is limited only by its own failures. A guest cart named by `X-Session-Id` is merged into the customer's.",
        tag: TAG,
        example: authExamples.logIn,
        access: "secret",
        body: LoginInput,
        success: { status: 200, description: "The customer, signed in.", schema: SignIn },
        headers: [CART_SESSION_HEADER, CUSTOMER_IP],
        handle: ({ principal, body, ctx }) => this.logIn.execute(principal, body, signInSourceOf(ctx, principal), sessionIdOf(ctx)),
      }),
      defineRoute({
        operationId: "requestOneTimeCode",
        method: "POST",
        path: "/v1/auth/otp/request",
        summary: "Email a six-digit sign-in code (valid 10 minutes, 5 tries)",
        description:
          "Secret key. Emails a six-digit sign-in code, valid for 10 minutes and 5 tries; a new code replaces the previous one. Answers 202 whether or not the email belongs to a customer. Requests per email, per shopper address (`Storefront-Customer-IP`) and per server address are limited (429).",
        tag: TAG,
        example: authExamples.requestOneTimeCode,
        access: "secret",
        body: CodeRequestInput,
        success: { status: 202, description: "Accepted: a code is on its way if the email is a customer's.", schema: Acknowledgement },
        headers: [CUSTOMER_IP],
        handle: async ({ principal, body, ctx }) => {
          await this.requestCode.execute(principal, body.email, signInSourceOf(ctx, principal));
          return { message: "If this email belongs to a customer of the store, a sign-in code is on its way." };
        },
      }),
      defineRoute({
        operationId: "verifyOneTimeCode",
        method: "POST",
        path: "/v1/auth/otp/verify",
        summary: "Sign a customer in with a one-time code (confirms the email)",
        description:
          "Secret key. Signs a customer in with the emailed code and confirms their email, answering a `device_token` as password sign-in does. A wrong, used or expired code is a 401 `invalid_code`, the right code of a customer the store blocked a 403 `customer_blocked`; tries are limited as password sign-ins are, and share their budgets (429). A guest cart named by `X-Session-Id` is merged into the customer's.",
        tag: TAG,
        example: authExamples.verifyOneTimeCode,
        access: "secret",
        body: CodeVerifyInput,
        success: { status: 200, description: "The customer, signed in.", schema: SignIn },
        headers: [CART_SESSION_HEADER, CUSTOMER_IP],
        handle: ({ principal, body, ctx }) => this.verifyCode.execute(principal, body, signInSourceOf(ctx, principal), sessionIdOf(ctx)),
      }),
      defineRoute({
        operationId: "changeCustomerPassword",
        method: "POST",
        path: "/v1/auth/password",
        summary: "Change the signed-in customer's password; their other sessions end",
        description:
          "Secret key and the customer's `x-auth-token`. Checks `current_password` (a wrong one is a 401 `invalid_credentials`, counted against the same limits as a sign-in: 429 past them), refuses a `new_password` that is easy to guess (400 `password_too_weak` naming `new_password`, saying why), then sets it and ends every other session of the customer. The session of this token goes on.",
        tag: TAG,
        example: authExamples.changeCustomerPassword,
        access: "secret",
        body: PasswordChangeInput,
        headers: [customerTokenHeader, CUSTOMER_IP],
        success: { status: 200, description: "Changed; how many other sessions ended.", schema: PasswordChanged },
        handle: async ({ principal, body, ctx }) =>
          this.changePassword.execute(principal, await this.authenticate.execute(principal, customerToken(ctx)), body, signInSourceOf(ctx, principal)),
      }),
      defineRoute({
        operationId: "refreshSession",
        method: "POST",
        path: "/v1/auth/refresh",
        summary: "Exchange a refresh token for a new token pair",
        description:
          "Secret key. Exchanges a refresh token for a new access and refresh token. Refresh tokens rotate: each works once. Presenting a used one again ends the whole session (every token of that sign-in) with a 401. The refresh token of a customer the store blocked is a 403 `customer_blocked`.",
        tag: TAG,
        example: authExamples.refreshSession,
        access: "secret",
        body: RefreshInput,
        success: { status: 200, description: "The new session tokens.", schema: Schema.Struct({ session: Session }) },
        handle: ({ principal, body }) => this.refresh.execute(principal, body.refresh_token),
      }),
      defineRoute({
        operationId: "logOut",
        method: "POST",
        path: "/v1/auth/logout",
        summary: "End the session of the customer's access token",
        description:
          "Secret key and the customer's `x-auth-token`. Ends the session of the token: its access token and every refresh token of that sign-in stop working.",
        tag: TAG,
        example: authExamples.logOut,
        access: "secret",
        headers: [customerTokenHeader],
        success: { status: 200, description: "Signed out; every token of the session stops working.", schema: Acknowledgement },
        handle: async ({ principal, ctx }) => {
          await this.logOut.execute(await this.authenticate.execute(principal, customerToken(ctx)));
          return { message: "Signed out." };
        },
      }),
      defineRoute({
        operationId: "getCurrentCustomer",
        method: "GET",
        path: "/v1/auth/me",
        summary: "The signed-in customer",
        description:
          "Secret key and the customer's `x-auth-token`. The user and customer records of the signed-in customer. A missing, unknown or ended token is a 401 (`invalid_token`, `token_expired`).",
        tag: TAG,
        example: authExamples.getCurrentCustomer,
        access: "secret",
        headers: [customerTokenHeader],
        success: { status: 200, description: "The user and the customer of the token.", schema: Me },
        handle: async ({ principal, ctx }) => this.getMe.execute(principal, await this.authenticate.execute(principal, customerToken(ctx))),
      }),
    ];
  }
}
