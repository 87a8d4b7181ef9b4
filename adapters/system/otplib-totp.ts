// The Totp port on otplib (RFC 6238: SHA-1, 6 digits, 30 s steps, as every authenticator app
// reads them). A code is accepted one step either side of now, for clocks a little apart.
import { injectable } from "inversify";
import { generateSecret, generateSync, generateURI, verifySync } from "otplib";
import type { Totp } from "../../application/ports/totp.js";

const STEP_SECONDS = 30;

@injectable()
export class OtplibTotp implements Totp {
  newSecret(): string {
    return generateSecret();
  }

  uri(secret: string, issuer: string, account: string): string {
    return generateURI({ issuer, label: account, secret });
  }

  verify(secret: string, code: string, at: Date): number | undefined {
    if (!/^\d{6}$/.test(code)) return undefined;
    const epoch = Math.floor(at.getTime() / 1000);
    const result = verifySync({ secret, token: code, epoch, epochTolerance: STEP_SECONDS });
    if (!result.valid) return undefined;
    return Math.floor(epoch / STEP_SECONDS) + (result.delta ?? 0);
  }

  codeAt(secret: string, at: Date): string {
    return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000) });
  }
}
