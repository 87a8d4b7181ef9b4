// Checks a signed request (docs/api/keys-and-auth.md, "Signed requests") on its raw bytes, before
// any JSON parsing: X-Timestamp within 300 s of the server clock, X-Signature the base64
// HMAC-SHA256 of `<timestamp>.<raw body>` under the store's secret (or the previous one during its
// grace period).
import { inject, injectable } from "inversify";
import { parseTimestamp, signedPayload, withinWindow } from "../../domain/access/request-signature.js";
import { SignatureInvalid, SignatureMissing, TimestampOutOfWindow } from "../errors/access-errors.js";
import { Clock } from "../ports/clock.js";
import { HmacSigner } from "../ports/hmac-signer.js";
import { StoreRepository } from "../ports/store-repository.js";
import { loadStore } from "../stores/load-store.js";
import type { Store } from "../../domain/stores/store.js";
import type { Principal } from "./principal.js";

export interface SignedRequest {
  readonly timestamp: string | undefined;
  readonly signature: string | undefined;
  readonly rawBody: string;
}

@injectable()
export class VerifyRequestSignature {
  constructor(
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(HmacSigner) private readonly signer: HmacSigner,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(principal: Principal, request: SignedRequest): Promise<void> {
    if (request.timestamp === undefined || request.signature === undefined) {
      throw new SignatureMissing({ message: "Signed operations need X-Timestamp and X-Signature headers." });
    }
    const seconds = parseTimestamp(request.timestamp);
    const now = this.clock.now();
    if (seconds === undefined || !withinWindow(seconds, now.getTime())) {
      throw new TimestampOutOfWindow({ message: "X-Timestamp must be Unix seconds within 5 minutes of the server clock." });
    }
    const payload = signedPayload(request.timestamp, request.rawBody);
    const signature = request.signature;
    const matches = (store: Store): boolean => {
      const secrets = [store.hmacSecret];
      if (store.previousHmacSecret != null && Date.parse(store.previousHmacSecret.expiresAt) > now.getTime()) {
        secrets.push(store.previousHmacSecret.secret);
      }
      // Every secret is tried (no early exit), so the time taken does not tell which one matched.
      return secrets.map((secret) => this.signer.verify(secret, payload, signature)).includes(true);
    };
    if (matches(await loadStore(this.stores, principal.storeId))) return;
    // The cached store may predate a rotation made through another server process.
    const fresh = await this.stores.findById(principal.storeId, { fresh: true });
    if (fresh !== undefined && matches(fresh)) return;
    throw new SignatureInvalid({ message: "X-Signature is not the HMAC-SHA256 of '<timestamp>.<body>' under the store's secret." });
  }
}
