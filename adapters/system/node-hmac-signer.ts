// HMAC-SHA256 from node:crypto, verified with timingSafeEqual so the comparison leaks nothing.
import { createHmac, timingSafeEqual } from "node:crypto";
import { injectable } from "inversify";
import type { HmacSigner } from "../../application/ports/hmac-signer.js";

@injectable()
export class NodeHmacSigner implements HmacSigner {
  sign(secret: string, payload: string): string {
    return createHmac("sha256", secret).update(payload, "utf8").digest("base64");
  }

  verify(secret: string, payload: string, signature: string): boolean {
    const expected = createHmac("sha256", secret).update(payload, "utf8").digest();
    let given: Buffer;
    try {
      given = Buffer.from(signature, "base64");
    } catch {
      return false;
    }
    // Equal lengths first: timingSafeEqual throws otherwise, and the length is no secret.
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
