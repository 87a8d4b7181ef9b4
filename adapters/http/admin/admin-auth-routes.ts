// Signing staff in and out of the admin API (docs/staff.md, "Signing in" and "Sessions"): the
// sign-in and the one-time link answer the session in cookies and the CSRF token in the body;
// sign-out ends this session or all of the member's; the member reads themselves and their
// sessions, and turns the TOTP second factor on and off.
import { StartSecondFactor } from "../../../application/staff/start-second-factor.js";
import { ConfirmSecondFactor } from "../../../application/staff/confirm-second-factor.js";
import { TurnOffSecondFactor } from "../../../application/staff/turn-off-second-factor.js";
import { GetStaffMember } from "../../../application/staff/get-staff-member.js";
import { ListStaffSessions } from "../../../application/staff/list-staff-sessions.js";
import { GetStoreSettings } from "../../../application/stores/get-store-settings.js";
import { Schema } from "effect";
import { inject, injectable } from "inversify";
import type { Principal } from "../../../application/access/principal.js";
import { StaffSessionRequired } from "../../../application/errors/staff-errors.js";
import { RedeemSignInLink } from "../../../application/staff/redeem-sign-in-link.js";
import { SignInStaff } from "../../../application/staff/sign-in-staff.js";
import { SignOutStaff } from "../../../application/staff/sign-out-staff.js";
import { toSessionRecord, toStaffRecord } from "../../../application/staff/staff-records.js";
import type { OpenedSession } from "../../../application/staff/staff-sessions.js";
import { ROLE_PERMISSIONS } from "../../../domain/staff/permissions.js";
import { defineRoute, reply, type AnyRoute, type RouteContext } from "../route-definition.js";
import type { RouteModule } from "../route-module.js";
import { clearedCookies, sessionCookies } from "./staff-cookies.js";
import { SignedIn, StaffMemberSchema, StaffSessionSchema } from "./staff-schemas.js";
import { adminAuthExamples } from "./admin-auth-examples.js";

const TAG = "Staff sign-in";

const Password = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(256));

const SignInBody = Schema.Struct({
  email: Schema.String.pipe(Schema.maxLength(254)).annotations({ description: "The member's email." }),
  password: Password.annotations({ description: "Their password." }),
  store_id: Schema.optional(Schema.String.pipe(Schema.maxLength(64))).annotations({ description: "The store, needed only when the email signs in to several." }),
  code: Schema.optional(Schema.String.pipe(Schema.maxLength(32))).annotations({ description: "The authenticator's 6-digit code, or a recovery code, when the member has the second factor on." }),
});

const LinkBody = Schema.Struct({
  token: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(128)).annotations({ description: "The `link` parameter of the one-time sign-in link." }),
  password: Password.annotations({ description: "The password to set: judged as customers' are (not easy to guess)." }),
});

/** What every page of the back office needs of the store, whatever the member's role. */
const MeStore = Schema.Struct({
  id: Schema.String.annotations({ description: "The store's id." }),
  name: Schema.String.annotations({ description: "The store's name." }),
  base_currency: Schema.String.annotations({ description: "The store's base currency (ISO 4217)." }),
  time_zone: Schema.String.annotations({ description: "The store's IANA time zone: the back office shows dates in it." }),
}).annotations({ identifier: "StaffMeStore" });

const Me = Schema.Struct({
  object: Schema.Literal("staff_me"),
  member: StaffMemberSchema,
  store: MeStore,
  permissions: Schema.Array(Schema.String),
  session: Schema.NullOr(StaffSessionSchema).annotations({ description: "This session; null when the caller is the secret key." }),
});

const signedInAnswer = (ctx: RouteContext, opened: OpenedSession) =>
  reply(
    200,
    {
      object: "staff_sign_in" as const,
      member: toStaffRecord(opened.member),
      csrf_token: opened.csrfToken,
      session: toSessionRecord(opened.session, opened.session.id),
      permissions: [...ROLE_PERMISSIONS[opened.member.role]],
    },
    { "Set-Cookie": sessionCookies(ctx, opened.token, opened.csrfToken) as unknown as string },
  );

const originOf = (ctx: RouteContext) => ({ clientAddress: ctx.ip || null, userAgent: ctx.get("User-Agent") || null });
const sourceOf = (ctx: RouteContext) => ({ keyId: "admin", callerAddress: ctx.ip, shopperAddress: undefined });

const memberOf = (principal: Principal): string => {
  if (principal.staff === undefined) throw new StaffSessionRequired({ message: "This operation is a signed-in staff member's own; the secret key has no member." });
  return principal.staff.memberId;
};

@injectable()
export class AdminAuthRoutes implements RouteModule {
  constructor(
    @inject(SignInStaff) private readonly signIn: SignInStaff,
    @inject(RedeemSignInLink) private readonly redeem: RedeemSignInLink,
    @inject(SignOutStaff) private readonly signOut: SignOutStaff,
    @inject(StartSecondFactor) private readonly startSecondFactor: StartSecondFactor,
    @inject(ConfirmSecondFactor) private readonly confirmSecondFactor: ConfirmSecondFactor,
    @inject(TurnOffSecondFactor) private readonly turnOffSecondFactor: TurnOffSecondFactor,
    @inject(GetStaffMember) private readonly getStaffMember: GetStaffMember,
    @inject(ListStaffSessions) private readonly listStaffSessions: ListStaffSessions,
    @inject(GetStoreSettings) private readonly getStoreSettings: GetStoreSettings,
  ) {}

  routes(): readonly AnyRoute[] {
    return [
      defineRoute({
        operationId: "adminSignIn",
        method: "POST",
        path: "/admin/v1/auth/sign-in",
        summary: "Sign a staff member in: a session cookie and its CSRF token",
        description:
          "No key. Email and password (and `code` when the member has the second factor on; without it the answer is 401 `second_factor_required`). Answers the member, their permissions and `csrf_token`, and sets two cookies: `storefront_staff` (the session; HttpOnly) and `storefront_csrf` (the same CSRF token, for the back office's script), both SameSite=Strict, Path=/admin, and Secure except on localhost. Failed attempts are limited per email and per address as customers' are (429 with Retry-After). A wrong email or password is the same 401 `invalid_credentials`; a disabled member gets 403 `account_inactive`.",
        tag: TAG,
        access: "public",
        body: SignInBody,
        errors: [401, 403, 429],
        example: adminAuthExamples.adminSignIn,
        success: { status: 200, description: "Signed in: the member, the CSRF token and the session (cookies set).", schema: SignedIn },
        handle: async ({ body, ctx }) => signedInAnswer(ctx, await this.signIn.execute(body, sourceOf(ctx), originOf(ctx))),
      }),
      defineRoute({
        operationId: "adminRedeemSignInLink",
        method: "POST",
        path: "/admin/v1/auth/link",
        summary: "Use a one-time sign-in link: set a password and sign in",
        description:
          "No key. The `link` token of an invitation (or of a new link an owner or manager sent) and the password to set, which must not be easy to guess (400 `password_too_weak` says why). The link works once and for 24 hours; a used, expired or unknown one is 401 `invalid_credentials`. Every other session of the member ends. Answers as sign-in does.",
        tag: TAG,
        access: "public",
        body: LinkBody,
        errors: [401, 429],
        example: adminAuthExamples.adminRedeemSignInLink,
        success: { status: 200, description: "Signed in with the new password.", schema: SignedIn },
        handle: async ({ body, ctx }) => signedInAnswer(ctx, await this.redeem.execute(body, sourceOf(ctx), originOf(ctx))),
      }),
      defineRoute({
        operationId: "adminGetMe",
        method: "GET",
        path: "/admin/v1/me",
        summary: "The signed-in member, their permissions and this session",
        description: "Staff session. Who is signed in, their store (name, currency, time zone), what their role allows, and this session. The back office calls it first to know whether it is signed in (401 `staff_session_required` when not).",
        tag: TAG,
        access: "secret",
        permission: "dashboard.read",
        example: adminAuthExamples.adminGetMe,
        success: { status: 200, description: "The member.", schema: Me },
        handle: async ({ principal }) => {
          const member = await this.getStaffMember.execute(principal, memberOf(principal));
          const sessions = await this.listStaffSessions.execute(principal, member.id);
          const current = sessions.find((s) => s.id === principal.staff!.sessionId);
          const store = await this.getStoreSettings.execute(principal);
          return {
            object: "staff_me" as const,
            member: toStaffRecord(member),
            store: { id: store.id, name: store.name, base_currency: store.base_currency, time_zone: store.time_zone },
            permissions: [...ROLE_PERMISSIONS[member.role]],
            session: current === undefined ? null : toSessionRecord(current, current.id),
          };
        },
      }),
      defineRoute({
        operationId: "adminListMySessions",
        method: "GET",
        path: "/admin/v1/me/sessions",
        summary: "The member's open sessions",
        description: "Staff session. Every browser the member is signed in with, newest first; `current` marks this one.",
        tag: TAG,
        access: "secret",
        permission: "dashboard.read",
        example: adminAuthExamples.adminListMySessions,
        success: { status: 200, description: "The open sessions.", schema: Schema.Struct({ object: Schema.Literal("list"), data: Schema.Array(StaffSessionSchema) }) },
        handle: async ({ principal }) => {
          const sessions = await this.listStaffSessions.execute(principal, memberOf(principal));
          return { object: "list" as const, data: sessions.map((s) => toSessionRecord(s, principal.staff!.sessionId)) };
        },
      }),
      defineRoute({
        operationId: "adminSignOut",
        method: "POST",
        path: "/admin/v1/auth/sign-out",
        summary: "Sign out this session (or every session with `everywhere`)",
        description: "Staff session, with its CSRF token. Ends this session and clears the cookies; with `{\"everywhere\": true}` every session of the member on every device ends too.",
        tag: TAG,
        access: "secret",
        permission: "dashboard.read",
        body: Schema.Struct({ everywhere: Schema.optionalWith(Schema.Boolean, { default: () => false }).annotations({ description: "End every session of the member, not only this one." }) }),
        example: adminAuthExamples.adminSignOut,
        success: { status: 200, description: "How many sessions ended.", schema: Schema.Struct({ object: Schema.Literal("staff_sign_out"), sessions_ended: Schema.Number }) },
        handle: async ({ principal, body, ctx }) => {
          const ended = await this.signOut.execute(principal, body.everywhere);
          return reply(200, { object: "staff_sign_out" as const, sessions_ended: ended }, { "Set-Cookie": clearedCookies(ctx) as unknown as string });
        },
      }),
      defineRoute({
        operationId: "adminStartSecondFactor",
        method: "POST",
        path: "/admin/v1/me/second-factor",
        summary: "Start turning on the second factor: a TOTP secret for an authenticator app",
        description: "Staff session. A new secret and its otpauth:// address (show it as a QR code). Nothing changes at sign-in until the member confirms with a code of the app. 422 `second_factor_on` when it is on already.",
        tag: TAG,
        access: "secret",
        permission: "dashboard.read",
        errors: [422],
        example: adminAuthExamples.adminStartSecondFactor,
        success: { status: 200, description: "The secret to enrol.", schema: Schema.Struct({ secret: Schema.String, otpauth_uri: Schema.String }) },
        handle: ({ principal }) => this.startSecondFactor.execute(principal),
      }),
      defineRoute({
        operationId: "adminConfirmSecondFactor",
        method: "POST",
        path: "/admin/v1/me/second-factor/confirm",
        summary: "Turn the second factor on with a code of the app; answers ten recovery codes once",
        description: "Staff session. The app's current code turns the factor on; from then on sign-in asks for a code. The answer holds ten recovery codes, each good once in place of a code, shown only here. 401 `invalid_code` for a wrong code.",
        tag: TAG,
        access: "secret",
        permission: "dashboard.read",
        body: Schema.Struct({ code: Schema.String.pipe(Schema.maxLength(16)).annotations({ description: "The app's 6-digit code." }) }),
        errors: [401, 422],
        example: adminAuthExamples.adminConfirmSecondFactor,
        success: { status: 200, description: "The recovery codes.", schema: Schema.Struct({ recovery_codes: Schema.Array(Schema.String) }) },
        handle: ({ principal, body }) => this.confirmSecondFactor.execute(principal, body.code),
      }),
      defineRoute({
        operationId: "adminTurnOffSecondFactor",
        method: "POST",
        path: "/admin/v1/me/second-factor/off",
        summary: "Turn the second factor off (with the password)",
        description: "Staff session. The member's password proves it is them; the secret and recovery codes are forgotten. 401 `invalid_credentials` for a wrong password.",
        tag: TAG,
        access: "secret",
        permission: "dashboard.read",
        body: Schema.Struct({ password: Password }),
        errors: [401],
        example: adminAuthExamples.adminTurnOffSecondFactor,
        success: { status: 200, description: "The member.", schema: StaffMemberSchema },
        handle: async ({ principal, body }) => toStaffRecord(await this.turnOffSecondFactor.execute(principal, body.password)),
      }),
    ];
  }
}
