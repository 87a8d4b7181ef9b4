// Turns the bearer key of a request into the store and mode it grants, or refuses it.
import { inject, injectable } from "inversify";
import { Option } from "effect";
import { parseApiKey, type ApiKeyShape } from "../../domain/access/api-key.js";
import { InvalidApiKey } from "../errors/access-errors.js";
import { ApiKeyRepository, type StoredApiKey } from "../ports/api-key-repository.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import type { Principal } from "./principal.js";

/** Raw keys whose shape and hash are remembered (then the memo starts over). */
const MEMO_ENTRIES = 10_000;

interface Known {
  readonly shape: ApiKeyShape;
  readonly hash: string;
  /** The stored key the principal below was made from, to reuse it while the repository answers the same. */
  stored: StoredApiKey | undefined;
  principal: Principal | undefined;
}

@injectable()
export class AuthenticateApiKey {
  /**
   * The shape and SHA-256 of keys seen lately, so that a request does not hash its key again. Only
   * well-formed keys the store knows are kept. What a key grants is still asked of the repository
   * on every request (see `cached`), so revocation works exactly as without the memo.
   */
  private readonly known = new Map<string, Known>();

  constructor(
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
  ) {}

  /**
   * The principal of a key the repository holds in its cache right now, without a query, a hash
   * or a promise; undefined when that is not known at once (then call `execute`).
   */
  cached(rawKey: string): Principal | undefined {
    const known = this.known.get(rawKey);
    if (known === undefined || this.keys.peekByHash === undefined) return undefined;
    const stored = this.keys.peekByHash(known.hash);
    if (stored === undefined) return undefined;
    if (stored === known.stored && known.principal !== undefined) return known.principal;
    return this.admit(known, stored);
  }

  async execute(rawKey: string | undefined): Promise<Principal> {
    if (rawKey === undefined || rawKey === "") {
      throw new InvalidApiKey({ message: "No API key provided. Send it as 'Authorization: Bearer <API_KEY>'." });
    }
    let known = this.known.get(rawKey);
    if (known === undefined) {
      const shape = parseApiKey(rawKey);
      if (Option.isNone(shape)) {
        throw new InvalidApiKey({ message: "The API key is malformed." });
      }
      known = { shape: shape.value, hash: this.secrets.hash(rawKey), stored: undefined, principal: undefined };
    }
    const stored = await this.keys.findByHash(known.hash);
    if (stored !== undefined && !this.known.has(rawKey)) {
      if (this.known.size >= MEMO_ENTRIES) this.known.clear();
      this.known.set(rawKey, known);
    }
    return this.admit(known, stored);
  }

  private admit(known: Known, stored: StoredApiKey | undefined): Principal {
    // The shape check guards against a hash collision with a differently-typed key.
    if (stored === undefined || stored.revokedAt !== null || stored.type !== known.shape.type || stored.mode !== known.shape.mode) {
      throw new InvalidApiKey({ message: "The API key is unknown or revoked." });
    }
    if (stored !== known.stored || known.principal === undefined) {
      known.stored = stored;
      known.principal = { storeId: stored.storeId, keyId: stored.id, keyType: stored.type, mode: stored.mode, keyName: stored.displayPrefix };
    }
    return known.principal;
  }
}
