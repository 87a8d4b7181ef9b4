// Staff members and their signed-in sessions for the admin API's tests: a member of any role made
// through the real use case, signed in through the real route, and requests sent with the
// session's cookie (and its CSRF token on writes).
import assert from "node:assert/strict";
import type { Application } from "../../composition/container.js";
import { CreateStaffMember } from "../../application/staff/create-staff-member.js";
import type { StaffRole } from "../../domain/staff/permissions.js";
import type { TestClient, TestResponse } from "./http-client.js";

export interface StaffSession {
  readonly memberId: string;
  readonly email: string;
  readonly cookie: string;
  readonly csrf: string;
}

/** A password the strength rule accepts. */
export const STAFF_PASSWORD = "violet-harbour-quince-8142";

export const createMember = async (application: Application, storeId: string, role: StaffRole, email: string, password = STAFF_PASSWORD): Promise<string> => {
  const created = await application.container.get(CreateStaffMember).execute({ storeId, email, role, password }, { type: "cli", id: null, label: "test" });
  return created.member.id;
};

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export const cookieHeaderOf = (response: TestResponse): string =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");

export const signIn = async (client: TestClient, email: string, password = STAFF_PASSWORD, extra: Record<string, string> = {}): Promise<StaffSession> => {
  const response = await client.post("/admin/v1/auth/sign-in", { email, password, ...extra });
  assert.equal(response.status, 200, response.text);
  return { memberId: response.body.member.id, email, cookie: cookieHeaderOf(response), csrf: response.body.csrf_token };
};

export const memberSignedIn = async (application: Application, client: TestClient, storeId: string, role: StaffRole, email: string): Promise<StaffSession> => {
  await createMember(application, storeId, role, email);
  return signIn(client, email);
};

/** A request under a staff session: the cookie always, the CSRF token on writes. */
export const asStaff = (client: TestClient, session: StaffSession, method: string, path: string, body?: unknown): Promise<TestResponse> =>
  client.request(method, path, {
    headers: { cookie: session.cookie, ...(method === "GET" || method === "HEAD" ? {} : { "x-csrf-token": session.csrf }) },
    ...(body !== undefined ? { body } : {}),
  });
