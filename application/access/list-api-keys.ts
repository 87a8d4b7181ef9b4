// ListApiKeys, the use case behind GET /admin/v1/api-keys.
import { inject, injectable } from "inversify";
import { ApiKeyRepository, type StoredApiKey } from "../ports/api-key-repository.js";
import type { Principal } from "./principal.js";

@injectable()
export class ListApiKeys {
  constructor(
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
  ) {}

  execute(principal: Principal): Promise<readonly StoredApiKey[]> {
    return this.keys.listForStore(principal.storeId);
  }
}
