// The examples of the staff sign-in and session operations (admin-auth-routes.ts; docs/staff.md,
// "Signing in" and "Sessions"), keyed by operationId: the demo owner signs in, the invited member
// redeems their link, reads themselves and their sessions, signs out and turns the second factor on
// and off.
import { ALL_PERMISSIONS, ROLE_PERMISSIONS } from "../../../domain/staff/permissions.js";
import { ADMIN } from "../examples/example-ids.js";
import type { RouteExample } from "../route-definition.js";

const memberExample = {
  id: ADMIN.ownerId,
  object: "staff_member",
  store_id: "019ab1e0-7c5a-7d1e-9d55-3b1c3e1f0a01",
  email: ADMIN.ownerEmail,
  name: "Demo Owner",
  role: "owner",
  status: "active",
  totp_enabled: false,
  created_at: "2026-11-27T08:00:00.000Z",
  updated_at: "2026-11-27T08:00:00.000Z",
  disabled_at: null,
} as const;
const sessionExample = {
  id: ADMIN.sessionId,
  object: "staff_session",
  created_at: "2026-11-27T08:05:00.000Z",
  last_seen_at: "2026-11-27T08:05:00.000Z",
  expires_at: "2026-12-04T08:05:00.000Z",
  client_address: "127.0.0.1",
  user_agent: "Mozilla/5.0",
  current: true,
} as const;

export const adminAuthExamples = {
  adminSignIn: {
    body: { email: ADMIN.ownerEmail, password: ADMIN.ownerPassword },
    response: { status: 200, body: { object: "staff_sign_in", member: memberExample, csrf_token: ADMIN.csrfToken, session: sessionExample, permissions: [...ALL_PERMISSIONS] } },
  },
  adminRedeemSignInLink: {
    body: { token: ADMIN.linkToken, password: "kettle-orbit-violet-92" },
    response: { status: 200, body: { object: "staff_sign_in", member: { ...memberExample, id: ADMIN.invitedId, email: ADMIN.invitedEmail, name: "Wanjiru Kamau", role: "fulfilment" }, csrf_token: ADMIN.csrfToken, session: sessionExample, permissions: [...ROLE_PERMISSIONS.fulfilment] } },
  },
  adminGetMe: {
    response: {
      status: 200,
      body: {
        object: "staff_me",
        member: memberExample,
        store: { id: memberExample.store_id, name: "Parisian, Boehm and Kuphal Home & Living", base_currency: "KES", time_zone: "Africa/Nairobi" },
        permissions: [...ALL_PERMISSIONS],
        session: sessionExample,
      },
    },
  },
  adminListMySessions: { response: { status: 200, body: { object: "list", data: [sessionExample] } } },
  adminSignOut: { body: { everywhere: false }, response: { status: 200, body: { object: "staff_sign_out", sessions_ended: 1 } } },
  adminStartSecondFactor: { response: { status: 200, body: { secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", otpauth_uri: "otpauth://totp/Storefront%20Demo:owner%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Storefront%20Demo" } } },
  adminConfirmSecondFactor: {
    body: { code: "123456" },
    response: { status: 200, body: { recovery_codes: ["k3j9x-p2m7q", "a8d2w-qz4rt", "m7c1v-x9bn2", "t5y6u-r3e2w", "h8j9k-l2p3o", "z1x2c-v3b4n", "q9w8e-r7t6y", "u5i4o-p3a2s", "d1f2g-h3j4k", "l5z6x-c7v8b"] } },
  },
  adminTurnOffSecondFactor: { body: { password: ADMIN.ownerPassword }, response: { status: 200, body: memberExample } },
} satisfies Record<string, RouteExample>;
