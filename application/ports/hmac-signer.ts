// HMAC-SHA256 signatures of signed requests, compared in constant time.
import type { ServiceIdentifier } from "inversify";

export interface HmacSigner {
  /** Base64 of HMAC-SHA256(payload) keyed with `secret`. */
  sign(secret: string, payload: string): string;
  /** Whether `signature` is the base64 HMAC of `payload`, compared in constant time. */
  verify(secret: string, payload: string, signature: string): boolean;
}
export const HmacSigner: ServiceIdentifier<HmacSigner> = Symbol.for("storefront.HmacSigner");
