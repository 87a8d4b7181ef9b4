// Turns the bearer key of a request into the store and mode it grants, or refuses it.
import { inject, injectable } from "inversify";
import { Option } from "effect";
import { parseApiKey } from "../../domain/access/api-key.js";
import { InvalidApiKey } from "../errors/access-errors.js";
import { ApiKeyRepository } from "../ports/api-key-repository.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import type { Principal } from "./principal.js";

@injectable()
export class AuthenticateApiKey {
  constructor(
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
  ) {}

  async execute(rawKey: string | undefined): Promise<Principal> {
    if (rawKey === undefined || rawKey === "") {
      throw new InvalidApiKey({ message: "No API key provided. Send it as 'Authorization: Bearer <API_KEY>'." });
    }
    const shape = parseApiKey(rawKey);
    if (Option.isNone(shape)) {
      throw new InvalidApiKey({ message: "The API key is malformed." });
    }
    const stored = await this.keys.findByHash(this.secrets.hash(rawKey));
    // The shape check above guards against a hash collision with a differently-typed key.
    if (stored === undefined || stored.revokedAt !== null || stored.type !== shape.value.type || stored.mode !== shape.value.mode) {
      throw new InvalidApiKey({ message: "The API key is unknown or revoked." });
    }
    return { storeId: stored.storeId, keyId: stored.id, keyType: stored.type, mode: stored.mode };
  }
}
