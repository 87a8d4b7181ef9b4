// Test support for customer operations over HTTP: registering a customer and sending requests
// with their token, and a clock a test can move.
import assert from "node:assert/strict";
import type { Clock } from "../../application/ports/clock.js";
import type { RequestOptions, TestClient } from "./http-client.js";

export interface SignedInCustomer {
  readonly id: string;
  readonly email: string;
  readonly password: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

let sequence = 0;

/** A unique email for this test run. */
export const uniqueEmail = (label = "customer"): string => `${label}.${Date.now().toString(36)}.${++sequence}@example.com`;

export const registerCustomer = async (
  client: TestClient,
  secretKey: string,
  overrides: Record<string, unknown> = {},
): Promise<SignedInCustomer> => {
  const body = { email: uniqueEmail(), password: "correct horse battery", name: "Test Customer", ...overrides };
  const response = await client.post("/v1/auth/register", body, { key: secretKey });
  assert.equal(response.status, 201, response.text);
  return {
    id: response.body.customer.id,
    email: response.body.customer.email,
    password: String(body.password),
    accessToken: response.body.session.access_token,
    refreshToken: response.body.session.refresh_token,
  };
};

/** Request options carrying an API key and a customer token. */
export const withToken = (key: string, token: string, extra: RequestOptions = {}): RequestOptions => ({
  ...extra,
  key,
  headers: { ...(extra.headers ?? {}), "x-auth-token": token },
});

/** A clock that stands still until a test moves it. */
export class ManualClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(at: Date): void {
    this.current = new Date(at);
  }
}
