// Opens a new store with its four API keys (secret and publishable, test and live) and its
// HMAC secret. The plain keys are returned once; only their hashes are kept.
import { inject, injectable } from "inversify";
import { API_KEY_RANDOM_LENGTH, apiKeyPrefix, type KeyType, type Mode } from "../../domain/access/api-key.js";
import type { Store } from "../../domain/stores/store.js";
import { ApiKeyRepository } from "../ports/api-key-repository.js";
import { Clock } from "../ports/clock.js";
import { IdGenerator } from "../ports/id-generator.js";
import { SecretGenerator } from "../ports/secret-generator.js";
import { StoreRepository } from "../ports/store-repository.js";
import { UnitOfWork } from "../ports/unit-of-work.js";

export interface CreateStoreInput {
  readonly name: string;
  readonly baseCurrency: string;
  /** An IANA time zone (checked by the caller); UTC when absent. */
  readonly timeZone?: string;
}

export interface CreatedStore {
  readonly store: Store;
  readonly keys: {
    readonly secretTest: string;
    readonly publishableTest: string;
    readonly secretLive: string;
    readonly publishableLive: string;
  };
}

const DISPLAY_PREFIX_RANDOM_CHARS = 4;

@injectable()
export class CreateStore {
  constructor(
    @inject(StoreRepository) private readonly stores: StoreRepository,
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IdGenerator) private readonly ids: IdGenerator,
    @inject(SecretGenerator) private readonly secrets: SecretGenerator,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: CreateStoreInput): Promise<CreatedStore> {
    const now = this.clock.now().toISOString();
    const store: Store = {
      id: this.ids.newId(),
      name: input.name,
      baseCurrency: input.baseCurrency,
      hmacSecret: this.secrets.randomBase62(48),
      timeZone: input.timeZone ?? "UTC",
      createdAt: now,
    };
    return this.uow.run(async () => {
      await this.stores.create(store);
      const issue = async (type: KeyType, mode: Mode): Promise<string> => {
        const prefix = apiKeyPrefix(type, mode);
        const plain = prefix + this.secrets.randomBase62(API_KEY_RANDOM_LENGTH);
        await this.keys.create({
          id: this.ids.newId(),
          storeId: store.id,
          type,
          mode,
          displayPrefix: plain.slice(0, prefix.length + DISPLAY_PREFIX_RANDOM_CHARS),
          hash: this.secrets.hash(plain),
          createdAt: now,
          revokedAt: null,
        });
        return plain;
      };
      return {
        store,
        keys: {
          secretTest: await issue("secret", "test"),
          publishableTest: await issue("publishable", "test"),
          secretLive: await issue("secret", "live"),
          publishableLive: await issue("publishable", "live"),
        },
      };
    });
  }
}
