// Passwords with scrypt from node:crypto: a random 16-byte salt per password, a 64-byte key,
// compared in constant time. The encoding `scrypt$N$r$p$salt$key` (base64) carries its own
// parameters, so raising the cost in configuration applies to new passwords only.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import type { PasswordHasher } from "../../application/ports/password-hasher.js";

export interface ScryptParameters {
  /** N: CPU and memory cost, a power of two. */
  readonly cost: number;
  /** r */
  readonly blockSize: number;
  /** p */
  readonly parallelization: number;
}

const SALT_BYTES = 16;
const KEY_BYTES = 64;
const ENCODING = /^scrypt\$(\d{1,8})\$(\d{1,3})\$(\d{1,3})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

const derive = (password: string, salt: Buffer, keyLength: number, p: ScryptParameters): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const options: ScryptOptions = {
      N: p.cost,
      r: p.blockSize,
      p: p.parallelization,
      // scrypt needs 128 * N * r * p bytes; Node refuses anything over maxmem (32 MiB by default).
      maxmem: 256 * p.cost * p.blockSize * p.parallelization,
    };
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) => (error === null ? resolve(key) : reject(error)));
  });

const isPowerOfTwo = (n: number): boolean => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

export class ScryptPasswordHasher implements PasswordHasher {
  constructor(private readonly parameters: ScryptParameters) {
    if (!isPowerOfTwo(parameters.cost)) throw new RangeError(`the scrypt cost must be a power of two, got ${parameters.cost}`);
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, KEY_BYTES, this.parameters);
    const { cost, blockSize, parallelization } = this.parameters;
    return `scrypt$${cost}$${blockSize}$${parallelization}$${salt.toString("base64")}$${key.toString("base64")}`;
  }

  async verify(password: string, encoded: string): Promise<boolean> {
    const match = ENCODING.exec(encoded);
    if (match === null) return false;
    const parameters = { cost: Number(match[1]), blockSize: Number(match[2]), parallelization: Number(match[3]) };
    if (!isPowerOfTwo(parameters.cost) || parameters.blockSize < 1 || parameters.parallelization < 1) return false;
    const salt = Buffer.from(match[4]!, "base64");
    const expected = Buffer.from(match[5]!, "base64");
    if (expected.length === 0) return false;
    const actual = await derive(password, salt, expected.length, parameters);
    return timingSafeEqual(actual, expected);
  }
}
