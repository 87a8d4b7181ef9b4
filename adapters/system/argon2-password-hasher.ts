// Staff passwords with argon2id (the `argon2` package, node-argon2, whose binaries ship inside
// the npm package), at OWASP's recommended minimum by default: 19 MiB of memory, 2 passes, one
// lane. The encoding (`$argon2id$v=19$m=...,p=...,t=...$salt$hash`) carries its parameters, so
// raising them applies to new passwords only; verify compares in constant time.
import argon2 from "argon2";
import type { PasswordHasher } from "../../application/ports/password-hasher.js";

export interface Argon2Parameters {
  /** Memory in KiB. */
  readonly memoryCost: number;
  readonly timeCost: number;
  readonly parallelism: number;
}

export const OWASP_ARGON2ID: Argon2Parameters = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export class Argon2PasswordHasher implements PasswordHasher {
  constructor(private readonly parameters: Argon2Parameters = OWASP_ARGON2ID) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password.normalize("NFKC"), { type: argon2.argon2id, ...this.parameters });
  }

  async verify(password: string, encoded: string): Promise<boolean> {
    if (!encoded.startsWith("$argon2id$")) return false;
    try {
      return await argon2.verify(encoded, password.normalize("NFKC"));
    } catch {
      return false;
    }
  }
}
