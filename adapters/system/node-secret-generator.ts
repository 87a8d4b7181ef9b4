// Secrets from node:crypto: unbiased base62 strings and digits, raw random bytes, and SHA-256 hashes.
import { createHash, randomBytes, randomInt } from "node:crypto";
import { injectable } from "inversify";
import type { SecretGenerator } from "../../application/ports/secret-generator.js";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
// 62 * 4 = 248: bytes at or above it are dropped so every character is equally likely.
const UNBIASED_LIMIT = 248;

@injectable()
export class NodeSecretGenerator implements SecretGenerator {
  randomBase62(length: number): string {
    let out = "";
    while (out.length < length) {
      for (const byte of randomBytes(length * 2)) {
        if (byte < UNBIASED_LIMIT) out += BASE62[byte % 62];
        if (out.length === length) break;
      }
    }
    return out;
  }

  randomDigits(length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += String(randomInt(10));
    return out;
  }

  randomBytes(length: number): Uint8Array {
    return new Uint8Array(randomBytes(length));
  }

  hash(secret: string): string {
    return createHash("sha256").update(secret, "utf8").digest("hex");
  }
}
