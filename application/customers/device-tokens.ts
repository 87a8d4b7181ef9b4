// Known devices (OWASP's "device cookie"): a successful sign-in hands the shop's server a device
// token for the customer, which it keeps for that shopper's browser or app and sends back with
// later sign-ins. A valid token of the customer whose email is tried lets the attempt past the
// per-address budgets, so a returning shopper behind an address that an attacker has spent (a
// carrier's NAT, an office) still signs in; the token's own failures are counted and limited
// (docs/decisions/security.md, "security-26").
//
// A token is `dvc_<payload>.<signature>`: the payload names the customer, a random device id and
// an expiry; the signature is an HMAC of it under the store's secret, so nothing is stored and a
// token of one store or customer is worthless for another.
import { inject, injectable } from "inversify";
import type { Store } from "../../domain/stores/store.js";
import { Clock } from "../ports/clock.js";
import { HmacSigner } from "../ports/hmac-signer.js";
import { SecretGenerator } from "../ports/secret-generator.js";

/** How long a device token is honoured after the sign-in that issued it. */
export const DEVICE_TOKEN_DAYS = 180;

export interface DeviceToken {
  readonly token: string;
  readonly expiresAt: string;
}

export interface KnownDevice {
  readonly customerId: string;
  /** Random, one per token: the key of the device's own failure budget. */
  readonly deviceId: string;
}

/** A sign-in answer's fields for a device token. */
export const deviceFields = (issued: DeviceToken): { readonly device_token: string; readonly device_token_expires_at: string } => ({
  device_token: issued.token,
  device_token_expires_at: issued.expiresAt,
});

const PREFIX = "dvc_";
const toBase64Url = (text: string): string => Buffer.from(text, "utf8").toString("base64url");
const fromBase64Url = (text: string): string => Buffer.from(text, "base64url").toString("utf8");
/** The HMAC signer answers standard base64; a token carries it URL-safe. */
const urlSafe = (base64: string): string => base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

@injectable()
export class DeviceTokens {
  constructor(
    @inject(HmacSigner) private readonly signer: HmacSigner,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  issue(store: Store, customerId: string): DeviceToken {
    const expires = new Date(this.clock.now().getTime() + DEVICE_TOKEN_DAYS * 86_400_000);
    const payload = toBase64Url(JSON.stringify({ c: customerId, d: this.secrets.randomBase62(22), e: Math.floor(expires.getTime() / 1000) }));
    return { token: `${PREFIX}${payload}.${this.signature(store, payload)}`, expiresAt: expires.toISOString() };
  }

  /** The device a token names, when it is this store's, unexpired and signed; undefined otherwise. */
  verify(store: Store, token: string | undefined): KnownDevice | undefined {
    if (token === undefined || !token.startsWith(PREFIX) || token.length > 400) return undefined;
    const dot = token.lastIndexOf(".");
    if (dot < 0) return undefined;
    const payload = token.slice(PREFIX.length, dot);
    // Compared in constant time by the signer (its base64 reading takes the URL-safe alphabet too).
    if (!this.signer.verify(store.hmacSecret, this.signed(store, payload), token.slice(dot + 1))) return undefined;
    let fields: unknown;
    try {
      fields = JSON.parse(fromBase64Url(payload));
    } catch {
      return undefined;
    }
    const { c, d, e } = (fields ?? {}) as { c?: unknown; d?: unknown; e?: unknown };
    if (typeof c !== "string" || typeof d !== "string" || typeof e !== "number") return undefined;
    if (e * 1000 <= this.clock.now().getTime()) return undefined;
    return { customerId: c, deviceId: d };
  }

  private signed(store: Store, payload: string): string {
    return `storefront-device-token:v1:${store.id}:${payload}`;
  }

  private signature(store: Store, payload: string): string {
    return urlSafe(this.signer.sign(store.hmacSecret, this.signed(store, payload)));
  }
}
